import { Link } from "react-router";
import type { SeriesGroup } from "~/modules/catalog/find-view";
import { releaseDateLabel, SetSymbol } from "./set-page";

/** `/sets`: every set the shop lists singles of, by series, newest first. */
export function SetsIndexPage({ series }: { series: SeriesGroup[] }) {
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Card sets</h1>
        <p className="mt-2 text-slate-600">
          Singles by set, newest first. Open a set to see its cards in number order with what is in stock, or{" "}
          <Link to="/search" className="font-semibold text-amber-800 underline">
            search
          </Link>{" "}
          for a card by name and number, for example “charizard 4/102”.
        </p>
      </header>
      {series.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">We do not list any singles yet.</p>
      ) : (
        series.map((group, index) => (
          <section key={group.name ?? "other"} aria-labelledby={`series-${index}`}>
            <h2 id={`series-${index}`} className="text-lg font-bold text-slate-900">
              {group.name ?? "Other sets"}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {group.sets.map((set) => {
                const released = releaseDateLabel(set.releaseDate);
                return (
                  <li key={set.code} data-testid="set-entry">
                    <article className="relative flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
                      <SetSymbol set={set} size={32} />
                      <div className="min-w-0">
                        <h3 className="break-words font-semibold text-slate-900">
                          <Link to={`/sets/${encodeURIComponent(set.code)}`} className="after:absolute after:inset-0 hover:text-amber-800">
                            {set.name}
                          </Link>
                        </h3>
                        <p className="text-sm text-slate-600">{[released, set.code].filter(Boolean).join(" · ")}</p>
                        <p className="mt-1 text-sm text-slate-700">
                          {set.listedCount} {set.listedCount === 1 ? "card" : "cards"} listed
                        </p>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
