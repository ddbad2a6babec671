/**
 * The free prize draw (issue 16, decision 0047 "Draw"). Entry is free (a paid-entry chance draw
 * is an illegal lottery in the UK); when entry closes (`startsAt`) the draw runs once, from a
 * seed made then and recorded (`drops.seed`, `orderedAt`), so anyone can recompute the order
 * (draw-order.ts). The first places win a window to buy; places not used in time pass to the
 * next entry drawn while there is stock. Every entrant is emailed through the outbox.
 *
 * Concurrency: both functions take the drop row's lock first (as joining does), so two app
 * instances, the job and the admin's button take turns; the `orderedAt` guard under that lock
 * makes the draw happen once, and each state move happens once, so each email is queued once
 * (and its dedupe key stops a replay all the same).
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { dropEntries, drops, orderItems, orders, products, productVariants, users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import type { EmailBranding } from "~/modules/orders/emails.server";
import { purchaseWindow } from "./drop-rules";
import { enqueueDrawEmail } from "./draw-emails.server";
import { newSeed, seededOrder } from "./draw-order";
import { drawnState, drawPlaces, winnerMove } from "./draw-rules";
import type { Drop } from "./rights.server";

export type DrawRefusal = "not_found" | "not_draw" | "cancelled" | "not_closed" | "already_drawn";

export type DrawResult =
  | { ran: true; seed: string; entries: number; places: number; winners: number; stock: number }
  | { ran: false; refusal: DrawRefusal };

export interface DrawOptions {
  brand?: EmailBranding;
  /** The admin who pressed "Run the draw now" (audited); absent for the job. */
  actorUserId?: string | null;
}

async function lockDrop(tx: Tx, dropId: number): Promise<Drop | undefined> {
  const [drop] = await tx.select().from(drops).where(eq(drops.id, dropId)).for("update");
  return drop;
}

async function productName(tx: Tx, productId: number): Promise<string> {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? "the drop";
}

/** Units of the product on sale now (every variant; units held by pending checkouts are already taken off). */
async function stockOf(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .select({ stock: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.stock ?? 0;
}

/** Why the draw of `drop` cannot run at `now`, or null. */
export function drawRefusal(drop: Drop | undefined, now: Date): DrawRefusal | null {
  if (!drop) return "not_found";
  if (drop.mode !== "draw") return "not_draw";
  if (drop.cancelledAt) return "cancelled";
  if (now < drop.startsAt) return "not_closed";
  if (drop.orderedAt) return "already_drawn";
  return null;
}

/**
 * Runs the draw of `dropId` if entry has closed and it has not run: records the seed, gives
 * every entry its position in the draw order, the first `places` a window to buy from `now`, and
 * queues each entrant's email. Safe to call again and from many places at once.
 */
export async function runDraw(db: Db, dropId: number, now = new Date(), options: DrawOptions = {}): Promise<DrawResult> {
  return db.transaction(async (tx) => {
    const drop = await lockDrop(tx, dropId);
    const refusal = drawRefusal(drop, now);
    if (refusal || !drop) return { ran: false, refusal: refusal ?? "not_found" } as const;

    const seed = newSeed();
    const stock = await stockOf(tx, drop.productId);
    const places = drawPlaces(drop, stock);
    const entered = await tx
      .select({ id: dropEntries.id, email: users.email })
      .from(dropEntries)
      .innerJoin(users, eq(users.id, dropEntries.userId))
      .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.state, "entered")));
    const order = seededOrder(
      seed,
      entered.map((e) => e.id),
    );
    const window = purchaseWindow(drop, now);

    await tx.update(drops).set({ seed, orderedAt: now }).where(eq(drops.id, drop.id));
    if (order.length > 0) {
      // One statement for every entry: position i+1, won within the places, lost after.
      const ids = order.join(",");
      await tx.execute(sql`
        UPDATE drop_entries AS e SET
          position = d.position,
          state = CASE WHEN d.position <= ${places} THEN 'won' ELSE 'lost' END,
          right_from = CASE WHEN d.position <= ${places} THEN ${window.rightFrom.toISOString()}::timestamptz END,
          right_until = CASE WHEN d.position <= ${places} THEN ${window.rightUntil.toISOString()}::timestamptz END,
          notified_at = ${now.toISOString()}::timestamptz
        FROM (SELECT id, position::int FROM unnest(string_to_array(${ids}, ',')::int[]) WITH ORDINALITY AS t(id, position)) AS d
        WHERE e.id = d.id AND e.drop_id = ${drop.id}`);
    }

    const name = await productName(tx, drop.productId);
    const emailOf = new Map(entered.map((e) => [e.id, e.email]));
    for (const [index, entryId] of order.entries()) {
      const won = drawnState(index + 1, places) === "won";
      await enqueueDrawEmail(
        tx,
        won ? "won" : "lost",
        { entryId, email: emailOf.get(entryId)!, rightUntil: won ? window.rightUntil : null },
        { id: drop.id, productName: name },
        options.brand,
      );
    }
    const winners = Math.min(places, order.length);
    await recordAudit(tx, {
      actorUserId: options.actorUserId ?? null,
      action: "drop.drawn",
      entityType: "drop",
      entityId: String(drop.id),
      details: { seed, entries: order.length, places, winners, stock, by: options.actorUserId ? "admin" : "job" },
      createdAt: now,
    });
    return { ran: true, seed, entries: order.length, places, winners, stock } as const;
  });
}

export interface PassResult {
  purchased: number;
  lapsed: number;
  passed: number;
}

/**
 * Settles the winners of a drawn drop at `now`: a winner with a paid order of the product becomes
 * "purchased"; a winner whose window (and any pending checkout's reservation) is over becomes
 * "lapsed", and their place passes to the next entry in draw order not yet drawn for a place,
 * with a window from now and an email, while the product has stock.
 */
export async function passLapsedPlaces(db: Db, dropId: number, now = new Date(), options: DrawOptions = {}): Promise<PassResult> {
  return db.transaction(async (tx) => {
    const result: PassResult = { purchased: 0, lapsed: 0, passed: 0 };
    const drop = await lockDrop(tx, dropId);
    if (!drop || drop.mode !== "draw" || drop.cancelledAt || !drop.orderedAt) return result;

    const winners = await tx
      .select({ id: dropEntries.id, userId: dropEntries.userId, rightFrom: dropEntries.rightFrom, rightUntil: dropEntries.rightUntil, position: dropEntries.position })
      .from(dropEntries)
      .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.state, "won")))
      .orderBy(asc(dropEntries.position));
    if (winners.length === 0) return result;

    const ordersOf = await productOrdersOf(
      tx,
      drop.productId,
      winners.map((w) => w.userId),
      drop.orderedAt,
    );
    let placesToPass = 0;
    for (const winner of winners) {
      const theirs = (ordersOf.get(winner.userId) ?? []).filter((o) => !winner.rightFrom || o.createdAt >= winner.rightFrom);
      const move = winnerMove(winner, theirs, now);
      if (move === "keep") continue;
      if (move === "purchased") {
        const paid = theirs.find((o) => o.status === "completed" || o.status === "dispatched");
        await tx.update(dropEntries).set({ state: "purchased", orderId: paid?.id ?? null }).where(and(eq(dropEntries.id, winner.id), eq(dropEntries.state, "won")));
        result.purchased++;
      } else {
        await tx.update(dropEntries).set({ state: "lapsed" }).where(and(eq(dropEntries.id, winner.id), eq(dropEntries.state, "won")));
        result.lapsed++;
        placesToPass++;
      }
    }
    if (placesToPass === 0) return result;

    // A lapsed place passes on only while there is something to buy: with no stock it is gone.
    if ((await stockOf(tx, drop.productId)) <= 0) return result;
    const next = await tx
      .select({ id: dropEntries.id, email: users.email })
      .from(dropEntries)
      .innerJoin(users, eq(users.id, dropEntries.userId))
      .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.state, "lost"), isNotNull(dropEntries.position)))
      .orderBy(asc(dropEntries.position))
      .limit(placesToPass);
    if (next.length === 0) return result;
    const window = purchaseWindow(drop, now);
    const name = await productName(tx, drop.productId);
    for (const entry of next) {
      const moved = await tx
        .update(dropEntries)
        .set({ state: "won", rightFrom: window.rightFrom, rightUntil: window.rightUntil, notifiedAt: now })
        .where(and(eq(dropEntries.id, entry.id), eq(dropEntries.state, "lost")))
        .returning({ id: dropEntries.id });
      if (moved.length === 0) continue;
      await enqueueDrawEmail(tx, "passed", { entryId: entry.id, email: entry.email, rightUntil: window.rightUntil }, { id: drop.id, productName: name }, options.brand);
      result.passed++;
    }
    await recordAudit(tx, {
      action: "drop.places_passed",
      entityType: "drop",
      entityId: String(drop.id),
      details: { lapsed: result.lapsed, passed: result.passed, to: next.map((e) => e.id) },
      createdAt: now,
    });
    return result;
  });
}

/** The winners' orders that hold the drop product, made since the draw, by account. */
async function productOrdersOf(tx: Tx, productId: number, userIds: string[], since: Date) {
  const rows = await tx
    .selectDistinct({ id: orders.id, userId: orders.userId, status: orders.status, reservationExpiresAt: orders.reservationExpiresAt, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(inArray(orders.userId, userIds), eq(orderItems.productId, productId), gte(orders.createdAt, since)));
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}

/**
 * The job (server/jobs.ts, every 15 s): runs every draw whose entry has closed, then settles the
 * winners of every drawn drop that still has any.
 */
export async function runDrawJobs(db: Db, now = new Date(), options: DrawOptions = {}) {
  const due = await db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.mode, "draw"), isNull(drops.orderedAt), isNull(drops.cancelledAt), lte(drops.startsAt, now)));
  let drawn = 0;
  for (const { id } of due) if ((await runDraw(db, id, now, options)).ran) drawn++;
  const open = await db
    .selectDistinct({ id: dropEntries.dropId })
    .from(dropEntries)
    .innerJoin(drops, eq(drops.id, dropEntries.dropId))
    .where(and(eq(drops.mode, "draw"), eq(dropEntries.state, "won")));
  let passed = 0;
  for (const { id } of open) passed += (await passLapsedPlaces(db, id, now, options)).passed;
  return { drawn, passed };
}

/** The lazy twin of the job for one drop, for pages about it: cheap when there is nothing to do. */
export async function settleDraw(db: Db, dropId: number, now = new Date(), options: DrawOptions = {}) {
  const [drop] = await db.select({ mode: drops.mode, startsAt: drops.startsAt, orderedAt: drops.orderedAt, cancelledAt: drops.cancelledAt }).from(drops).where(eq(drops.id, dropId));
  if (!drop || drop.mode !== "draw" || drop.cancelledAt || now < drop.startsAt) return;
  if (!drop.orderedAt) await runDraw(db, dropId, now, options);
  const [won] = await db
    .select({ id: dropEntries.id })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, dropId), eq(dropEntries.state, "won")))
    .limit(1);
  if (won) await passLapsedPlaces(db, dropId, now, options);
}
