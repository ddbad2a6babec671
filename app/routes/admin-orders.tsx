import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { OrderStatusPill } from "~/components/admin/order-status-pill";
import { Pagination } from "~/components/catalogue/pagination";
import { LocalDateTime } from "~/components/wholesale/local-date-time";
import { ROYAL_MAIL_TRACKING_URL } from "~/config/constants";
import { parsePage } from "~/modules/catalog/paging";
import {
  DEFAULT_ORDER_FILTER,
  DISPATCH_MESSAGES,
  dispatchInputSchema,
  ORDER_FILTER_LABELS,
  ORDER_FILTERS,
  parseOrderFilter,
  type OrderFilter,
} from "~/modules/orders/admin-orders";
import { dispatchOrder, listOrdersForAdmin, type AdminOrder } from "~/modules/orders/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-orders";

const PATH = "/admin/orders";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Orders", description: "Paid orders to dispatch and every other order.", noindex: true });

/** Customers' names, addresses and orders: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the page and its data are admin-only.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return listOrdersForAdmin(context.db, { filter: parseOrderFilter(url.searchParams.get("status")), page: parsePage(url) });
}

type ActionResult =
  | { ok: true; orderId: number; message: string }
  | { ok: false; orderId: number | null; field?: "trackingNumber"; message: string; trackingNumber: string };

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own, whatever page it came from.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) {
    return data<ActionResult>({ ok: false, orderId: null, message: DISPATCH_MESSAGES.resend, trackingNumber: "" }, { status: 400 });
  }
  const form = Object.fromEntries(body);
  const typed = typeof form.trackingNumber === "string" ? form.trackingNumber : "";
  const postedId = Number(form.orderId);
  const orderId = Number.isSafeInteger(postedId) && postedId > 0 ? postedId : null;
  const parsed = dispatchInputSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === "trackingNumber" ? "trackingNumber" : undefined;
    return data<ActionResult>({ ok: false, orderId, field, message: issue.message, trackingNumber: typed }, { status: 400 });
  }
  const input = parsed.data;
  const outcome = await dispatchOrder(
    context.db,
    { orderId: input.orderId, trackingNumber: input.trackingNumber, expectedTracking: input.currentTracking, adminId: admin.id },
    { shopName: context.shop.name, publicUrl: context.env.publicUrl },
  );
  const refuse = (status: number, message: string, field?: "trackingNumber") =>
    data<ActionResult>({ ok: false, orderId: input.orderId, field, message, trackingNumber: typed }, { status });
  switch (outcome.status) {
    case "dispatched":
      return data<ActionResult>({
        ok: true,
        orderId: outcome.orderId,
        message: !outcome.changed
          ? DISPATCH_MESSAGES.unchanged(outcome.orderId, outcome.trackingNumber)
          : outcome.corrected
            ? DISPATCH_MESSAGES.corrected(outcome.orderId, outcome.trackingNumber)
            : DISPATCH_MESSAGES.dispatched(outcome.orderId, outcome.trackingNumber),
      });
    case "invalid_tracking":
      return refuse(400, DISPATCH_MESSAGES.trackingInvalid, "trackingNumber");
    case "not_found":
      return refuse(404, DISPATCH_MESSAGES.notFound(outcome.orderId));
    case "not_dispatchable":
      return refuse(409, DISPATCH_MESSAGES.notDispatchable(outcome.orderId, outcome.orderStatus));
    case "conflict":
      return refuse(409, DISPATCH_MESSAGES.conflict(outcome.orderId, outcome.currentTracking));
  }
}

/** A refusal because the order changed under the admin (404/409) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 404 || actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

function filterHref(filter: OrderFilter) {
  return filter === DEFAULT_ORDER_FILTER ? PATH : `${PATH}?status=${filter}`;
}

function shipTo(order: AdminOrder): string | null {
  const a = order.shippingAddress;
  if (!a) return null;
  const parts = [order.shippingName, a.line1, a.line2, a.city, a.region, a.postalCode, a.country].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, filter, page, total, totalPages, hasNextPage, counts } = loaderData;
  const result = actionData as ActionResult | undefined;
  const visibleIds = new Set(orders.map((o) => o.id));
  const rowError = result && !result.ok && result.orderId !== null && visibleIds.has(result.orderId) ? result : undefined;
  const pageError = result && !result.ok && !rowError ? result : undefined;

  // A success is shown in a toast at the bottom, so it is seen wherever the admin has scrolled to.
  const [toast, setToast] = useState<string | null>(result?.ok ? result.message : null);
  useEffect(() => {
    setToast(result?.ok ? result.message : null);
  }, [result]);

  // A refused number puts the cursor back in its field, with the message announced with it.
  useEffect(() => {
    if (rowError) document.getElementById(`tracking-${rowError.orderId}`)?.focus();
  }, [rowError]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Orders</h1>
          <p className="mt-1 text-slate-600">
            {ORDER_FILTER_LABELS[filter]}: {total === 1 ? "1 order" : `${total} orders`}, newest first.
          </p>
        </div>
        <Link to="/admin" className="text-sm font-medium text-amber-700 underline underline-offset-2">
          Admin home
        </Link>
      </div>

      <nav aria-label="Order status">
        <ul className="flex flex-wrap gap-2">
          {ORDER_FILTERS.map((f) => {
            const active = f === filter;
            return (
              <li key={f}>
                <Link
                  to={filterHref(f)}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                    active
                      ? "border-slate-900 bg-slate-900 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:border-amber-400 hover:bg-amber-50"
                  }`}
                >
                  {ORDER_FILTER_LABELS[f]}
                  <span
                    className={`rounded-full px-1.5 text-xs tabular-nums ${active ? "bg-white/20 text-white" : "bg-slate-100 text-slate-600"}`}
                  >
                    {counts[f]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {pageError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {pageError.message}
        </p>
      )}

      {orders.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {page > 1 && total > 0 ? (
            <>
              This page is past the end of the list.{" "}
              <Link to={filterHref(filter)} className="font-medium text-amber-700 underline underline-offset-2">
                Go to the first page
              </Link>
            </>
          ) : filter === "to-dispatch" ? (
            "Nothing to dispatch: every paid order has a tracking number."
          ) : (
            "No orders here."
          )}
        </div>
      ) : (
        <ol className="space-y-4">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} error={rowError?.orderId === order.id ? rowError : undefined} />
          ))}
        </ol>
      )}

      <Pagination page={page} hasNextPage={hasNextPage} totalPages={totalPages} />

      {toast && (
        <div
          role="status"
          data-testid="dispatch-toast"
          className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-xl items-start gap-3 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 shadow-xl"
        >
          <p className="flex-1">{toast}</p>
          <button
            type="button"
            onClick={() => setToast(null)}
            className="-m-1 rounded p-1 text-green-800 hover:text-green-950 focus-visible:outline-2 focus-visible:outline-green-600"
          >
            <X aria-hidden className="h-4 w-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}

type RowError = Extract<ActionResult, { ok: false }>;

function OrderRow({ order, error }: { order: AdminOrder; error?: RowError }) {
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
            Order #{order.id}
          </h2>
          <OrderStatusPill status={order.status} />
          <span className="text-sm text-slate-500">
            <LocalDateTime value={order.createdAt} />
          </span>
          <span className="ml-auto font-semibold tabular-nums text-slate-900">{formatPence(order.totalAmount)}</span>
        </div>
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
              {item.productName} <span className="whitespace-nowrap text-slate-500">× {item.quantity}</span>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the orders could not be loaded. Please try again in a moment." />;
}
