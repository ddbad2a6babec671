import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { productVariants } from "./catalog";

/**
 * Market prices and the owner's pricing rules (issue 13, decision 0030); owned by
 * app/modules/market. Every imported price guide is kept, so a card's market history is the
 * guides in date order.
 */

/** One imported price-guide file (Cardmarket's price_guide JSON). */
export const marketPriceGuides = pgTable("market_price_guides", {
  id: serial().primaryKey(),
  /** "cardmarket". */
  source: text().notNull(),
  /** When the source says the guide was made (its `createdAt`). */
  publishedAt: timestamp({ withTimezone: true }).notNull(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  fileName: text().notNull(),
  /** Rows in the file, and how many of them matched a card by its Cardmarket id. */
  rowCount: integer().notNull(),
  matchedCount: integer().notNull(),
});

/** A product's figures in one guide, in euro cents (null where the guide had none). */
export const marketPrices = pgTable(
  "market_prices",
  {
    guideId: integer()
      .notNull()
      .references(() => marketPriceGuides.id, { onDelete: "cascade" }),
    cardmarketProductId: integer().notNull(),
    avg: integer(),
    low: integer(),
    trend: integer(),
    avg1: integer(),
    avg7: integer(),
    avg30: integer(),
    /** The same figures for the reverse-holo ("-holo" fields in the guide) printing. */
    avgHolo: integer(),
    lowHolo: integer(),
    trendHolo: integer(),
    avg1Holo: integer(),
    avg7Holo: integer(),
    avg30Holo: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.cardmarketProductId] }),
    // A card's price history: its rows across guides.
    index("market_prices_product_idx").on(t.cardmarketProductId, t.guideId),
  ],
);

/**
 * The owner's rules for pricing singles from the market: one row (id 1). `rules` is checked by
 * the zod schema in app/modules/market/pricing-rules.ts, its one home.
 */
export const pricingRules = pgTable(
  "pricing_rules",
  {
    id: integer().primaryKey(),
    rules: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("pricing_rules_single_row", sql`${t.id} = 1`)],
);

/** One applied repricing: the rules and guide it used, and what it changed. */
export const repricingRuns = pgTable("repricing_runs", {
  id: serial().primaryKey(),
  appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  appliedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  guideId: integer().references(() => marketPriceGuides.id, { onDelete: "set null" }),
  rules: jsonb().notNull(),
  changedCount: integer().notNull(),
  /** Variants left alone because a pending checkout held them. */
  skippedHeldCount: integer().notNull(),
});

/** Each price a repricing changed, before and after (pence). */
export const repricingChanges = pgTable(
  "repricing_changes",
  {
    runId: integer()
      .notNull()
      .references(() => repricingRuns.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    oldPrice: integer().notNull(),
    newPrice: integer().notNull(),
    oldPremiumPrice: integer(),
    newPremiumPrice: integer(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.variantId] }), index("repricing_changes_variant_idx").on(t.variantId)],
);
