/**
 * What /metrics reports about drops (server/metrics.ts reads it at scrape time; decision 0045).
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries, drops } from "~/db/schema";

/**
 * People still waiting in the queue of every drop not called off, summed (one number: a label
 * per drop would grow the series with every drop). An entry whose admission time has come is
 * no longer waiting, whether or not its state has been moved on yet.
 */
export async function countWaitingEntries(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dropEntries)
    .innerJoin(drops, eq(drops.id, dropEntries.dropId))
    .where(
      and(
        eq(drops.mode, "queue"),
        isNull(drops.cancelledAt),
        eq(dropEntries.state, "waiting"),
        or(isNull(dropEntries.rightFrom), gt(dropEntries.rightFrom, now)),
      ),
    );
  return Number(row?.n ?? 0);
}
