import { sql, type SQL } from "drizzle-orm";
import { products } from "~/db/schema";

/**
 * What a customer can see (issue 14): a product is shown when it is visible itself AND its
 * category is visible AND that category's language is visible. Hiding a language or category in
 * the back office takes its products out of every listing, search, set page, the sitemap, and out
 * of carts and checkout, without touching the products' own flags: showing it again brings back
 * exactly what was shown before.
 *
 * Written as "category_id IN (the shown categories)" rather than a join per row: a shop has a few
 * dozen categories, so PostgreSQL hashes the subquery once per statement and every listing keeps
 * its own plan (the partial index products_visible_category_idx still serves the counts).
 */
export const shownCategoryIds: SQL = sql`(SELECT c.id FROM categories c JOIN languages l ON l.id = c.language_id WHERE c.is_visible AND l.is_visible)`;

/** The rule on the `products` table itself (drizzle queries). */
export const productShown: SQL = sql`(${products.isVisible} AND ${products.categoryId} IN ${shownCategoryIds})`;

/** The same rule for raw SQL that names products by an alias ("p"). */
export function productShownAs(alias: "p"): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.is_visible AND ${p}.category_id IN ${shownCategoryIds})`;
}
