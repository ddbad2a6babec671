import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, orders, products, refunds, stockReservations } from "~/db/schema";
import type { CheckoutSessionInfo, PaymentProvider } from "~/modules/payments/provider";
import { enqueueOrderConfirmation, enqueueOrderRefunded, type EmailBranding } from "./emails.server";
import {
  heldUnitsByProduct,
  lockUser,
  orderLines,
  releaseHeldReservations,
  returnStock,
  takeStock,
  type UnitLine,
} from "./stock.server";

type OrderRow = typeof orders.$inferSelect;

/** Thrown inside the savepoint to undo a partial re-reservation. */
class RetakeRefused extends Error {}

export interface FulfilDeps {
  provider: PaymentProvider;
  /** The session as an already-verified event carried it; otherwise it is asked from the provider. */
  session?: CheckoutSessionInfo;
  now?: Date;
  brand?: EmailBranding;
}

export type FulfilResult =
  /** `changed`: this call completed it (false: it already was). */
  | { status: "completed"; orderId: number; changed: boolean }
  /** Paid too late, stock gone: the money went back. */
  | { status: "refunded"; orderId: number; changed: boolean }
  /** The provider has not taken the money (yet): nothing happens. */
  | { status: "unpaid"; orderId: number; orderStatus: string }
  /** No order belongs to this session. */
  | { status: "not_found" };

/** The order a checkout session belongs to: by session id, else by our reference on the session. */
async function findOrderId(db: Db, sessionId: string, session: CheckoutSessionInfo | null): Promise<number | null> {
  const [bySession] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, sessionId));
  if (bySession) return bySession.id;
  // The session can exist before we stored its id (crash between the two steps).
  const ref = Number(session?.metadata.orderId ?? session?.clientReferenceId);
  if (!Number.isSafeInteger(ref) || ref <= 0) return null;
  const [byRef] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, ref), or(isNull(orders.paymentSessionId), eq(orders.paymentSessionId, sessionId))));
  return byRef?.id ?? null;
}

async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/**
 * The one way an order gets paid, called by the payment webhook and by the success page
 * (whichever comes first; the other finds it done). Idempotent:
 *   - pending → completed exactly once (guarded update), reservations held → sold, the
 *     customer's cart lines for those products removed, ONE confirmation email (outbox,
 *     dedupe key), all in one transaction;
 *   - a payment for an order whose reservation already expired (or was cancelled) takes the
 *     stock again with guarded updates if it is there and the per-customer limit allows,
 *     otherwise the order is marked refunded and the payment refunded: never oversold;
 *   - replays, late duplicates and unknown sessions change nothing.
 */
export async function fulfilCheckout(db: Db, sessionId: string, deps: FulfilDeps): Promise<FulfilResult> {
  const now = deps.now ?? new Date();
  const session = deps.session ?? (await deps.provider.retrieveCheckoutSession(sessionId));
  if (session && session.mode !== "payment") return { status: "not_found" };
  const orderId = await findOrderId(db, sessionId, session);
  if (orderId === null) return { status: "not_found" };

  const paid = session && (session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required");
  if (!session || !paid) {
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return { status: "unpaid", orderId, orderStatus: row?.status ?? "unknown" };
  }

  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { status: "not_found" as const };
    if (order.status === "completed" || order.status === "dispatched") {
      return { status: "completed" as const, orderId, changed: false };
    }
    if (order.status === "refunded") return { status: "refunded" as const, orderId, changed: false, order };

    if (session.amountTotal !== null && session.amountTotal !== order.totalAmount) {
      // We set the amount ourselves, so this means something is badly wrong: keep the
      // customer whole rather than ship an order for the wrong money.
      console.error(`[orders] order ${orderId}: paid ${session.amountTotal} but the order is ${order.totalAmount}; refunding`);
      await releaseHeldReservations(tx, [orderId], now);
      return markRefunded(tx, order, deps.brand);
    }

    const lines = await orderLines(tx, orderId);
    if (order.status === "pending") {
      await tx
        .update(stockReservations)
        .set({ status: "sold", settledAt: now })
        .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, "held")));
      return complete(tx, order, lines, session, now, deps.brand);
    }

    // failed / expired: the reservation was released. Take the stock again, all or nothing.
    await lockUser(tx, order.userId);
    const retaken = await tx.transaction(async (sp) => {
      const productIds = lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
      const held = await heldUnitsByProduct(sp, order.userId, productIds, orderId);
      const limits = await limitsOf(sp, productIds);
      const taken: UnitLine[] = [];
      for (const line of lines) {
        // Any refusal rolls back to the savepoint, so units taken for earlier lines go back.
        if (line.productId === null) throw new RetakeRefused(); // the product was deleted
        const productId = line.productId;
        const limit = limits.get(productId);
        if (limit != null && (held.get(productId) ?? 0) + line.quantity > limit) throw new RetakeRefused();
        if (!(await takeStock(sp, productId, line.quantity))) throw new RetakeRefused();
        taken.push({ productId, quantity: line.quantity });
      }
      return taken;
    }).catch((error: unknown) => {
      if (error instanceof RetakeRefused) return null;
      throw error;
    });
    if (!retaken) return markRefunded(tx, order, deps.brand);
    await tx.insert(stockReservations).values(
      retaken.map((l) => ({ orderId, productId: l.productId, quantity: l.quantity, status: "sold", expiresAt: now, settledAt: now })),
    );
    return complete(tx, order, lines, session, now, deps.brand);
  });

  if (outcome.status === "refunded") {
    await ensureRefunded(db, outcome.order, session, deps.provider);
    return { status: "refunded", orderId: outcome.order.id, changed: outcome.changed };
  }
  return outcome;
}

async function limitsOf(tx: Db, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, number | null>();
  const rows = await tx
    .select({ id: products.id, limit: products.limitPerCustomer })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.limit]));
}

async function complete(
  tx: Db,
  order: OrderRow,
  lines: Awaited<ReturnType<typeof orderLines>>,
  session: CheckoutSessionInfo,
  now: Date,
  brand?: EmailBranding,
) {
  const [done] = await tx
    .update(orders)
    .set({
      status: "completed",
      paidAt: now,
      paymentIntentId: session.paymentIntentId,
      paymentSessionId: order.paymentSessionId ?? session.id,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!done) return { status: "completed" as const, orderId: order.id, changed: false };
  const productIds = lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  if (productIds.length > 0) {
    await tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId), inArray(cartItems.productId, productIds)));
  }
  await enqueueOrderConfirmation(tx, order, lines, brand);
  return { status: "completed" as const, orderId: order.id, changed: true };
}

async function markRefunded(tx: Db, order: OrderRow, brand?: EmailBranding) {
  const [row] = await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (row) await enqueueOrderRefunded(tx, order, brand);
  return { status: "refunded" as const, orderId: order.id, changed: Boolean(row), order: row ?? order };
}

/**
 * Returns the money for a refunded order once. Outside any transaction (it may call the
 * provider); safe to repeat: the idempotency key gives the same refund, and the row in
 * `refunds` is written once. If the provider fails, this throws and the caller (a webhook)
 * fails, so the provider delivers the event again and the refund is retried.
 */
async function ensureRefunded(db: Db, order: OrderRow, session: CheckoutSessionInfo, provider: PaymentProvider) {
  const [existing] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
  if (existing) return;
  const amount = session.amountTotal ?? order.totalAmount;
  const refund = await provider.refundPayment({
    paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
    sessionId: session.id,
    amount,
    reason: "stock_unavailable_after_payment",
    idempotencyKey: `refund-order-${order.id}`,
    metadata: { orderId: String(order.id) },
  });
  await db
    .insert(refunds)
    .values({
      id: refund.id,
      provider: provider.name,
      orderId: order.id,
      paymentIntentId: session.paymentIntentId,
      amount: refund.amount,
      reason: "stock_unavailable_after_payment",
    })
    .onConflictDoNothing({ target: refunds.id });
  await db
    .update(orders)
    .set({ paymentIntentId: session.paymentIntentId, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
}

/**
 * Ends a pending checkout without payment: declined card, cancel link, provider expiry.
 * The reservation is released (stock back, once) and the order becomes `failed` or
 * `expired`. Anything not pending is left alone, so a late or replayed event is harmless.
 */
export async function cancelCheckout(
  db: Db,
  target: { sessionId: string } | { orderId: number; userId?: string; cancelToken?: string },
  status: "failed" | "expired",
  now = new Date(),
): Promise<{ orderId: number; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    // With a cancel token, only the order whose token it is matches (a null token never does).
    const where =
      "sessionId" in target
        ? eq(orders.paymentSessionId, target.sessionId)
        : and(
            eq(orders.id, target.orderId),
            target.userId ? eq(orders.userId, target.userId) : undefined,
            target.cancelToken !== undefined ? eq(orders.cancelToken, target.cancelToken) : undefined,
          );
    const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(where).for("update");
    if (!order) return null;
    if (order.status !== "pending") return { orderId: order.id, changed: false };
    await tx.update(orders).set({ status, updatedAt: now }).where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
    await releaseHeldReservations(tx, [order.id], now);
    return { orderId: order.id, changed: true };
  });
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
 * their units go back to stock, exactly once. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so several instances can sweep at once and a checkout being paid right now is skipped
 * (fulfilment holds its lock) rather than waited for.
 */
export async function releaseExpiredReservations(db: Db, now = new Date(), batchSize = 200): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, provider: orders.paymentProvider, sessionId: orders.paymentSessionId })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lte(orders.reservationExpiresAt, now)))
      .orderBy(asc(orders.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const ids = due.map((d) => d.id);
    let released: UnitLine[] = [];
    if (ids.length > 0) {
      await tx.update(orders).set({ status: "expired", updatedAt: now }).where(and(inArray(orders.id, ids), eq(orders.status, "pending")));
      released = await releaseHeldReservations(tx, ids, now);
    }
    // Belt and braces: a held reservation past its time whose order is no longer pending
    // (should not exist) must not keep stock forever.
    const stray = await tx
      .select({ id: stockReservations.id })
      .from(stockReservations)
      .innerJoin(orders, eq(orders.id, stockReservations.orderId))
      .where(
        and(
          eq(stockReservations.status, "held"),
          lte(stockReservations.expiresAt, now),
          sql`${orders.status} <> 'pending'`,
        ),
      )
      .limit(batchSize)
      .for("update", { of: stockReservations, skipLocked: true });
    if (stray.length > 0) {
      const strayLines = await tx
        .update(stockReservations)
        .set({ status: "released", settledAt: now })
        .where(and(inArray(stockReservations.id, stray.map((s) => s.id)), eq(stockReservations.status, "held")))
        .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
      await returnStock(tx, strayLines);
      released = released.concat(strayLines);
    }
    return {
      orderIds: ids,
      sessions: due.flatMap((d) => (d.sessionId ? [{ orderId: d.id, provider: d.provider, sessionId: d.sessionId }] : [])),
      units: released.reduce((sum, l) => sum + l.quantity, 0),
    };
  });
}
