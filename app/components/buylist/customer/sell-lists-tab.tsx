import { HandCoins } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/components/ui/format-date";
import { SELL_LIST_PATH, type SubmissionSummary } from "~/modules/buylist/customer";
import { formatSubmissionReference } from "~/modules/buylist/status";
import { formatPence } from "~/utils/money";
import { BuylistStatusBadge } from "./status-badge";

/** A submission as the tab lists it: the buylist module's summary, one shape for both. */
export type SellListSummary = SubmissionSummary;

/** The latest figure the customer has: final after grading, else the quote, else the instant offer. */
export function latestAmount(s: Pick<SellListSummary, "offerCash" | "offerCredit" | "quotedCash" | "quotedCredit" | "finalCash" | "finalCredit" | "payoutPreference">) {
  const [label, cash, credit] =
    s.finalCash !== null ? ["Final", s.finalCash, s.finalCredit] : s.quotedCash !== null ? ["Quote", s.quotedCash, s.quotedCredit] : ["Offer", s.offerCash, s.offerCredit];
  return { label, cash, credit: credit ?? cash, preferred: s.payoutPreference === "credit" ? (credit ?? cash) : cash };
}

/** The account page's "Sell lists" tab: every submission with its reference, date, status and latest amount. */
export function SellListsTab({ sellLists }: { sellLists: SellListSummary[] }) {
  if (sellLists.length === 0) {
    return (
      <div className="flex flex-col items-center py-12 text-center">
        <HandCoins aria-hidden className="h-12 w-12 text-slate-300" />
        <p className="mt-4 text-lg font-semibold text-slate-900">You have not sent us a sell list yet.</p>
        <p className="mt-1 text-sm text-slate-600">Build a list of cards you would like to sell and see our offer at once.</p>
        <Link to={SELL_LIST_PATH} className="mt-6 inline-flex rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400">
          Start a sell list
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="sell-lists-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sell-lists-heading" className="text-lg font-semibold text-slate-900">
          Your sell lists
        </h2>
        <Link to={SELL_LIST_PATH} className="text-sm font-semibold text-amber-800 underline hover:text-amber-900">
          Start a new sell list
        </Link>
      </div>
      <ol className="mt-4 space-y-3">
        {sellLists.map((s) => {
          const amount = latestAmount(s);
          const reference = formatSubmissionReference(s.id);
          return (
            <li key={s.id} data-testid="sell-list-summary" className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold text-slate-900">
                    <Link to={`/account/sell-lists/${s.id}`} className="underline hover:text-amber-800">
                      {reference}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    Sent on {formatDate(s.createdAt)} · {s.lineCount} {s.lineCount === 1 ? "line" : "lines"}
                  </p>
                </div>
                <BuylistStatusBadge status={s.status} />
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {amount.label}: <strong className="font-semibold text-slate-900">{formatPence(amount.cash)}</strong> cash or{" "}
                <strong className="font-semibold text-slate-900">{formatPence(amount.credit)}</strong> store credit
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
