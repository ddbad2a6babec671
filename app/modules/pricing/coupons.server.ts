/** Coupons (`coupons`): the codes a customer may type at checkout. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coupons } from "~/db/schema";
import { normaliseCouponCode, type CouponLimits, type CouponTerms } from "./pricing";

export type RedeemableCoupon = CouponTerms & CouponLimits & { code: string };

/**
 * The coupon a customer typed, if it can be used now: matched without case or surrounding
 * spaces, active and not past its end. Null for a blank code is the caller's to tell apart
 * (see `normaliseCouponCode`); null here means "not valid".
 *
 * With `lock` (checkout's transaction) the row is locked FOR NO KEY UPDATE, so two checkouts
 * with one code count its redemptions one after the other and a limit of one is one order
 * (decision 0018). That lock does not block the orders' foreign-key check on the code.
 */
export async function findRedeemableCoupon(db: Db, typed: string, now: Date, options: { lock?: boolean } = {}): Promise<RedeemableCoupon | null> {
  const code = normaliseCouponCode(typed);
  if (!code) return null;
  const query = db
    .select({
      code: coupons.code,
      percentOff: coupons.percentOff,
      amountOff: coupons.amountOff,
      maxRedemptions: coupons.maxRedemptions,
      maxRedemptionsPerCustomer: coupons.maxRedemptionsPerCustomer,
    })
    .from(coupons)
    .where(
      and(
        sql`upper(${coupons.code}) = ${code}`,
        eq(coupons.active, true),
        sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} > ${now})`,
      ),
    );
  const [row] = options.lock ? await query.for("no key update") : await query;
  return row ?? null;
}

/**
 * A coupon's redemption limits by its exact stored code (an order's `coupon_code`), whatever
 * its state now, with the row locked FOR NO KEY UPDATE like checkout's lookup: fulfilment
 * re-checks a late payment's coupon under the same lock (decision 0018). Null if it is gone.
 */
export async function lockCouponLimits(db: Db, code: string): Promise<CouponLimits | null> {
  const [row] = await db
    .select({ maxRedemptions: coupons.maxRedemptions, maxRedemptionsPerCustomer: coupons.maxRedemptionsPerCustomer })
    .from(coupons)
    .where(eq(coupons.code, code))
    .for("no key update");
  return row ?? null;
}
