import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type; drizzle has none built in. Only PostgreSQL writes these. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Folds the accented Latin letters of product names ("Pokémon") so "pokemon" finds them; search
 * queries are folded with the same table (app/modules/catalog/search-query.ts).
 */
export const SEARCH_FOLD_FROM = "àáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ";
export const SEARCH_FOLD_TO = "aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY";

export const languages = pgTable("languages", {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  flagUrl: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const categories = pgTable(
  "categories",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    languageId: integer()
      .notNull()
      .references(() => languages.id, { onDelete: "restrict" }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index("categories_language_idx").on(t.languageId)],
);

export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    /** Normal price in pence. */
    price: integer().notNull(),
    /** Member ("Pro") price in pence; null when the product has none. */
    premiumPrice: integer(),
    imageUrl: text(),
    stock: integer().notNull().default(0),
    /** Most units one customer may hold across paid and pending orders; null = no limit. */
    limitPerCustomer: integer(),
    description: text(),
    isVisible: boolean().notNull().default(true),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Search documents, kept by PostgreSQL (see docs/decisions/0008-search-ranking.md). Stored,
     * not recomputed per query, because ranking thousands of matches must not re-parse names.
     * `search_exact` has English stems for web-search queries; `search_prefix` has whole,
     * unstemmed, accent-folded words so that "chari" or "collecti" match as prefixes.
     */
    searchExact: tsvector().generatedAlwaysAs(sql`to_tsvector('english', "name")`),
    searchPrefix: tsvector().generatedAlwaysAs(sql.raw(`to_tsvector('simple', translate("name", '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}'))`)),
  },
  (t) => [
    check("products_price_nonneg", sql`${t.price} >= 0`),
    check("products_premium_price_range", sql`${t.premiumPrice} IS NULL OR (${t.premiumPrice} >= 0 AND ${t.premiumPrice} <= ${t.price})`),
    check("products_stock_nonneg", sql`${t.stock} >= 0`),
    check("products_limit_positive", sql`${t.limitPerCustomer} IS NULL OR ${t.limitPerCustomer} > 0`),
    index("products_category_idx").on(t.categoryId, t.name),
    index("products_created_idx").on(t.createdAt),
    index("products_name_fts_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
    index("products_search_exact_idx").using("gin", t.searchExact),
    index("products_search_prefix_idx").using("gin", t.searchPrefix),
    // Broad searches (thousands of matches) are served in name order straight from this index.
    index("products_name_idx").on(t.name),
    // Category and language pages count visible (and in-stock) products on every request; this
    // partial index answers those counts from the index alone.
    index("products_visible_category_idx").on(t.categoryId, t.stock).where(sql`${t.isVisible}`),
  ],
);
