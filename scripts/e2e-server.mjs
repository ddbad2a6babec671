// Starts the production build for the browser tests on a fresh PostgreSQL database whose
// name playwright.config.ts chose (E2E_DB_NAME). Leftovers of earlier runs go first.
import pg from "pg";
import { register } from "tsx/esm/api";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = process.env.E2E_DB_NAME;
if (!name || !/^nearmint_e2e_[a-z0-9_]+$/.test(name)) {
  console.error("E2E_DB_NAME is missing or malformed");
  process.exit(1);
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const stale = await admin.query(
  "SELECT datname FROM pg_database WHERE datname LIKE 'nearmint_e2e_%' AND datname <> $1",
  [name],
);
// Only databases of runs that ended long ago: another run may be going on right now.
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;
for (const row of stale.rows) {
  const startedAt = parseInt(row.datname.split("_")[2], 36);
  if (Number.isFinite(startedAt) && Date.now() - startedAt < STALE_AFTER_MS) continue;
  await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
}
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();

register();
await import("../server/main.ts");
