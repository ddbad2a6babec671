/**
 * Why a checkout could not start, as a short code the server puts in the redirect back to the
 * cart (`/cart?checkoutError=<code>`), and the sentence the cart shows for it. Client-safe:
 * the cart page imports `checkoutErrorMessage` to render the message.
 */
import { checkoutLimitMessage } from "~/modules/orders/purchase-limit";
import type { CouponUseProblem } from "~/modules/pricing/pricing";

export const CHECKOUT_ERROR_CODES = [
  "empty_cart",
  "missing_address",
  "unavailable",
  "out_of_stock",
  "limit_exceeded",
  "invalid_coupon",
  "coupon_used",
  "coupon_exhausted",
  "coupon_not_started",
  "coupon_min_spend",
  "coupon_not_applicable",
  "coupon_attempts",
  "payment_unavailable",
  "credit_not_enough",
  "credit_invalid",
  "drop_not_open",
  "drop_person_limit",
  "cancelled",
  "declined",
  "expired",
  "unknown",
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

/** The query parameters of the redirect back to the cart. */
export const CHECKOUT_ERROR_PARAM = "checkoutError";
/**
 * Optional: the product the problem is about, by name (shown as text, never as HTML); for
 * `coupon_min_spend`, the coupon's minimum as money ("£20.00").
 */
export const CHECKOUT_ERROR_ITEM_PARAM = "item";

export function isCheckoutErrorCode(value: unknown): value is CheckoutErrorCode {
  return typeof value === "string" && (CHECKOUT_ERROR_CODES as readonly string[]).includes(value);
}

/** The sentence for a code; `item` is a product name when the problem concerns one product. */
export function checkoutErrorMessage(code: CheckoutErrorCode, item?: string | null): string {
  const name = item?.trim() ? `"${item.trim().slice(0, 120)}"` : null;
  switch (code) {
    case "empty_cart":
      return "Your cart is empty, so there is nothing to check out.";
    case "missing_address":
      return "Please add your delivery address to your profile before checking out: we send orders to the address on your account.";
    case "unavailable":
      return name
        ? `${name} is no longer available. Please remove it from your cart to continue.`
        : "An item in your cart is no longer available. Please remove it to continue.";
    case "out_of_stock":
      return name
        ? `Sorry, there is not enough stock of ${name} for your order. Please lower the quantity and try again.`
        : "Sorry, an item in your cart no longer has enough stock. Please lower the quantity and try again.";
    case "limit_exceeded":
      return checkoutLimitMessage(name);
    case "invalid_coupon":
      return "That coupon code is not valid or has expired.";
    case "coupon_used":
      return "You have already used that coupon code as many times as it allows.";
    case "coupon_exhausted":
      return "Sorry, that coupon code has reached its limit and can no longer be used.";
    case "coupon_not_started":
      return "That coupon code cannot be used yet: its offer has not started.";
    case "coupon_min_spend": {
      // Only a sum of money is echoed: the parameter is in a URL anyone can write.
      const minimum = item?.trim() && /^£\d{1,3}(,\d{3})*\.\d{2}$/.test(item.trim()) ? item.trim() : null;
      return minimum
        ? `That coupon code needs an order of at least ${minimum} (before delivery). Add a little more to your cart to use it.`
        : "Your order is below that coupon code's minimum spend. Add a little more to your cart to use it.";
    }
    case "coupon_not_applicable":
      return "That coupon code is for certain kinds of product only, and nothing in your cart is one of them.";
    case "coupon_attempts":
      return couponAttemptsMessage(null);
    case "payment_unavailable":
      return "We couldn't reach the payment provider, so nothing was charged. Please try again in a moment.";
    case "credit_not_enough": {
      // Only a sum of money is echoed, as for the coupon minimum.
      const available = item?.trim() && /^£\d{1,3}(,\d{3})*\.\d{2}$/.test(item.trim()) ? item.trim() : null;
      return available
        ? `You have ${available} of store credit: please use that much or less. Nothing was charged.`
        : "You asked to use more store credit than you have. Nothing was charged; please try again.";
    }
    case "credit_invalid":
      return "Enter the store credit to use in pounds, like 5 or 12.50, or leave it blank to use all you have.";
    case "drop_not_open":
      return name
        ? `${name} is a timed drop: it can be bought only while your turn to buy is open. See its page for where you stand.`
        : "An item in your cart is a timed drop: it can be bought only while your turn to buy is open.";
    case "drop_person_limit":
      return name
        ? `${name} is limited per person, counting every account with the same email, delivery address or card. Please lower the quantity.`
        : "An item in your cart is limited per person, counting every account with the same email, delivery address or card.";
    case "cancelled":
      return "Checkout cancelled. Nothing was charged and your cart is as you left it.";
    case "declined":
      return "Your card was declined, so nothing was charged. Your cart is as you left it; you can try again.";
    case "expired":
      return "Your checkout session expired before payment, so nothing was charged. Please check out again.";
    default:
      return "Sorry, we couldn't start the checkout. Nothing was charged; please try again.";
  }
}

/**
 * After too many coupon codes that did not work (decision 0018): no code is looked up until the
 * wait is over; checking out without one still works.
 */
export function couponAttemptsMessage(minutes: number | null): string {
  const wait = minutes === null ? "a few minutes" : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many coupon codes have been tried. Please wait ${wait} before trying another, or check out without a code.`;
}

/** The error code for a coupon that cannot be used on this order (pricing's `couponUseProblem`). */
export function couponUseErrorCode(problem: CouponUseProblem): CheckoutErrorCode {
  switch (problem) {
    case "not_started":
      return "coupon_not_started";
    case "expired":
      return "invalid_coupon";
    case "min_spend":
      return "coupon_min_spend";
    case "no_eligible_lines":
      return "coupon_not_applicable";
  }
}

/** Builds the redirect target for a failed checkout. */
export function cartErrorPath(code: CheckoutErrorCode, item?: string | null): string {
  const params = new URLSearchParams({ [CHECKOUT_ERROR_PARAM]: code });
  if (item) params.set(CHECKOUT_ERROR_ITEM_PARAM, item);
  return `/cart?${params.toString()}`;
}
