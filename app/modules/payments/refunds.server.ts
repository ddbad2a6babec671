import { asc, eq } from "drizzle-orm";
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

/** One refund of an order, as the admin's order page lists it. */
export interface OrderRefund {
  id: string;
  provider: string;
  amount: number;
  reason: string;
  createdAt: Date;
}

/** An order's refunds, oldest first. */
export async function refundsForOrder(db: Db | Tx, orderId: number): Promise<OrderRefund[]> {
  return db
    .select({ id: refunds.id, provider: refunds.provider, amount: refunds.amount, reason: refunds.reason, createdAt: refunds.createdAt })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * Records a refund the provider made (once: a repeated refund has the same provider id).
 * True when this call wrote the row, false when it was already there (a replay).
 */
export async function recordRefund(
  db: Db | Tx,
  refund: { id: string; provider: string; amount: number; reason: string; paymentIntentId?: string | null } & Partial<{ orderId: number; providerSubscriptionId: string }>,
): Promise<boolean> {
  const rows = await db
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
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return rows.length > 0;
}
