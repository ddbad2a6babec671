import { data } from "react-router";
import { SearchPrompt, SearchResultsPage } from "~/components/search/search-page";
import { findProducts } from "~/modules/catalog/card-search.server";
import { parseSearchParams } from "~/modules/catalog/find-filters";
import { pageTitle } from "~/modules/catalog/paging";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/search";

/**
 * GET /search?q= — search that understands card numbers and sets ("charizard 4/102", "sv3pt5
 * 199", "151 mew") on top of the full-text search, with the set pages' filters
 * (condition, printing, rarity, in stock, price) and sorts. Any text is a valid query (trimmed,
 * cut to 200 characters, never refused); a blank one shows a prompt. A filter value that cannot
 * be read is answered 400 with a message, the other filters still applied.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const find = parseSearchParams(new URL(request.url).searchParams);
  const view = await findProducts(context.db, find);
  return data({ view }, { status: view && view.problems.length > 0 ? 400 : 200 });
}

export const meta: Route.MetaFunction = (args) => {
  const view = args.loaderData?.view;
  // Result pages are for visitors, not search engines: noindex, and robots.txt keeps crawlers out.
  return pageMeta(args, {
    title: view ? pageTitle(`Search results for “${view.query}”`, view.results.page) : "Search",
    description: view ? `Products matching “${view.query}”.` : "Search our Pokémon TCG products by name, or cards by number and set.",
    noindex: true,
  });
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.view ? <SearchResultsPage view={loaderData.view} /> : <SearchPrompt />;
}
