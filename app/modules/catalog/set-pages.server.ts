/**
 * Set pages: `/sets` (every set the shop lists singles of, by series, newest first) and
 * `/sets/:code` (the set's cards in number order with what is in stock, filtered and sorted).
 * Reads card_sets and cards (modules/cards' tables) with products and variants: a reporting
 * join, listed in docs/development.md.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "~/db/raw";
import { productShownAs } from "./visibility.server";
import type { Db } from "~/db/client.server";
import { CATALOGUE_PAGE_SIZE } from "./paging";
import type { ParsedSetFind } from "./find-filters";
import { NO_FACETS, type SeriesGroup, type SetIndexEntry, type SetPageView, type SetSummary } from "./find-view";
import { runListing } from "./singles-listing.server";

/** Longer than any set code; a longer path segment is not looked up. */
const MAX_SET_CODE_LENGTH = 64;


interface SetRow {
  id: number;
  code: string;
  name: string;
  series_name: string | null;
  release_date: string | null;
  official_card_count: number | null;
  total_card_count: number | null;
  symbol_url: string | null;
}

function summary(row: SetRow): SetSummary {
  return {
    code: row.code,
    name: row.name,
    seriesName: row.series_name,
    // A date column comes back as text from one driver and as a Date from none here (mode
    // "string" is a Drizzle column setting; raw SQL gets what the driver gives): keep yyyy-mm-dd.
    releaseDate: row.release_date === null ? null : String(row.release_date).slice(0, 10),
    officialCardCount: row.official_card_count,
    totalCardCount: row.total_card_count,
    symbolUrl: row.symbol_url,
  };
}

/**
 * Every set with at least one visible single, grouped by series. Sets newest first; a series
 * comes where its newest set does; sets of no known series last. Counts listed singles only:
 * what is in stock is on each set's page (counting stock here would read every variant of
 * the shop on every visit: ~6× the time at 100,000 variants).
 */
export async function listSets(db: Db): Promise<SeriesGroup[]> {
  const rows = rowsOf<SetRow & { listed: number }>(
    await db.execute(sql`
      SELECT s.id, s.code, s.name, s.series_name, s.release_date::text AS release_date, s.official_card_count,
             s.total_card_count, s.symbol_url, l.listed
      FROM (
        SELECT c.set_id, count(*)::int AS listed
        FROM products p JOIN cards c ON c.id = p.card_id
        WHERE ${productShownAs("p")} AND p.kind = 'single'
        GROUP BY c.set_id
      ) l
      JOIN card_sets s ON s.id = l.set_id
      ORDER BY s.release_date DESC NULLS LAST, s.name, s.code`),
  );
  const groups = new Map<string | null, SetIndexEntry[]>();
  for (const row of rows) {
    const entry: SetIndexEntry = { ...summary(row), listedCount: row.listed };
    const list = groups.get(row.series_name) ?? [];
    list.push(entry);
    groups.set(row.series_name, list);
  }
  const named = [...groups.entries()].filter(([name]) => name !== null).map(([name, sets]) => ({ name, sets }));
  const unnamed = groups.get(null);
  return unnamed ? [...named, { name: null, sets: unnamed }] : named;
}

type SetLookup = { found: SetRow } | { redirectTo: string } | null;

/**
 * The set a URL names: its code exactly; otherwise its code in other letter case or one of its
 * aliases ("/sets/sv3pt5") is answered with the set's own address, so each set has one URL.
 */
async function findSet(db: Db, code: string): Promise<SetLookup> {
  if (code.length === 0 || code.length > MAX_SET_CODE_LENGTH) return null;
  const lower = code.toLowerCase();
  const rows = rowsOf<SetRow>(
    await db.execute(sql`
      SELECT id, code, name, series_name, release_date::text AS release_date, official_card_count, total_card_count, symbol_url
      FROM card_sets
      WHERE code = ${code} OR lower(code) = ${lower} OR ${lower} = ANY(aliases)
      ORDER BY (code = ${code}) DESC, (lower(code) = ${lower}) DESC, id
      LIMIT 1`),
  );
  const row = rows[0];
  if (!row) return null;
  return row.code === code ? { found: row } : { redirectTo: row.code };
}

export type SetPageAnswer = { view: SetPageView } | { redirectTo: string } | null;

/**
 * One set's page: its cards with stock and prices, filtered, sorted and paged, with facet
 * counts. `{ redirectTo }` when the code is another spelling of a set's code; null when no set
 * has it.
 */
export async function setPage(db: Db, code: string, find: ParsedSetFind): Promise<SetPageAnswer> {
  const lookup = await findSet(db, code);
  if (!lookup || "redirectTo" in lookup) return lookup;
  return { view: await setPageOf(db, lookup.found, find) };
}

async function setPageOf(db: Db, set: SetRow, find: ParsedSetFind): Promise<SetPageView> {
  const offset = (find.page - 1) * CATALOGUE_PAGE_SIZE;
  const listing = await runListing(
    db,
    { kind: "set", setId: set.id, includeUnlisted: find.show === "all" },
    { filters: find.filters, sort: find.sort, facets: true, window: { limit: CATALOGUE_PAGE_SIZE, offset } },
  );
  // A set's cards are a few hundred at most: never a broad listing, always counted.
  const facets = listing.facets ?? NO_FACETS;
  return {
    set: summary(set),
    cardCount: listing.baseRows,
    listedCount: listing.listedRows,
    filters: find.filters,
    sort: find.sort,
    show: find.show,
    facets,
    cards: {
      items: listing.items,
      page: find.page,
      pageSize: CATALOGUE_PAGE_SIZE,
      total: facets.total,
      hasNextPage: listing.hasMore,
    },
    problems: find.problems,
    typed: find.typed,
  };
}
