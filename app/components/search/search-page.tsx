import { Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { FilterPanel, ResultCount } from "~/components/sets/filter-panel";
import { ListingGrid } from "~/components/sets/listing-grid";
import { hasFilters, SEARCH_SORTS } from "~/modules/catalog/find-filters";
import type { SearchView } from "~/modules/catalog/find-view";
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_RANK_LIMIT } from "~/modules/catalog/paging";

/** `/search` with no query: a search box and what it understands. */
export function SearchPrompt() {
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Search products</h1>
      <p className="mt-2 text-slate-600">
        Type a card, set or product name, for example “Charizard” or “booster box”, or a card number: “charizard 4/102”, “sv3pt5 199”, “151 mew”.
      </p>
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
      <p className="mt-6 text-sm text-slate-600">
        Or browse{" "}
        <Link to="/sets" className="font-semibold text-amber-800 underline">
          singles by set
        </Link>
        .
      </p>
    </section>
  );
}

function productsWord(n: number) {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? "product" : "products"}`;
}

function resultCount(view: SearchView): string {
  const { total } = view.results;
  const many = `More than ${SEARCH_RANK_LIMIT.toLocaleString("en-GB")} products`;
  if (view.order === "sorted") return total === null ? many : productsWord(total);
  if (total === null || view.order === "name") return `${total === null ? many : productsWord(total)}, by name`;
  return `${productsWord(total)}, best match first`;
}

/** Search results: card matches first, then text matches, with the set pages' filters and counts. */
export function SearchResultsPage({ view }: { view: SearchView }) {
  const { query, results } = view;
  const navigation = useNavigation();
  // A filter applied with JavaScript reloads this page: the old results stay until the new ones come.
  const busy = navigation.state === "loading" && navigation.location.pathname === "/search";
  const filtered = hasFilters(view.filters);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Search results for “{query}”</h1>
        {view.cardMatchCount > 0 && view.matchedSet && (
          <p className="mt-2 text-sm text-slate-700">
            Cards from{" "}
            <Link to={`/sets/${encodeURIComponent(view.matchedSet.code)}`} className="font-semibold text-amber-800 underline">
              {view.matchedSet.name}
            </Link>{" "}
            first. See the whole set for its cards in number order.
          </p>
        )}
      </header>

      {view.problems.length > 0 && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Some filters could not be used:</p>
          <ul className="mt-1 list-disc pl-5">
            {view.problems.map((p) => (
              <li key={p.field}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}

      {(results.items.length > 0 || results.page > 1 || filtered) && (
        <FilterPanel
          action="/search"
          carry={{ q: query }}
          filters={view.filters}
          facets={view.facets}
          sort={view.sort}
          sorts={SEARCH_SORTS}
          defaultSort="relevance"
          typed={view.typed}
          problems={view.problems}
          noun="products"
        />
      )}

      {results.items.length > 0 && <ResultCount testId="result-count">{resultCount(view)}</ResultCount>}

      <div aria-busy={busy || undefined} className={busy ? "opacity-60 transition-opacity" : undefined}>
        {results.items.length === 0 ? (
          <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
            <span className="break-words">No products found matching “{query}”</span>
            {results.page > 1
              ? " on this page."
              : filtered
                ? " with these filters. Try removing one."
                : ". Try fewer or shorter words: “chari” finds Charizard."}
          </p>
        ) : (
          <ListingGrid items={results.items} context="search" eagerCount={results.page === 1 ? 4 : 0} testId="search-result" />
        )}
      </div>
      {view.cardMatchCount > results.pageSize && results.page === 1 && !filtered && view.sort === "relevance" && (
        <p className="text-sm text-slate-700">
          {view.cardMatchCount.toLocaleString("en-GB")} cards match; the first {results.pageSize} are shown.{" "}
          {view.matchedSet ? (
            <Link to={`/sets/${encodeURIComponent(view.matchedSet.code)}`} className="font-semibold text-amber-800 underline">
              See all of {view.matchedSet.name}
            </Link>
          ) : (
            "Add a card number or name to narrow them down."
          )}
        </p>
      )}
      <Pagination page={results.page} hasNextPage={results.hasNextPage} />
    </div>
  );
}
