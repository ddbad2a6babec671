/** Coupons (`coupons`, `coupon_categories`): the codes a customer may type at checkout. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couponCategories, coupons, products } from "~/db/schema";
import { normaliseCouponCode, type CouponConditions, type CouponLimits, type CouponTerms } from "./pricing";

export type RedeemableCoupon = CouponTerms & CouponConditions & CouponLimits & { code: string; categoryIds: number[] };

/**
 * The active coupon a customer typed, matched without case or surrounding spaces, with what
 * pricing needs to decide whether it can be used now and on what (`couponUseProblem`: its
 * dates, minimum spend and categories) and how often (`couponRedemptionProblem`). Null for a
 * code that matches no active coupon; a blank code is the caller's to tell apart (see
 * `normaliseCouponCode`). Its dates are pricing's rule, not this query's: an expired code is
 * found here and refused by `couponUseProblem`.
 *
 * With `lock` (checkout's transaction) the row is locked FOR NO KEY UPDATE, so two checkouts
 * with one code count its redemptions one after the other and a limit of one is one order
 * (decision 0018), and an admin's edit (which locks the row to write it) is seen whole or not
 * at all. That lock does not block the orders' foreign-key check on the code.
 */
export async function findRedeemableCoupon(db: Db, typed: string, options: { lock?: boolean } = {}): Promise<RedeemableCoupon | null> {
  const code = normaliseCouponCode(typed);
  if (!code) return null;
  const query = db
    .select({
      code: coupons.code,
      percentOff: coupons.percentOff,
      amountOff: coupons.amountOff,
      validFrom: coupons.validFrom,
      validUntil: coupons.validUntil,
      minSpend: coupons.minSpend,
      maxRedemptions: coupons.maxRedemptions,
      maxRedemptionsPerCustomer: coupons.maxRedemptionsPerCustomer,
    })
    .from(coupons)
    .where(and(sql`upper(${coupons.code}) = ${code}`, eq(coupons.active, true)));
  const [row] = options.lock ? await query.for("no key update") : await query;
  if (!row) return null;
  const categories = await db
    .select({ id: couponCategories.categoryId })
    .from(couponCategories)
    .where(eq(couponCategories.couponCode, row.code))
    .orderBy(couponCategories.categoryId);
  return { ...row, categoryIds: categories.map((c) => c.id) };
}

/**
 * The category of each of these products, for a coupon restricted to categories: checkout
 * gives its lines their category with this before pricing them. A read of the catalogue's
 * `products` on purpose (listed in docs/development.md): one query for the whole cart.
 */
export async function productCategoryIds(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, r.categoryId]));
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
