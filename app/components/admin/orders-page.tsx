import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import {
  DEFAULT_ORDER_FILTER,
  ORDER_FILTER_LABELS,
  ORDER_FILTERS,
  orderListQuery,
  type AdminOrderList,
  type DispatchResult,
  type OrderFilter,
} from "~/modules/orders/admin-orders";
import { OrderRow } from "./order-row";

const PATH = "/admin/orders";

/** A status link keeps the search: "cancelled orders of this customer". */
function filterHref(filter: OrderFilter, search: Parameters<typeof orderListQuery>[1]) {
  return `${PATH}${orderListQuery(filter, search)}`;
}

const inputClass =
  "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 border-slate-300 focus:border-amber-500 focus:ring-amber-200 aria-[invalid=true]:border-red-500";

/**
 * The search: a GET form, so it works without JavaScript and the URL is the list (bookmark,
 * back button). The status stays as chosen by the links above it.
 */
function SearchForm({ list }: { list: AdminOrderList }) {
  const { search, errors, filter } = list;
  const searching = Boolean(search.q || search.customer || search.product || search.from || search.to);
  const field = (name: "q" | "customer" | "product", label: string, placeholder: string) => (
    <div>
      <label htmlFor={`order-search-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={`order-search-${name}`} name={name} type="search" defaultValue={search[name]} placeholder={placeholder} maxLength={100} className={inputClass} />
    </div>
  );
  const date = (name: "from" | "to", label: string) => (
    <div>
      <label htmlFor={`order-search-${name}`} className="block text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">(dd/mm/yyyy)</span>
      </label>
      <input
        id={`order-search-${name}`}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={search[name]}
        placeholder="31/01/2026"
        maxLength={10}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `order-search-${name}-error` : undefined}
        className={inputClass}
      />
      {errors[name] && (
        <p id={`order-search-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <Form method="get" action={PATH} role="search" aria-label="Search orders" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {filter !== DEFAULT_ORDER_FILTER && <input type="hidden" name="status" value={filter} />}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {field("q", "Order number or email", "100042 or name@example.com")}
        {field("customer", "Customer", "Name or email")}
        {field("product", "Product", "e.g. Elite Trainer Box")}
        {date("from", "From")}
        {date("to", "To")}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
          Search orders
        </button>
        {searching && (
          <Link to={filterHref(filter, { q: "", customer: "", product: "", from: "", to: "" })} className="text-sm font-medium text-amber-700 underline underline-offset-2">
            Clear search
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * /admin/orders: the filter links with their counts, the orders of this page (each with its
 * dispatch form) and the outcome of the last dispatch, as a toast or in the order's row.
 */
export function AdminOrdersPage({ list, result }: { list: AdminOrderList; result?: DispatchResult }) {
  const { orders, filter, search, page, total, totalPages, hasNextPage, counts } = list;
  const visibleIds = new Set(orders.map((o) => o.id));
  const rowError = result && !result.ok && result.orderId !== null && visibleIds.has(result.orderId) ? result : undefined;
  const pageError = result && !result.ok && !rowError ? result : undefined;

  // A success is shown in a toast at the bottom, so it is seen wherever the admin has scrolled to.
  // A new result replaces the toast (adjusted while rendering, not in an effect).
  const [toast, setToast] = useState<string | null>(result?.ok ? result.message : null);
  const [toastFor, setToastFor] = useState(result);
  if (result !== toastFor) {
    setToastFor(result);
    setToast(result?.ok ? result.message : null);
  }

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
                  to={filterHref(f, search)}
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

      <SearchForm list={list} />

      <p className="sr-only" role="status" aria-live="polite">
        {total === 1 ? "1 order found" : `${total} orders found`}
      </p>

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
              <Link to={filterHref(filter, search)} className="font-medium text-amber-700 underline underline-offset-2">
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
