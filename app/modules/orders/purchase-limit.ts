/**
 * The per-customer purchase limit, the one home of its rule (spec §7 `check_purchase_limit`,
 * architecture §3): a product's `limit_per_customer` counts every unit the customer holds in
 * orders that are paid or still awaiting payment, across orders, plus what they are about to
 * take. It counts across the product's variants (an NM and an LP copy are two of one card),
 * except that a variant with a limit of its own is counted alone, against that limit. Pure and client-safe: the quantity selector, the cart, checkout and late-payment
 * fulfilment all use these; the held-units query is in `purchase-limit.server.ts`.
 */
import { DEFAULT_MAX_QUANTITY } from "~/config/constants";
import type { LimitScope } from "~/modules/catalog/variants";

/** Order statuses whose units count against the limit: paid, or awaiting payment. */
export const LIMIT_COUNTED_ORDER_STATUSES = ["pending", "completed", "dispatched"] as const;

/** Order statuses that mean an order was paid (a drop winner's place used, a drop's units sold). */
export const PAID_ORDER_STATUSES = ["completed", "dispatched"] as const;

/**
 * The most of one product a customer may hold in the cart now: stock, then the limit less what
 * they already hold in counted orders (99 when the product has no limit, matching the selector).
 */
export function lineCap(stock: number, limitPerCustomer: number | null, alreadyHeld = 0): number {
  const limitRoom = limitPerCustomer === null ? DEFAULT_MAX_QUANTITY : limitPerCustomer - alreadyHeld;
  return Math.max(0, Math.min(stock, limitRoom));
}

/** The most the quantity selector offers (nothing held yet): zero when out of stock. */
export function maxSelectableQuantity(stock: number, limitPerCustomer: number | null): number {
  return lineCap(stock, limitPerCustomer);
}

/** The quantity selector's options: 1 .. maxSelectableQuantity. */
export function quantityOptions(stock: number, limitPerCustomer: number | null): number[] {
  return Array.from({ length: maxSelectableQuantity(stock, limitPerCustomer) }, (_, i) => i + 1);
}

/** True when taking `quantity` more would put the customer over the product's limit. */
export function exceedsLimit(limitPerCustomer: number | null, alreadyHeld: number, quantity: number): boolean {
  return limitPerCustomer !== null && alreadyHeld + quantity > limitPerCustomer;
}

/** What a limit message names: the product when the limit is the product's, else the variant ("… (PSA 10 · English)"). */
export function limitSubject(v: { name: string; displayName: string; limitScope: LimitScope }): string {
  return v.limitScope.kind === "product" ? v.name : v.displayName;
}

/** The cart's refusal when an add or a raise would pass the limit. */
export function purchaseLimitMessage(name: string, limit: number, ordered: number): string {
  const base = `Purchase limit reached: ${name} is limited to ${limit} per customer.`;
  if (ordered <= 0) return base;
  const room = Math.max(0, limit - ordered);
  return `${base} You already have ${ordered} in your orders, so ${room === 0 ? "no more can be added" : `at most ${room} more can be in your cart`}.`;
}

/** The cart page's warning for a line checkout would refuse as it stands. */
export function limitWarning(name: string, limit: number, held: number): string {
  const room = Math.max(0, limit - held);
  return room === 0
    ? `${name}: limit ${limit} per customer, and you already have ${held} in your orders (paid or awaiting payment), so it cannot be checked out again.`
    : `${name}: limit ${limit} per customer, and you already have ${held} in your orders (paid or awaiting payment), so at most ${room} can be checked out.`;
}

/** The cart's notice when it lowered a line to what the limit leaves. */
export function limitReducedNotice(name: string, limit: number): string {
  return `${name}: limit ${limit} per customer, quantity reduced.`;
}

/** The cart's answer to an add when the line already holds all the limit allows. */
export function limitFullMessage(name: string, limit: number): string {
  return `${name} is limited to ${limit} per customer: your cart has the most you can add.`;
}

/** Checkout's refusal (shown on the cart) for a line that would pass the limit. */
export function checkoutLimitMessage(name: string | null | undefined): string {
  return name
    ? `${name} has a limit per customer, and this order would take you over it (orders awaiting payment count too). Please lower the quantity.`
    : "An item in your cart has a limit per customer, and this order would take you over it. Please lower the quantity.";
}
