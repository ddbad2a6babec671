/**
 * The filters and sort of the set pages and of search, read from and written to the query
 * string: `?rarity=Rare+Holo&condition=nm&condition=lp&printing=holo&instock=1&min=2.50&max=20
 * &sort=price-asc&show=all&page=2`. Prices are typed in pounds and become integer pence here.
 * Pure and client-safe: the routes parse with it, the filter form and its links build URLs with it.
 *
 * A value that cannot be understood is never a 500: it is dropped, the rest of the filters still
 * apply, and the route answers 400 with `problems` to show next to the field.
 */
import { z } from "zod";
import { parsePounds as parsePoundsText } from "~/utils/money";
import { parsePage } from "./paging";
import { CONDITION_LABELS, CONDITIONS, isCondition, isPrinting, PRINTING_LABELS, PRINTINGS, type Condition, type Printing } from "./variants";

export const SET_SORTS = ["number", "name", "price-asc", "price-desc"] as const;
export type SetSort = (typeof SET_SORTS)[number];
export const SEARCH_SORTS = ["relevance", "name", "price-asc", "price-desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type FindSort = SetSort | SearchSort;

export const SORT_LABELS: Record<FindSort, string> = {
  number: "Card number",
  relevance: "Best match",
  name: "Name (A–Z)",
  "price-asc": "Price (low to high)",
  "price-desc": "Price (high to low)",
};

/** Set pages show the cards the shop lists; "all" also shows the rest of the set, greyed. */
export const SET_SHOW = ["listed", "all"] as const;
export type SetShow = (typeof SET_SHOW)[number];

/** More rarities than this in one request is not a filter anyone ticks: refused, not run. */
export const MAX_RARITY_VALUES = 12;
/** Longer than any rarity name TCGdex uses ("Special Illustration Rare" is 25). */
export const MAX_RARITY_LENGTH = 60;
/** £100,000: above any card's price; a bigger figure is a typo. */
/** The highest price a filter box takes (£100,000): higher is not a price anyone filters by. */
export const MAX_FILTER_PENCE = 10_000_000;

export interface FindFilters {
  /** Card rarities as stored ("Rare Holo"); any of them. */
  rarities: string[];
  /** Any of these conditions. */
  conditions: Condition[];
  /** Any of these printings. */
  printings: Printing[];
  /** Only what can be bought now (a variant with stock). */
  inStock: boolean;
  /** Normal (non-member) price bounds in pence, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
}

export const NO_FILTERS: FindFilters = { rarities: [], conditions: [], printings: [], inStock: false, minPrice: null, maxPrice: null };

export type FilterField = "rarity" | "condition" | "printing" | "instock" | "min" | "max" | "sort" | "show";

export interface FilterProblem {
  field: FilterField;
  message: string;
}

export interface ParsedFind<S extends FindSort> {
  filters: FindFilters;
  sort: S;
  page: number;
  /** The price boxes as typed, so a refused value is shown back to be corrected. */
  typed: { min: string; max: string };
  problems: FilterProblem[];
}

export interface ParsedSetFind extends ParsedFind<SetSort> {
  show: SetShow;
}

export interface ParsedSearchFind extends ParsedFind<SearchSort> {
  /** The raw `q` (the search module normalises it). */
  q: string;
}

/**
 * Pounds as people type them ("2", "2.5", "£2.50", "1,250", " £ 3 ") → pence. Null for a
 * blank box; an error message for anything else.
 */
export function parsePounds(raw: string, which: "minimum" | "maximum"): { pence: number | null } | { error: string } {
  const text = raw.replace(/\s+/g, "");
  if (text === "") return { pence: null };
  // The shop's box also takes ".99" (pennies without a leading 0); the rest is the one parser's.
  const pence = parsePoundsText(text.replace(/^(£?)\./, "$10."));
  if (pence === null) {
    return { error: `Enter the ${which} price in pounds, for example 2.50.` };
  }
  if (!Number.isSafeInteger(pence) || pence > MAX_FILTER_PENCE) {
    return { error: `The ${which} price can be at most £${(MAX_FILTER_PENCE / 100).toLocaleString("en-GB")}.` };
  }
  return { pence };
}

/** Pence as the price box shows them: 250 → "2.50", 300 → "3". */
export function penceToPoundsInput(pence: number | null): string {
  if (pence === null) return "";
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

const sortSchema = <S extends readonly string[]>(sorts: S) => z.enum(sorts as unknown as [S[number], ...S[number][]]);

/** Distinct values of a repeated parameter, in the order first given (blank values dropped). */
function values(params: URLSearchParams, name: string): string[] {
  return [...new Set(params.getAll(name).map((v) => v.trim()).filter((v) => v !== ""))];
}

/** `?page=` as every catalogue list reads it (a bad value means page 1, never an error). */
function pageOf(params: URLSearchParams): number {
  const url = new URL("http://find.invalid/");
  const page = params.get("page");
  if (page !== null) url.searchParams.set("page", page);
  return parsePage(url);
}

function listOf(labels: Record<string, string>): string {
  return Object.values(labels).join(", ");
}

function parseCommon<S extends FindSort>(params: URLSearchParams, sorts: readonly S[], defaultSort: S): ParsedFind<S> {
  const problems: FilterProblem[] = [];

  const rarityValues = values(params, "rarity");
  let rarities: string[] = [];
  if (rarityValues.length > MAX_RARITY_VALUES) {
    problems.push({ field: "rarity", message: `Choose at most ${MAX_RARITY_VALUES} rarities.` });
  } else if (rarityValues.some((r) => Array.from(r).length > MAX_RARITY_LENGTH)) {
    problems.push({ field: "rarity", message: "That rarity is not one we know." });
  } else {
    rarities = rarityValues;
  }

  const conditionValues = values(params, "condition").map((v) => v.toLowerCase());
  const conditions = CONDITIONS.filter((c) => conditionValues.includes(c));
  if (conditionValues.some((v) => !isCondition(v))) {
    problems.push({ field: "condition", message: `Unknown condition: choose from ${listOf(CONDITION_LABELS)}.` });
  }

  const printingValues = values(params, "printing").map((v) => v.toLowerCase());
  const printings = PRINTINGS.filter((p) => printingValues.includes(p));
  if (printingValues.some((v) => !isPrinting(v))) {
    problems.push({ field: "printing", message: `Unknown printing: choose from ${listOf(PRINTING_LABELS)}.` });
  }

  const stockValues = values(params, "instock");
  const inStock = stockValues.includes("1");
  if (stockValues.some((v) => v !== "1")) problems.push({ field: "instock", message: "“In stock only” is either on (instock=1) or left out." });

  const typed = { min: (params.get("min") ?? "").slice(0, 40), max: (params.get("max") ?? "").slice(0, 40) };
  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  const min = parsePounds(typed.min, "minimum");
  if ("error" in min) problems.push({ field: "min", message: min.error });
  else minPrice = min.pence;
  const max = parsePounds(typed.max, "maximum");
  if ("error" in max) problems.push({ field: "max", message: max.error });
  else maxPrice = max.pence;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    problems.push({ field: "max", message: "The maximum price is below the minimum: swap them or change one." });
    maxPrice = null;
  }

  const rawSort = params.get("sort");
  const sortParsed = sortSchema(sorts).safeParse(rawSort ?? defaultSort);
  const sort = sortParsed.success ? sortParsed.data : defaultSort;
  if (!sortParsed.success) {
    problems.push({ field: "sort", message: `Sort by ${sorts.map((s) => SORT_LABELS[s].toLowerCase()).join(", ")}.` });
  }

  return {
    filters: { rarities, conditions, printings, inStock, minPrice, maxPrice },
    sort,
    page: pageOf(params),
    typed,
    problems,
  };
}

/** `/sets/:code`'s query string. */
export function parseSetParams(params: URLSearchParams): ParsedSetFind {
  const common = parseCommon<SetSort>(params, SET_SORTS, "number");
  const rawShow = params.get("show");
  const show: SetShow = rawShow === "all" ? "all" : "listed";
  if (rawShow !== null && rawShow !== "all" && rawShow !== "listed") {
    common.problems.push({ field: "show", message: "Show the listed cards or all cards of the set." });
  }
  return { ...common, show };
}

/** `/search`'s query string (the text itself is `q`). */
export function parseSearchParams(params: URLSearchParams): ParsedSearchFind {
  return { ...parseCommon<SearchSort>(params, SEARCH_SORTS, "relevance"), q: params.get("q") ?? "" };
}

/** Whether any filter narrows the list (the sort and page are not filters). */
export function hasFilters(filters: FindFilters): boolean {
  return (
    filters.rarities.length > 0 ||
    filters.conditions.length > 0 ||
    filters.printings.length > 0 ||
    filters.inStock ||
    filters.minPrice !== null ||
    filters.maxPrice !== null
  );
}

/** Whether any filter applies to variants (as opposed to the card's rarity). */
export function hasVariantFilters(filters: FindFilters): boolean {
  return filters.conditions.length > 0 || filters.printings.length > 0 || filters.inStock || filters.minPrice !== null || filters.maxPrice !== null;
}

/** How many filters are on, for the "Filters (3)" summary. */
export function activeFilterCount(filters: FindFilters): number {
  return (
    filters.rarities.length +
    filters.conditions.length +
    filters.printings.length +
    Number(filters.inStock) +
    Number(filters.minPrice !== null || filters.maxPrice !== null)
  );
}

/**
 * The query string for filters and a sort (the canonical order and spelling; defaults left out),
 * plus any extra parameters first (a search's `q`). Page 1 is left out.
 */
export function findQueryString(
  input: { filters: FindFilters; sort: FindSort; defaultSort: FindSort; show?: SetShow; page?: number },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  for (const r of input.filters.rarities) params.append("rarity", r);
  for (const c of input.filters.conditions) params.append("condition", c);
  for (const p of input.filters.printings) params.append("printing", p);
  if (input.filters.inStock) params.set("instock", "1");
  if (input.filters.minPrice !== null) params.set("min", penceToPoundsInput(input.filters.minPrice));
  if (input.filters.maxPrice !== null) params.set("max", penceToPoundsInput(input.filters.maxPrice));
  if (input.sort !== input.defaultSort) params.set("sort", input.sort);
  if (input.show === "all") params.set("show", "all");
  if (input.page !== undefined && input.page > 1) params.set("page", String(input.page));
  return params.toString();
}
