/**
 * Search that understands cards (decision 0031). When the query carries a card number or names a
 * set ("charizard 4/102", "sv3pt5 199", "151 mew", "4/102", "base1 4"), the listed singles it
 * names come first, best reading first; then the ordinary text results of `searchProducts`
 * (prefixes, web-search syntax, ranking: decision 0008), without repeating a card already shown.
 * Results can be narrowed by the set pages' facets, with counts per value; a narrowed or re-sorted
 * search is answered by the listing query (singles-listing.server.ts) over the same matches.
 */
import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "~/db/raw";
import { processLog } from "~/utils/log.server";
import { productShownAs } from "./visibility.server";
import type { Db } from "~/db/client.server";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "~/db/schema/search-fold";
import { cardReadings, namePrefixQuery, parseCardQuery, setSpans, type CardQuery, type CardReading, type CardSetRef } from "./card-query";
import { hasFilters, type ParsedSearchFind } from "./find-filters";
import type { SearchView } from "./find-view";
import { CATALOGUE_PAGE_SIZE } from "./paging";
import { searchProducts } from "./queries.server";
import { buildPrefixQuery, normaliseSearchQuery, plainSearchText, webSearchText } from "./search-query";
import { runListing, type ListingBase } from "./singles-listing.server";

/** Card matches kept per query: a set named alone can hold a few hundred listed cards. */
export const CARD_MATCH_LIMIT = 250;


export interface CardMatches {
  /** Visible listed singles, best first. */
  productIds: number[];
  /** The one set they are all in, when they are. */
  set: { code: string; name: string } | null;
}

const NO_MATCHES: CardMatches = { productIds: [], set: null };

/** The sets a query's tokens may name, by code, alias or whole name (the pure side decides which runs match). */
async function candidateSets(db: Db, query: CardQuery): Promise<CardSetRef[]> {
  if (query.setCodes.length === 0 && query.setPhrases.length === 0) return [];
  // A loose first cut in SQL (card_sets is small); setSpans compares names exactly as typed words.
  return rowsOf<CardSetRef>(
    await db.execute(sql`
      SELECT id, code, name, aliases FROM card_sets
      WHERE lower(code) = ANY(${sql.param(query.setCodes)}::text[])
         OR aliases && ${sql.param(query.setCodes)}::text[]
         OR btrim(regexp_replace(lower(translate(name, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})), '[^[:alnum:]]+', ' ', 'g'))
            = ANY(${sql.param(query.setPhrases)}::text[])`),
  );
}

/** The SQL condition for one reading over cards `c` and sets `s`. */
function readingCondition(reading: CardReading): SQL {
  const parts: SQL[] = [];
  if (reading.setIds) parts.push(sql`c.set_id = ANY(${sql.param(reading.setIds)}::int[])`);
  if (reading.number) {
    // The spellings let the local-number index find the rows; the sort key decides ("004" = "4").
    parts.push(sql`c.local_number = ANY(${sql.param(reading.number.spellings)}::text[]) AND c.number_sort = ${reading.number.key}`);
  }
  if (reading.total !== null) parts.push(sql`s.official_card_count = ${reading.total}`);
  const words = namePrefixQuery(reading.words);
  if (words) parts.push(sql`c.search_name @@ to_tsquery('simple', ${words})`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The listed singles a query names by number or set, best first: by the best reading each card
 * satisfies (decision 0031), then newest set, then number.
 */
export async function findCardMatches(db: Db, rawQuery: string): Promise<CardMatches> {
  const query = parseCardQuery(normaliseSearchQuery(rawQuery));
  if (!query) return NO_MATCHES;
  const readings = cardReadings(query, setSpans(query, await candidateSets(db, query)));
  if (readings.length === 0) return NO_MATCHES;
  const score = sql.join(
    readings.map((r) => sql`CASE WHEN ${readingCondition(r)} THEN ${r.score}::int END`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; code: string; name: string }>(
    await db.execute(sql`
      SELECT p.id, s.code, s.name
      FROM cards c
      JOIN card_sets s ON s.id = c.set_id
      JOIN products p ON p.card_id = c.id AND ${productShownAs("p")} AND p.kind = 'single'
      WHERE (${sql.join(readings.map(readingCondition), sql` OR `)})
        AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
      ORDER BY GREATEST(${score}) DESC, s.release_date DESC NULLS LAST, c.number_sort, p.id
      LIMIT ${CARD_MATCH_LIMIT}`),
  );
  const codes = new Set(rows.map((r) => r.code));
  return {
    productIds: rows.map((r) => r.id),
    set: codes.size === 1 ? { code: rows[0]!.code, name: rows[0]!.name } : null,
  };
}

/**
 * The text search's match and rank over products `p`, as `searchProducts` applies them (decision
 * 0008): a web-search match or every word as a prefix; whole words weigh five times a prefix.
 * Kept equal to it by tests/integration/find-search.test.ts ("counts what searchProducts finds").
 */
function textSearch(query: string, webText: string): { match: SQL; rank: SQL } {
  const prefix = buildPrefixQuery(query);
  const web = sql`websearch_to_tsquery('english', ${webText})`;
  const prefixMatch = prefix
    ? sql`(p.search_prefix @@ to_tsquery('simple', ${prefix.query})${
        prefix.excluded ? sql` AND NOT p.search_exact @@ to_tsquery('english', ${prefix.excluded})` : sql``
      })`
    : sql`false`;
  return {
    match: sql`(p.search_exact @@ ${web} OR ${prefixMatch})`,
    rank: prefix
      ? sql`ts_rank(p.search_exact, ${web}, 1) + 0.2 * ts_rank(p.search_prefix, to_tsquery('simple', ${prefix.query}), 1)`
      : sql`ts_rank(p.search_exact, ${web}, 1)`,
  };
}

/** Whether PostgreSQL refused the query text itself (as searchProducts tells them apart). */
function refusedQuery(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  return typeof code === "string" && /^(22|42|54|XX)/.test(code);
}

/**
 * A search page: card matches first, then text matches; facet counts over all of them; a
 * narrowed (filtered) or re-sorted search lists the same matches through the listing query.
 * Null for a blank query.
 */
export async function findProducts(db: Db, find: ParsedSearchFind): Promise<SearchView | null> {
  const query = normaliseSearchQuery(find.q);
  if (!query) return null;
  const cards = await findCardMatches(db, query);
  try {
    return await search(db, query, webSearchText(query), find, cards);
  } catch (error) {
    if (!refusedQuery(error)) throw error;
    // Not the words themselves: search terms stay out of the logs (docs/operations.md).
    // PostgreSQL's own message (the cause), not drizzle's, which quotes the statement's parameters.
    const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message;
    processLog().warn({ reason, queryLength: query.length }, "search: web-search syntax refused; searching the words instead");
    return search(db, query, plainSearchText(query), find, cards);
  }
}

async function search(db: Db, query: string, webText: string, find: ParsedSearchFind, cards: CardMatches): Promise<SearchView> {
  const base: ListingBase = { kind: "search", text: textSearch(query, webText), cardMatches: cards.productIds };
  const common = {
    query,
    filters: find.filters,
    sort: find.sort,
    cardMatchCount: cards.productIds.length,
    matchedSet: cards.set,
    problems: find.problems,
    typed: find.typed,
  };
  const window = { limit: CATALOGUE_PAGE_SIZE, offset: (find.page - 1) * CATALOGUE_PAGE_SIZE };

  if (hasFilters(find.filters) || find.sort !== "relevance") {
    const listing = await runListing(db, base, { filters: find.filters, sort: find.sort, facets: true, window });
    const broad = listing.facets === null;
    return {
      ...common,
      facets: listing.facets,
      broad,
      order: find.sort !== "relevance" ? "sorted" : broad ? "name" : "ranked",
      results: { items: listing.items, page: find.page, pageSize: CATALOGUE_PAGE_SIZE, total: listing.total, hasNextPage: listing.hasMore },
    };
  }

  // The ordinary search, as /search has always answered it, after the card matches; then, in
  // one statement, the facet counts over everything either found and the page's tiles.
  const ordinary = await searchProducts(db, query, find.page);
  const shown = new Set(cards.productIds);
  const leading = ordinary.page === 1 ? cards.productIds.slice(0, CATALOGUE_PAGE_SIZE) : [];
  const ids = [...leading, ...ordinary.items.map((item) => item.id).filter((id) => !shown.has(id))];
  const describe = { ids, cardMatches: cards.productIds };
  // A broad text search (its total unknown) gets no counts; otherwise the matches are few enough
  // to count every value.
  const broad = ordinary.total === null;
  const listing = broad
    ? await runListing(db, { kind: "ids", ids, cardMatches: cards.productIds }, { filters: find.filters, sort: "given", facets: false, window: null, describe })
    : await runListing(db, base, { filters: find.filters, sort: "given", facets: true, window: null, describe }, true);
  return {
    ...common,
    facets: listing.facets,
    broad,
    order: ordinary.order,
    results: { items: listing.items, page: ordinary.page, pageSize: CATALOGUE_PAGE_SIZE, total: listing.total, hasNextPage: ordinary.hasNextPage },
  };
}
