import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders, products, stockReservations, users } from "~/db/schema";

/** Order statuses whose units count against a per-customer limit: paid, or still awaiting payment. */
export const LIMIT_COUNTED_STATUSES = ["pending", "completed", "dispatched"] as const;

export interface UnitLine {
  productId: number;
  quantity: number;
}

/**
 * Serialises everything one customer does to their holdings (checkout, late re-reservation):
 * the second of two parallel checkouts waits here, then sees the first one's order when it
 * counts units against the per-customer limit. Returns null when the user does not exist.
 */
export async function lockUser(tx: Db, userId: string) {
  const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  return row ?? null;
}

/**
 * Takes `quantity` units of a visible product with one guarded statement:
 *   UPDATE products SET stock = stock - $q WHERE id = $id AND stock >= $q AND is_visible RETURNING stock
 * Never read-then-write: two buyers of the last unit cannot both succeed.
 */
export async function takeStock(tx: Db, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity), eq(products.isVisible, true)))
    .returning({ stock: products.stock });
  return rows.length > 0;
}

/** Puts units back, one statement per product in id order (the same lock order as taking). */
export async function returnStock(tx: Db, lines: UnitLine[]): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${byProduct.get(productId)!}` })
      .where(eq(products.id, productId));
  }
}

/** Units of each product the customer holds in paid or pending orders (optionally not counting one order). */
export async function heldUnitsByProduct(
  tx: Db,
  userId: string,
  productIds: number[],
  exceptOrderId?: number,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: orderItems.productId, held: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...LIMIT_COUNTED_STATUSES]),
        inArray(orderItems.productId, productIds),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId!, Number(r.held)]));
}

/**
 * Ends an order's held reservations (held → released, each exactly once by a guarded update)
 * and gives their units back. Returns what was released; nothing when already settled.
 */
export async function releaseHeldReservations(tx: Db, orderIds: number[], now: Date): Promise<UnitLine[]> {
  if (orderIds.length === 0) return [];
  const released = await tx
    .update(stockReservations)
    .set({ status: "released", settledAt: now })
    .where(and(inArray(stockReservations.orderId, orderIds), eq(stockReservations.status, "held")))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  await returnStock(tx, released);
  return released;
}

/** Items of an order in product-id order (the lock order for stock). */
export async function orderLines(tx: Db, orderId: number) {
  return tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
}
