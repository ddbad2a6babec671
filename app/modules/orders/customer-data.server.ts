/**
 * The orders side of a customer's own data: every order for the download, whether any is
 * still open, and the erasure of the personal details of the rest. Orders themselves are kept
 * (UK accounting records: six years), without the name, address and email they were sent to.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";

/** Orders the shop still owes something on: awaiting payment, or paid and not yet sent. */
const OPEN_ORDER_STATUSES = ["pending", "completed"] as const;

export async function ordersData(db: Db, userId: string) {
  const rows = await db
    .select({
      orderNumber: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      subtotal: orders.subtotalAmount,
      shipping: orders.shippingAmount,
      discount: orders.discountAmount,
      total: orders.totalAmount,
      couponCode: orders.couponCode,
      trackingNumber: orders.trackingNumber,
      email: orders.email,
      shippingName: orders.shippingName,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, productName: orderItems.productName, variantLabel: orderItems.variantLabel, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.orderNumber),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((order) => ({
    ...order,
    items: lines.filter((l) => l.orderId === order.orderNumber).map(({ orderId: _orderId, ...line }) => line),
  }));
}

/** How many of the customer's orders are still open (they block erasure: we need the address). */
export async function countOpenOrders(db: Db | Tx, userId: string): Promise<number> {
  return db.$count(orders, and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
}

/** Replaces the personal details on the customer's orders; amounts, lines and dates stay. */
export async function erasePersonalDetailsFromOrders(tx: Tx, userId: string, placeholderEmail: string, now: Date): Promise<number> {
  const changed = await tx
    .update(orders)
    .set({ email: placeholderEmail, shippingName: null, shippingAddress: null, updatedAt: now })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return changed.length;
}

/** How many orders the customer has, of any status. */
export async function countOrders(db: Db, userId: string): Promise<number> {
  return db.$count(orders, eq(orders.userId, userId));
}
