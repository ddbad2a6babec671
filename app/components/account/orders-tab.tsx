import { Package } from "lucide-react";
import { Link } from "react-router";
import { ROYAL_MAIL_TRACKING_URL } from "~/config/constants";
import { NO_ORDERS } from "~/modules/accounts/messages";
import { refundSummary } from "~/modules/orders/refund-rules";
import { formatPence } from "~/utils/money";
import { formatDate } from "~/components/ui/format-date";

export interface OrderSummary {
  id: number;
  createdAt: Date | string;
  status: string;
  totalAmount: number;
  trackingNumber: string | null;
  /** Pence refunded so far; absent on older shapes. */
  refundedAmount?: number;
  items: { id: number; productName: string; productSlug: string | null; variantLabel: string | null; quantity: number; unitPrice: number }[];
}

/** Spec §4: completed green, failed red, anything else blue. */
function statusClasses(status: string): string {
  if (status === "completed") return "bg-green-100 text-green-800";
  if (status === "failed") return "bg-red-100 text-red-800";
  return "bg-blue-100 text-blue-800";
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function trackingUrl(trackingNumber: string): string {
  return ROYAL_MAIL_TRACKING_URL + encodeURIComponent(trackingNumber);
}

export function OrdersTab({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center py-12 text-center">
        <Package aria-hidden className="h-12 w-12 text-slate-300" />
        <p className="mt-4 text-lg font-semibold text-slate-900">{NO_ORDERS}</p>
        <p className="mt-1 text-sm text-slate-600">When you place an order it will appear here.</p>
        <Link to="/" className="mt-6 inline-flex rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400">
          Browse Products
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="sr-only">
        Order history
      </h2>
      <ol className="space-y-4">
        {orders.map((order) => (
          <li key={order.id} data-testid="order" className="rounded-xl border border-slate-200 p-4 sm:p-5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-slate-900">Order #{order.id}</h3>
                <p className="text-sm text-slate-500">Placed on {formatDate(order.createdAt)}</p>
              </div>
              <span
                data-testid="order-status"
                data-status={order.status}
                className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusClasses(order.status)}`}
              >
                {capitalise(order.status)}
              </span>
            </div>
            <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-100 text-sm">
              {order.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 py-2">
                  <span className="min-w-0 text-slate-700">
                    {item.productSlug ? (
                      <Link to={`/products/${item.productSlug}`} className="hover:underline">
                        {item.productName}
                      </Link>
                    ) : (
                      item.productName
                    )}
                    {item.variantLabel && <span className="text-slate-600"> ({item.variantLabel})</span>}{" "}
                    <span className="text-slate-500">× {item.quantity}</span>
                  </span>
                  <span className="shrink-0 text-slate-900">{formatPence(item.unitPrice * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {order.trackingNumber ? (
                  <>
                    Tracking:{" "}
                    <a
                      href={trackingUrl(order.trackingNumber)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-amber-700 underline underline-offset-2"
                    >
                      {order.trackingNumber}
                      <span className="sr-only"> (Royal Mail tracking, opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </span>
              <span className="text-right">
                <span className="block font-semibold text-slate-900">Total {formatPence(order.totalAmount)}</span>
                {(order.refundedAmount ?? 0) > 0 && (
                  <span data-testid="order-refund" className="block font-medium text-slate-700">
                    {refundSummary({ totalAmount: order.totalAmount, refundedAmount: order.refundedAmount ?? 0 }, formatPence)}
                  </span>
                )}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
