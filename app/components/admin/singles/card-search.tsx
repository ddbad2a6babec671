import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { MAX_SEARCH_QUERY_LENGTH } from "~/modules/catalog/paging";
import type { CardSearchHit } from "~/modules/catalog/singles";

export const SEARCH_INPUT_ID = "card-search-q";
export const FIRST_RESULT_ID = "card-result-0";

/** Where picking a card goes: the listing form, keeping the search so the admin can go back to it. */
export function pickHref(cardId: number, query: string): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  params.set("card", String(cardId));
  return `/admin/singles/new?${params.toString()}`;
}

/** The search box: a plain GET form, so it works without JavaScript too. */
export function CardSearchForm({ query }: { query: string }) {
  return (
    <Form method="get" action="/admin/singles/new" role="search" aria-label="Card database" className="space-y-1">
      <label htmlFor={SEARCH_INPUT_ID} className="block text-sm font-medium text-slate-800">
        Find a card
      </label>
      <div className="flex gap-2">
        <input
          // A new search result page gets a fresh box with its query in it.
          key={query}
          id={SEARCH_INPUT_ID}
          name="q"
          type="search"
          defaultValue={query}
          maxLength={MAX_SEARCH_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="charizard 4/102"
          aria-describedby={`${SEARCH_INPUT_ID}-hint`}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
        />
        <button type="submit" className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
          <Search aria-hidden className="h-4 w-4" /> Search
        </button>
      </div>
      <p id={`${SEARCH_INPUT_ID}-hint`} className="text-xs text-slate-600">
        Name, number or set: “charizard 4/102”, “base1 4”, “sv3pt5 151”. Then Enter picks the first card, or Tab to another.
      </p>
    </Form>
  );
}

/** The cards found, best first; each is a link to its listing form. */
export function CardResults({ query, results }: { query: string; results: CardSearchHit[] }) {
  if (results.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
        No card matches “{query}”. Try the name alone, or the number as it is printed (4/102).
      </p>
    );
  }
  return (
    <section aria-labelledby="card-results-heading" className="space-y-2">
      <h2 id="card-results-heading" className="text-sm font-semibold text-slate-700">
        {results.length === 1 ? "1 card" : `${results.length} cards`} for “{query}”
      </h2>
      <ol className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {results.map((card, index) => (
          <li key={card.id}>
            <Link
              id={index === 0 ? FIRST_RESULT_ID : undefined}
              to={pickHref(card.id, query)}
              data-testid="card-result"
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 hover:bg-amber-50 focus-visible:bg-amber-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-500"
            >
              <span className="font-semibold text-slate-900">{card.title}</span>
              <span className="text-sm text-slate-600">
                <span className="font-mono">{card.setCode}</span>
                {card.rarity ? ` · ${card.rarity}` : ""}
                {card.releaseDate ? ` · ${card.releaseDate.slice(0, 4)}` : ""}
              </span>
              {card.listed ? (
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                  Listed: {card.listed.stock} in stock
                </span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Not listed</span>
              )}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
