/**
 * The cart page's optimistic view: cart changes still on their way to the server, applied in
 * order to the server's lines, so a click shows at once. The server applies the same intents
 * with guarded statements and its answer replaces this view; prices come from the pricing
 * module, so the page never shows a figure the server would not charge.
 */
import { lineTotals } from "~/modules/pricing/pricing";
import type { CartIntent } from "./cart-form";
import type { CartLine } from "./cart-view";

/** A cart form still being submitted (from the page's fetchers). */
export interface PendingCartChange {
  intent: CartIntent | string | null;
  variantId: number;
  /** The typed quantity of an `update`. */
  quantity: number;
}

/** What one intent does to a line's quantity (0 removes it). */
export function projectQuantity(intent: PendingCartChange["intent"], current: number, typed: number): number {
  switch (intent) {
    case "increment":
      return current + 1;
    case "decrement":
      return current - 1;
    case "remove":
      return 0;
    case "update":
      return typed || 0;
    default:
      return current;
  }
}

/**
 * The lines as they will be once the pending changes land. Pending clicks never show more than
 * the line's cap; a line already above it (see the cart's warnings) stays as stored.
 */
export function applyPendingChanges(lines: CartLine[], pending: PendingCartChange[], isPremium: boolean): CartLine[] {
  let quantities = new Map(lines.map((l) => [l.variantId, l.quantity]));
  for (const change of pending) {
    if (change.intent === "clear") {
      quantities = new Map([...quantities.keys()].map((k) => [k, 0]));
      continue;
    }
    const current = quantities.get(change.variantId);
    if (current === undefined) continue;
    quantities.set(change.variantId, projectQuantity(change.intent, current, change.quantity));
  }
  return lines
    .map((line) => {
      const upper = Math.max(line.quantity, line.maxQuantity);
      const quantity = Math.max(0, Math.min(quantities.get(line.variantId) ?? 0, upper));
      return { ...line, quantity, ...lineTotals({ ...line, quantity }, isPremium) };
    })
    .filter((line) => line.quantity > 0);
}
