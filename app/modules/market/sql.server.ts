/**
 * Small helpers for the market's bulk statements, which send whole columns of numbers as one
 * array parameter each (`unnest($1::int[], $2::int[], …)`) so that 100,000 rows are one
 * statement, not 100,000.
 */
import type { Db, Tx } from "~/db/client.server";
import type { SQL } from "drizzle-orm";

/**
 * A column of integers as a PostgreSQL array literal ("{1,NULL,3}"), sent as one text parameter
 * and cast in SQL (`::int[]`). Built here rather than left to the driver because the two drivers
 * (node-postgres, PGlite) do not serialise JavaScript arrays alike, and drizzle's `sql` spreads
 * an array into a list of parameters. Only safe integers and null can be written.
 */
export function intArray(values: ReadonlyArray<number | null>): string {
  const parts = values.map((v) => {
    if (v === null) return "NULL";
    if (!Number.isSafeInteger(v)) throw new Error(`intArray: ${v} is not an integer`);
    return String(v);
  });
  return `{${parts.join(",")}}`;
}

/** The rows of a raw statement, from either driver (both answer with `rows`). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Transaction-level advisory locks of the market (the shop's other ids: 727001 migrations,
 * 727002 the demo seed).
 */
export const MARKET_LOCKS = {
  /** One price-guide import at a time, so "already imported?" and the insert cannot interleave. */
  import: 727_013,
  /** One repricing apply at a time: the second waits, then finds the prices moved and is refused. */
  apply: 727_014,
} as const;
