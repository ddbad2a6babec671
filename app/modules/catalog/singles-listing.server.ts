/**
 * The one query behind set pages and filtered search: a list of cards or products, each with
 * what its variants offer under the filters (cheapest variant in stock, units, conditions and
 * printings), the facet counts of the filter form, and one page of results — in a single
 * statement, so a page costs one round trip.
 *
 * Filters work at two levels. Rarity is the card's. Condition, printing, price and "in stock"
 * are a variant's, and a row matches when ONE of its variants passes them all (an LP holo
 * under £20 in stock), not when different variants pass different ones. Facet counts are
 * "disjunctive": each condition's count applies every filter but the condition filter, so it
 * says how many results ticking it would add.
 *
 * A search that matches more than BROAD_ABOVE products ("ex", "booster") is "broad" (decision
 * 0031, after 0008): its results are still exactly the filtered matches, but without facet counts
 * and with "more than 1,000" for a total, and by name where the order would be by relevance, so
 * its cost is one existence check per match instead of a summary of every variant.
 *
 * Reads products and product_variants (catalog's own) with cards and card_sets (cards' tables):
 * a reporting join listed in docs/development.md. Hidden products never leave this module.
 */
import type { ResponsiveImage } from "~/modules/media/responsive";
import { sql, type SQL } from "drizzle-orm";
import { productShownAs } from "./visibility.server";
import type { Db } from "~/db/client.server";
import { hasVariantFilters, type FindFilters, type FindSort } from "./find-filters";
import { cardNumberLabel, type Facets, type ListingItem } from "./find-view";
import { SEARCH_RANK_LIMIT } from "./paging";
import { CONDITIONS, PRINTINGS, variantQuery } from "./variants";

/** Searches with more matches than this are broad: no facet counts, no exact total (decision 0031). */
export const BROAD_ABOVE = SEARCH_RANK_LIMIT;

/** Which rows are listed before any filter. */
export type ListingBase =
  /** Every card of a set, with its product when the shop lists it (`includeUnlisted`: show the rest too). */
  | { kind: "set"; setId: number; includeUnlisted: boolean }
  /**
   * Visible products matching a text search (`text`: a WHERE fragment over `p`, and its rank),
   * plus the products found by card number or set (`cardMatches`, best first).
   */
  | { kind: "search"; text: { match: SQL; rank: SQL } | null; cardMatches: readonly number[] }
  /** Exactly these visible products, in this order (a page of results found elsewhere). */
  | { kind: "ids"; ids: readonly number[]; cardMatches: readonly number[] };

export interface ListingOptions {
  filters: FindFilters;
  sort: FindSort | "given";
  /** Count facets (and the total) over the whole base. */
  facets: boolean;
  /** The page of rows to describe; null for counts only. */
  window: { limit: number; offset: number } | null;
  /**
   * Describe exactly these visible products, in this order, instead of a page of the base (a
   * page found by the text search, counted here with its facets in the same statement).
   */
  describe?: { ids: readonly number[]; cardMatches: readonly number[] };
}

export interface ListingResult {
  /** Null for a broad search. */
  facets: Facets | null;
  /** Results with every filter applied; null for a broad search with more than BROAD_ABOVE of them. */
  total: number | null;
  /** Rows of the base (set page: cards in the set) and how many of them are listed with a variant. */
  baseRows: number;
  listedRows: number;
  items: ListingItem[];
  /** A row past the window exists (broad searches, which have no total, page by this). */
  hasMore: boolean;
}

const intArray = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** Column names for the per-value flags: fixed codes from variants.ts, never input. */
const conditionFlag = (c: string) => sql.raw(`c_${c}`);
const printingFlag = (p: string) => sql.raw(`p_${p}`);

function and(parts: SQL[]): SQL {
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** The variant-level filters over `v`, leaving out the one being counted. */
function variantFilter(f: FindFilters, leaveOut?: "condition" | "printing" | "stock"): SQL {
  const parts: SQL[] = [];
  if (leaveOut !== "condition" && f.conditions.length > 0) parts.push(sql`v.condition = ANY(${textArray(f.conditions)})`);
  if (leaveOut !== "printing" && f.printings.length > 0) parts.push(sql`v.printing = ANY(${textArray(f.printings)})`);
  if (leaveOut !== "stock" && f.inStock) parts.push(sql`v.stock > 0`);
  if (f.minPrice !== null) parts.push(sql`v.price >= ${f.minPrice}`);
  if (f.maxPrice !== null) parts.push(sql`v.price <= ${f.maxPrice}`);
  return and(parts);
}

/**
 * `rankNeeded`: the text rank orders the page (relevance); other sorts need not compute it.
 * `guarded`: a search base stops one row past BROAD_ABOVE, so a broad query costs a bounded
 * amount before it is seen to be broad (and answered by broadListing instead).
 */
function baseQuery(base: ListingBase, rankNeeded: boolean, guarded: boolean): SQL {
  switch (base.kind) {
    case "set":
      return sql`
        SELECT p.id AS product_id, c.id AS card_id, c.rarity, c.number_sort, c.local_number, c.name AS sort_name,
               0::real AS text_rank, NULL::bigint AS match_ord, NULL::bigint AS given_ord
        FROM cards c
        LEFT JOIN products p ON p.card_id = c.id AND ${productShownAs("p")} AND p.kind = 'single'
        WHERE c.set_id = ${base.setId}`;
    case "search": {
      // One scan of products: the text match OR one of the card matches (a bitmap OR of the
      // search indexes and the primary key), rather than a union joined back to products.
      const cardMatch = sql`p.id = ANY(${intArray(base.cardMatches)})`;
      // The card by its key, row by row (LIMIT 1 keeps the planner from hashing the whole cards
      // table for a few hundred matches; a full listing never has more than BROAD_ABOVE).
      return sql`
        SELECT p.id AS product_id, c.id AS card_id, c.rarity, c.number_sort, c.local_number, p.name AS sort_name,
               ${base.text && rankNeeded ? base.text.rank : sql`0`}::real AS text_rank, cm.ord AS match_ord, NULL::bigint AS given_ord
        FROM products p
        LEFT JOIN LATERAL (SELECT c.id, c.rarity, c.number_sort, c.local_number FROM cards c WHERE c.id = p.card_id LIMIT 1) c ON true
        LEFT JOIN unnest(${intArray(base.cardMatches)}) WITH ORDINALITY AS cm(id, ord) ON cm.id = p.id
        WHERE ${productShownAs("p")} AND (${base.text ? sql`${base.text.match} OR ` : sql``}${cardMatch})
        ${guarded ? sql`LIMIT ${BROAD_ABOVE + 1}` : sql``}`;
    }
    case "ids":
      return sql`
        SELECT p.id AS product_id, c.id AS card_id, c.rarity, c.number_sort, c.local_number, p.name AS sort_name,
               0::real AS text_rank, cm.ord AS match_ord, given.ord AS given_ord
        FROM unnest(${intArray(base.ids)}) WITH ORDINALITY AS given(id, ord)
        JOIN products p ON p.id = given.id AND ${productShownAs("p")}
        LEFT JOIN cards c ON c.id = p.card_id
        LEFT JOIN unnest(${intArray(base.cardMatches)}) WITH ORDINALITY AS cm(id, ord) ON cm.id = p.id`;
  }
}

/** ORDER BY of the page; ties always end on a unique key so pages never overlap. */
function orderBy(sort: ListingOptions["sort"]): SQL {
  switch (sort) {
    case "number":
      return sql`r.number_sort NULLS LAST, r.local_number, r.sort_name, r.card_id, r.product_id`;
    case "name":
      return sql`r.sort_name, r.number_sort NULLS LAST, r.card_id, r.product_id`;
    case "price-asc":
      return sql`r.from_price ASC NULLS LAST, r.number_sort NULLS LAST, r.sort_name, r.card_id, r.product_id`;
    case "price-desc":
      return sql`r.from_price DESC NULLS LAST, r.number_sort NULLS LAST, r.sort_name, r.card_id, r.product_id`;
    case "relevance":
      return sql`r.match_ord ASC NULLS LAST, r.text_rank DESC, r.sort_name, r.product_id`;
    case "given":
      return sql`r.given_ord`;
  }
}

interface RawFacets {
  total: number;
  inStock: number;
  conditions: number[];
  printings: number[];
  listed: number;
}

interface RawItem {
  productId: number | null;
  slug: string | null;
  name: string;
  imageUrl: string | null;
  limitPerCustomer: number | null;
  cardName: string | null;
  number: string | null;
  rarity: string | null;
  setCode: string | null;
  setName: string | null;
  officialCount: number | null;
  lead: { price: number; premiumPrice: number | null; condition: string | null; printing: string | null; language: string | null; grader: string | null; grade: string | null } | null;
  stock: number | null;
  conditions: string[] | null;
  printings: string[] | null;
  cardMatch: boolean;
  /** The product's first uploaded image (one probe of product_images_product_idx per row). */
  image: ResponsiveImage | null;
}

/** One result row of `db.execute`, whichever driver ran it. */
function firstRow<T>(result: unknown): T {
  const rows = (result as { rows?: T[] }).rows ?? (result as T[]);
  return rows[0]!;
}

/**
 * The page's rows described as JSON, in `pg.ord` order: product, card and set, the lead variant
 * (cheapest in stock among those `all` allows, else cheapest) and what those variants hold.
 * `page` yields product_id, card_id, match_ord and ord.
 */
function describedItems(page: SQL, all: SQL): SQL {
  return sql`
    (SELECT coalesce(json_agg(json_build_object(
        'productId', pg.product_id, 'slug', p.slug, 'name', coalesce(p.name, c.name), 'imageUrl', p.image_url,
        'limitPerCustomer', p.limit_per_customer, 'cardName', c.name, 'number', c.local_number, 'rarity', c.rarity,
        'setCode', s.code, 'setName', s.name, 'officialCount', s.official_card_count,
        'lead', CASE WHEN lead.price IS NULL THEN NULL ELSE json_build_object(
          'price', lead.price, 'premiumPrice', lead.premium_price, 'condition', lead.condition, 'printing', lead.printing,
          'language', lead.language, 'grader', lead.grader, 'grade', lead.grade) END,
        'stock', avail.stock, 'conditions', avail.conditions, 'printings', avail.printings,
        'cardMatch', pg.match_ord IS NOT NULL,
        'image', (SELECT json_build_object('storageKey', i.storage_key, 'widths', i.widths, 'width', i.width, 'height', i.height, 'alt', i.alt)
                  FROM product_images i WHERE i.product_id = pg.product_id ORDER BY i.sort_order, i.id LIMIT 1)
      ) ORDER BY pg.ord), '[]'::json)
     FROM (${page}) pg
     LEFT JOIN products p ON p.id = pg.product_id
     LEFT JOIN cards c ON c.id = pg.card_id
     LEFT JOIN card_sets s ON s.id = c.set_id
     LEFT JOIN LATERAL (
       SELECT v.price, v.premium_price, v.condition, v.printing, v.language, v.grader, v.grade
       FROM product_variants v WHERE v.product_id = pg.product_id AND ${all}
       ORDER BY v.stock > 0 DESC, v.price, v.id LIMIT 1
     ) lead ON true
     LEFT JOIN LATERAL (
       SELECT sum(v.stock)::int AS stock,
              array_agg(DISTINCT v.condition) FILTER (WHERE v.stock > 0 AND v.condition IS NOT NULL) AS conditions,
              array_agg(DISTINCT v.printing) FILTER (WHERE v.stock > 0 AND v.printing IS NOT NULL) AS printings
       FROM product_variants v WHERE v.product_id = pg.product_id AND ${all}
     ) avail ON true)`;
}

/**
 * `knownNarrow`: the caller knows the search matches at most BROAD_ABOVE text matches (the text
 * search counted them), so the count is not asked again.
 */
export async function runListing(db: Db, base: ListingBase, options: ListingOptions, knownNarrow = false): Promise<ListingResult> {
  if (base.kind !== "search" || knownNarrow) return fullListing(db, base, options, false);
  // Most searches are narrow: list them straight away, on a base cut one row past the limit;
  // a base that reached it is broad, and the (bounded) work is thrown away.
  const listing = await fullListing(db, base, options, true);
  return listing.baseRows > BROAD_ABOVE ? broadListing(db, base, options) : listing;
}

/**
 * Every row of the base summarised: facet counts, exact total, any order. `guarded`: see
 * baseQuery; `baseRows` tells whether the base reached the limit.
 */
async function fullListing(db: Db, base: ListingBase, options: ListingOptions, guarded: boolean): Promise<ListingResult> {
  const f = options.filters;
  const all = variantFilter(f);
  const rarityPass = f.rarities.length > 0 ? sql`r.rarity = ANY(${textArray(f.rarities)})` : sql`TRUE`;
  // "All cards" shows the cards the shop does not list, greyed, as long as no filter asks
  // something of a variant (which a card without one cannot answer).
  const unlistedPass = base.kind === "set" && base.includeUnlisted && !hasVariantFilters(f) ? sql` OR r.variant_count = 0` : sql``;
  const pass = sql`(r.ok${unlistedPass}) AND ${rarityPass}`;

  const facetsPart = options.facets
    ? sql`
      (SELECT json_build_object(
          'total', count(*) FILTER (WHERE ${pass}),
          'inStock', count(*) FILTER (WHERE r.can_stock AND ${rarityPass}),
          'conditions', json_build_array(${sql.join(CONDITIONS.map((c) => sql`count(*) FILTER (WHERE r.${conditionFlag(c)} AND ${rarityPass})`), sql`, `)}),
          'printings', json_build_array(${sql.join(PRINTINGS.map((p) => sql`count(*) FILTER (WHERE r.${printingFlag(p)} AND ${rarityPass})`), sql`, `)}),
          'listed', count(*) FILTER (WHERE r.variant_count > 0))
       FROM rows r) AS facets,
      (SELECT coalesce(json_agg(json_build_object('value', x.rarity, 'count', x.n) ORDER BY x.rarity), '[]'::json)
       FROM (SELECT r.rarity, count(*) AS n FROM rows r WHERE (r.ok${unlistedPass}) AND r.rarity IS NOT NULL GROUP BY r.rarity) x) AS rarities`
    : sql`NULL::json AS facets, NULL::json AS rarities`;

  const page = options.describe
    ? sql`
        SELECT given.id AS product_id, p.card_id, cm.ord AS match_ord, given.ord
        FROM unnest(${intArray(options.describe.ids)}) WITH ORDINALITY AS given(id, ord)
        JOIN products p ON p.id = given.id AND ${productShownAs("p")}
        LEFT JOIN unnest(${intArray(options.describe.cardMatches)}) WITH ORDINALITY AS cm(id, ord) ON cm.id = p.id`
    : options.window
    ? sql`
        SELECT r.*, row_number() OVER (ORDER BY ${orderBy(options.sort)}) AS ord
        FROM rows r WHERE ${pass}
        ORDER BY ${orderBy(options.sort)}
        LIMIT ${options.window.limit + 1} OFFSET ${options.window.offset}`
    : null;
  const itemsPart = page ? sql`${describedItems(page, all)} AS items` : sql`NULL::json AS items`;

  // The base is read once (MATERIALIZED); when guarded and it reached the limit, the one-time
  // filter below skips every variant read, and the caller answers the query as broad.
  const statement = sql`
    WITH base AS MATERIALIZED (${baseQuery(base, options.sort === "relevance", guarded)}),
    rows AS (
      SELECT b.*, a.*
      FROM base b
      LEFT JOIN LATERAL (
        SELECT count(*) AS variant_count,
               coalesce(bool_or(${all}), false) AS ok,
               ${sql.join(CONDITIONS.map((c) => sql`coalesce(bool_or(v.condition = ${c} AND ${variantFilter(f, "condition")}), false) AS ${conditionFlag(c)}`), sql`, `)},
               ${sql.join(PRINTINGS.map((p) => sql`coalesce(bool_or(v.printing = ${p} AND ${variantFilter(f, "printing")}), false) AS ${printingFlag(p)}`), sql`, `)},
               coalesce(bool_or(v.stock > 0 AND ${variantFilter(f, "stock")}), false) AS can_stock,
               coalesce(min(v.price) FILTER (WHERE ${all} AND v.stock > 0), min(v.price) FILTER (WHERE ${all})) AS from_price
        FROM product_variants v WHERE v.product_id = b.product_id
      ) a ON true
      ${guarded ? sql`WHERE (SELECT count(*) FROM base) <= ${BROAD_ABOVE}` : sql``}
    )
    SELECT (SELECT count(*)::int FROM base) AS base_rows, ${facetsPart}, ${itemsPart}`;

  const row = firstRow<{ base_rows: number; facets: RawFacets | null; rarities: Array<{ value: string; count: number }> | null; items: RawItem[] | null }>(
    await db.execute(statement),
  );
  const raw = row.facets;
  const items = (row.items ?? []).map(toItem);
  const limit = options.describe ? items.length : (options.window?.limit ?? 0);
  return {
    facets: raw
      ? {
          total: raw.total,
          inStock: raw.inStock,
          condition: CONDITIONS.map((value, i) => ({ value, count: raw.conditions[i] ?? 0 })),
          printing: PRINTINGS.map((value, i) => ({ value, count: raw.printings[i] ?? 0 })),
          rarity: row.rarities ?? [],
        }
      : null,
    total: raw?.total ?? null,
    baseRows: row.base_rows,
    listedRows: raw?.listed ?? 0,
    items: items.slice(0, limit),
    hasMore: items.length > limit,
  };
}

/**
 * A broad search: the matches passing every filter, counted up to one past BROAD_ABOVE, and a
 * page of them. Relevance gives way to name order after the card matches, as the text search
 * does for broad queries (decision 0008). In name order with no card matches, neither the count
 * (which stops at BROAD_ABOVE + 1) nor the page (which can walk the name index) needs every match
 * checked; a price order, or card matches to put first, does.
 */
async function broadListing(db: Db, base: Extract<ListingBase, { kind: "search" }>, options: ListingOptions): Promise<ListingResult> {
  const f = options.filters;
  const all = variantFilter(f);
  const byPrice = options.sort === "price-asc" || options.sort === "price-desc";
  const window = options.window;
  const passes = sql`${productShownAs("p")} AND (${base.text ? sql`${base.text.match} OR ` : sql``}p.id = ANY(${intArray(base.cardMatches)}))
    ${f.rarities.length > 0 ? sql`AND EXISTS (SELECT 1 FROM cards c WHERE c.id = p.card_id AND c.rarity = ANY(${textArray(f.rarities)}))` : sql``}
    AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND ${all})`;

  let statement: SQL;
  if (!byPrice && base.cardMatches.length === 0) {
    statement = sql`
      SELECT
        (SELECT count(*)::int FROM (SELECT 1 FROM products p WHERE ${passes} LIMIT ${BROAD_ABOVE + 1}) x) AS total,
        ${
          window
            ? describedItems(
                sql`SELECT p.id AS product_id, p.card_id, NULL::bigint AS match_ord, row_number() OVER (ORDER BY p.name, p.id) AS ord
                    FROM products p WHERE ${passes}
                    ORDER BY p.name, p.id LIMIT ${window.limit + 1} OFFSET ${window.offset}`,
                all,
              )
            : sql`NULL::json`
        } AS items`;
  } else {
    const order =
      options.sort === "price-asc"
        ? sql`m.from_price ASC NULLS LAST, m.sort_name, m.product_id`
        : options.sort === "price-desc"
          ? sql`m.from_price DESC NULLS LAST, m.sort_name, m.product_id`
          : options.sort === "name"
            ? sql`m.sort_name, m.product_id`
            : sql`m.match_ord ASC NULLS LAST, m.sort_name, m.product_id`;
    statement = sql`
      WITH matches AS (
        SELECT p.id AS product_id, p.card_id, p.name AS sort_name, cm.ord AS match_ord${
          byPrice
            ? sql`,
               (SELECT coalesce(min(v.price) FILTER (WHERE v.stock > 0), min(v.price)) FROM product_variants v WHERE v.product_id = p.id AND ${all}) AS from_price`
            : sql``
        }
        FROM products p
        LEFT JOIN unnest(${intArray(base.cardMatches)}) WITH ORDINALITY AS cm(id, ord) ON cm.id = p.id
        WHERE ${passes}
      )
      SELECT
        (SELECT count(*)::int FROM (SELECT 1 FROM matches LIMIT ${BROAD_ABOVE + 1}) x) AS total,
        ${
          window
            ? describedItems(
                sql`SELECT m.*, row_number() OVER (ORDER BY ${order}) AS ord FROM matches m ORDER BY ${order} LIMIT ${window.limit + 1} OFFSET ${window.offset}`,
                all,
              )
            : sql`NULL::json`
        } AS items`;
  }
  const row = firstRow<{ total: number; items: RawItem[] | null }>(await db.execute(statement));
  const items = (row.items ?? []).map(toItem);
  const limit = window?.limit ?? 0;
  return {
    facets: null,
    total: row.total > BROAD_ABOVE ? null : row.total,
    baseRows: 0,
    listedRows: 0,
    items: items.slice(0, limit),
    hasMore: items.length > limit,
  };
}

function ordered(values: string[] | null, order: readonly string[]): string[] {
  return [...(values ?? [])].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function toItem(raw: RawItem): ListingItem {
  const card =
    raw.cardName !== null && raw.number !== null && raw.setCode !== null
      ? {
          name: raw.cardName,
          number: raw.number,
          numberLabel: cardNumberLabel(raw.number, raw.officialCount),
          rarity: raw.rarity,
          setCode: raw.setCode,
          setName: raw.setName ?? raw.setCode,
        }
      : null;
  return {
    productId: raw.productId,
    slug: raw.slug,
    name: raw.name,
    imageUrl: raw.imageUrl,
    limitPerCustomer: raw.limitPerCustomer,
    card,
    lead: raw.lead ? { price: raw.lead.price, premiumPrice: raw.lead.premiumPrice, query: variantQuery(raw.lead) } : null,
    stock: raw.stock ?? 0,
    conditions: ordered(raw.conditions, CONDITIONS),
    printings: ordered(raw.printings, PRINTINGS),
    cardMatch: raw.cardMatch,
    image: raw.image ?? null,
  };
}
