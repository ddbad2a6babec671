/** The purchase limit's database side: what a customer holds in counted orders. Rules: `./purchase-limit.ts`. */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { findProductFacts } from "~/modules/catalog/inventory.server";
import { exceedsLimit, LIMIT_COUNTED_ORDER_STATUSES, purchaseLimitMessage } from "./purchase-limit";

type Executor = Db | Tx;

/**
 * Units of each product the customer holds in paid or pending orders (optionally not counting
 * one order: a late payment's own order). Products with none are absent from the map.
 */
export async function heldUnitsByProduct(
  db: Executor,
  userId: string,
  productIds: number[],
  exceptOrderId?: number,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, held: sql<number>`COALESCE(SUM(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...LIMIT_COUNTED_ORDER_STATUSES]),
        inArray(orderItems.productId, productIds),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orderItems.productId);
  const held = new Map<number, number>();
  for (const row of rows) if (row.productId !== null) held.set(row.productId, Number(row.held));
  return held;
}

/** Units of one product the customer holds in counted orders. */
export async function heldUnits(db: Executor, userId: string, productId: number): Promise<number> {
  return (await heldUnitsByProduct(db, userId, [productId])).get(productId) ?? 0;
}

/**
 * The spec's `check_purchase_limit(p_user_id, p_product_id, p_quantity)`: may this customer
 * hold `quantity` units in the cart, given what they already have in paid or pending orders?
 */
export async function checkPurchaseLimit(
  db: Executor,
  userId: string,
  productId: number,
  quantity: number,
): Promise<{ allowed: boolean; message: string | null }> {
  const product = await findProductFacts(db, productId);
  if (!product || !product.isVisible) return { allowed: false, message: "This product is no longer available." };
  if (product.limitPerCustomer === null) return { allowed: true, message: null };
  const held = await heldUnits(db, userId, productId);
  if (!exceedsLimit(product.limitPerCustomer, held, quantity)) return { allowed: true, message: null };
  return { allowed: false, message: purchaseLimitMessage(product.name, product.limitPerCustomer, held) };
}
