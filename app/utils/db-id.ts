/**
 * Database ids: the serial/integer primary keys are PostgreSQL `integer` (int4) columns, so an id
 * is a whole number from 1 to MAX_INT4. A larger number is no row and must not reach SQL (it
 * would fail as "out of range" rather than find nothing). Pure and client-safe.
 */

/** The largest value a PostgreSQL `integer` (int4) column holds, and so the largest id. */
export const MAX_INT4 = 2_147_483_647;

/**
 * An id as a URL (path or query parameter) or form field writes it: digits only, no leading zero,
 * 1..MAX_INT4. Anything else ("0", "007", "0x1", "1e0", " 1", "-1", "1.5", too large) is no id: null.
 */
export function parseDbId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INT4 ? id : null;
}
