import pg from "pg";

export default async function globalTeardown() {
  const name = process.env.E2E_DB_NAME;
  if (!name) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end();
}
