import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";

export interface CustomerOrder {
  id: number;
  createdAt: Date;
  status: string;
  totalAmount: number;
  subtotalAmount: number;
  shippingAmount: number;
  discountAmount: number;
  trackingNumber: string | null;
  items: { id: number; productName: string; productSlug: string | null; quantity: number; unitPrice: number }[];
}

/**
 * A customer's order history for /account: newest first, pending orders left out (spec §4:
 * pending is excluded from history), each with its items.
 */
export async function listCustomerOrders(db: Db, userId: string, limit = 100): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalAmount: orders.totalAmount,
      subtotalAmount: orders.subtotalAmount,
      shippingAmount: orders.shippingAmount,
      discountAmount: orders.discountAmount,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "pending")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      productSlug: orderItems.productSlug,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({
    ...row,
    items: items.filter((i) => i.orderId === row.id).map(({ orderId: _, ...item }) => item),
  }));
}

/** The order behind a payment session, only if it belongs to this user (success page). */
export async function findUserOrderBySession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, userId: orders.userId, totalAmount: orders.totalAmount, email: orders.email })
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.userId, userId)));
  return row ?? null;
}
