import pg from "pg";

/**
 * Direct access to the browser tests' database, for arranging state the UI cannot (moving a
 * subscription's period end, reading the outbox) and for checking what the UI did.
 */
let pool: pg.Pool | undefined;

export function e2eDb(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 });
  return pool;
}

export async function query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) {
  const result = await e2eDb().query<T>(text, params);
  return result.rows;
}
