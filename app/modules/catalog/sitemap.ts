/**
 * sitemap.xml and robots.txt text. Pure functions; the routes fetch the data.
 * A sitemap file may hold at most 50,000 URLs, so a large catalogue is split into files listed
 * by a sitemap index.
 */

/** Sitemaps change when the catalogue does; an hour of caching is plenty fresh for crawlers. */
export const SITEMAP_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

/** Products per sitemap file (under the protocol's 50,000 URL limit, with room to spare). */
export const SITEMAP_PRODUCTS_PER_FILE = 40_000;

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: readonly string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** Pages a customer (and a search engine) can reach without signing in, besides the catalogue. */
export const SITEMAP_STATIC_PATHS = ["/", "/sell-cards", "/wholesale", "/terms", "/privacy", "/delivery", "/refund", "/cookies"];

/** Private or per-visitor areas that search engines have no business crawling. */
export const ROBOTS_DISALLOW = ["/account", "/cart", "/admin", "/checkout", "/order", "/login", "/register", "/reset-password", "/search"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
