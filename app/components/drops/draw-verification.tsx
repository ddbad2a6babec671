import { Link } from "react-router";
import { ShopDateTime } from "~/components/ui/format-date";
import { DRAW_RECOMPUTE_STEPS } from "~/modules/drops/draw-rules";
import type { DrawVerification } from "~/modules/drops/draw-view";

/**
 * /drops/:id/draw — how a free draw came out, for anyone to check: the recorded seed, every entry
 * id in the order drawn with the rank that put it there (a page at a time), and how to recompute
 * it. Entry ids only: no names, no emails (each entrant can see their own entry id on the drop's
 * page).
 */
export function DrawVerificationPage({ view }: { view: DrawVerification }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-2">
      <p className="text-sm">
        <Link to={`/products/${view.productSlug}`} className="text-amber-800 underline">
          {view.productName}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">How the draw for {view.productName} was made</h1>
      <p className="mt-3 text-slate-700">Entry was free. When entry closed, a random seed was made and recorded; the seed alone decides the order, and anyone can recompute it.</p>

      {!view.seed || !view.drawnAt ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800" data-testid="draw-pending">
          The draw has not been made yet. It is made when entry closes, at <ShopDateTime value={view.startsAt} />.
        </p>
      ) : (
        <>
          <dl className="mt-6 grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-semibold text-slate-900">Drawn at</dt>
            <dd>
              <ShopDateTime value={view.drawnAt} />
            </dd>
            <dt className="font-semibold text-slate-900">Seed</dt>
            <dd className="break-all font-mono text-sm text-slate-900" data-testid="draw-seed">
              {view.seed}
            </dd>
            <dt className="font-semibold text-slate-900">Entries</dt>
            <dd data-testid="draw-entries">{view.entries}</dd>
            <dt className="font-semibold text-slate-900">Places won at the draw</dt>
            <dd data-testid="draw-places">{view.places}</dd>
          </dl>

          <h2 className="mt-8 text-xl font-semibold text-slate-900">Check it yourself</h2>
          <ol className="mt-2 list-decimal space-y-2 pl-6 text-slate-700">
            {DRAW_RECOMPUTE_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-3 text-slate-700">For example, in Node.js:</p>
          <pre tabIndex={0} aria-label="Example code to recompute the order" className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-50">
            <code>{`const { createHmac } = require("node:crypto");
const rank = (seed, id) => createHmac("sha256", seed).update(String(id)).digest("hex");
ids.sort((a, b) => rank(seed, a).localeCompare(rank(seed, b)));`}</code>
          </pre>
          <p className="mt-3 text-slate-700">Places not bought in time pass to the next entries in this order, while there is stock.</p>

          <h2 className="mt-8 text-xl font-semibold text-slate-900">The order drawn</h2>
          {view.pages > 1 && <DrawPages view={view} label="Pages of the order drawn" />}
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="The order drawn">
            <table className="w-full text-left text-sm" data-testid="draw-order">
              <caption className="sr-only">Entries in the order drawn, with their ranks</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Drawn
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Entry id
                  </th>
                  <th scope="col" className="py-2">
                    Rank (HMAC-SHA256)
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.order.map((e) => (
                  <tr key={e.entryId} className="border-b border-slate-100" data-testid="draw-order-row">
                    <td className="py-2 pr-3">{e.position}</td>
                    <td className="py-2 pr-3 font-mono">{e.entryId}</td>
                    <td className="break-all py-2 font-mono text-xs">{e.rank}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {view.pages > 1 && <DrawPages view={view} label="Pages of the order drawn, again" />}
        </>
      )}
    </div>
  );
}

/** Which entries this page lists, and links to the pages around it. */
function DrawPages({ view, label }: { view: DrawVerification; label: string }) {
  const first = view.order[0]?.position ?? 0;
  const last = view.order.at(-1)?.position ?? 0;
  const link = (page: number, label: string, rel?: string) => (
    <Link to={`?page=${page}`} rel={rel} className="font-semibold text-amber-800 underline">
      {label}
    </Link>
  );
  return (
    <nav aria-label={label} className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span data-testid="draw-page">
        Page {view.page} of {view.pages} (drawn {first} to {last} of {view.entries})
      </span>
      {view.page > 1 && link(1, "First page")}
      {view.page > 1 && link(view.page - 1, "Previous page", "prev")}
      {view.page < view.pages && link(view.page + 1, "Next page", "next")}
      {view.page < view.pages && link(view.pages, "Last page")}
    </nav>
  );
}
