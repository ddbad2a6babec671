/**
 * Pricing, the one home of every money rule a customer sees: which unit price applies (member
 * price or normal), the coupon discount, flat shipping, savings and the total. Pure and
 * client-safe: the cart, checkout, the product page and the cart page's optimistic totals all
 * call these, so the browser can never show a figure the server would not charge.
 */
import { CART_SHIPPING_PENCE } from "~/config/constants";

/** What pricing needs to know about one line. All money in integer pence. */
export interface PricedLineInput {
  price: number;
  premiumPrice: number | null;
  quantity: number;
  /**
   * The product's category, for a coupon restricted to categories (absent or null: in none of
   * them, so such a coupon does not apply to the line).
   */
  categoryId?: number | null;
}

type Prices = Pick<PricedLineInput, "price" | "premiumPrice">;

/**
 * Whether the member price applies: a Pro member, and a member price below the normal one.
 * (The database keeps premium_price <= price; an equal price is no member saving to show.)
 */
export function usesPremiumPrice(line: Prices, isPremium: boolean): boolean {
  return isPremium && hasMemberPrice(line);
}

/** Whether the product has a member price worth showing: set, and below the normal price. */
export function hasMemberPrice(line: Prices): line is Prices & { premiumPrice: number } {
  return line.premiumPrice !== null && line.premiumPrice < line.price;
}

/** What a member saves per unit (zero when there is no member price below the normal one). */
export function memberSaving(line: Prices): number {
  return hasMemberPrice(line) ? line.price - line.premiumPrice : 0;
}

/** What this customer pays per unit: the member price where it applies, else the normal price. */
export function unitPriceFor(line: Prices, isPremium: boolean): number {
  return usesPremiumPrice(line, isPremium) ? line.premiumPrice! : line.price;
}

/** One line at the prices this customer pays, and at normal prices (for the savings shown). */
export function lineTotals(line: PricedLineInput, isPremium: boolean): { unitPrice: number; lineTotal: number; normalLineTotal: number } {
  const unitPrice = unitPriceFor(line, isPremium);
  return { unitPrice, lineTotal: unitPrice * line.quantity, normalLineTotal: line.price * line.quantity };
}

export interface CartSummary {
  /** What the lines cost at the prices this customer pays. */
  subtotal: number;
  /** What the lines would cost at normal prices. */
  normalSubtotal: number;
  /** normalSubtotal − subtotal (spec §9 "Pro savings"). */
  proSavings: number;
  shipping: number;
  discount: number;
  total: number;
  itemCount: number;
}

/**
 * The cart and checkout arithmetic of spec §9: subtotal at member prices where they apply,
 * flat shipping, Pro savings = normal total − subtotal, total = subtotal − discount + shipping.
 * An empty cart costs nothing (no shipping on nothing).
 */
export function summarise(lines: PricedLineInput[], isPremium: boolean, discount = 0): CartSummary {
  let subtotal = 0;
  let normalSubtotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    const totals = lineTotals(line, isPremium);
    subtotal += totals.lineTotal;
    normalSubtotal += totals.normalLineTotal;
    itemCount += line.quantity;
  }
  const shipping = itemCount > 0 ? CART_SHIPPING_PENCE : 0;
  const appliedDiscount = Math.min(Math.max(0, discount), subtotal);
  return {
    subtotal,
    normalSubtotal,
    proSavings: normalSubtotal - subtotal,
    shipping,
    discount: appliedDiscount,
    total: subtotal - appliedDiscount + shipping,
    itemCount,
  };
}

/**
 * A coupon as pricing needs it: a percentage or a fixed amount off the subtotal of the lines
 * it applies to, which are every line, or with `categoryIds` only the lines in those
 * categories (decision 0035).
 */
export interface CouponTerms {
  percentOff: number | null;
  amountOff: number | null;
  /** The categories the coupon is restricted to; absent or empty: every line. */
  categoryIds?: readonly number[];
}

/** When and on what a coupon may be used (decision 0035); null = no such condition. */
export interface CouponConditions {
  /** Not usable before this moment. */
  validFrom: Date | null;
  /** Not usable from this moment on. */
  validUntil: Date | null;
  /** Smallest order subtotal (pence, at the prices this customer pays, before the discount). */
  minSpend: number | null;
}

/** A coupon's redemption limits; null = no limit (decision 0018). */
export interface CouponLimits {
  maxRedemptions: number | null;
  maxRedemptionsPerCustomer: number | null;
}

/**
 * Whether one more order may use the coupon, given the orders already holding it: "used" when
 * this customer has had their share, "exhausted" when everyone together has. The customer's
 * own limit is checked first: it is the one they can do something about (nothing).
 */
export function couponRedemptionProblem(limits: CouponLimits, redeemed: { total: number; byCustomer: number }): "used" | "exhausted" | null {
  if (limits.maxRedemptionsPerCustomer !== null && redeemed.byCustomer >= limits.maxRedemptionsPerCustomer) return "used";
  if (limits.maxRedemptions !== null && redeemed.total >= limits.maxRedemptions) return "exhausted";
  return null;
}

/** Coupon codes are matched case-insensitively and without surrounding spaces. */
export function normaliseCouponCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? "";
  return trimmed === "" ? null : trimmed.toUpperCase();
}

/** Whether a coupon applies to a line: unrestricted, or the line's category is one of its categories. */
export function couponAppliesToLine(coupon: Pick<CouponTerms, "categoryIds">, line: Pick<PricedLineInput, "categoryId">): boolean {
  const only = coupon.categoryIds ?? [];
  if (only.length === 0) return true;
  return line.categoryId !== undefined && line.categoryId !== null && only.includes(line.categoryId);
}

/**
 * What the lines a coupon applies to cost at the prices this customer pays (member prices
 * where they apply): the amount a percentage is taken from and a fixed amount is capped at.
 */
export function couponEligibleSubtotal(coupon: Pick<CouponTerms, "categoryIds">, lines: readonly PricedLineInput[], isPremium: boolean): number {
  let eligible = 0;
  for (const line of lines) if (couponAppliesToLine(coupon, line)) eligible += lineTotals(line, isPremium).lineTotal;
  return eligible;
}

/** Why a coupon cannot be used on an order (see `couponUseProblem`). */
export type CouponUseProblem = "not_started" | "expired" | "min_spend" | "no_eligible_lines";

/**
 * Why a coupon cannot be used on these lines now, if it cannot (decision 0035): "not_started"
 * before its start, "expired" from its end on, "min_spend" when the order's subtotal (every
 * line at this customer's prices, before the discount) is under its minimum, and
 * "no_eligible_lines" when it is restricted to categories and no line is in one of them.
 * The redemption limits are `couponRedemptionProblem`'s, asked with the orders' counts.
 */
export function couponUseProblem(
  coupon: Pick<CouponTerms, "categoryIds"> & CouponConditions,
  lines: readonly PricedLineInput[],
  isPremium: boolean,
  now: Date,
): CouponUseProblem | null {
  if (coupon.validFrom !== null && now.getTime() < coupon.validFrom.getTime()) return "not_started";
  if (coupon.validUntil !== null && now.getTime() >= coupon.validUntil.getTime()) return "expired";
  if (coupon.minSpend !== null && summarise([...lines], isPremium).subtotal < coupon.minSpend) return "min_spend";
  if (!lines.some((line) => couponAppliesToLine(coupon, line))) return "no_eligible_lines";
  return null;
}

/**
 * The discount a coupon gives on the subtotal of the lines it applies to, pence: a percentage
 * of it rounded to the nearest penny, or a fixed amount capped at it.
 */
export function couponDiscount(coupon: Pick<CouponTerms, "percentOff" | "amountOff">, eligibleSubtotal: number): number {
  if (coupon.percentOff !== null) return Math.round((eligibleSubtotal * coupon.percentOff) / 100);
  return Math.min(eligibleSubtotal, coupon.amountOff ?? 0);
}

/**
 * The order's figures: lines at this customer's prices, the coupon (if any) on the subtotal of
 * the lines it applies to (all of them unless it is restricted to categories), shipping.
 */
export function priceOrder(lines: PricedLineInput[], isPremium: boolean, coupon: CouponTerms | null): CartSummary {
  if (!coupon) return summarise(lines, isPremium);
  return summarise(lines, isPremium, couponDiscount(coupon, couponEligibleSubtotal(coupon, lines, isPremium)));
}
