/**
 * Ordering a queue at its start (decision 0047): once, under the drop row's lock, every entry
 * present gets its place (queue-plan.ts) and its window to buy, and the seed is recorded with
 * the time. Run by the `drop-queues` job every few seconds and, so nobody waits on a job, by the
 * drop's page and status answer whenever a queue is live but not yet ordered. Idempotent: a
 * second call (another instance, another request) finds `orderedAt` set and does nothing.
 */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries, drops } from "~/db/schema";
import { newSeed } from "./draw-order";
import { planQueue } from "./queue-plan";

export type OrderQueueResult = { ordered: true; seed: string; placed: number } | { ordered: false; reason: "no_drop" | "not_queue" | "called_off" | "not_started" | "already_ordered" };

export async function orderQueue(db: Db, dropId: number, now = new Date()): Promise<OrderQueueResult> {
  return db.transaction(async (tx) => {
    // Joins take this lock too, so nobody joins between the reading and the placing.
    const [drop] = await tx.select().from(drops).where(eq(drops.id, dropId)).for("update");
    if (!drop) return { ordered: false, reason: "no_drop" } as const;
    if (drop.mode !== "queue") return { ordered: false, reason: "not_queue" } as const;
    if (drop.cancelledAt) return { ordered: false, reason: "called_off" } as const;
    if (now < drop.startsAt) return { ordered: false, reason: "not_started" } as const;
    if (drop.orderedAt) return { ordered: false, reason: "already_ordered" } as const;

    const unplaced = await tx
      .select({ id: dropEntries.id, joinedAt: dropEntries.joinedAt })
      .from(dropEntries)
      .where(and(eq(dropEntries.dropId, drop.id), isNull(dropEntries.position)));
    const seed = newSeed();
    const places = planQueue(drop, unplaced, seed, now);
    if (places.length > 0) {
      const rows = JSON.stringify(places.map((p) => ({ id: p.id, position: p.position, right_from: p.rightFrom.toISOString(), right_until: p.rightUntil.toISOString() })));
      await tx.execute(sql`
        UPDATE drop_entries AS e
           SET position = x.position, right_from = x.right_from, right_until = x.right_until, state = 'admitted'
          FROM json_to_recordset(${rows}::json) AS x(id int, position int, right_from timestamptz, right_until timestamptz)
         WHERE e.id = x.id AND e.drop_id = ${drop.id}`);
    }
    await tx.update(drops).set({ seed, orderedAt: now }).where(eq(drops.id, drop.id));
    return { ordered: true, seed, placed: places.length } as const;
  });
}

/** The queues due to be ordered: started, not ordered, not called off. */
async function queuesDue(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.mode, "queue"), isNull(drops.orderedAt), isNull(drops.cancelledAt), lte(drops.startsAt, now)));
  return rows.map((r) => r.id);
}

/** The `drop-queues` job: orders every queue that has started. */
export async function orderDueQueues(db: Db, now = new Date()): Promise<{ ordered: number }> {
  let ordered = 0;
  for (const id of await queuesDue(db, now)) if ((await orderQueue(db, id, now)).ordered) ordered++;
  return { ordered };
}

/** For a page about to show a drop: orders it first if it is a queue that has started unordered. */
export async function orderQueueIfDue(db: Db, drop: { id: number; mode: string; startsAt: Date; orderedAt: Date | null; cancelledAt: Date | null }, now = new Date()): Promise<void> {
  if (drop.mode === "queue" && !drop.orderedAt && !drop.cancelledAt && now >= drop.startsAt) await orderQueue(db, drop.id, now);
}
