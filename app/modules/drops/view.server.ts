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
import { winnerMove } from "./draw-rules";
import { liveDropOf, type Drop } from "./rights.server";

export type { DropView };

/** The drop view of a product, or null when it has no live drop. */
export async function dropViewFor(db: Db, productId: number, userId: string | null, now = new Date()): Promise<DropView | null> {
  const drop = await liveDropOf(db, productId);
  return drop ? dropViewOf(db, drop, userId, now) : null;
}

/**
 * The view of a drop already read (not cancelled), for one visitor. `entries`, when the caller
 * counted them with its own read (the status answer does), saves counting them again.
 */
export async function dropViewOf(db: Db, drop: Drop, userId: string | null, now: Date, entries?: number): Promise<DropView> {
  const productId = drop.productId;
  const entry = userId
    ? ((
        await db
          .select({
            id: dropEntries.id,
            state: dropEntries.state,
            position: dropEntries.position,
            rightFrom: dropEntries.rightFrom,
            rightUntil: dropEntries.rightUntil,
            // The account's orders of the product since its window opened, as the draw's settling reads
            // them. Columns named in full: with no join, drizzle leaves a selected field's columns unqualified.
            orders: sql<{ status: string; reservationExpiresAt: string }[]>`(
              SELECT coalesce(json_agg(json_build_object('status', o.status, 'reservationExpiresAt', o.reservation_expires_at)), '[]'::json)
                FROM orders o
               WHERE o.user_id = drop_entries.user_id AND o.created_at >= drop_entries.right_from
                 AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = ${productId}))`,
          })
          .from(dropEntries)
          .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.userId, userId)))
      )[0] ?? null)
    : null;
  const counted =
    entries === undefined
      ? (await db.select({ entries: sql<number>`count(*)::int` }).from(dropEntries).where(eq(dropEntries.dropId, drop.id)))[0]
      : { entries };
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
          state: shownState(entry, now),
          position: entry.position,
          rightFrom: entry.rightFrom?.toISOString() ?? null,
          rightUntil: entry.rightUntil?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * A right to buy that has ended reads as lapsed before any job marks it. A queue's ends with its
 * window; a draw winner's as the draw's settling decides (`winnerMove`: grace, a pending checkout).
 */
function shownState(
  entry: {
    state: DropEntryState;
    rightUntil: Date | null;
    orders: { status: string; reservationExpiresAt: string }[];
  },
  now: Date,
): DropEntryState {
  if (entry.state === "admitted")
    return entry.rightUntil && now >= entry.rightUntil ? "lapsed" : entry.state;
  if (entry.state !== "won") return entry.state;
  const orders = entry.orders.map((o) => ({
    status: o.status,
    reservationExpiresAt: new Date(o.reservationExpiresAt),
  }));
  const move = winnerMove(entry, orders, now);
  return move === "keep" ? "won" : move;
}
