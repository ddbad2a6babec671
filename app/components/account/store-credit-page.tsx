import { Link } from "react-router";
import { CreditHistoryTable } from "~/components/credit/credit-history";
import type { CreditHistoryRow } from "~/modules/credit/credit-rules";
import { formatPence } from "~/utils/money";

export interface StoreCreditView {
  balance: number;
  rows: CreditHistoryRow[];
  /** The id to page on from (the last row shown), when there are older rows. */
  olderFrom: number | null;
  /** Whether this is a later page (so "newest" is offered). */
  paged: boolean;
}

/** /account/store-credit: the balance, how to earn and spend it, and every movement. */
export function StoreCreditPage({ view }: { view: StoreCreditView }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to="/account" className="text-sm font-medium text-slate-600 hover:text-slate-900">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Store credit</h1>
      </div>
      <section aria-labelledby="balance-heading" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
        <h2 id="balance-heading" className="text-sm font-medium text-emerald-900">
          Your balance
        </h2>
        <p className="mt-1 text-3xl font-bold text-emerald-900" data-testid="store-credit-balance">
          {formatPence(view.balance)}
        </p>
        <p className="mt-2 text-sm text-emerald-900">
          Spend it at checkout on part or all of an order. Earn it by <Link to="/sell-cards" className="font-semibold underline">selling us your cards</Link>: store credit pays more than cash.
        </p>
      </section>
      <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
          History
        </h2>
        <CreditHistoryTable rows={view.rows} caption="Your store credit history, newest first" />
        <nav aria-label="History pages" className="mt-3 flex gap-4 text-sm">
          {view.paged && (
            <Link to="/account/store-credit" className="font-medium text-slate-700 underline">
              Newest
            </Link>
          )}
          {view.olderFrom !== null && (
            <Link to={`/account/store-credit?before=${view.olderFrom}`} className="font-medium text-slate-700 underline">
              Older
            </Link>
          )}
        </nav>
      </section>
    </div>
  );
}
