import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import type { RateLimitRule } from "./policy";

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Rate-limit keys name an account by a hash of its email, so the table holds no addresses
 * in clear; the kind prefix keeps sign-in and reset counters apart.
 */
export function rateLimitKey(kind: string, subject: string): string {
  const digest = createHash("sha256").update(subject.trim().toLowerCase()).digest("hex").slice(0, 32);
  return `${kind}:${digest}`;
}

/**
 * Counts one attempt in a fixed window and says whether it is within the limit. One
 * INSERT ... ON CONFLICT DO UPDATE: the row lock makes concurrent attempts count one by
 * one, so twenty parallel guesses cannot all slip under a limit of five, and every app
 * instance shares the same counters.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowFloor = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const windowEnds = row!.windowStart.getTime() + rule.windowMs;
  return {
    allowed: row!.count <= rule.limit,
    count: row!.count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}

/**
 * The current window's count without counting (null when there is none, or it has ended):
 * for pages that say "please wait" without using up an attempt themselves.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<{ count: number; retryAfterSeconds: number } | null> {
  const [row] = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key));
  if (!row) return null;
  const windowEnds = row.windowStart.getTime() + rule.windowMs;
  if (windowEnds <= now.getTime()) return null;
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
}

/** Gives one attempt back (a sign-in that succeeded should not count against its address). */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters whose window ended long ago (housekeeping; keeps the table small). */
export async function deleteStaleRateLimits(db: Db, olderThan: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan)).returning({ key: rateLimits.key });
  return rows.length;
}
