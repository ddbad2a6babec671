import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";

export interface OrderHistoryEntry {
  id: number;
  createdAt: Date;
  status: string;
  totalAmount: number;
  trackingNumber: string | null;
  /** Pence refunded so far ("Refunded £x" / "Partly refunded £x"). */
  refundedAmount: number;
  items: { id: number; productName: string; productSlug: string | null; variantLabel: string | null; quantity: number; unitPrice: number }[];
}

/**
 * A customer's order history (spec §7): their own orders only, newest first, without
 * pending ones (an unpaid checkout is not an order yet), each with its lines.
 */
export async function listOrderHistory(db: Db, userId: string): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalAmount: orders.totalAmount,
      trackingNumber: orders.trackingNumber,
      refundedAmount: orders.refundedAmount,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "pending")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      productSlug: orderItems.productSlug,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderHistoryEntry["items"]>();
  for (const { orderId, ...line } of lines) {
    const list = byOrder.get(orderId) ?? [];
    list.push(line);
    byOrder.set(orderId, list);
  }
  return rows.map((r) => ({ ...r, items: byOrder.get(r.id) ?? [] }));
}
