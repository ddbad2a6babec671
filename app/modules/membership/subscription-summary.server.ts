import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";

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
