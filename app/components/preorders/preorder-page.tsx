import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDateTime } from "~/components/ui/format-date";
import { ukLongDate } from "~/modules/preorders/rules";
import type { PreorderDetail } from "~/modules/preorders/views";
import { formatPence } from "~/utils/money";
import { PreorderFiguresList, preorderState } from "./preorders-page";

const box = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const input = "mt-1 min-h-11 w-32 rounded-lg border border-slate-300 px-3";

function lineState(line: PreorderDetail["lines"][number], delivered: boolean): string {
  if (line.orderStatus === "pending") return "Awaiting payment";
  if (line.orderStatus !== "completed" && line.orderStatus !== "dispatched") return line.orderStatus === "refunded" ? "Refunded" : "Not paid";
  if (!delivered) return "Paid, waiting for delivery";
  if (line.short > 0) return line.filled > 0 ? `Filled ${line.filled}, ${line.short} waiting` : "Waiting";
  return line.refundedUnits > 0 ? `Filled ${line.filled}, ${line.refundedUnits} refunded` : "Filled";
}

/** /admin/preorders/:variantId: figures, the lines in paid order with their fills, and the forms (allocation, delivery, shortfall, release). */
export function PreorderPage({ preorder: p, notice, message }: { preorder: PreorderDetail; notice: string | null; message?: string }) {
  const delivered = p.deliveredAt !== null;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/preorders" className="font-medium text-amber-700 underline underline-offset-2">
            All pre-orders
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{p.name}</h1>
        <p className="mt-1 text-slate-600">
          {p.releaseDate ? `Ships ${ukLongDate(p.releaseDate)}` : "No release date"} · <span data-testid="preorder-state">{preorderState(p)}</span> ·{" "}
          <Link to={`/products/${p.productSlug}`} className="underline underline-offset-2">
            Shop page
          </Link>
        </p>
      </div>
      {notice && <FormNotice>{notice}</FormNotice>}
      {message && <FormError>{message}</FormError>}

      <section aria-label="Figures" className={box}>
        <PreorderFiguresList p={p} />
      </section>

      {!p.releasedAt && !delivered && (
        <section aria-labelledby="allocation-heading" className={box}>
          <h2 id="allocation-heading" className="font-semibold text-slate-900">
            Allocation
          </h2>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="allocation" />
            <label className="flex flex-col text-sm font-medium text-slate-800">
              Units expected
              <input name="allocation" defaultValue={p.allocation} inputMode="numeric" pattern="[0-9]*" required className={input} />
            </label>
            <SubmitButton busyLabel="Saving…">Save allocation</SubmitButton>
          </Form>
        </section>
      )}

      <section aria-labelledby="delivery-heading" className={box}>
        <h2 id="delivery-heading" className="font-semibold text-slate-900">
          Delivery
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the units that arrived{delivered ? ` (${p.delivered} so far, last ${formatDateTime(p.deliveredAt!)})` : ""}. They fill paid pre-orders in the order paid.
        </p>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="delivery" />
          <label className="flex flex-col text-sm font-medium text-slate-800">
            Units delivered
            <input name="units" inputMode="numeric" pattern="[0-9]*" required className={input} />
          </label>
          <SubmitButton busyLabel="Recording…">Record delivery</SubmitButton>
        </Form>
      </section>

      {delivered && p.short > 0 && (
        <section aria-labelledby="short-heading" className={box}>
          <h2 id="short-heading" className="font-semibold text-slate-900">
            Short: {p.short} {p.short === 1 ? "unit" : "units"} not covered
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Refund the paid pre-orders the delivery does not cover (through the order&apos;s payment, card first), or keep them waiting for the next delivery. Each customer is emailed.
            {p.shortfallSettled && " Settled for this delivery."}
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="shortfall" />
            <SubmitButton name="choice" value="refund" busyLabel="Refunding…">
              Refund the short pre-orders
            </SubmitButton>
            <button type="submit" name="choice" value="wait" className="min-h-11 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50">
              Keep them waiting
            </button>
          </Form>
        </section>
      )}

      {!p.releasedAt && (
        <section aria-labelledby="release-heading" className={box}>
          <h2 id="release-heading" className="font-semibold text-slate-900">
            Release
          </h2>
          <p className="mt-1 text-sm text-slate-600">Filled pre-orders become dispatchable and the variant sells as ordinary stock.</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="release" />
            <SubmitButton busyLabel="Releasing…">Release for dispatch</SubmitButton>
          </Form>
        </section>
      )}

      <section aria-labelledby="lines-heading" className={box}>
        <h2 id="lines-heading" className="font-semibold text-slate-900">
          Pre-orders, in the order paid
        </h2>
        {p.lines.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3">Order</th>
                  <th scope="col" className="py-2 pr-3">Customer</th>
                  <th scope="col" className="py-2 pr-3">Units</th>
                  <th scope="col" className="py-2 pr-3">Price</th>
                  <th scope="col" className="py-2 pr-3">Paid</th>
                  <th scope="col" className="py-2">State</th>
                </tr>
              </thead>
              <tbody>
                {p.lines.map((line) => (
                  <tr key={line.orderItemId} data-testid="preorder-line" className="border-b border-slate-100">
                    <td className="py-2 pr-3">
                      <Link to={`/admin/orders/${line.orderId}`} className="underline underline-offset-2">
                        #{line.orderId}
                      </Link>
                    </td>
                    <td className="break-all py-2 pr-3">{line.email}</td>
                    <td className="py-2 pr-3 tabular-nums">{line.quantity}</td>
                    <td className="py-2 pr-3 tabular-nums">{formatPence(line.unitPrice)}</td>
                    <td className="py-2 pr-3">{line.paidAt ? formatDateTime(line.paidAt) : "—"}</td>
                    <td className="py-2">{lineState(line, delivered)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
