import { describe, expect, it } from "vitest";
import { pageTitle, parsePage, withPageNumber } from "./paging";

describe("parsePage", () => {
  it.each([
    ["", 1],
    ["?page=3", 3],
    ["?page=0", 1],
    ["?page=-2", 1],
    ["?page=abc", 1],
    ["?page=1.5", 1],
    ["?page=99999999999", 1],
    ["?page=%00", 1],
  ])("%s → %i", (search, page) => {
    expect(parsePage(new URL(`https://shop.test/category/x${search}`))).toBe(page);
  });
});

describe("withPageNumber", () => {
  const tags = [
    { title: "Singles | Shop" },
    { tagName: "link", rel: "canonical", href: "https://shop.test/category/x" },
    { property: "og:url", content: "https://shop.test/category/x" },
  ];
  it("leaves the first page alone", () => {
    expect(withPageNumber(tags, 1)).toBe(tags);
  });
  it("numbers later pages in canonical and og:url, and in titles", () => {
    expect(pageTitle("Singles", 1)).toBe("Singles");
    expect(pageTitle("Singles", 3)).toBe("Singles – page 3");
    expect(withPageNumber(tags, 2)).toEqual([
      { title: "Singles | Shop" },
      { tagName: "link", rel: "canonical", href: "https://shop.test/category/x?page=2" },
      { property: "og:url", content: "https://shop.test/category/x?page=2" },
    ]);
  });
});
