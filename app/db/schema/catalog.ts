import { sql } from "drizzle-orm";
import { bigserial, boolean, check, customType, date, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { cards } from "./cards";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "./search-fold";

export { SEARCH_FOLD_FROM, SEARCH_FOLD_TO };


/** PostgreSQL's full-text document type; drizzle has none built in. Only PostgreSQL writes these. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const languages = pgTable("languages", {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  flagUrl: text().notNull(),
  sortOrder: integer().notNull().default(0),
  /** Hidden languages (and their categories and products) are not shown in the shop. */
  isVisible: boolean().notNull().default(true),
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
    /** Hidden categories (and their products) are not shown in the shop. */
    isVisible: boolean().notNull().default(true),
  },
  (t) => [index("categories_language_idx").on(t.languageId)],
);

export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    imageUrl: text(),
    /**
     * Most units one customer may hold across paid and pending orders, all variants together;
     * null = no limit. A variant may set its own (product_variants.limit_per_customer).
     */
    limitPerCustomer: integer(),
    description: text(),
    isVisible: boolean().notNull().default(true),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    /** "sealed" (one variant, no card) or "single" (a card, a variant per condition × printing × language, or per grader × grade). */
    kind: text().notNull().default("sealed"),
    /** The card a single is; null for sealed products. One product per card. */
    cardId: integer().references(() => cards.id, { onDelete: "restrict" }),
    /** When the product is (or was) released, shown in the shop and the back office; null = not set. */
    releaseDate: date({ mode: "string" }),
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
    check("products_kind_valid", sql`(${t.kind} = 'sealed' AND ${t.cardId} IS NULL) OR (${t.kind} = 'single' AND ${t.cardId} IS NOT NULL)`),
    uniqueIndex("products_card_uq").on(t.cardId).where(sql`${t.cardId} IS NOT NULL`),
    check("products_limit_positive", sql`${t.limitPerCustomer} IS NULL OR ${t.limitPerCustomer} > 0`),
    index("products_category_idx").on(t.categoryId, t.name),
    index("products_created_idx").on(t.createdAt),
    // The back office lists products most recently changed first.
    index("products_updated_idx").on(t.updatedAt, t.id),
    index("products_name_fts_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
    index("products_search_exact_idx").using("gin", t.searchExact),
    index("products_search_prefix_idx").using("gin", t.searchPrefix),
    // Broad searches (thousands of matches) are served in name order straight from this index.
    index("products_name_idx").on(t.name),
    // Category and language pages count visible products on every request.
    index("products_visible_category_idx").on(t.categoryId).where(sql`${t.isVisible}`),
    // The back office's list filters by kind and by hidden; these answer its count (and page)
    // without reading the wide rows (bench/products, decision 0038).
    index("products_kind_updated_idx").on(t.kind, t.updatedAt, t.id),
    index("products_hidden_updated_idx").on(t.updatedAt, t.id).where(sql`NOT ${t.isVisible}`),
  ],
);

/** Conditions of a raw (ungraded) single, best first; stored as these codes. */
export const CARD_CONDITIONS = ["nm", "lp", "mp", "hp", "dmg"] as const;
/** Grading companies a slab can come from; stored as these codes. */
export const GRADERS = ["psa", "bgs", "cgc", "ace", "sgc", "tag"] as const;

/**
 * What is sold and stocked: a sealed product has one variant (every attribute null); a single
 * has one per condition × printing × language, and a graded slab one per grader × grade (decision
 * 0029). Cart lines, reservations, order lines and limits point here; owned by modules/catalog.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** CARD_CONDITIONS; raw singles only. */
    condition: text(),
    /** CARD_PRINTINGS (app/db/schema/cards.ts); singles only. */
    printing: text(),
    /** Print language code ("en", "ja", "zh-cn"); singles only. */
    language: text(),
    /** GRADERS; graded slabs only, with `grade`. */
    grader: text(),
    /** "10", "9.5", … as printed on the slab. */
    grade: text(),
    /** Normal price in pence. */
    price: integer().notNull(),
    /** Member ("Pro") price in pence; null when there is none. */
    premiumPrice: integer(),
    stock: integer().notNull().default(0),
    /**
     * Most units of this variant one customer may hold; null = the product's limit applies, across
     * all its variants (app/modules/orders/purchase-limit.ts).
     */
    limitPerCustomer: integer(),
    /** The owner set this price by hand: repricing from the market leaves it alone. */
    pricePinned: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_variants_price_nonneg", sql`${t.price} >= 0`),
    check("product_variants_premium_price_range", sql`${t.premiumPrice} IS NULL OR (${t.premiumPrice} >= 0 AND ${t.premiumPrice} <= ${t.price})`),
    check("product_variants_stock_nonneg", sql`${t.stock} >= 0`),
    check("product_variants_limit_positive", sql`${t.limitPerCustomer} IS NULL OR ${t.limitPerCustomer} > 0`),
    check("product_variants_condition_valid", sql`${t.condition} IS NULL OR ${t.condition} IN ('nm', 'lp', 'mp', 'hp', 'dmg')`),
    check("product_variants_printing_valid", sql`${t.printing} IS NULL OR ${t.printing} IN ('normal', 'reverse_holo', 'holo', 'first_edition')`),
    check("product_variants_language_valid", sql`${t.language} IS NULL OR ${t.language} ~ '^[a-z]{2}(-[a-z]{2})?$'`),
    check("product_variants_grader_valid", sql`${t.grader} IS NULL OR ${t.grader} IN ('psa', 'bgs', 'cgc', 'ace', 'sgc', 'tag')`),
    check("product_variants_grade_valid", sql`${t.grade} IS NULL OR ${t.grade} ~ '^(10|[1-9]([.]5)?)$'`),
    check("product_variants_graded_pair", sql`(${t.grader} IS NULL) = (${t.grade} IS NULL)`),
    check("product_variants_raw_or_graded", sql`${t.grader} IS NULL OR ${t.condition} IS NULL`),
    unique("product_variants_attributes_uq").on(t.productId, t.condition, t.printing, t.language, t.grader, t.grade).nullsNotDistinct(),
    // Listings and set pages ask "what is in stock, from what price" per product.
    index("product_variants_product_stock_idx").on(t.productId, t.stock, t.price),
  ],
);

/** Why a variant's stock moved (`stock_movements.reason`). */
export const STOCK_MOVEMENT_REASONS = [
  "opening",
  "checkout_hold",
  "hold_released",
  "late_payment",
  "adjustment",
  "listing",
  "import",
  "cancel_restock",
  "refund_restock",
  /** Cards bought from a customer (a buylist submission) put into stock. */
  "buylist",
] as const;

/**
 * The stock ledger (issue 14, decision 0033): every change of a variant's stock, written in the
 * same statement as the guarded change itself (app/modules/catalog/inventory.server.ts), so
 * the sum of a variant's deltas is its stock. Append-only.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: text().notNull(),
    /** The order a sale, hold, release or restock belongs to. */
    orderId: integer(),
    /** The admin who adjusted, listed or imported; null for the shop itself (checkout, expiry). */
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** An adjustment's reason as the admin wrote it; an import's file. */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_movements_delta_nonzero", sql`${t.delta} <> 0`),
    check("stock_movements_after_nonneg", sql`${t.stockAfter} >= 0`),
    check(
      "stock_movements_reason_valid",
      sql`${t.reason} IN ('opening', 'checkout_hold', 'hold_released', 'late_payment', 'adjustment', 'listing', 'import', 'cancel_restock', 'refund_restock', 'buylist')`,
    ),
    index("stock_movements_variant_idx").on(t.variantId, t.id),
    index("stock_movements_order_idx").on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  ],
);

/**
 * Uploaded product pictures (issue 14): the original is processed into responsive sizes kept by
 * the media storage (app/modules/media) under `storage_key`; `widths` lists the sizes made.
 * A product shows its images in `sort_order`; generated art is the fallback when it has none.
 */
export const productImages = pgTable(
  "product_images",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storageKey: text().notNull().unique(),
    /** Pixel widths stored, each as WebP and AVIF. */
    widths: integer().array().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    alt: text().notNull().default(""),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.sortOrder)],
);
