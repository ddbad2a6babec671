import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  findQueryString,
  hasFilters,
  hasVariantFilters,
  MAX_RARITY_VALUES,
  NO_FILTERS,
  parsePounds,
  parseSearchParams,
  parseSetParams,
  penceToPoundsInput,
} from "./find-filters";

const params = (query: string) => new URLSearchParams(query);

describe("parsePounds", () => {
  it.each([
    ["2", 200],
    ["2.5", 250],
    ["2.50", 250],
    ["£2.50", 250],
    [" £ 3 ", 300],
    ["0", 0],
    [".99", 99],
    ["1,250", 125_000],
    ["1,250.75", 125_075],
    ["100000", 10_000_000],
  ])("%j → %i pence", (typed, pence) => {
    expect(parsePounds(typed, "minimum")).toEqual({ pence });
  });

  it("treats a blank box as no bound", () => {
    expect(parsePounds("", "maximum")).toEqual({ pence: null });
    expect(parsePounds("   ", "maximum")).toEqual({ pence: null });
  });

  it.each(["abc", "-5", "2.505", "1,25", "£", ".", "1e3", "0x10", "2..5", "NaN", "Infinity", "１０", "12,34,567"])("refuses %j with a message", (typed) => {
    const result = parsePounds(typed, "minimum");
    expect(result).toEqual({ error: "Enter the minimum price in pounds, for example 2.50." });
  });

  it("refuses absurd amounts", () => {
    expect(parsePounds("100000.01", "maximum")).toEqual({ error: "The maximum price can be at most £100,000." });
    expect(parsePounds("9".repeat(30), "maximum")).toHaveProperty("error");
  });
});

describe("penceToPoundsInput", () => {
  it("writes whole pounds without pence and pence with two digits", () => {
    expect(penceToPoundsInput(300)).toBe("3");
    expect(penceToPoundsInput(250)).toBe("2.50");
    expect(penceToPoundsInput(5)).toBe("0.05");
    expect(penceToPoundsInput(null)).toBe("");
  });
});

describe("parseSetParams", () => {
  it("defaults to no filters, number order, listed cards, page 1", () => {
    expect(parseSetParams(params(""))).toEqual({
      filters: NO_FILTERS,
      sort: "number",
      show: "listed",
      page: 1,
      typed: { min: "", max: "" },
      problems: [],
    });
  });

  it("reads every filter, repeated values and all", () => {
    const parsed = parseSetParams(
      params("rarity=Rare+Holo&rarity=Common&condition=lp&condition=NM&condition=lp&printing=holo&instock=1&min=2.5&max=%C2%A320&sort=price-desc&show=all&page=3"),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.filters).toEqual({
      rarities: ["Rare Holo", "Common"],
      // In the shop's order (best condition first), whatever order they came in.
      conditions: ["nm", "lp"],
      printings: ["holo"],
      inStock: true,
      minPrice: 250,
      maxPrice: 2000,
    });
    expect(parsed).toMatchObject({ sort: "price-desc", show: "all", page: 3, typed: { min: "2.5", max: "£20" } });
  });

  it("ignores blank values, as an untouched form sends them", () => {
    const parsed = parseSetParams(params("rarity=&condition=&min=&max=&sort=number"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.filters).toEqual(NO_FILTERS);
  });

  it("drops what it cannot read, keeps the rest, and says what was wrong", () => {
    const parsed = parseSetParams(params("condition=mint&condition=lp&printing=shiny&instock=yes&min=abc&max=5&sort=random&show=some&page=-1"));
    expect(parsed.filters).toEqual({ ...NO_FILTERS, conditions: ["lp"], maxPrice: 500 });
    expect(parsed.sort).toBe("number");
    expect(parsed.show).toBe("listed");
    expect(parsed.page).toBe(1);
    expect(parsed.problems.map((p) => p.field)).toEqual(["condition", "printing", "instock", "min", "sort", "show"]);
    expect(parsed.problems.find((p) => p.field === "condition")?.message).toBe(
      "Unknown condition: choose from Near Mint, Lightly Played, Moderately Played, Heavily Played, Damaged.",
    );
    expect(parsed.typed.min).toBe("abc");
  });

  it("refuses a minimum above the maximum (keeping the minimum)", () => {
    const parsed = parseSetParams(params("min=20&max=5"));
    expect(parsed.filters).toMatchObject({ minPrice: 2000, maxPrice: null });
    expect(parsed.problems).toEqual([{ field: "max", message: "The maximum price is below the minimum: swap them or change one." }]);
  });

  it("refuses too many or too long rarities rather than running them", () => {
    const many = Array.from({ length: MAX_RARITY_VALUES + 1 }, (_, i) => `rarity=r${i}`).join("&");
    expect(parseSetParams(params(many))).toMatchObject({ filters: { rarities: [] }, problems: [{ field: "rarity" }] });
    expect(parseSetParams(params(`rarity=${"x".repeat(61)}`))).toMatchObject({ filters: { rarities: [] }, problems: [{ field: "rarity" }] });
  });

  it("cuts a pasted essay in a price box before showing it back", () => {
    expect(parseSetParams(params(`min=${"9".repeat(5000)}`)).typed.min).toHaveLength(40);
  });

  it("does not accept the search's relevance sort", () => {
    expect(parseSetParams(params("sort=relevance"))).toMatchObject({ sort: "number", problems: [{ field: "sort" }] });
  });
});

describe("parseSearchParams", () => {
  it("keeps q raw and sorts by relevance by default", () => {
    expect(parseSearchParams(params("q=charizard+4%2F102&condition=lp"))).toMatchObject({
      q: "charizard 4/102",
      sort: "relevance",
      filters: { conditions: ["lp"] },
      problems: [],
    });
  });

  it("does not accept the set page's number sort", () => {
    expect(parseSearchParams(params("q=x&sort=number"))).toMatchObject({ sort: "relevance", problems: [{ field: "sort" }] });
  });
});

describe("filter helpers", () => {
  const filters = { ...NO_FILTERS, rarities: ["Common"], conditions: ["lp" as const], minPrice: 100, maxPrice: 900 };

  it("tells filters apart from variant filters and counts them", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, rarities: ["Common"] })).toBe(true);
    expect(hasVariantFilters({ ...NO_FILTERS, rarities: ["Common"] })).toBe(false);
    expect(hasVariantFilters({ ...NO_FILTERS, inStock: true })).toBe(true);
    expect(activeFilterCount(filters)).toBe(3);
  });

  it("writes the query string back in one spelling, defaults left out, and reads it again the same", () => {
    const query = findQueryString({ filters, sort: "price-asc", defaultSort: "number", show: "all", page: 2 });
    expect(query).toBe("rarity=Common&condition=lp&min=1&max=9&sort=price-asc&show=all&page=2");
    expect(parseSetParams(params(query))).toMatchObject({ filters, sort: "price-asc", show: "all", page: 2, problems: [] });
    expect(findQueryString({ filters: NO_FILTERS, sort: "relevance", defaultSort: "relevance", page: 1 }, { q: "mew" })).toBe("q=mew");
  });
});
