/**
 * The free prize draw (issue 16, decision 0047 "Draw"). Entry is free (a paid-entry chance draw
 * is an illegal lottery in the UK); when entry closes (`startsAt`) the draw runs once, from a
 * seed made then and recorded (`drops.seed`, `orderedAt`), so anyone can recompute the order
 * (draw-order.ts). The first places win a window to buy; places not used in time pass to the
 * next entries drawn, as many as the stock left can serve. Every entrant is emailed through the outbox.
 *
 * Concurrency: both functions take the drop row's lock first (as joining does), so two app
 * instances, the job and the admin's button take turns; the `orderedAt` guard under that lock
 * makes the draw happen once, and each state move happens once, so each email is queued once
 * (and its dedupe key stops a replay all the same). The public page takes the lock only when a
 * draw is due; otherwise it only reads.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import type { DropEntryState } from "~/db/schema/drops";
import { dropEntries, drops, orderItems, orders, products, productVariants, users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import type { EmailBranding } from "~/modules/orders/emails.server";
import { purchaseWindow } from "./drop-rules";
import { enqueueDrawEmail } from "./draw-emails.server";
import { newSeed, seededOrder } from "./draw-order";
import { drawnState, drawPlaces, holdsReservation, isPaid, openPlaces, winnerMove } from "./draw-rules";
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
 * "lapsed". Then the places the stock left can serve and nobody holds (`openPlaces`) go to the
 * next entries in draw order not yet drawn for a place, each with a window from now and an email.
 * Run again later, it passes places on when units come back (an expired reservation).
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

    const ordersOf = await productOrdersOf(
      tx,
      drop.productId,
      winners.map((w) => w.userId),
      drop.orderedAt,
    );
    let live = 0;
    let liveWaiting = 0;
    for (const winner of winners) {
      const theirs = (ordersOf.get(winner.userId) ?? []).filter((o) => !winner.rightFrom || o.createdAt >= winner.rightFrom);
      const move = winnerMove(winner, theirs, now);
      if (move === "keep") {
        live++;
        if (!theirs.some((o) => holdsReservation(o, now))) liveWaiting++;
      } else if (move === "purchased") {
        const paid = theirs.find(isPaid);
        await tx.update(dropEntries).set({ state: "purchased", orderId: paid?.id ?? null }).where(and(eq(dropEntries.id, winner.id), eq(dropEntries.state, "won")));
        result.purchased++;
      } else {
        await tx.update(dropEntries).set({ state: "lapsed" }).where(and(eq(dropEntries.id, winner.id), eq(dropEntries.state, "won")));
        result.lapsed++;
      }
    }

    const [used] = await tx
      .select({ purchased: sql<number>`count(*)::int` })
      .from(dropEntries)
      .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.state, "purchased")));
    const open = openPlaces(drop, { stock: await stockOf(tx, drop.productId), live, liveWaiting, purchased: used?.purchased ?? 0 });
    const next =
      open === 0
        ? []
        : await tx
            .select({ id: dropEntries.id, email: users.email })
            .from(dropEntries)
            .innerJoin(users, eq(users.id, dropEntries.userId))
            .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.state, "lost"), isNotNull(dropEntries.position)))
            .orderBy(asc(dropEntries.position))
            .limit(open);
    if (next.length > 0) {
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
    }
    if (result.lapsed > 0 || result.passed > 0) {
      await recordAudit(tx, {
        action: "drop.places_passed",
        entityType: "drop",
        entityId: String(drop.id),
        details: { lapsed: result.lapsed, passed: result.passed, to: next.map((e) => e.id) },
        createdAt: now,
      });
    }
    return result;
  });
}

/** The winners' orders that hold the drop product, made since the draw, by account. */
async function productOrdersOf(tx: Tx, productId: number, userIds: string[], since: Date) {
  if (userIds.length === 0) return new Map<string, never[]>();
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
 * The job (server/jobs.ts, every 15 s): runs every draw whose entry has closed, then settles every
 * drawn drop that has winners to settle or may have places to pass on (an entry not drawn for a
 * place, stock on sale, places still owed); an unlocked read picks them, the lock decides.
 */
export async function runDrawJobs(db: Db, now = new Date(), options: DrawOptions = {}) {
  const due = await db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.mode, "draw"), isNull(drops.orderedAt), isNull(drops.cancelledAt), lte(drops.startsAt, now)));
  let drawn = 0;
  for (const { id } of due) if ((await runDraw(db, id, now, options)).ran) drawn++;
  const entryIn = (state: DropEntryState) => sql`EXISTS (SELECT 1 FROM drop_entries e WHERE e.drop_id = ${drops.id} AND e.state = ${state})`;
  const open = await db
    .select({ id: drops.id })
    .from(drops)
    .where(
      and(
        eq(drops.mode, "draw"),
        isNotNull(drops.orderedAt),
        isNull(drops.cancelledAt),
        sql`(${entryIn("won")} OR (${entryIn("lost")}
          AND (SELECT coalesce(sum(v.stock), 0) FROM product_variants v WHERE v.product_id = ${drops.productId}) > 0
          AND (${drops.places} IS NULL OR (SELECT count(*) FROM drop_entries e WHERE e.drop_id = ${drops.id} AND e.state = 'purchased') < ${drops.places})))`,
      ),
    );
  let passed = 0;
  for (const { id } of open) passed += (await passLapsedPlaces(db, id, now, options)).passed;
  return { drawn, passed };
}

/**
 * The public page's twin of the job for one drop: runs the draw only when it is due (entry closed,
 * not yet drawn), checked first by an unlocked read, so an ordinary view neither writes nor locks.
 * Settling winners stays with the job and the admin page.
 */
export async function runDrawIfDue(db: Db, dropId: number, now = new Date(), options: DrawOptions = {}) {
  const [drop] = await db.select({ mode: drops.mode, startsAt: drops.startsAt, orderedAt: drops.orderedAt, cancelledAt: drops.cancelledAt }).from(drops).where(eq(drops.id, dropId));
  if (!drop || drop.mode !== "draw" || drop.cancelledAt || drop.orderedAt || now < drop.startsAt) return;
  await runDraw(db, dropId, now, options);
}

/** The admin page's twin of the job for one drop: draws when due, then settles its winners and passes places. */
export async function settleDraw(db: Db, dropId: number, now = new Date(), options: DrawOptions = {}) {
  await runDrawIfDue(db, dropId, now, options);
  await passLapsedPlaces(db, dropId, now, options);
}
