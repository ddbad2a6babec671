import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndexXml, urlsetXml } from "./sitemap";

describe("sitemap text", () => {
  it("writes a urlset with escaped locations and ISO dates", () => {
    const xml = urlsetXml([
      { loc: "https://shop.test/products/a&b" },
      { loc: "https://shop.test/", lastmod: new Date("2025-01-02T03:04:05Z") },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain("<loc>https://shop.test/products/a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2025-01-02T03:04:05.000Z</lastmod>");
  });

  it("writes a sitemap index", () => {
    expect(sitemapIndexXml(["https://shop.test/sitemap/products-1.xml"])).toContain(
      "<sitemap><loc>https://shop.test/sitemap/products-1.xml</loc></sitemap>",
    );
  });

  it("robots.txt points to the sitemap and keeps crawlers out of private areas", () => {
    const text = robotsTxt("https://shop.test");
    expect(text).toContain("Sitemap: https://shop.test/sitemap.xml");
    for (const path of ["/account", "/cart", "/admin", "/checkout"]) expect(text).toContain(`Disallow: ${path}\n`);
  });
});
