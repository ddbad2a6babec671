import { Form, Link } from "react-router";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { ukLongDate } from "~/modules/preorders/rules";
import type { PreorderFigures } from "~/modules/preorders/views";

export function preorderState(p: Pick<PreorderFigures, "releasedAt" | "deliveredAt" | "short">): string {
  if (p.releasedAt) return p.short > 0 ? "Released, some waiting" : "Released";
  if (p.deliveredAt) return p.short > 0 ? "Delivered short" : "Delivered";
  return "Taking pre-orders";
}

/** The figures of one pre-order as a definition list (list and detail pages). */
export function PreorderFiguresList({ p }: { p: PreorderFigures }) {
  const items: [string, string | number][] = [
    ["Allocation", p.allocation],
    ["Left to sell", p.stock],
    ["Ordered", p.ordered],
    ["Paid", p.paid],
    ["Delivered", p.delivered],
    ["Filled", p.filled],
    ["Short", p.short],
    ["Refunded", p.refundedUnits],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-2 border-b border-slate-100 py-1">
          <dt className="text-slate-600">{label}</dt>
          <dd data-testid={`figure-${label.toLowerCase().replace(/ /g, "-")}`} className="font-semibold tabular-nums text-slate-900">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/preorders: every pre-order with its figures, and the form that puts a variant on pre-order. */
export function PreordersPage({ preorders, candidates, message }: { preorders: PreorderFigures[]; candidates: { variantId: number; name: string; releaseDate: string }[]; message?: string }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Pre-orders</h1>
        <p className="mt-1 text-slate-600">
          A variant on pre-order sells its allocation until released. Paid pre-orders are filled in the order they were paid.
        </p>
      </div>
      {message && <FormError>{message}</FormError>}

      <section aria-labelledby="open-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="open-heading" className="text-lg font-semibold text-slate-900">
          Put a variant on pre-order
        </h2>
        {candidates.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No product with a release date from today on is waiting: give a product a release date on its page first.</p>
        ) : (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="open" />
            <div className="flex min-w-0 flex-col text-sm font-medium text-slate-800">
              <label htmlFor="preorder-variant">Variant</label>
              <select id="preorder-variant" name="variantId" required className="mt-1 min-h-11 max-w-full rounded-lg border border-slate-300 px-3">
                {candidates.map((c) => (
                  <option key={c.variantId} value={c.variantId}>
                    {c.name} — ships {ukLongDate(c.releaseDate)}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex flex-col text-sm font-medium text-slate-800">
              Allocation (units)
              <input name="allocation" inputMode="numeric" pattern="[0-9]*" required className="mt-1 min-h-11 w-32 rounded-lg border border-slate-300 px-3" />
            </label>
            <SubmitButton busyLabel="Saving…">Start pre-order</SubmitButton>
          </Form>
        )}
      </section>

      {preorders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">No pre-orders yet.</p>
      ) : (
        <ul className="space-y-3">
          {preorders.map((p) => (
            <li key={p.variantId} data-testid="preorder-row" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="font-semibold text-slate-900">
                  <Link to={`/admin/preorders/${p.variantId}`} className="underline decoration-amber-400 underline-offset-4 hover:text-amber-700">
                    {p.name}
                  </Link>
                </h2>
                <span className="text-sm text-slate-600">{p.releaseDate ? `ships ${ukLongDate(p.releaseDate)}` : "no release date"}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{preorderState(p)}</span>
              </div>
              <div className="mt-3">
                <PreorderFiguresList p={p} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
