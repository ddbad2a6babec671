/**
 * What the back office's product screens show (issue 14): shapes the module
 * (product-admin.server.ts) returns and the components render, and the notices shown after a
 * change (PRODUCT_NOTICES, by the redirect's `?done=`). Client-safe.
 */
import type { AdminProductFilters, AdminProductSort, ProductKind } from "./admin-product-filters";

export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  kind: ProductKind;
  isVisible: boolean;
  categoryName: string;
  languageName: string;
  languageCode: string;
  variantCount: number;
  totalStock: number;
  /** Cheapest price among variants in stock, else among all; null for a product without variants. */
  headlinePrice: number | null;
  /** Whether `headlinePrice` is one of several prices ("From £x"). */
  fromPrice: boolean;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface AdminProductList {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  filters: AdminProductFilters;
  sort: AdminProductSort;
  languages: FilterOption[];
  categories: FilterOption[];
}

export interface CategoryChoice {
  id: number;
  name: string;
  languageName: string;
}

export interface AdminVariantView {
  id: number;
  label: string | null;
  condition: string | null;
  printing: string | null;
  language: string | null;
  grader: string | null;
  grade: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
  /** Units held by pending checkouts (already taken off `stock`). */
  held: number;
  limitPerCustomer: number | null;
  pricePinned: boolean;
  /** Ordered or held at some point: it cannot be removed. */
  inUse: boolean;
}

export interface AdminProductDetail {
  id: number;
  name: string;
  slug: string;
  kind: ProductKind;
  description: string | null;
  isVisible: boolean;
  categoryId: number;
  categoryName: string;
  releaseDate: string | null;
  limitPerCustomer: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** Some order has a line of it: it can be hidden, never deleted. */
  hasOrders: boolean;
  variants: AdminVariantView[];
}

export interface StockHistoryRow {
  id: number;
  variantId: number;
  variantLabel: string | null;
  delta: number;
  stockBefore: number;
  stockAfter: number;
  /** A `stock_movements.reason` (STOCK_MOVEMENT_REASONS). */
  reason: string;
  orderId: number | null;
  actorEmail: string | null;
  note: string | null;
  createdAt: Date;
}

export interface StockHistoryPage {
  rows: StockHistoryRow[];
  page: number;
  pageCount: number;
  total: number;
}

/** How the ledger names each reason on the admin's product page. */
export const STOCK_MOVEMENT_LABELS: Record<string, string> = {
  opening: "Opening stock",
  checkout_hold: "Held by a checkout",
  hold_released: "Hold released",
  late_payment: "Late payment",
  adjustment: "Adjusted by an admin",
  listing: "Listed",
  import: "Imported",
  cancel_restock: "Order cancelled",
  refund_restock: "Refund restock",
  buylist: "Bought from a customer",
};

/** Which form on the product pages a refusal belongs to (its values and errors are shown there). */
export type ProductFormName = "product" | "variants" | "new-variant" | "stock" | "delete" | "actions";

/** A refused post: the message, each field's error, and everything that was typed. */
export interface ProductRefusal {
  form: ProductFormName;
  message: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  /** The variant whose stock form was refused. */
  variantId?: number;
}

/** What `?done=` on a product's admin page says (Post/Redirect/Get). */
export const PRODUCT_NOTICES = {
  created: "The product was created.",
  saved: "Your changes were saved.",
  unchanged: "Nothing had changed.",
  variants: "The variants were saved.",
  "variant-added": "The variant was added.",
  "variant-removed": "The variant was removed.",
  duplicated: "This is the copy: hidden from the shop, with no stock. Check it, then show it.",
  hidden: "The product is hidden from the shop.",
  shown: "The product is shown in the shop.",
  stock: "Stock was adjusted and recorded in the history.",
  "stock-unchanged": "The stock already was that figure: nothing was recorded.",
  deleted: "The product was deleted.",
} as const;
export type ProductNotice = keyof typeof PRODUCT_NOTICES;

export function productNotice(done: string | null): string | null {
  return done && Object.hasOwn(PRODUCT_NOTICES, done) ? PRODUCT_NOTICES[done as ProductNotice] : null;
}
