import { ShopDateTime } from "~/components/ui/format-date";
import { formatSubmissionReference } from "~/modules/buylist/status";
import { CREDIT_KIND_LABELS, type CreditHistoryRow } from "~/modules/credit/credit-rules";
import { formatPence } from "~/utils/money";


/** What a movement was about, in words: its kind, and the order or sell list it belongs to. */
function describe(row: CreditHistoryRow): string {
  const label = CREDIT_KIND_LABELS[row.kind] ?? row.kind;
  if (row.orderId !== null) return `${label}: order #${row.orderId}`;
  if (row.buylistSubmissionId !== null) return `${label}: sell list ${formatSubmissionReference(row.buylistSubmissionId)}`;
  return label;
}

/**
 * A store-credit ledger as a table (the customer's account page and the admin's customer page
 * both show it): when, what, the amount in or out, and the balance after it.
 */
export function CreditHistoryTable({ rows, caption }: { rows: CreditHistoryRow[]; caption: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No store credit yet.</p>;
  return (
    <div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              When
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              What
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 align-top" data-testid="credit-row">
              <td className="hidden py-2 pr-3 whitespace-nowrap text-slate-600 sm:table-cell">
                <ShopDateTime value={row.createdAt} />
              </td>
              <td className="py-2 pr-3 text-slate-900">
                {/* On a phone the date goes under the description, so amount and balance stay in view. */}
                <span className="block text-xs text-slate-600 sm:hidden">
                  <ShopDateTime value={row.createdAt} />
                </span>
                {describe(row)}
                {row.note && <span className="block text-xs text-slate-600">{row.note}</span>}
              </td>
              <td className={`py-2 pr-3 text-right font-medium whitespace-nowrap ${row.amount > 0 ? "text-emerald-700" : "text-slate-900"}`}>
                {row.amount > 0 ? `+${formatPence(row.amount)}` : `−${formatPence(-row.amount)}`}
              </td>
              <td className="py-2 text-right whitespace-nowrap text-slate-900">{formatPence(row.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
