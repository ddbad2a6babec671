import type { Db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { orderItems, orders, productVariants } from "~/db/schema";

export interface TestOrderLine {
  /** The variant sold; its product is filled in from it, as checkout does. */
  variantId?: number;
  variantLabel?: string | null;
  productName: string;
  quantity: number;
  unitPrice: number;
}

/**
 * An order as a customer's history or purchase limits see it: its owner, status, dates and
 * lines. The money columns hold fixed made-up totals (£10 + £5.29 shipping), because these
 * tests never read them; checkout tests create real orders through createCheckout instead.
 */
export async function insertOrder(
  db: Db,
  order: { userId: string; status: string; items: TestOrderLine[]; createdAt?: Date; trackingNumber?: string | null; email?: string },
) {
  const createdAt = order.createdAt ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({
      userId: order.userId,
      status: order.status,
      subtotalAmount: 1000,
      shippingAmount: 529,
      totalAmount: 1529,
      normalSubtotalAmount: 1000,
      paymentProvider: "sandbox",
      reservationExpiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      email: order.email ?? "buyer@example.test",
      trackingNumber: order.trackingNumber ?? null,
      createdAt,
    })
    .returning();
  for (const item of order.items) {
    const [variant] = item.variantId === undefined ? [] : await db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, item.variantId));
    await db.insert(orderItems).values({ orderId: row!.id, ...item, productId: variant?.productId ?? null, normalUnitPrice: item.unitPrice });
  }
  return row!;
}
