import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CANCEL_REASON_MAX, type AdminOrderDetail, type OrderActionResult } from "~/modules/orders/admin-order";
import { CANCELLATION_FEE_PERCENT } from "~/modules/orders/refund-rules";
import { formatPence } from "~/utils/money";

type Refusal = Extract<OrderActionResult, { ok: false }>;

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const input =
  "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 border-slate-300 focus:border-amber-500 focus:ring-amber-200 aria-[invalid=true]:border-red-500";

function refusalFor(result: OrderActionResult | undefined, intent: "cancel" | "refund"): Refusal | undefined {
  if (!result || result.ok) return undefined;
  return result.intent === intent || (result.intent === null && intent === "refund") ? result : undefined;
}

function str(values: Refusal["values"] | undefined, key: string): string | undefined {
  const v = values?.[key];
  return typeof v === "string" ? v : undefined;
}

/** The refusal, announced and focused so a keyboard or screen-reader user lands on it. */
function ErrorMessage({ id, refusal }: { id: string; refusal?: Refusal }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.focus();
  }, [refusal]);
  if (!refusal) return null;
  return (
    <p id={id} ref={ref} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {refusal.message}
    </p>
  );
}

/** The choices of how much to pay back: everything left, less the fee (unshipped only), or an amount. */
function AmountChoices({
  order,
  name,
  withNone,
  refusal,
  prefix,
}: {
  order: AdminOrderDetail;
  name: "mode" | "refund";
  withNone: boolean;
  refusal?: Refusal;
  prefix: string;
}) {
  const chosen = str(refusal?.values, name) ?? (withNone ? "full" : "full");
  const amountError = refusal?.field === "amount";
  const options: { value: string; label: string }[] = [
    ...(withNone ? [{ value: "none", label: "No refund now" }] : []),
    { value: "full", label: `Refund everything left: ${formatPence(order.remaining)}` },
    ...(order.can.keepFee && order.lessFee !== null
      ? [{ value: "less-fee", label: `Refund less the ${CANCELLATION_FEE_PERCENT}% cancellation fee: ${formatPence(order.lessFee)} (keeps ${formatPence(order.fee)})` }]
      : []),
    { value: "amount", label: "Refund this amount:" },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Refund</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-start gap-2 text-sm text-slate-800">
          <input type="radio" name={name} value={o.value} defaultChecked={chosen === o.value} className="mt-0.5 h-4 w-4 accent-amber-600" />
          <span>{o.label}</span>
        </label>
      ))}
      <div className="pl-6">
        <label htmlFor={`${prefix}-amount`} className="sr-only">
          Amount to refund in pounds
        </label>
        <div className="flex items-center gap-1">
          <span aria-hidden className="text-sm text-slate-600">
            £
          </span>
          <input
            id={`${prefix}-amount`}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            defaultValue={str(refusal?.values, "amount") ?? ""}
            maxLength={12}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${prefix}-error` : undefined}
            className={`${input} mt-0 max-w-40`}
          />
        </div>
        <p className="mt-1 text-xs text-slate-600">Up to {formatPence(order.remaining)}.</p>
      </div>
    </fieldset>
  );
}

/**
 * Where the money goes (the refund policy's two outcomes): back the way it was paid (the card
 * first, up to what it paid; a part paid with store credit goes back as credit), or all of it
 * as store credit the customer can spend at once.
 */
function DestinationChoices({ order, refusal, prefix }: { order: AdminOrderDetail; refusal?: Refusal; prefix: string }) {
  const chosen = str(refusal?.values, "destination") ?? "original";
  const original =
    order.creditAmount === 0
      ? "To the original payment (card)"
      : order.cardRefundable > 0
        ? `To the original payment: up to ${formatPence(order.cardRefundable)} to the card, the rest as store credit (the order used ${formatPence(order.creditAmount)} of credit)`
        : `To the original payment: store credit (the card has nothing left to get back)`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Refund to</legend>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="radio" id={`${prefix}-to-original`} name="destination" value="original" defaultChecked={chosen !== "credit"} className="mt-0.5 h-4 w-4 accent-amber-600" />
        <span>{original}</span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="radio" id={`${prefix}-to-credit`} name="destination" value="credit" defaultChecked={chosen === "credit"} className="mt-0.5 h-4 w-4 accent-amber-600" />
        <span>As store credit (the customer can spend it at once)</span>
      </label>
    </fieldset>
  );
}

function Submit({ intent, label, busyLabel, danger }: { intent: string; label: string; busyLabel: string; danger?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      disabled={busy}
      className={`inline-flex w-full items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:cursor-wait disabled:opacity-70 sm:w-auto ${
        danger ? "bg-red-700 hover:bg-red-800" : "bg-slate-900 hover:bg-slate-700"
      }`}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** Cancels a paid, unshipped order: a reason, stock back, and a refund in the same step. */
export function CancelForm({ order, requestKey, result }: { order: AdminOrderDetail; requestKey: string; result?: OrderActionResult }) {
  const refusal = refusalFor(result, "cancel");
  const reasonError = refusal?.field === "reason";
  return (
    <section aria-labelledby="cancel-heading" className={card}>
      <h2 id="cancel-heading" className="text-lg font-semibold text-slate-900">
        Cancel this order
      </h2>
      <p className="mt-1 text-sm text-slate-600">It has not been dispatched. Its items go back in stock and the customer is emailed.</p>
      <Form method="post" noValidate preventScrollReset className="mt-3 space-y-4" aria-label={`Cancel order #${order.id}`}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="requestKey" value={requestKey} />
        <ErrorMessage id="cancel-error" refusal={refusal} />
        <div>
          <label htmlFor="cancel-reason" className="block text-sm font-medium text-slate-800">
            Reason
          </label>
          <textarea
            id="cancel-reason"
            name="reason"
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            required
            defaultValue={str(refusal?.values, "reason") ?? ""}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "cancel-error" : undefined}
            className={input}
          />
        </div>
        <AmountChoices order={order} name="refund" withNone refusal={refusal} prefix="cancel" />
        <DestinationChoices order={order} refusal={refusal} prefix="cancel" />
        <Submit intent="cancel" label="Cancel order" busyLabel="Cancelling..." danger />
      </Form>
    </section>
  );
}

/** Refunds all or part of what is left, through the payment provider; optionally restocks unshipped lines. */
export function RefundForm({ order, requestKey, result }: { order: AdminOrderDetail; requestKey: string; result?: OrderActionResult }) {
  const refusal = refusalFor(result, "refund");
  const ticked = new Set(Array.isArray(refusal?.values.restock) ? refusal.values.restock : []);
  const restockable = order.lines.filter((l) => l.variantId !== null && l.quantity > l.restocked);
  return (
    <section aria-labelledby="refund-heading" className={card}>
      <h2 id="refund-heading" className="text-lg font-semibold text-slate-900">
        Refund
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Paid {formatPence(order.totalAmount)}
        {order.creditAmount > 0 ? ` (${formatPence(order.creditAmount)} with store credit)` : ""}; refunded so far {formatPence(order.refundedAmount)}
        {order.creditRefundedAmount > 0 ? ` (${formatPence(order.creditRefundedAmount)} as store credit)` : ""}; left {formatPence(order.remaining)}. Card refunds go
        through the payment provider; store credit is added at once. The customer is emailed.
      </p>
      <Form method="post" noValidate preventScrollReset className="mt-3 space-y-4" aria-label={`Refund order #${order.id}`}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="requestKey" value={requestKey} />
        <ErrorMessage id="refund-error" refusal={refusal} />
        <AmountChoices order={order} name="mode" withNone={false} refusal={refusal} prefix="refund" />
        <DestinationChoices order={order} refusal={refusal} prefix="refund" />
        {order.can.restock && restockable.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Put back in stock (not dispatched)</legend>
            {restockable.map((l) => (
              <label key={l.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" name="restock" value={l.id} defaultChecked={ticked.has(String(l.id))} className="mt-0.5 h-4 w-4 accent-amber-600" />
                <span>
                  {l.quantity - l.restocked} × {l.productName}
                  {l.variantLabel ? ` (${l.variantLabel})` : ""}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <Submit intent="refund" label="Refund" busyLabel="Refunding..." />
      </Form>
    </section>
  );
}
