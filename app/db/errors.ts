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

/** Error codes of a database that is down, restarting, full or unreachable: node's socket codes and SQLSTATEs. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: pg_ctl stop/restart ended the session
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);
/** What node-postgres says without a code when the connection goes away under a query or never comes. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * full connection table) rather than "this query is wrong". The shop answers those with 503 and
 * Retry-After instead of 500, and logs one line rather than a stack trace per request: during a
 * PostgreSQL restart every request fails the same way, and the pool reconnects on its own.
 * SQLSTATE class 08 (connection exception) counts too. Looks through `cause` (drizzle wraps the
 * driver's error) and an AggregateError's `errors` (a refused connect to every address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== "object" || error === null) return false;
  const e = error as PgErrorLike & { errors?: unknown };
  if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
