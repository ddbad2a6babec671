import { PRODUCT_LOW_STOCK_THRESHOLD } from "~/config/constants";

export interface StockBadge {
  label: string;
  tone: "out" | "low" | "in";
  available: boolean;
}

/** The product page's stock badge (spec §4): ≤0 "Out of Stock", 1–5 "Only {n} left", above 5 "In Stock". */
export function stockBadge(stock: number): StockBadge {
  if (stock <= 0) return { label: "Out of Stock", tone: "out", available: false };
  if (stock <= PRODUCT_LOW_STOCK_THRESHOLD) return { label: `Only ${stock} left`, tone: "low", available: true };
  return { label: "In Stock", tone: "in", available: true };
}
