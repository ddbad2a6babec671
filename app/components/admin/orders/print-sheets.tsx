import { Link } from "react-router";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { AdminOrderDetail } from "~/modules/orders/admin-order";
import { addressLines } from "./address";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** The screen-only bar above a sheet: back to the order, and print (the browser's own print works too). */
function ScreenBar({ order, title }: { order: AdminOrderDetail; title: string }) {
  return (
    <div className="print-hide mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <Link to={`/admin/orders/${order.id}`} className="text-sm font-medium text-amber-700 underline underline-offset-2">
          Order #{order.id}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">Prints on A4 without the shop's menus.</p>
      </div>
      <button
        type="button"
        onClick={() => window.print()}
        className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
      >
        Print
      </button>
    </div>
  );
}

function Warning({ order }: { order: AdminOrderDetail }) {
  if (order.status === "cancelled" || order.status === "refunded") {
    return <p className="mt-3 border-2 border-red-700 px-3 py-2 text-lg font-bold uppercase text-red-800">Order {order.status}: do not ship</p>;
  }
  if (order.status === "pending" || order.status === "failed" || order.status === "expired") {
    return <p className="mt-3 border-2 border-red-700 px-3 py-2 text-lg font-bold uppercase text-red-800">Not paid: do not ship</p>;
  }
  return null;
}

/** What goes in the parcel: each line's units still to ship, with a tick box, and where it goes. */
export function PackingSlip({ order, shopName }: { order: AdminOrderDetail; shopName: string }) {
  const address = addressLines(order);
  const lines = order.lines.map((l) => ({ ...l, toPack: l.quantity - l.restocked })).filter((l) => l.toPack > 0);
  const units = lines.reduce((n, l) => n + l.toPack, 0);
  return (
    <div>
      <ScreenBar order={order} title="Packing slip" />
      <article className="print-sheet mx-auto max-w-[210mm] bg-white p-6 text-slate-900 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0" data-testid="packing-slip">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-3">
          <div>
            <p className="text-xl font-bold">{shopName}</p>
            <p className="text-sm">Packing slip</p>
          </div>
          <div className="text-right text-sm">
            <p className="text-lg font-bold">Order #{order.id}</p>
            <p>Placed {dateFormat.format(new Date(order.createdAt))}</p>
          </div>
        </header>
        <Warning order={order} />
        <section className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Deliver to</h2>
            <address className="mt-1 not-italic">
              {address.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div className="sm:text-right print:text-right">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Customer</h2>
            <p className="mt-1 break-all">{order.email}</p>
          </div>
        </section>
        <table className="mt-6 w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-900 text-left">
              <th scope="col" className="w-10 py-2 pr-2">
                <span className="sr-only">Packed</span>
              </th>
              <th scope="col" className="w-12 py-2 pr-2 text-right">
                Qty
              </th>
              <th scope="col" className="py-2">
                Item
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-2">
                  <span aria-hidden className="inline-block h-4 w-4 border border-slate-900" />
                </td>
                <td className="py-2 pr-2 text-right font-semibold tabular-nums">{l.toPack}</td>
                <td className="py-2">
                  {l.productName}
                  {l.variantLabel && <span className="block text-slate-700">{l.variantLabel}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm">
          {units === 1 ? "1 item" : `${units} items`} in {lines.length === 1 ? "1 line" : `${lines.length} lines`}.
        </p>
        <footer className="mt-8 border-t border-slate-300 pt-3 text-xs text-slate-700">
          Thank you for your order. Anything damaged? Tell us within 48 hours of delivery, with photos.
        </footer>
      </article>
    </div>
  );
}

/** A label for the parcel: the address large, the order number and the sender small. */
export function AddressLabel({ order, shopName }: { order: AdminOrderDetail; shopName: string }) {
  const address = addressLines(order);
  return (
    <div>
      <ScreenBar order={order} title="Address label" />
      <article className="print-sheet mx-auto max-w-[210mm] bg-white p-6 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0">
        <Warning order={order} />
        <div data-testid="address-label" className="mt-2 w-full max-w-[150mm] border-2 border-dashed border-slate-900 p-6 text-slate-900">
          <p className="text-xs font-semibold uppercase tracking-wide">Deliver to</p>
          <address className="mt-2 text-2xl font-bold not-italic leading-snug">
            {address.length > 0 ? (
              address.map((line, i) => (
                <span key={i} className={`block ${i === address.length - 2 ? "uppercase" : ""}`}>
                  {line}
                </span>
              ))
            ) : (
              <span className="block">No address on this order</span>
            )}
          </address>
          <p className="mt-6 flex flex-wrap justify-between gap-2 border-t border-slate-400 pt-2 text-sm">
            <span>From: {shopName}</span>
            <span className="font-semibold">Order #{order.id}</span>
          </p>
        </div>
      </article>
    </div>
  );
}
