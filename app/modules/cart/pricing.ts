import { CART_SHIPPING_PENCE } from "~/config/constants";

/** What pricing needs to know about one line. All money in integer pence. */
export interface PricedLineInput {
  price: number;
  premiumPrice: number | null;
  quantity: number;
}

/** Members pay the premium price where one exists; everyone else pays the normal price. */
export function unitPriceFor(line: Pick<PricedLineInput, "price" | "premiumPrice">, isPremium: boolean): number {
  return isPremium && line.premiumPrice !== null ? line.premiumPrice : line.price;
}

export function usesPremiumPrice(line: Pick<PricedLineInput, "price" | "premiumPrice">, isPremium: boolean): boolean {
  return isPremium && line.premiumPrice !== null && line.premiumPrice < line.price;
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
    subtotal += unitPriceFor(line, isPremium) * line.quantity;
    normalSubtotal += line.price * line.quantity;
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
