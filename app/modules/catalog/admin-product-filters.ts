/**
 * The back office's product list filters, read from and written to the query string:
 * `?q=charizard&language=en&category=booster-boxes&visibility=hidden&stock=low&kind=single
 * &sort=name&page=2`. One home for them: the product list (/admin/products) and the CSV export
 * (the same filters, so "export what I see") both parse here and build SQL from
 * `productFilterWhere` in admin-product-query.server.ts.
 *
 * Pure and client-safe. A value that cannot be understood is dropped (its filter does not apply),
 * never a 500: filters are links and bookmarks, and a stale one should still show a list.
 */
import { z } from "zod";
import { PRODUCT_LOW_STOCK_THRESHOLD } from "~/config/constants";
import { parsePage } from "./paging";

export const ADMIN_PRODUCT_SORTS = ["updated", "name", "newest", "stock-asc", "stock-desc"] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  updated: "Recently changed",
  name: "Name (A–Z)",
  newest: "Newest first",
  "stock-asc": "Stock (low to high)",
  "stock-desc": "Stock (high to low)",
};

/** in: some variant has stock; low: total stock 1…PRODUCT_LOW_STOCK_THRESHOLD (the shop's "Only n left"); out: none. */
export const STOCK_STATES = ["in", "low", "out"] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_STATE_LABELS: Record<StockState, string> = { in: "In stock", low: "Low stock", out: "Sold out" };

export { PRODUCT_LOW_STOCK_THRESHOLD };

export const VISIBILITIES = ["visible", "hidden"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const PRODUCT_KINDS = ["sealed", "single"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Longer search text is cut: nobody types 100 characters to find a product. */
export const MAX_ADMIN_QUERY_LENGTH = 100;

/** Rows per page of the admin product list. */
export const ADMIN_PRODUCT_PAGE_SIZE = 50;

export interface AdminProductFilters {
  /** Name or slug contains this (case-insensitive); "" = any. */
  q: string;
  /** A language code ("en"); null = any. */
  language: string | null;
  /** A category slug; null = any. */
  category: string | null;
  visibility: Visibility | null;
  stock: StockState | null;
  kind: ProductKind | null;
}

export const NO_ADMIN_PRODUCT_FILTERS: AdminProductFilters = { q: "", language: null, category: null, visibility: null, stock: null, kind: null };

const slugLike = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);
const languageCode = z.string().trim().toLowerCase().regex(/^[a-z]{2}(-[a-z]{2})?$/);

function one<T>(schema: z.ZodType<T>, value: string | null): T | null {
  if (value === null || value === "") return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface ParsedAdminProductList {
  filters: AdminProductFilters;
  sort: AdminProductSort;
  page: number;
}

export function parseAdminProductParams(url: URL): ParsedAdminProductList {
  const params = url.searchParams;
  const filters: AdminProductFilters = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_ADMIN_QUERY_LENGTH),
    language: one(languageCode, params.get("language")),
    category: one(slugLike, params.get("category")),
    visibility: one(z.enum(VISIBILITIES), params.get("visibility")),
    stock: one(z.enum(STOCK_STATES), params.get("stock")),
    kind: one(z.enum(PRODUCT_KINDS), params.get("kind")),
  };
  const sort = one(z.enum(ADMIN_PRODUCT_SORTS), params.get("sort")) ?? "updated";
  return { filters, sort, page: parsePage(url) };
}

/** The query string for these filters (defaults left out), e.g. for paging links and the CSV export link. */
export function adminProductQueryString(filters: AdminProductFilters, extra: { sort?: AdminProductSort; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.language) params.set("language", filters.language);
  if (filters.category) params.set("category", filters.category);
  if (filters.visibility) params.set("visibility", filters.visibility);
  if (filters.stock) params.set("stock", filters.stock);
  if (filters.kind) params.set("kind", filters.kind);
  if (extra.sort && extra.sort !== "updated") params.set("sort", extra.sort);
  if (extra.page && extra.page > 1) params.set("page", String(extra.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
