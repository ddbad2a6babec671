import { ShopDateTime } from "~/components/ui/format-date";
import { Form, Link, useNavigation } from "react-router";
import { ROYAL_MAIL_TRACKING_URL } from "~/config/constants";
import type { AdminOrder, DispatchResult } from "~/modules/orders/admin-orders";
import { refundSummary } from "~/modules/orders/refund-rules";
import { formatPence } from "~/utils/money";
import { OrderStatusPill } from "./order-status-pill";

/** A refusal of the dispatch form, shown in the row of the order it is about. */
export type RowError = Extract<DispatchResult, { ok: false }>;

/** "Name, line 1, …, country": the parts the order has, or null when it has none. */
function shipTo(order: AdminOrder): string | null {
  const a = order.shippingAddress;
  if (!a) return null;
  const parts = [order.shippingName, a.line1, a.line2, a.city, a.region, a.postalCode, a.country].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** One order: its customer, lines and tracking, and for a paid order the form that dispatches it. */
export function OrderRow({ order, error }: { order: AdminOrder; error?: RowError }) {
  const address = shipTo(order);
  const canDispatch = order.status === "completed" || order.status === "dispatched";
  return (
    <li
      data-testid="admin-order"
      aria-labelledby={`order-${order.id}-heading`}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={`order-${order.id}-heading`} className="font-semibold text-slate-900">
            <Link to={`/admin/orders/${order.id}`} className="underline decoration-slate-300 underline-offset-2 hover:decoration-amber-500">
              Order #{order.id}
            </Link>
          </h2>
          <OrderStatusPill status={order.status} />
          <span className="text-sm text-slate-500">
            <ShopDateTime value={order.createdAt} />
          </span>
          <span className="ml-auto font-semibold tabular-nums text-slate-900">{formatPence(order.totalAmount)}</span>
        </div>
        {order.refundedAmount > 0 && <p className="text-sm font-medium text-slate-700">{refundSummary(order, formatPence)}</p>}
        <div className="text-sm">
          <p className="font-medium text-slate-900">{order.customerName ?? order.shippingName ?? "Unknown customer"}</p>
          <p className="break-all text-slate-600">{order.email}</p>
          {address && (
            <p className="mt-1 text-slate-600">
              <span className="font-medium text-slate-700">Ship to:</span> {address}
            </p>
          )}
        </div>
        <ul aria-label="Items" className="space-y-0.5 text-sm text-slate-700">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.productName}
              {item.variantLabel && <span className="text-slate-600"> ({item.variantLabel})</span>} <span className="whitespace-nowrap text-slate-500">× {item.quantity}</span>
            </li>
          ))}
        </ul>
        {order.trackingNumber && (
          <p className="text-sm">
            Tracking:{" "}
            <a
              href={ROYAL_MAIL_TRACKING_URL + encodeURIComponent(order.trackingNumber)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="tracking-number"
              className="font-medium text-amber-700 underline underline-offset-2"
            >
              {order.trackingNumber}
              <span className="sr-only"> (Royal Mail tracking, opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
      {canDispatch && (
        <div className="lg:border-l lg:border-slate-100 lg:pl-4">
          {order.status === "completed" ? (
            <TrackingForm order={order} error={error} submitLabel="Mark dispatched" />
          ) : (
            // Correcting a number sends the customer a new dispatch email, so it is one step away.
            <details open={Boolean(error)} className="text-sm">
              <summary className="cursor-pointer font-medium text-amber-700">Correct tracking number</summary>
              <div className="mt-3">
                <TrackingForm order={order} error={error} submitLabel="Update tracking" />
              </div>
            </details>
          )}
        </div>
      )}
      {!canDispatch && error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </li>
  );
}

/** Gives a paid order its tracking number, or corrects a dispatched order's. */
function TrackingForm({ order, error, submitLabel }: { order: AdminOrder; error?: RowError; submitLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("orderId") === String(order.id);
  const inputId = `tracking-${order.id}`;
  const messageId = `tracking-${order.id}-message`;
  const fieldError = error?.field === "trackingNumber" ? error : undefined;
  return (
    <Form method="post" preventScrollReset noValidate className="space-y-2" aria-label={`Dispatch order #${order.id}`}>
      <input type="hidden" name="intent" value="dispatch" />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="currentTracking" value={order.trackingNumber ?? ""} />
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Tracking number
      </label>
      <input
        // A new answer from the server puts what was typed back (the page may have been reloaded without JS).
        key={`${order.trackingNumber ?? ""}:${error?.trackingNumber ?? ""}`}
        id={inputId}
        name="trackingNumber"
        type="text"
        defaultValue={error ? error.trackingNumber : ""}
        placeholder="AB123456789GB"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={60}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm uppercase placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
          fieldError ? "border-red-500 focus:ring-red-200" : "border-slate-300 focus:border-amber-500 focus:ring-amber-200"
        }`}
      />
      {error && (
        <p id={messageId} role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? "Saving..." : submitLabel}
      </button>
    </Form>
  );
}
