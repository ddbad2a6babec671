/**
 * The cart as a customer sees it: plain, client-safe types shared by the cart module (which
 * builds them on the server) and the cart page's components (which render them).
 */
import type { CartSummary } from "~/modules/pricing/pricing";

export interface CartLine {
  /** What is in the cart: the variant (a sealed product has one). */
  variantId: number;
  productId: number;
  slug: string;
  /** The product's name. */
  name: string;
  /** "Lightly Played · Holo · English", "PSA 10"; null for a sealed product. */
  variantLabel: string | null;
  /** The product page's query that picks this variant ("condition=lp&printing=holo"); "" for sealed. */
  variantQuery: string;
  imageUrl: string | null;
  /** Normal unit price in pence. */
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  quantity: number;
  /** The most this customer may hold in the cart now (stock, limit minus units already ordered). */
  maxQuantity: number;
  /** What this customer pays per unit. */
  unitPrice: number;
  usesPremium: boolean;
  lineTotal: number;
  normalLineTotal: number;
}

export interface CartView {
  lines: CartLine[];
  summary: CartSummary;
  isPremium: boolean;
  /** Why lines changed since the customer last looked ("X: only 2 left, quantity reduced"). */
  notices: string[];
  /** Lines checkout will refuse as they stand (the limit counting the customer's orders). */
  warnings: string[];
}

export type CartResult =
  | { ok: true; quantity: number; notice?: string; ignored?: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };
