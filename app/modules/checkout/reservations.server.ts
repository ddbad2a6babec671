/**
 * Stock reservations (`stock_reservations`), the one home of reserve → settle | release:
 * checkout takes the units and holds them for the order; payment settles them (held → sold);
 * a decline, a cancel, a replacing checkout or the expiry sweep releases them (held → released,
 * units back). Each reservation moves exactly once, by a guarded update, so a replayed or late
 * event can never give the same units back twice.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { stockReservations } from "~/db/schema";
import { lockVariants, returnStock, takeStock, type UnitLine, type VariantFactsAsRead } from "~/modules/catalog/inventory.server";
import { claimOverduePendingOrders, moveOrders, pendingAmong } from "~/modules/orders/records.server";
import { returnCreditOfOrders } from "~/modules/credit/ledger.server";

type Executor = Db | Tx;

export type { UnitLine };

/**
 * Takes stock for each line (in the order given: callers pass variant-id order, the lock
 * order) and records what was taken as `status`: `held` for a checkout awaiting payment, `sold`
 * for a late payment taking its units again. Returns the first line whose stock was not there
 * (or, with `unchanged`, whose facts were no longer those the caller read), having taken nothing
 * for it; the caller rolls back its transaction (or savepoint) then.
 */
export async function reserveStock<L extends UnitLine>(
  tx: Executor,
  orderId: number,
  lines: L[],
  hold: { status: "held" | "sold"; expiresAt: Date; now: Date },
  options: { unchanged?: (line: L) => VariantFactsAsRead } = {},
): Promise<{ ok: true } | { ok: false; line: L }> {
  for (const line of lines) {
    const movement = { reason: hold.status === "held" ? "checkout_hold" : "late_payment", orderId } as const;
    if (!(await takeStock(tx, line.variantId, line.quantity, movement, options.unchanged?.(line)))) return { ok: false, line };
  }
  await tx.insert(stockReservations).values(
    lines.map((l) => ({
      orderId,
      variantId: l.variantId,
      quantity: l.quantity,
      status: hold.status,
      expiresAt: hold.expiresAt,
      settledAt: hold.status === "sold" ? hold.now : null,
    })),
  );
  return { ok: true };
}

/** A paid order's held units become sold (exactly once). */
export async function settleReservations(tx: Executor, orderId: number, now: Date): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ status: "sold", settledAt: now })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, "held")));
}

/** Reservations held right now and the units they hold, for /metrics (partial index on held rows). */
export async function heldReservationTotals(db: Executor): Promise<{ reservations: number; units: number }> {
  const [row] = await db
    .select({ reservations: sql<number>`count(*)::int`, units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(eq(stockReservations.status, "held"));
  return { reservations: Number(row?.reservations ?? 0), units: Number(row?.units ?? 0) };
}

/** The variants these orders still hold units of (to lock them in order before releasing). */
export async function heldVariantIds(tx: Executor, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ variantId: stockReservations.variantId })
    .from(stockReservations)
    .where(and(inArray(stockReservations.orderId, orderIds), eq(stockReservations.status, "held")));
  return rows.map((r) => r.variantId);
}

/** The release step: the chosen held reservations become released, once, and their units go back. */
async function release(tx: Executor, which: ReturnType<typeof and>, now: Date): Promise<UnitLine[]> {
  const released = await tx
    .update(stockReservations)
    .set({ status: "released", settledAt: now })
    .where(and(which, eq(stockReservations.status, "held")))
    .returning({ orderId: stockReservations.orderId, variantId: stockReservations.variantId, quantity: stockReservations.quantity });
  // One ledger row per order and variant (each release says whose hold ended); the variants are
  // locked first in id order, the lock order, since the rows below go order by order.
  await lockVariants(
    tx,
    released.map((r) => r.variantId),
  );
  const byOrder = new Map<number, UnitLine[]>();
  for (const r of released) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  for (const [orderId, lines] of [...byOrder].sort(([a], [b]) => a - b)) await returnStock(tx, lines, { reason: "hold_released", orderId });
  return released;
}

/** Ends these orders' held reservations and gives their units back; what was released. */
export async function releaseHeldReservations(tx: Executor, orderIds: number[], now: Date): Promise<UnitLine[]> {
  if (orderIds.length === 0) return [];
  return release(tx, inArray(stockReservations.orderId, orderIds), now);
}

export interface SweepResult {
  /** Orders that expired in this pass. */
  orderIds: number[];
  /** Their payment sessions, so the caller can close them at the provider too. */
  sessions: { orderId: number; provider: string; sessionId: string }[];
  /** Units given back to stock. */
  units: number;
}

/**
 * The background sweep: pending orders whose reservation has run out become `expired` and
 * their units go back to stock, exactly once. Orders are claimed with FOR UPDATE SKIP LOCKED,
 * so several instances can sweep at once and a checkout being paid right now is skipped
 * (fulfilment holds its lock) rather than waited for.
 */
export async function releaseExpiredReservations(db: Db, now = new Date(), batchSize = 200): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const due = await claimOverduePendingOrders(tx, now, batchSize);
    const ids = await moveOrders(
      tx,
      due.map((d) => d.id),
      "pending",
      "expired",
      now,
    );
    let released = await releaseHeldReservations(tx, ids, now);
    // The store credit those checkouts held goes back to their customers with the stock.
    await returnCreditOfOrders(tx, ids);

    // Belt and braces: a held reservation past its time whose order is no longer pending
    // (should not exist) must not keep stock forever. Overdue rows of pending orders are
    // legitimately left to the order sweep, so page past them by id rather than letting a
    // batch of them hide the stray ones behind.
    let afterId = 0;
    for (;;) {
      const overdue = await tx
        .select({ id: stockReservations.id, orderId: stockReservations.orderId })
        .from(stockReservations)
        .where(and(eq(stockReservations.status, "held"), lte(stockReservations.expiresAt, now), gt(stockReservations.id, afterId)))
        .orderBy(asc(stockReservations.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (overdue.length === 0) break;
      afterId = overdue[overdue.length - 1]!.id;
      const pending = await pendingAmong(
        tx,
        overdue.map((r) => r.orderId),
      );
      const stray = overdue.filter((r) => !pending.has(r.orderId)).map((r) => r.id);
      if (stray.length > 0) released = released.concat(await release(tx, inArray(stockReservations.id, stray), now));
      if (overdue.length < batchSize) break;
    }

    return {
      orderIds: ids,
      sessions: due.flatMap((d) => (d.sessionId && ids.includes(d.id) ? [{ orderId: d.id, provider: d.provider, sessionId: d.sessionId }] : [])),
      units: released.reduce((sum, l) => sum + l.quantity, 0),
    };
  });
}
