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

/** A coupon as pricing needs it: a percentage or a fixed amount off the subtotal. */
export interface CouponTerms {
  percentOff: number | null;
  amountOff: number | null;
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

/** The discount a coupon gives on a subtotal, pence (percent rounded to the nearest penny). */
export function couponDiscount(coupon: CouponTerms, subtotal: number): number {
  if (coupon.percentOff !== null) return Math.round((subtotal * coupon.percentOff) / 100);
  return Math.min(subtotal, coupon.amountOff ?? 0);
}

/** The order's figures: lines at this customer's prices, the coupon (if any) on the subtotal, shipping. */
export function priceOrder(lines: PricedLineInput[], isPremium: boolean, coupon: CouponTerms | null): CartSummary {
  const base = summarise(lines, isPremium);
  return coupon ? summarise(lines, isPremium, couponDiscount(coupon, base.subtotal)) : base;
}
