/**
 * The market's advisory locks. Its bulk statements send whole columns of numbers as one array
 * parameter each (`unnest($1::int[], $2::int[], …)`, with `intArrayLiteral` of app/db/raw.ts) so
 * that 100,000 rows are one statement, not 100,000.
 */

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
