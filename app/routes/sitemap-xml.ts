import { SITEMAP_CACHE, SITEMAP_PRODUCTS_PER_FILE, SITEMAP_STATIC_PATHS, sitemapIndexXml, urlsetXml } from "~/modules/catalog/sitemap";
import { countVisibleProducts, sitemapProducts, sitemapSections } from "~/modules/catalog/queries.server";
import { cachedTextResponse } from "~/web/text-response.server";
import type { Route } from "./+types/sitemap-xml";

/**
 * GET /sitemap.xml — every language, category and visible product (plus the public information
 * pages). One file while it fits the protocol's limits; beyond that an index of files
 * (/sitemap/pages.xml, /sitemap/products-1.xml, ...).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.env.publicUrl;
  const [sections, productCount] = await Promise.all([sitemapSections(context.db), countVisibleProducts(context.db)]);
  let body: string;
  if (productCount <= SITEMAP_PRODUCTS_PER_FILE) {
    const items = await sitemapProducts(context.db, 0, SITEMAP_PRODUCTS_PER_FILE);
    body = urlsetXml([
      ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: origin + path })),
      ...sections.languages.map((slug) => ({ loc: `${origin}/language/${slug}` })),
      ...sections.categories.map((slug) => ({ loc: `${origin}/category/${slug}` })),
      ...items.map((p) => ({ loc: `${origin}/products/${p.slug}`, lastmod: p.updatedAt })),
    ]);
  } else {
    const files = Math.ceil(productCount / SITEMAP_PRODUCTS_PER_FILE);
    body = sitemapIndexXml([
      `${origin}/sitemap/pages.xml`,
      ...Array.from({ length: files }, (_, i) => `${origin}/sitemap/products-${i + 1}.xml`),
    ]);
  }
  return cachedTextResponse(request, body, "application/xml; charset=utf-8", SITEMAP_CACHE);
}
