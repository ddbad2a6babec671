import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";

/**
 * What anonymous visitors see of the catalogue changed (stock, for now): the PostgreSQL channel
 * every instance's render cache listens on (server/render-cache.ts, decision 0049). A NOTIFY
 * sent inside a transaction is delivered at its commit and not at all on a rollback, and the
 * same notification repeated in one transaction is delivered once.
 */
export const CATALOGUE_CHANGED_CHANNEL = "nearmint_catalogue_changed";

/** An SQL expression that sends the notification (for a RETURNING list: no extra round trip). */
export const notifyCatalogueChangedSql: SQL = sql`pg_notify(${sql.raw(`'${CATALOGUE_CHANGED_CHANNEL}'`)}, '')`;

/** Tells every instance the catalogue changed (at the commit of `db`'s transaction, if any). */
export async function notifyCatalogueChanged(db: Db | Tx): Promise<void> {
  await db.execute(sql`SELECT ${notifyCatalogueChangedSql}`);
}
