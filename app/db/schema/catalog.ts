import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  },
  (t) => [
    check("products_price_nonneg", sql`${t.price} >= 0`),
    check("products_premium_price_range", sql`${t.premiumPrice} IS NULL OR (${t.premiumPrice} >= 0 AND ${t.premiumPrice} <= ${t.price})`),
    check("products_stock_nonneg", sql`${t.stock} >= 0`),
    check("products_limit_positive", sql`${t.limitPerCustomer} IS NULL OR ${t.limitPerCustomer} > 0`),
    index("products_category_idx").on(t.categoryId, t.name),
    index("products_created_idx").on(t.createdAt),
    index("products_name_fts_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
  ],
);
