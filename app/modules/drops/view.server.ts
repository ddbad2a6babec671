/**
 * What a product page (and the waiting room's status answer) shows of a drop, for one visitor:
 * the timeline, the mode, and where this account stands. Client-safe shape in `drop-view.ts`.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries } from "~/db/schema";
import type { DropEntryState } from "~/db/schema/drops";
import type { DropView } from "./drop-view";
import { dropPhase } from "./drop-rules";
import { dropsOfProducts } from "./rights.server";

export type { DropView };

/** The drop view of a product, or null when it has no live drop. */
export async function dropViewFor(db: Db, productId: number, userId: string | null, now = new Date()): Promise<DropView | null> {
  const drop = (await dropsOfProducts(db, [productId])).get(productId);
  if (!drop) return null;
  const entry = userId
    ? ((
        await db
          .select({ id: dropEntries.id, state: dropEntries.state, position: dropEntries.position, rightFrom: dropEntries.rightFrom, rightUntil: dropEntries.rightUntil })
          .from(dropEntries)
          .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.userId, userId)))
      )[0] ?? null)
    : null;
  const [counted] = await db
    .select({ entries: sql<number>`count(*)::int` })
    .from(dropEntries)
    .where(eq(dropEntries.dropId, drop.id));
  return {
    dropId: drop.id,
    mode: drop.mode,
    phase: dropPhase(drop, now),
    opensAt: drop.opensAt.toISOString(),
    startsAt: drop.startsAt.toISOString(),
    admitPerMinute: drop.admitPerMinute,
    purchaseMinutes: drop.purchaseMinutes,
    unitsPerPerson: drop.unitsPerPerson,
    entries: counted?.entries ?? 0,
    drawn: drop.mode === "draw" && drop.orderedAt !== null,
    now: now.toISOString(),
    entry: entry
      ? {
          id: entry.id,
          state: shownState(entry.state, entry.rightUntil, now),
          position: entry.position,
          rightFrom: entry.rightFrom?.toISOString() ?? null,
          rightUntil: entry.rightUntil?.toISOString() ?? null,
        }
      : null,
  };
}

/** A right to buy whose window has passed reads as lapsed (computed: no job has to mark it). */
function shownState(state: DropEntryState, rightUntil: Date | null, now: Date): DropEntryState {
  return (state === "admitted" || state === "won") && rightUntil && now >= rightUntil ? "lapsed" : state;
}
