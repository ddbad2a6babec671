/**
 * PostgreSQL's answers to a refused write, read the same way for PGlite and node-postgres
 * (drizzle wraps the driver's error, so the code may sit on a `cause`).
 */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/**
 * The unique constraint a write broke (23505), or null when the error is something else. Lets a
 * module turn the race "two admins took the same slug at once" into a message rather than a 500.
 * `constraint` is the index's name when the driver reports it ("" when it does not).
 */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  return violation(error, "23505");
}

/** The foreign key a write broke (23503: e.g. deleting a row that orders still point at), or null. */
export function foreignKeyViolation(error: unknown): { constraint: string } | null {
  return violation(error, "23503");
}

function violation(error: unknown, code: string): { constraint: string } | null {
  for (let e = error as PgErrorLike | undefined; e; e = e.cause as PgErrorLike | undefined) {
    if (e.code === code) return { constraint: e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? "")?.[1] ?? "" };
  }
  return null;
}
