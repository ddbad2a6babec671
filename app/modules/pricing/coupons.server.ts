/** Coupons (`coupons`): the codes a customer may type at checkout. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coupons } from "~/db/schema";
import { normaliseCouponCode, type CouponTerms } from "./pricing";

export type RedeemableCoupon = CouponTerms & { code: string };

/**
 * The coupon a customer typed, if it can be used now: matched without case or surrounding
 * spaces, active and not past its end. Null for a blank code is the caller's to tell apart
 * (see `normaliseCouponCode`); null here means "not valid".
 */
export async function findRedeemableCoupon(db: Db, typed: string, now: Date): Promise<RedeemableCoupon | null> {
  const code = normaliseCouponCode(typed);
  if (!code) return null;
  const [row] = await db
    .select({ code: coupons.code, percentOff: coupons.percentOff, amountOff: coupons.amountOff })
    .from(coupons)
    .where(
      and(
        sql`upper(${coupons.code}) = ${code}`,
        eq(coupons.active, true),
        sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} > ${now})`,
      ),
    );
  return row ?? null;
}
