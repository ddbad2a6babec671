import { Form, Link, useNavigation } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { SubmitButton } from "~/components/ui/submit-button";
import { MARKET_FIGURE_LABELS } from "~/modules/market/pricing-rules";
import { formatEuroCents, type PreviewRow, type RepricingPreview } from "~/modules/market/repricing";
import { formatPence } from "~/utils/money";
import { TrendLine } from "./trend-line";

const STATUS_TEXT: Record<PreviewRow["status"], { label: string; className: string }> = {
  change: { label: "Will change", className: "bg-amber-100 text-amber-900" },
  held: { label: "Held by a checkout", className: "bg-sky-100 text-sky-900" },
  pinned: { label: "Pinned", className: "bg-slate-200 text-slate-800" },
};

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

/** "£3.00 → £3.49", or the one price when it does not move; "none" for no member price. */
function Move({ from, to }: { from: number | null; to: number | null }) {
  const show = (pence: number | null) => (pence === null ? "none" : formatPence(pence));
  if (from === to) return <span className="text-slate-600">{show(to)}</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="text-slate-500">{show(from)}</span>
      <span aria-hidden> → </span>
      <span className="sr-only"> to </span>
      <span className="font-semibold text-slate-900">{show(to)}</span>
    </span>
  );
}

/** Pins a variant at its current price, or unpins it: one small form per row (works without JavaScript). */
function PinForm({ row }: { row: PreviewRow }) {
  const navigation = useNavigation();
  const pinned = row.status === "pinned";
  const intent = pinned ? "unpin" : "pin";
  const busy = navigation.state === "submitting" && navigation.formData?.get("variantId") === String(row.variantId);
  const what = `${row.productName}${row.variantLabel ? `, ${row.variantLabel}` : ""}`;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="variantId" value={row.variantId} />
      <button
        type="submit"
        disabled={busy}
        aria-label={pinned ? `Unpin ${what}` : `Pin ${what} at ${formatPence(row.oldPrice)}`}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:border-amber-400 hover:bg-amber-50 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? "Saving..." : pinned ? "Unpin" : "Pin price"}
      </button>
    </Form>
  );
}

/** The repricing preview: what would change (counts, then the changes page by page) and the Apply button. */
export function PreviewSection({ preview }: { preview: RepricingPreview }) {
  const { counts, rows, guide, page, totalPages, totalRows } = preview;
  const summary: Array<[string, number, string]> = [
    ["Will change", counts.changes, "preview-changes"],
    ["Held by a pending checkout (left alone)", counts.held, "preview-held"],
    ["Already at the rules' price", counts.unchanged, "preview-unchanged"],
    ["Pinned by hand", counts.pinned, "preview-pinned"],
    ["Graded slabs (never repriced)", counts.graded, "preview-graded"],
    ["1st editions (never repriced)", counts.firstEdition, "preview-first-edition"],
    ["No market figure", counts.noFigure, "preview-no-figure"],
    ["Priced above £999,999.99 by the rules (left alone: check the figure or the rules)", counts.tooHigh, "preview-too-high"],
  ];
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <div>
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Preview
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {guide
            ? `What the rules make of the latest guide's ${MARKET_FIGURE_LABELS[preview.rules.figure].toLowerCase()} for the ${plural(counts.variants, "variant", "variants")} of singles. Nothing changes until you apply.`
            : "Import a price guide to see what would change."}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {summary.map(([label, value, testId]) => (
          <div key={testId} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd data-testid={testId} className="mt-1 text-2xl font-black tabular-nums text-slate-900">
              {value.toLocaleString("en-GB")}
            </dd>
          </div>
        ))}
      </dl>

      {counts.changes > 0 ? (
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="fingerprint" value={preview.fingerprint} />
          <SubmitButton busyLabel="Applying..." name="intent" value="apply">
            Apply {plural(counts.changes, "price change", "price changes")}
          </SubmitButton>
          <p className="text-sm text-slate-700">
            Exactly the changes listed here, in one step. A variant held by a pending checkout when you apply keeps its price.
          </p>
        </Form>
      ) : (
        guide && <p className="text-sm text-slate-600">Nothing to apply: every price already follows the rules.</p>
      )}

      {rows.length > 0 ? (
        <div role="region" aria-labelledby="changes-caption" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-amber-500">
          <table className="min-w-full text-left text-sm">
            <caption id="changes-caption" className="px-4 pt-3 text-left text-sm font-semibold text-slate-800">
              Changes and pins, page {page} of {totalPages} ({plural(totalRows, "row", "rows")})
            </caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">Single</th>
                <th scope="col" className="px-4 py-2">Market</th>
                <th scope="col" className="px-4 py-2">Price</th>
                <th scope="col" className="px-4 py-2">Member price</th>
                <th scope="col" className="px-4 py-2">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.variantId} data-testid="preview-row">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <Link to={`/products/${row.productSlug}${row.variantQuery ? `?${row.variantQuery}` : ""}`} className="font-medium text-amber-800 underline underline-offset-2">
                      {row.productName}
                    </Link>
                    {row.variantLabel && <span className="block text-xs text-slate-600">{row.variantLabel}</span>}
                  </th>
                  <td className="px-4 py-3">
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <span className="tabular-nums">{formatEuroCents(row.figureCents)}</span>
                      <TrendLine points={row.trend} />
                    </span>
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    {row.status === "pinned" ? (
                      <span>
                        {formatPence(row.oldPrice)} <span className="block text-xs text-slate-600">market: {formatPence(row.newPrice)}</span>
                      </span>
                    ) : (
                      <Move from={row.oldPrice} to={row.newPrice} />
                    )}
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    {row.status === "pinned" ? <span>{row.oldPremiumPrice === null ? "none" : formatPence(row.oldPremiumPrice)}</span> : <Move from={row.oldPremiumPrice} to={row.newPremiumPrice} />}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TEXT[row.status].className}`}>{STATUS_TEXT[row.status].label}</span>
                      <PinForm row={row} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        page > 1 &&
        totalRows > 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
            This page is past the end of the list.{" "}
            <Link to="/admin/pricing" className="font-medium text-amber-800 underline underline-offset-2">
              Go to the first page
            </Link>
          </p>
        )
      )}
      <Pagination page={page} hasNextPage={page < totalPages} totalPages={totalPages} />
    </section>
  );
}
