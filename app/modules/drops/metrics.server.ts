/**
 * What /metrics reports about drops (server/metrics.ts reads it at scrape time; decision 0045).
 */
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries, drops } from "~/db/schema";

/**
 * People still waiting in the queue of every drop not called off, summed (one number: a label
 * per drop would grow the series with every drop): entries without a place yet ('waiting') and
 * placed entries ('admitted' is stored as soon as a place is given) whose turn is still ahead.
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
        inArray(dropEntries.state, ["waiting", "admitted"]),
        or(isNull(dropEntries.rightFrom), gt(dropEntries.rightFrom, now)),
      ),
    );
  return Number(row?.n ?? 0);
}
