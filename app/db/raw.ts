/**
 * Helpers for raw SQL statements (`db.execute(sql`…`)`), whichever driver runs them: node-postgres
 * (PostgreSQL) and PGlite (embedded) both answer with `{ rows }`, but drizzle types the result
 * per driver, so reading rows is written once here.
 */
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client.server";

/** The rows of a raw statement's result. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Runs a raw statement and gives its rows. */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A column of integers as a PostgreSQL array literal ("{1,NULL,3}"), sent as one text parameter
 * and cast in SQL (`::int[]`). Built here rather than left to the driver because the two drivers
 * do not serialise JavaScript arrays alike, and drizzle's `sql` spreads an array into a list of
 * parameters. Only safe integers and null can be written.
 */
export function intArrayLiteral(values: ReadonlyArray<number | null>): string {
  const parts = values.map((v) => {
    if (v === null) return "NULL";
    if (!Number.isSafeInteger(v)) throw new Error(`intArrayLiteral: ${v} is not an integer`);
    return String(v);
  });
  return `{${parts.join(",")}}`;
}
