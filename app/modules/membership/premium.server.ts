import { and, type AnyColumn, eq, gt, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { clearCachedPremiumStatus, lockCachedPremiumUserIds, setCachedPremiumStatus } from "~/modules/accounts/premium-cache.server";
import { loggableMessage, processLog } from "~/utils/log.server";

/** The one definition of "Pro now": an active subscription whose paid period has not ended. */
function livePremium(now: Date | Placeholder) {
  return and(eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, now));
}

/**
 * The spec's `is_premium`: a customer is Pro while one of their subscriptions is active and
 * its paid period has not ended. Computed from the subscription on every request, never
 * taken from the client; a failed check counts as not premium (spec §8).
 */
export async function isPremium(db: Db | Tx, userId: string, now = new Date()): Promise<boolean> {
  try {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), livePremium(now)))
      .limit(1);
    return rows.length > 0;
  } catch (error) {
    processLog().error({ userId, reason: loggableMessage(error) }, "membership: Pro check failed; member prices not shown");
    return false;
  }
}

/**
 * `isPremium` as a column of another query: the session lookup asks it with the session's own
 * row, so a signed-in request costs one round trip for both (decision 0056). Same definition;
 * `now` may be a placeholder of a prepared statement.
 */
export function isPremiumSql(userId: AnyColumn, now: Date | Placeholder): SQL<boolean> {
  // The condition as nested SQL: drizzle keeps its columns qualified even in a query without
  // joins (where top-level columns lose their table, and "user_id" would be anyone's).
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${and(eq(subscriptions.userId, userId), livePremium(now))})`;
}

/**
 * Brings the profile's cached `premium_status` in line with `isPremium` after a subscription
 * changed. The cache is for reports and other readers; nothing that grants a price reads it.
 */
export async function refreshPremiumStatus(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const premium = await isPremium(db, userId, now);
  await setCachedPremiumStatus(db, userId, premium, now);
  return premium;
}

/**
 * Clears the cache for everyone whose paid period has run out without an event saying so
 * (the request-time check already treats them as not premium). Returns how many changed.
 */
export async function expirePremiumStatuses(db: Db, now = new Date(), batchSize = 1000): Promise<number> {
  let cleared = 0;
  let afterId: string | null = null;
  // In batches (a bounded IN list), each one transaction holding its profiles' rows.
  for (;;) {
    const batch: string[] = await db.transaction(async (tx) => {
      const cached = await lockCachedPremiumUserIds(tx, afterId, batchSize);
      if (cached.length === 0) return cached;
      const live = await tx
        .selectDistinct({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(inArray(subscriptions.userId, cached), livePremium(now)));
      const stillPro = new Set(live.map((r) => r.userId));
      cleared += await clearCachedPremiumStatus(
        tx,
        cached.filter((id) => !stillPro.has(id)),
        now,
      );
      return cached;
    });
    if (batch.length < batchSize) return cleared;
    afterId = batch[batch.length - 1]!;
  }
}
