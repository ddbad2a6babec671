import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";

/**
 * The spec's `is_premium`: a customer is Pro while one of their subscriptions is active and
 * its paid period has not ended. Computed from the subscription on every request, never
 * taken from the client; a failed check counts as not premium (spec §8).
 */
export async function isPremium(db: Db, userId: string, now = new Date()): Promise<boolean> {
  try {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, now)))
      .limit(1);
    return rows.length > 0;
  } catch (error) {
    console.error(`[membership] premium check failed for ${userId}:`, (error as Error).message);
    return false;
  }
}
