import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { LIVE_SUBSCRIPTION_STATUSES, subscriptions } from "~/db/schema";

export interface ActiveSubscriptionSummary {
  id: string;
  planType: string;
  status: string;
  amount: number;
  startDate: Date | null;
  currentPeriodEnd: Date | null;
  endDate: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** The customer's active subscription, if any (the Subscription tab only exists then). */
export async function findActiveSubscription(db: Db, userId: string): Promise<ActiveSubscriptionSummary | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      planType: subscriptions.planType,
      status: subscriptions.status,
      amount: subscriptions.amount,
      startDate: subscriptions.startDate,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      endDate: subscriptions.endDate,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Every subscription the customer has had, for their data download. */
export async function subscriptionsData(db: Db, userId: string) {
  return db
    .select({
      plan: subscriptions.planType,
      status: subscriptions.status,
      amount: subscriptions.amount,
      startDate: subscriptions.startDate,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      endDate: subscriptions.endDate,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

/**
 * Whether a subscription is still running at the provider (active, cancelling at period end,
 * or retrying a payment): the provider would go on billing an erased customer.
 */
export async function hasRunningSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  const count = await db.$count(subscriptions, and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
  return count > 0;
}
