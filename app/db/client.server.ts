import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { processLog } from "~/utils/log.server";
import * as schema from "./schema";

type Schema = typeof schema;

/**
 * What every module receives: the database or a transaction on it. Both drivers produce a
 * PgDatabase, so business code never knows which one it is talking to.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  kind: "postgres" | "pglite";
  /** Applies pending migrations; safe to call from several instances at once on PostgreSQL. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (from any instance on PostgreSQL: a dedicated
   * connection that reconnects after a loss; in this process on PGlite). Ends with close().
   */
  listen(channel: string, onNotify: () => void): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** An arbitrary constant that every instance agrees on, so only one migrates at a time. */
const MIGRATION_LOCK_ID = 727_001;

/** A LISTEN connection outside the pool, connected again (after `retryMs`) whenever it is lost. */
function postgresListener(url: string, retryMs = 1000) {
  let closed = false;
  const clients = new Set<pg.Client>();
  const timers = new Set<NodeJS.Timeout>();
  const open = async (channel: string, onNotify: () => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    clients.add(client);
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      clients.delete(client);
      client.end().catch(() => {});
      if (closed) return;
      // While it is down nothing is heard: the caller's own expiry (a short TTL) covers that gap.
      const timer = setTimeout(() => {
        timers.delete(timer);
        open(channel, onNotify).catch(() => {});
      }, retryMs);
      timers.add(timer);
    };
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    client.on("error", (error) => {
      processLog().error({ channel, reason: error.message }, "database: LISTEN connection lost");
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      // Whatever happened while it was down is unknown: tell the caller to forget it all.
      onNotify();
    } catch (error) {
      processLog().error({ channel, reason: (error as Error).message }, "database: LISTEN failed");
      retry();
    }
  };
  return {
    listen: open,
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...clients].map((c) => c.end().catch(() => {})));
    },
  };
}

export function connectPostgres(url: string, options: { poolMax?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
  const listener = postgresListener(url);
  // An idle client that loses its connection must not crash the process.
  pool.on("error", (error) => processLog().error({ reason: error.message }, "database: idle connection lost"));
  // Nor a checked-out one. A client inside a transaction, between two queries (awaiting the
  // app's own code), that is told "terminating connection due to administrator command" (a
  // PostgreSQL restart, pg_terminate_backend, a failover) emits 'error' with no query to fail;
  // the pool listens only while the client is idle, so unheard that error ended the process
  // (found by bench/drop-sim's restart fault). Heard here, the client is left unqueryable: its
  // transaction's next query fails, the pool discards it on release and connects afresh.
  pool.on("connect", (client) => {
    client.on("error", (error) => processLog().error({ reason: error.message }, "database: connection lost"));
  });
  const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema, casing: "snake_case" }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Embedded PostgreSQL in this process: a data directory on disk, or memory when `dataDir` is omitted. */
export async function connectPglite(dataDir?: string): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true }); // PGlite's own mkdir is not recursive
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema, casing: "snake_case" }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    async listen(channel, onNotify) {
      await client.listen(channel, () => onNotify());
    },
    close: () => client.close(),
  };
}

export async function connectDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_MAX?: number;
}): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX })
    : connectPglite(config.DATA_DIR);
}

export { schema };
