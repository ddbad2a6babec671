import { ShopDateTime } from "~/components/ui/format-date";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { OUTBOX_FILTER_LABELS } from "~/modules/email/outbox-status";
import type { AdminOrderDetail, OrderActionResult, TimelineEvent } from "~/modules/orders/admin-order";
import { refundSummary } from "~/modules/orders/refund-rules";
import { formatPence } from "~/utils/money";
import { OrderStatusPill } from "../order-status-pill";
import { addressLines } from "./address";
import { CancelForm, RefundForm } from "./money-forms";
import { STORE_CREDIT_PROVIDER } from "~/modules/credit/credit-rules";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const h2 = "text-lg font-semibold text-slate-900";

const AUDIT_LABELS: Record<string, string> = {
  "order.dispatched": "Marked dispatched",
  "order.tracking_corrected": "Tracking number corrected",
  "order.cancelled": "Cancelled",
  "order.refunded": "Refund made",
};

function eventText(e: TimelineEvent): string {
  switch (e.kind) {
    case "created":
      return "Order placed";
    case "paid":
      return "Payment received";
    case "dispatched":
      return e.trackingNumber ? `Dispatched, tracking ${e.trackingNumber}` : "Dispatched";
    case "cancelled":
      return e.reason ? `Cancelled: ${e.reason}` : "Cancelled";
    case "refund":
      return `Refunded ${formatPence(e.amount)} ${e.toCredit ? "as store credit" : "to the card"} (${e.reason.replace(/_/g, " ")})`;
    case "email":
      return `Email “${e.subject}” to ${e.to}: ${OUTBOX_FILTER_LABELS[e.status].toLowerCase()}`;
    case "audit":
      return `${AUDIT_LABELS[e.action] ?? e.action} by ${e.actorEmail ?? "an unknown admin"}`;
  }
}

/** /admin/orders/:id: everything about one order, the cancel and refund forms, and what happened when. */
export function AdminOrderPage({ order, requestKey, result }: { order: AdminOrderDetail; requestKey: string; result?: OrderActionResult }) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  // A refusal keeps the form's key (a retry is the same refund); anything else gets the fresh one.
  const key = result && !result.ok && typeof result.values.requestKey === "string" ? result.values.requestKey : requestKey;
  const summary = refundSummary(order, formatPence);
  const address = addressLines(order);

  useEffect(() => {
    if (result?.ok) messageRef.current?.focus();
  }, [result]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/admin/orders" className="font-medium text-amber-700 underline underline-offset-2">
              All orders
            </Link>
          </p>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Order #{order.id} <OrderStatusPill status={order.status} />
          </h1>
          <p className="mt-1 text-slate-600">
            Placed <ShopDateTime value={order.createdAt} /> · {formatPence(order.totalAmount)}
            {summary && <span data-testid="refund-summary"> · {summary}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/orders/${order.id}/packing-slip`} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:border-amber-400">
            Packing slip
          </Link>
          <Link to={`/admin/orders/${order.id}/label`} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:border-amber-400">
            Address label
          </Link>
        </div>
      </div>

      <div aria-live="polite">
        {result?.ok && (
          <p ref={messageRef} tabIndex={-1} role="status" data-testid="order-notice" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
            {result.message}
          </p>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="lines-heading" className={card}>
            <h2 id="lines-heading" className={h2}>
              Items
            </h2>
            <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="order-lines">
              {order.lines.map((line) => (
                <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{line.productName}</span>
                    {line.variantLabel && <span className="text-slate-600"> ({line.variantLabel})</span>}
                    <span className="whitespace-nowrap text-slate-600"> × {line.quantity}</span>
                    {line.restocked > 0 && <span className="block text-xs text-slate-600">{line.restocked} back in stock</span>}
                  </span>
                  <span className="tabular-nums text-slate-900">
                    <span className="text-slate-500">{formatPence(line.unitPrice)} each · </span>
                    {formatPence(line.unitPrice * line.quantity)}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
              <Row label="Subtotal" value={formatPence(order.subtotalAmount)} />
              {order.discountAmount > 0 && <Row label={order.couponCode ? `Coupon ${order.couponCode}` : "Discount"} value={`−${formatPence(order.discountAmount)}`} />}
              {order.discountAmount === 0 && order.couponCode && <Row label="Coupon" value={order.couponCode} />}
              <Row label="Shipping" value={formatPence(order.shippingAmount)} />
              <Row label="Total paid" value={formatPence(order.totalAmount)} strong />
              {order.creditAmount > 0 && <Row label="of which with store credit" value={formatPence(order.creditAmount)} />}
              {order.refundedAmount > 0 && <Row label="Refunded" value={`−${formatPence(order.refundedAmount)}`} />}
            </dl>
          </section>

          {order.refunds.length > 0 && (
            <section aria-labelledby="refunds-heading" className={card}>
              <h2 id="refunds-heading" className={h2}>
                Refunds so far
              </h2>
              <ul className="mt-3 space-y-1 text-sm" data-testid="refunds">
                {order.refunds.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      <ShopDateTime value={r.createdAt} /> · {r.provider === STORE_CREDIT_PROVIDER ? "as store credit" : "to the card"} · {r.reason.replace(/_/g, " ")} ·{" "}
                      <span className="font-mono text-xs text-slate-600">{r.id}</span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatPence(r.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {order.can.cancel && <CancelForm order={order} requestKey={key} result={result} />}
          {order.can.refund && <RefundForm order={order} requestKey={key} result={result} />}

          <section aria-labelledby="timeline-heading" className={card}>
            <h2 id="timeline-heading" className={h2}>
              Timeline
            </h2>
            <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="timeline">
              {order.timeline.map((e, i) => (
                <li key={i} data-kind={e.kind}>
                  <span className="block text-xs text-slate-500">
                    <ShopDateTime value={e.at} />
                  </span>
                  <span className="break-words text-slate-800">{eventText(e)}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="customer-heading" className={card}>
            <h2 id="customer-heading" className={h2}>
              Customer
            </h2>
            <p className="mt-2 text-sm font-medium text-slate-900">{order.customerName ?? order.shippingName ?? "Unknown customer"}</p>
            <p className="break-all text-sm text-slate-600">{order.email}</p>
            <Link to={`/admin/customers/${order.userId}`} className="mt-2 inline-block text-sm font-medium text-amber-700 underline underline-offset-2">
              Customer's account
            </Link>
          </section>
          <section aria-labelledby="address-heading" className={card}>
            <h2 id="address-heading" className={h2}>
              Delivery address
            </h2>
            {address.length > 0 ? (
              <address className="mt-2 text-sm not-italic text-slate-800">
                {address.map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No address on this order.</p>
            )}
            {order.trackingNumber && (
              <p className="mt-2 text-sm">
                Tracking: <span className="font-mono">{order.trackingNumber}</span>
              </p>
            )}
          </section>
          <section aria-labelledby="payment-heading" className={card}>
            <h2 id="payment-heading" className={h2}>
              Payment
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label="Provider" value={order.paymentProvider === "stripe" ? "Stripe" : "Sandbox (test payments)"} />
              {order.paymentIntentId && <Row label="Payment" value={order.paymentIntentId} mono />}
              {order.paymentSessionId && <Row label="Session" value={order.paymentSessionId} mono />}
              {order.paidAt && <Row label="Paid" value={<ShopDateTime value={order.paidAt} />} />}
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}

function Row({ label, value, strong, mono }: { label: string; value: React.ReactNode; strong?: boolean; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`min-w-0 break-all text-right ${strong ? "font-semibold text-slate-900" : "text-slate-800"} ${mono ? "font-mono text-xs" : "tabular-nums"}`}>{value}</dd>
    </div>
  );
}
