import { SITEMAP_CACHE, SITEMAP_PRODUCTS_PER_FILE, SITEMAP_STATIC_PATHS, urlsetXml } from "~/modules/catalog/sitemap";
import { sitemapProducts, sitemapSections } from "~/modules/catalog/queries.server";
import { cachedTextResponse } from "~/web/text-response.server";
import type { Route } from "./+types/sitemap-part";

/** GET /sitemap/pages.xml and /sitemap/products-N.xml — the files of a large shop's sitemap index. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = context.env.publicUrl;
  let body: string | null = null;
  if (params.file === "pages.xml") {
    const sections = await sitemapSections(context.db);
    body = urlsetXml([
      ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: origin + path })),
      ...sections.languages.map((slug) => ({ loc: `${origin}/language/${slug}` })),
      ...sections.categories.map((slug) => ({ loc: `${origin}/category/${slug}` })),
    ]);
  } else {
    const match = /^products-([1-9]\d{0,4})\.xml$/.exec(params.file);
    if (match) {
      const items = await sitemapProducts(context.db, (Number(match[1]) - 1) * SITEMAP_PRODUCTS_PER_FILE, SITEMAP_PRODUCTS_PER_FILE);
      if (items.length > 0) body = urlsetXml(items.map((p) => ({ loc: `${origin}/products/${p.slug}`, lastmod: p.updatedAt })));
    }
  }
  if (body === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return cachedTextResponse(request, body, "application/xml; charset=utf-8", SITEMAP_CACHE);
}
