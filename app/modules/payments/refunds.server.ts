import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { refunds } from "~/db/schema";

/**
 * The `refunds` table: one row per refund the shop issued through its provider, whoever asked
 * (orders: a late payment for stock that is gone; membership: a second membership paid while
 * one was live). Payments owns it so neither caller writes the other's bookkeeping.
 */
export type RefundFor = { orderId: number } | { providerSubscriptionId: string };

function whereFor(target: RefundFor) {
  return "orderId" in target ? eq(refunds.orderId, target.orderId) : eq(refunds.providerSubscriptionId, target.providerSubscriptionId);
}

/** Whether a refund for this order / subscription has been recorded. */
export async function hasRefund(db: Db | Tx, target: RefundFor): Promise<boolean> {
  const [row] = await db.select({ id: refunds.id }).from(refunds).where(whereFor(target)).limit(1);
  return row !== undefined;
}

/** The reason recorded with the refund for this order / subscription, if one was recorded. */
export async function refundReasonOf(db: Db | Tx, target: RefundFor): Promise<string | null> {
  const [row] = await db.select({ reason: refunds.reason }).from(refunds).where(whereFor(target)).limit(1);
  return row?.reason ?? null;
}

/** Records a refund the provider made (once: a repeated refund has the same provider id). */
export async function recordRefund(
  db: Db | Tx,
  refund: { id: string; provider: string; amount: number; reason: string; paymentIntentId?: string | null } & Partial<{ orderId: number; providerSubscriptionId: string }>,
): Promise<void> {
  await db
    .insert(refunds)
    .values({
      id: refund.id,
      provider: refund.provider,
      orderId: refund.orderId ?? null,
      providerSubscriptionId: refund.providerSubscriptionId ?? null,
      paymentIntentId: refund.paymentIntentId ?? null,
      amount: refund.amount,
      reason: refund.reason,
    })
    .onConflictDoNothing();
}
