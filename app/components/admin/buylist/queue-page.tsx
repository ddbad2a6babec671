import { Settings } from "lucide-react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { formatDateTime } from "~/components/ui/format-date";
import { PAYOUT_LABELS, QUEUE_FILTER_LABELS, QUEUE_FILTERS, queueQuery, type QueueFilter, type QueuePage } from "~/modules/buylist/admin";
import { formatPence } from "~/utils/money";
import { BuylistStatusPill, inputClass, primaryButton } from "./parts";

const PATH = "/admin/buylist";
const AMOUNT_LABELS = { offer: "offer", quote: "quoted", final: "final", paid: "paid" } as const;

/** Filters worth a link even when empty; the rest show only when something is in them. */
const ALWAYS_SHOWN: readonly QueueFilter[] = ["open", "all", "submitted", "accepted", "shipped", "received", "graded"];

/**
 * /admin/buylist: the filter links with their counts, a search by reference or email (a GET
 * form: the URL is the list), and the sell lists of this page: oldest first in "Open" (the next to
 * answer within the 24-hour quote promise), newest first in the other views.
 */
export function BuylistQueuePage({ queue }: { queue: QueuePage }) {
  const { search, rows, counts, total, page, totalPages, hasNextPage } = queue;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Buylist</h1>
          <p className="mt-1 text-slate-600">
            {QUEUE_FILTER_LABELS[search.filter]}: {total === 1 ? "1 sell list" : `${total} sell lists`}, {search.filter === "open" ? "oldest first (the next to answer)" : "newest first"}.
          </p>
        </div>
        <Link to="/admin/buylist/settings" className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-700 underline underline-offset-2">
          <Settings aria-hidden className="h-4 w-4" /> Buylist settings and wanted cards
        </Link>
      </div>

      <nav aria-label="Sell list status">
        <ul className="flex flex-wrap gap-2">
          {QUEUE_FILTERS.filter((f) => ALWAYS_SHOWN.includes(f) || counts[f] > 0 || f === search.filter).map((f) => {
            const active = f === search.filter;
            return (
              <li key={f}>
                <Link
                  to={`${PATH}${queueQuery(f, search.q)}`}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                    active ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-amber-400 hover:bg-amber-50"
                  }`}
                >
                  {QUEUE_FILTER_LABELS[f]}
                  <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? "bg-white/20 text-white" : "bg-slate-100 text-slate-600"}`}>{counts[f]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form method="get" action={PATH} role="search" aria-label="Search sell lists" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        {search.filter !== "open" && <input type="hidden" name="status" value={search.filter} />}
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="buylist-search" className="block text-sm font-medium text-slate-800">
            Reference or customer email
          </label>
          <input id="buylist-search" name="q" type="search" defaultValue={search.q} placeholder="SL-5001 or name@example.com" maxLength={100} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Search sell lists
        </button>
        {search.q && (
          <Link to={`${PATH}${queueQuery(search.filter, "")}`} className="py-2 text-sm font-medium text-amber-700 underline underline-offset-2">
            Clear search
          </Link>
        )}
      </Form>

      <p className="sr-only" role="status" aria-live="polite">
        {total === 1 ? "1 sell list found" : `${total} sell lists found`}
      </p>

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {page > 1 && total > 0 ? "This page is past the end of the list." : search.q ? "No sell list matches that search." : "No sell lists here."}
        </div>
      ) : (
        <ol className="space-y-3" data-testid="buylist-queue">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0">
                  <Link to={`${PATH}/${row.id}`} className="text-lg font-semibold text-slate-900 underline decoration-amber-400 underline-offset-4 hover:text-amber-700">
                    {row.reference}
                  </Link>
                  <p className="mt-0.5 break-words text-sm text-slate-700">
                    {row.name ? `${row.name} · ` : ""}
                    {row.email}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {row.lineCount === 1 ? "1 line" : `${row.lineCount} lines`}, {row.units === 1 ? "1 card" : `${row.units} cards`} · prefers {PAYOUT_LABELS[row.payoutPreference].toLowerCase()} · sent {formatDateTime(row.createdAt)}
                  </p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <BuylistStatusPill status={row.status} />
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold tabular-nums text-slate-900">{formatPence(row.amount)}</span> {AMOUNT_LABELS[row.amountKind]}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}

      <Pagination page={page} hasNextPage={hasNextPage} totalPages={totalPages} />
    </div>
  );
}
