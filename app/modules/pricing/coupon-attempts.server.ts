/**
 * Coupon guessing (issue 12, finding 5): every checkout that carries a code counts against the
 * customer and their address before the code is looked up, like sign-in attempts (one upsert,
 * so parallel guesses count one by one). A code that is applied gives its attempt back, so
 * only codes that did not work use up the allowance; past it, no code is looked up at all
 * until the window ends (decision 0018). The counters are accounts' `rate_limits`.
 */
import type { Db } from "~/db/client.server";
import type { RateLimitRule } from "~/modules/accounts/policy";
import { consumeRateLimit, peekRateLimit, rateLimitKey, refundRateLimit } from "~/modules/accounts/rate-limit.server";

/** 10 codes that did not work per customer per 15 minutes; an address (a household, an office) gets 20. */
export const COUPON_ATTEMPT_LIMITS = {
  perCustomer: { limit: 10, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 20, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export interface CouponAttemptSubject {
  userId: string;
  /** The client's address; without one only the customer is counted. */
  ipAddress?: string | null;
}

export type CouponAttempt = { allowed: true; keys: string[] } | { allowed: false; retryAfterSeconds: number };

function checks(subject: CouponAttemptSubject, limits: typeof COUPON_ATTEMPT_LIMITS): Array<[string, RateLimitRule]> {
  return [
    [rateLimitKey("coupon:customer", subject.userId), limits.perCustomer],
    ...(subject.ipAddress ? [[rateLimitKey("coupon:ip", subject.ipAddress), limits.perAddress] as [string, RateLimitRule]] : []),
  ];
}

/** Counts one attempt; refused when the customer or the address has none left. */
export async function beginCouponAttempt(
  db: Db,
  subject: CouponAttemptSubject,
  options: { now?: Date; limits?: typeof COUPON_ATTEMPT_LIMITS } = {},
): Promise<CouponAttempt> {
  const keys: string[] = [];
  for (const [key, rule] of checks(subject, options.limits ?? COUPON_ATTEMPT_LIMITS)) {
    const result = await consumeRateLimit(db, key, rule, options.now);
    if (!result.allowed) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
    keys.push(key);
  }
  return { allowed: true, keys };
}

/** A code that was applied does not count against anyone. */
export async function refundCouponAttempt(db: Db, attempt: CouponAttempt): Promise<void> {
  if (!attempt.allowed) return;
  for (const key of attempt.keys) await refundRateLimit(db, key);
}

/**
 * Whether the next code would be refused, and for how long (the cart page's 429 after a
 * refusal): read-only, so showing the page counts nothing.
 */
export async function couponAttemptsBlocked(
  db: Db,
  subject: CouponAttemptSubject,
  options: { now?: Date; limits?: typeof COUPON_ATTEMPT_LIMITS } = {},
): Promise<{ blocked: false } | { blocked: true; retryAfterSeconds: number }> {
  let retryAfterSeconds = 0;
  for (const [key, rule] of checks(subject, options.limits ?? COUPON_ATTEMPT_LIMITS)) {
    const state = await peekRateLimit(db, key, rule, options.now);
    if (state && state.count >= rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
  }
  return retryAfterSeconds > 0 ? { blocked: true, retryAfterSeconds } : { blocked: false };
}
