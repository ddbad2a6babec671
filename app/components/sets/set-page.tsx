import { Link } from "react-router";
import { Breadcrumb } from "~/components/catalogue/breadcrumb";
import { Pagination } from "~/components/catalogue/pagination";
import { SET_SORTS } from "~/modules/catalog/find-filters";
import type { SetPageView, SetSummary } from "~/modules/catalog/find-view";
import { FilterPanel, ResultCount } from "./filter-panel";
import { ListingGrid } from "./listing-grid";

/** "9 January 1999", or null. */
export function releaseDateLabel(date: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** A set's symbol, when the shop serves it itself (the page's CSP allows images from the shop only). */
export function SetSymbol({ set, size }: { set: SetSummary; size: number }) {
  if (!set.symbolUrl || !set.symbolUrl.startsWith("/")) return null;
  return <img src={set.symbolUrl} alt="" width={size} height={size} className="shrink-0 object-contain" />;
}

function cardsWord(n: number) {
  return `${n} ${n === 1 ? "card" : "cards"}`;
}

export function SetPage({ view }: { view: SetPageView }) {
  const { set, cards, facets } = view;
  const action = `/sets/${encodeURIComponent(set.code)}`;
  const released = releaseDateLabel(set.releaseDate);
  const first = (cards.page - 1) * cards.pageSize + 1;
  const last = first + cards.items.length - 1;
  const totalPages = Math.max(1, Math.ceil(cards.total / cards.pageSize));
  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[
          { name: "Card sets", to: "/sets" },
          { name: set.name, to: action },
        ]}
      />
      <header className="flex items-start gap-4">
        <SetSymbol set={set} size={48} />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{set.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {[set.seriesName, released ? `released ${released}` : null, `code ${set.code}`].filter(Boolean).join(" · ")}
          </p>
          <p className="mt-2 flex flex-wrap gap-2 text-sm">
            <span data-testid="listed-count" className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
              {view.listedCount} of {cardsWord(set.totalCardCount ?? view.cardCount)} listed
            </span>
          </p>
        </div>
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

      <FilterPanel
        action={action}
        filters={view.filters}
        facets={facets}
        sort={view.sort}
        sorts={SET_SORTS}
        defaultSort="number"
        show={view.show}
        typed={view.typed}
        problems={view.problems}
        noun="cards"
      />

      <ResultCount testId="result-count">
        {cards.total === 0
          ? "No cards match."
          : cards.items.length === 0
            ? `No cards on this page (${cardsWord(cards.total)} in all).`
            : `Showing ${first}–${last} of ${cardsWord(cards.total)}.`}
      </ResultCount>

      {cards.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {cards.page > 1 ? (
            <>
              There are no cards on this page.{" "}
              <Link to={action} className="font-semibold text-amber-800 underline">
                Back to the first page
              </Link>
            </>
          ) : view.listedCount === 0 && view.show === "listed" ? (
            <>
              We do not list any cards of this set yet.{" "}
              <Link to={`${action}?show=all`} className="font-semibold text-amber-800 underline">
                See every card in the set
              </Link>
            </>
          ) : (
            "No cards match these filters. Try removing one."
          )}
        </p>
      ) : (
        <ListingGrid items={cards.items} context="set" eagerCount={cards.page === 1 ? 4 : 0} testId="set-card" />
      )}
      <Pagination page={cards.page} hasNextPage={cards.hasNextPage} totalPages={totalPages} />
    </div>
  );
}
