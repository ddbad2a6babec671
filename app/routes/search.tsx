import { Search } from "lucide-react";
import { Form } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { ProductGrid } from "~/components/catalogue/product-grid";
import { MAX_SEARCH_QUERY_LENGTH, pageTitle, parsePage, SEARCH_RANK_LIMIT } from "~/modules/catalog/paging";
import { searchProducts } from "~/modules/catalog/queries.server";
import { normaliseSearchQuery } from "~/modules/catalog/search-query";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/search";

/**
 * GET /search?q= — full-text search. Any text is a valid query (it is trimmed and cut to 200
 * characters, never refused); a blank one shows a prompt instead of results.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = parsePage(url);
  const query = normaliseSearchQuery(url.searchParams.get("q") ?? "");
  if (!query) return { query, results: null };
  return { query, results: await searchProducts(context.db, query, page) };
}

export const meta: Route.MetaFunction = (args) => {
  const query = args.loaderData?.query ?? "";
  const page = args.loaderData?.results?.page ?? 1;
  // Result pages are for visitors, not search engines: noindex, and robots.txt keeps crawlers out.
  return pageMeta(args, {
    title: query ? pageTitle(`Search results for “${query}”`, page) : "Search",
    description: query ? `Products matching “${query}”.` : "Search our Pokémon TCG products by name.",
    noindex: true,
  });
};

function resultCount(results: { total: number | null; order: string }) {
  if (results.total === null) return `More than ${SEARCH_RANK_LIMIT.toLocaleString("en-GB")} products, by name`;
  return `${results.total} ${results.total === 1 ? "product" : "products"}, best match first`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  if (!results) {
    return (
      <section className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Search products</h1>
        <p className="mt-2 text-slate-600">Type a card, set or product name, for example “Charizard” or “booster box”.</p>
        <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search products
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            required
            maxLength={MAX_SEARCH_QUERY_LENGTH}
            placeholder="Search cards, boxes, packs..."
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
          />
          <button type="submit" className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
            <Search aria-hidden className="h-4 w-4" /> Search
          </button>
        </Form>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <header>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Search results for “{query}”
        </h1>
        {results.items.length > 0 && <p className="mt-1 text-sm text-slate-600">{resultCount(results)}</p>}
      </header>
      {results.items.length === 0 ? (
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          <span className="break-words">No products found matching “{query}”</span>
          {results.page > 1 ? " on this page." : ". Try fewer or shorter words: “chari” finds Charizard."}
        </p>
      ) : (
        <ProductGrid products={results.items} eagerCount={results.page === 1 ? 4 : 0} testId="search-result" />
      )}
      <Pagination page={results.page} hasNextPage={results.hasNextPage} />
    </div>
  );
}
