import { describe, expect, it } from "vitest";
import { adminProductQueryString, NO_ADMIN_PRODUCT_FILTERS, parseAdminProductParams } from "./admin-product-filters";

const parse = (query: string) => parseAdminProductParams(new URL(`https://shop.test/admin/products${query}`));

describe("parseAdminProductParams", () => {
  it("reads every filter, the sort and the page", () => {
    expect(parse("?q=+Charizard+&language=EN&category=booster-boxes&visibility=hidden&stock=low&kind=single&sort=name&page=3")).toEqual({
      filters: { q: "Charizard", language: "en", category: "booster-boxes", visibility: "hidden", stock: "low", kind: "single" },
      sort: "name",
      page: 3,
    });
  });

  it("drops what it cannot read instead of failing", () => {
    expect(parse("?language=english!&category=../x&visibility=maybe&stock=lots&kind=box&sort=price&page=-1")).toEqual({
      filters: NO_ADMIN_PRODUCT_FILTERS,
      sort: "updated",
      page: 1,
    });
  });

  it("cuts an overlong search", () => {
    expect(parse(`?q=${"a".repeat(500)}`).filters.q).toHaveLength(100);
  });

  it("round-trips through the query string, defaults left out", () => {
    const parsed = parse("?q=mew&stock=out&sort=stock-asc&page=2");
    const query = adminProductQueryString(parsed.filters, { sort: parsed.sort, page: parsed.page });
    expect(query).toBe("?q=mew&stock=out&sort=stock-asc&page=2");
    expect(parse(query)).toEqual(parsed);
    expect(adminProductQueryString(NO_ADMIN_PRODUCT_FILTERS, { sort: "updated", page: 1 })).toBe("");
  });
});
