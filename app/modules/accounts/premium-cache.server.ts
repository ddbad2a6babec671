/**
 * The profile's cached `premium_status`, for reports and other readers. Nothing that grants a
 * price reads it: membership's `isPremium` is computed from subscriptions on every request, and
 * membership keeps this cache in line with it through these two functions.
 */
import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { profiles } from "~/db/schema";

/** Sets one customer's cached status (no write when it is already right). */
export async function setCachedPremiumStatus(db: Db, userId: string, premium: boolean, now: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ premiumStatus: premium, updatedAt: now })
    .where(and(eq(profiles.id, userId), ne(profiles.premiumStatus, premium)));
}

/**
 * Up to `limit` customers whose cache says Pro, after `afterId` in id order, locked until the
 * caller's transaction ends: a subscription change refreshing one of them meanwhile waits and
 * writes after, so a clear based on an older reading cannot undo it.
 */
export async function lockCachedPremiumUserIds(tx: Tx, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.premiumStatus, true), afterId === null ? undefined : gt(profiles.id, afterId)))
    .orderBy(asc(profiles.id))
    .limit(limit)
    .for("update");
  return rows.map((r) => r.id);
}

/** Clears the cache for these customers (still-Pro ones are the caller's to leave out); how many changed. */
export async function clearCachedPremiumStatus(db: Db | Tx, userIds: string[], now: Date): Promise<number> {
  if (userIds.length === 0) return 0;
  const changed = await db
    .update(profiles)
    .set({ premiumStatus: false, updatedAt: now })
    .where(and(inArray(profiles.id, userIds), eq(profiles.premiumStatus, true)))
    .returning({ id: profiles.id });
  return changed.length;
}
