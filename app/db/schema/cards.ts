import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "./search-fold";

/**
 * Card reference data (issue 13, decision 0028): what cards exist, set by set, loaded from TCGdex
 * files by `npm run cards:import`. Separate from what the shop stocks (products); owned by
 * app/modules/cards.
 */

/** PostgreSQL's full-text document type; drizzle has none built in. Only PostgreSQL writes these. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The printings a card can exist in (TCGdex's `variants` flags), as stored in `cards.printings`. */
export const CARD_PRINTINGS = ["normal", "reverse_holo", "holo", "first_edition"] as const;
/** Card categories ("supertype"), as stored in `cards.category`. */
export const CARD_CATEGORIES = ["Pokémon", "Trainer", "Energy"] as const;

export const cardSets = pgTable(
  "card_sets",
  {
    id: serial().primaryKey(),
    /** The shop's code for the set; the TCGdex set id ("base1", "sv03.5") when imported. */
    code: text().notNull().unique(),
    name: text().notNull(),
    /** Series name ("Base", "Scarlet & Violet"); null when only a card's set summary was seen. */
    seriesName: text(),
    releaseDate: date({ mode: "string" }),
    /** Number printed after the slash ("4/102" → 102). */
    officialCardCount: integer(),
    /** Every card of the set, secret rares included. */
    totalCardCount: integer(),
    /**
     * Other codes people type for the set, lower-case: the official abbreviation ("mew"), the
     * pokemontcg.io id ("sv3pt5"). Search matches these as well as `code`.
     */
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    symbolUrl: text(),
    logoUrl: text(),
    tcgdexId: text().notNull().unique(),
    cardmarketId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("card_sets_counts_nonneg", sql`(${t.officialCardCount} IS NULL OR ${t.officialCardCount} >= 0) AND (${t.totalCardCount} IS NULL OR ${t.totalCardCount} >= 0)`),
  ],
);

export const cards = pgTable(
  "cards",
  {
    id: serial().primaryKey(),
    setId: integer()
      .notNull()
      .references(() => cardSets.id, { onDelete: "restrict" }),
    /** The number as printed, without the set size: "4", "001", "TG01", "SV107", "20A". */
    localNumber: text().notNull(),
    /**
     * Fixed-width [0-9A-Z] key (numberSortKey in app/modules/cards/tcgdex.ts) so "2" < "10" <
     * "TG01" in any collation: plain numbers first by value, then prefixed numbers by prefix.
     */
    numberSort: text().notNull(),
    name: text().notNull(),
    /** TCGdex rarity as written ("Rare Holo", "Double rare"); null when unknown. */
    rarity: text(),
    /** "Pokémon", "Trainer" or "Energy"; null when only a set's card list was seen. */
    category: text(),
    /** Pokémon stage ("Basic", "Stage1", "VMAX"…). */
    stage: text(),
    /** Further kinds: suffix ("EX", "V"), trainer type ("Supporter"), energy type ("Special"). */
    subtypes: text().array().notNull().default(sql`'{}'::text[]`),
    hp: integer(),
    /** Energy types ("Fire", "Water"…); empty for trainers. */
    types: text().array().notNull().default(sql`'{}'::text[]`),
    /** Printings this card exists in (CARD_PRINTINGS); null when the source did not say. */
    printings: text().array(),
    artist: text(),
    tcgdexId: text().notNull().unique(),
    /** Cardmarket product id (TCGdex `pricing.cardmarket.idProduct`): the price-guide join key. */
    cardmarketProductId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Whole, accent-folded name words for prefix search ("chari" finds "Charizard"); see decision 0028. */
    searchName: tsvector().generatedAlwaysAs(sql.raw(`to_tsvector('simple', translate("name", '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}'))`)),
  },
  (t) => [
    unique("cards_set_number_unique").on(t.setId, t.localNumber),
    check("cards_hp_positive", sql`${t.hp} IS NULL OR ${t.hp} > 0`),
    check("cards_category_valid", sql`${t.category} IS NULL OR ${t.category} IN ('Pokémon', 'Trainer', 'Energy')`),
    check("cards_printings_valid", sql`${t.printings} IS NULL OR ${t.printings} <@ ARRAY['normal', 'reverse_holo', 'holo', 'first_edition']::text[]`),
    // Set pages list a set's cards in number order straight from this index.
    index("cards_set_number_sort_idx").on(t.setId, t.numberSort),
    // "charizard 4/102", "sv3pt5 199": a printed number across every set, then the set's count.
    index("cards_local_number_idx").on(t.localNumber),
    index("cards_search_name_idx").using("gin", t.searchName),
    index("cards_cardmarket_product_idx").on(t.cardmarketProductId),
  ],
);
