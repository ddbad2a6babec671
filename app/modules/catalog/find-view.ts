/**
 * What the set pages and search hand to their pages: listed cards and products with the variant
 * a tile links to, and the facet counts of the filter form. Client-safe (types and small pure
 * helpers only), so components can import it.
 */
import type { ResponsiveImage } from "~/modules/media/responsive";
import type { FilterProblem, FindFilters, SearchSort, SetShow, SetSort } from "./find-filters";

/** The card behind a single, as a tile or row shows it. */
export interface ListedCard {
  name: string;
  /** As printed: "4", "004", "TG01". */
  number: string;
  /** "4/102" (number and the set's official count) or "TG01". */
  numberLabel: string;
  rarity: string | null;
  setCode: string;
  setName: string;
}

/** The variant a tile links to and prices: the cheapest in stock among those the filters allow (else the cheapest). */
export interface LeadVariant {
  price: number;
  premiumPrice: number | null;
  /** "condition=lp&printing=holo&language=en" (variantQuery); "" for a sealed product. */
  query: string;
}

export interface ListingItem {
  /** Null for a card of the set that the shop does not list ("all cards"). */
  productId: number | null;
  slug: string | null;
  /** The product's name, or the card's name when not listed. */
  name: string;
  imageUrl: string | null;
  limitPerCustomer: number | null;
  /** Null for a sealed product. */
  card: ListedCard | null;
  lead: LeadVariant | null;
  /** Units in stock over the variants the filters allow. */
  stock: number;
  /** Conditions and printings in stock among those variants, best first (codes). */
  conditions: string[];
  printings: string[];
  /** Found by its card number or set (search only): ranked before text matches. */
  cardMatch: boolean;
  /** The product's first uploaded image; null or absent: the generated art (`imageUrl`) shows. */
  image?: ResponsiveImage | null;
}

/** The product page URL of an item, picking its lead variant; null when it is not listed. */
export function itemHref(item: Pick<ListingItem, "slug" | "lead">): string | null {
  if (!item.slug) return null;
  const query = item.lead?.query ?? "";
  return `/products/${encodeURIComponent(item.slug)}${query ? `?${query}` : ""}`;
}

/** "4/102" when the number is a plain number and the set's official count is known, else the number as printed. */
export function cardNumberLabel(number: string, officialCount: number | null): string {
  return officialCount !== null && /^\d+$/.test(number) ? `${number}/${officialCount}` : number;
}

export interface FacetCount {
  value: string;
  count: number;
}

/**
 * How many results each filter value would give with the other filters as they are (so ticking
 * a second condition shows how many it adds).
 */
export interface Facets {
  /** Results with every filter applied. */
  total: number;
  rarity: FacetCount[];
  condition: FacetCount[];
  printing: FacetCount[];
  /** Results that have stock, with the other filters applied. */
  inStock: number;
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Items on all pages. */
  total: number;
  hasNextPage: boolean;
}

export interface SetSummary {
  code: string;
  name: string;
  seriesName: string | null;
  /** yyyy-mm-dd. */
  releaseDate: string | null;
  officialCardCount: number | null;
  totalCardCount: number | null;
  symbolUrl: string | null;
}

export interface SetIndexEntry extends SetSummary {
  /** Cards of the set the shop lists (visible singles). */
  listedCount: number;
}

export interface SeriesGroup {
  /** Null: sets whose series is not known. */
  name: string | null;
  sets: SetIndexEntry[];
}

export interface SetPageView {
  set: SetSummary;
  /** Cards of the set in the card data, and how many of them the shop lists. */
  cardCount: number;
  listedCount: number;
  filters: FindFilters;
  sort: SetSort;
  show: SetShow;
  facets: Facets;
  cards: Paged<ListingItem>;
  problems: FilterProblem[];
  typed: { min: string; max: string };
}

/** Empty counts: every value offered, none counted. */
export const NO_FACETS: Facets = { total: 0, rarity: [], condition: [], printing: [], inStock: 0 };

export interface SearchView {
  /** The query as searched (trimmed, at most 200 characters). */
  query: string;
  filters: FindFilters;
  sort: SearchSort;
  /** Null for a broad search (more than 1,000 matches): the form offers values without counts. */
  facets: Facets | null;
  /** `total` is null for a broad search with more than 1,000 results. */
  results: Omit<Paged<ListingItem>, "total"> & { total: number | null };
  /**
   * "ranked": card matches, then best text match first. "name": a broad query (over 1,000 text
   * matches) whose text matches come in name order (decision 0008).
   */
  order: "ranked" | "name" | "sorted";
  /** More than 1,000 matches: no counts, and name order where relevance was asked for. */
  broad: boolean;
  /** Card matches found by number or set (all pages); more than fit on the first page are cut. */
  cardMatchCount: number;
  /** The one set every card match is in, for a "see the whole set" link. */
  matchedSet: { code: string; name: string } | null;
  problems: FilterProblem[];
  typed: { min: string; max: string };
}
