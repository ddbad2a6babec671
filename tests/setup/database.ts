import { randomBytes } from "node:crypto";
import pg from "pg";
import { connectPglite, connectPostgres, type DatabaseHandle } from "~/db/client.server";

/**
 * A fresh, migrated database for one test file. On the PostgreSQL server when it answers
 * (always in CI, where falling back would hide real-database behaviour); otherwise an
 * in-memory PGlite, with a loud notice.
 */
export interface TestDatabase extends DatabaseHandle {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let warned = false;

async function serverAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function usingPostgresServer(): Promise<boolean> {
  if (process.env.TEST_DATABASE === "pglite") return false;
  const up = await serverAnswers();
  if (!up && process.env.CI) {
    throw new Error(`CI must test against PostgreSQL, but ${ADMIN_URL} does not answer`);
  }
  return up;
}

/** `migrate: false` leaves the database empty (a migration test applies migrations itself). */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (!(await usingPostgresServer())) {
    if (!warned) {
      warned = true;
      console.warn(
        "\n!!! PostgreSQL server not reachable at " + ADMIN_URL + ": integration tests run on in-memory PGlite instead !!!\n",
      );
    }
    const handle = await connectPglite();
    if (migrate) await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }

  const name = `nearmint_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), { poolMax: 20 });
  if (migrate) await handle.migrate();
  return {
    ...handle,
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
