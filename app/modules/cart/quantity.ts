import { DEFAULT_MAX_QUANTITY } from "~/config/constants";

/**
 * The most of one product a customer may put in the cart: the smaller of stock and the
 * per-customer limit (99 when there is no limit). Zero when out of stock.
 */
export function maxSelectableQuantity(stock: number, limitPerCustomer: number | null): number {
  return Math.max(0, Math.min(stock, limitPerCustomer ?? DEFAULT_MAX_QUANTITY));
}

/** The quantity selector's options: 1 .. maxSelectableQuantity. */
export function quantityOptions(stock: number, limitPerCustomer: number | null): number[] {
  return Array.from({ length: maxSelectableQuantity(stock, limitPerCustomer) }, (_, i) => i + 1);
}
