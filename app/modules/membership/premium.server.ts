import { and, eq, gt, ne, notExists, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, subscriptions } from "~/db/schema";

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

/**
 * Brings the profile's cached `premium_status` in line with `isPremium` after a subscription
 * changed. The cache is for reports and other readers; nothing that grants a price reads it.
 */
export async function refreshPremiumStatus(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const premium = await isPremium(db, userId, now);
  await db
    .update(profiles)
    .set({ premiumStatus: premium, updatedAt: now })
    .where(and(eq(profiles.id, userId), ne(profiles.premiumStatus, premium)));
  return premium;
}

/**
 * Clears the cache for everyone whose paid period has run out without an event saying so
 * (the request-time check already treats them as not premium). Returns how many changed.
 */
export async function expirePremiumStatuses(db: Db, now = new Date()): Promise<number> {
  const changed = await db
    .update(profiles)
    .set({ premiumStatus: false, updatedAt: now })
    .where(
      and(
        eq(profiles.premiumStatus, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(
              and(eq(subscriptions.userId, profiles.id), eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, now)),
            ),
        ),
      ),
    )
    .returning({ id: profiles.id });
  return changed.length;
}
