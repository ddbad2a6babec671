import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { categories, languages, products, productVariants } from "~/db/schema";
import { likeContains } from "~/db/sql-text";
import { PRODUCT_LOW_STOCK_THRESHOLD, type AdminProductFilters, type AdminProductSort } from "./admin-product-filters";

/** A product's total stock over its variants, as SQL on the outer `products` row. */
export const productTotalStock: SQL<number> = sql<number>`(SELECT coalesce(sum(${productVariants.stock}), 0)::int FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`;

/**
 * The WHERE of the admin product list and of the CSV export, for the same filters (one home:
 * "export what I see"). Joins needed: `products` joined to `categories` and `languages`
 * (language and category filters read them).
 */
export function productFilterWhere(filters: AdminProductFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) conditions.push(or(ilike(products.name, likeContains(filters.q)), ilike(products.slug, likeContains(filters.q))));
  if (filters.language) conditions.push(eq(languages.code, filters.language));
  if (filters.category) conditions.push(eq(categories.slug, filters.category));
  if (filters.visibility) conditions.push(eq(products.isVisible, filters.visibility === "visible"));
  if (filters.kind) conditions.push(eq(products.kind, filters.kind));
  if (filters.stock) {
    const anyInStock = sql`EXISTS (SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id} AND ${productVariants.stock} > 0)`;
    if (filters.stock === "out") conditions.push(sql`NOT ${anyInStock}`);
    else if (filters.stock === "in") conditions.push(anyInStock);
    else conditions.push(sql`${productTotalStock} BETWEEN 1 AND ${PRODUCT_LOW_STOCK_THRESHOLD}`);
  }
  return and(...conditions);
}

/** ORDER BY for a sort; every order ends in the id so pages never overlap. */
export function productListOrder(sort: AdminProductSort): SQL[] {
  switch (sort) {
    case "name":
      return [sql`${products.name} ASC`, sql`${products.id} ASC`];
    case "newest":
      return [sql`${products.createdAt} DESC`, sql`${products.id} DESC`];
    case "stock-asc":
      return [sql`${productTotalStock} ASC`, sql`${products.id} ASC`];
    case "stock-desc":
      return [sql`${productTotalStock} DESC`, sql`${products.id} DESC`];
    case "updated":
      return [sql`${products.updatedAt} DESC`, sql`${products.id} DESC`];
  }
}
