/**
 * Order records (`orders`, `order_items`): every write to them, for checkout and fulfilment.
 * Status moves are guarded (`WHERE status = <the status it was read in>`), so of two racing
 * moves exactly one happens and the other sees that it did not.
 */
import { and, type AnyColumn, asc, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";

type Executor = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = "pending" | "completed" | "failed" | "expired" | "refunded" | "dispatched";

export interface NewOrder {
  userId: string;
  email: string;
  amounts: { subtotal: number; shipping: number; discount: number; total: number; normalSubtotal: number };
  couponCode: string | null;
  /** Pence of the total paid with store credit (0: none). */
  creditAmount: number;
  paymentProvider: string;
  cancelToken: string;
  reservationExpiresAt: Date;
  shippingName: string;
  shippingAddress: NonNullable<OrderRow["shippingAddress"]>;
}

export interface NewOrderLine {
  productId: number;
  variantId: number;
  /** Snapshot of the variant as sold; null for a sealed product. */
  variantLabel: string | null;
  productName: string;
  productSlug: string;
  quantity: number;
  unitPrice: number;
  normalUnitPrice: number;
}

/** Writes a pending order and its lines at the locked-in prices; returns the order number. */
export async function insertPendingOrder(tx: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<number> {
  const [row] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      status: "pending",
      subtotalAmount: order.amounts.subtotal,
      shippingAmount: order.amounts.shipping,
      discountAmount: order.amounts.discount,
      totalAmount: order.amounts.total,
      normalSubtotalAmount: order.amounts.normalSubtotal,
      couponCode: order.couponCode,
      creditAmount: order.creditAmount,
      paymentProvider: order.paymentProvider,
      cancelToken: order.cancelToken,
      reservationExpiresAt: order.reservationExpiresAt,
      email: order.email,
      shippingName: order.shippingName,
      shippingAddress: order.shippingAddress,
    })
    .returning({ id: orders.id });
  const orderId = row!.id;
  await tx.insert(orderItems).values(lines.map((line) => ({ orderId, ...line })));
  return orderId;
}

/** Stores the payment session an order was given, unless it already has one. */
export async function attachPaymentSession(db: Executor, orderId: number, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.paymentSessionId)));
}

/** Moves orders that are still in `from` to `to`; returns the ids that moved. */
export async function moveOrders(tx: Executor, orderIds: number[], from: OrderStatus, to: OrderStatus, now: Date): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, from)))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

/** A customer's pending orders become `failed` (a new checkout replaces them); returns what changed. */
export async function failPendingOrdersOf(tx: Executor, userId: string, now: Date) {
  return tx
    .update(orders)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")))
    .returning({ id: orders.id, sessionId: orders.paymentSessionId, provider: orders.paymentProvider });
}

/**
 * Whether the customer in `userId` (a column of the caller's query) has an unpaid checkout, as a
 * column: its held units would go back if a new checkout replaced it. The condition is nested
 * SQL, so drizzle keeps its columns qualified whatever the outer query joins.
 */
export function hasPendingOrderSql(userId: AnyColumn): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${orders} WHERE ${and(eq(orders.userId, userId), eq(orders.status, "pending"))})`;
}

/** The order row, locked for the rest of the transaction. */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/**
 * The order a payment session belongs to: by session id, else by our reference on the session
 * (the session can exist before we stored its id: a crash between the two steps).
 */
export async function findOrderIdForSession(db: Executor, sessionId: string, reference: number | null): Promise<number | null> {
  const [bySession] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, sessionId));
  if (bySession) return bySession.id;
  if (reference === null || !Number.isSafeInteger(reference) || reference <= 0) return null;
  const [byRef] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, reference), or(isNull(orders.paymentSessionId), eq(orders.paymentSessionId, sessionId))));
  return byRef?.id ?? null;
}

/** Whose order it is (never changes), read without a lock: for locks that must come before the order row's. */
export async function orderUserIdOf(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId ?? null;
}

export async function orderStatusOf(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? null;
}

/** Items of an order in variant-id order (the lock order for stock). */
export async function orderLines(tx: Executor, orderId: number) {
  return tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.variantId), asc(orderItems.id));
}

/** Marks an order paid, if it is still in the status it was read in; false when another call did it first. */
export async function markOrderPaid(
  tx: Executor,
  order: Pick<OrderRow, "id" | "status" | "paymentSessionId">,
  payment: { sessionId: string; paymentIntentId: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({
      status: "completed",
      paidAt: now,
      paymentIntentId: payment.paymentIntentId,
      paymentSessionId: order.paymentSessionId ?? payment.sessionId,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Marks an order refunded, if it is still in the status it was read in; the updated row, or null. */
export async function markOrderRefunded(tx: Executor, order: Pick<OrderRow, "id" | "status">): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  return row ?? null;
}

/** Keeps the payment behind a refunded order, if the order has none yet. */
export async function recordPaymentIntent(db: Executor, orderId: number, paymentIntentId: string | null): Promise<void> {
  await db
    .update(orders)
    .set({ paymentIntentId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.paymentIntentId)));
}

/**
 * Locks the pending-or-not order a cancel names: by payment session, or by id (with the owner
 * and cancel token when given; a null token never matches a given one).
 */
export async function lockOrderToCancel(
  tx: Executor,
  target: { sessionId: string } | { orderId: number; userId?: string; cancelToken?: string },
): Promise<{ id: number; status: string } | null> {
  const where =
    "sessionId" in target
      ? eq(orders.paymentSessionId, target.sessionId)
      : and(
          eq(orders.id, target.orderId),
          target.userId ? eq(orders.userId, target.userId) : undefined,
          target.cancelToken !== undefined ? eq(orders.cancelToken, target.cancelToken) : undefined,
        );
  const [row] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(where).for("update");
  return row ?? null;
}

/**
 * Pending orders whose reservation has run out, locked with SKIP LOCKED: several instances can
 * sweep at once, and an order being paid right now (fulfilment holds its lock) is skipped.
 */
export async function claimOverduePendingOrders(tx: Executor, now: Date, limit: number) {
  return tx
    .select({ id: orders.id, provider: orders.paymentProvider, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.reservationExpiresAt, now)))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** How many orders await payment right now, for /metrics (orders_pending_expiry_idx covers them). */
export async function countPendingOrders(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, "pending"));
  return Number(row?.count ?? 0);
}

/** Of these orders, the ones still pending. */
export async function pendingAmong(tx: Executor, orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, "pending")));
  return new Set(rows.map((r) => r.id));
}

/** The payment session of a customer's order (to close it at the provider after a cancel). */
export async function paymentSessionOf(db: Executor, orderId: number, userId: string) {
  const [row] = await db
    .select({ sessionId: orders.paymentSessionId, provider: orders.paymentProvider })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}
