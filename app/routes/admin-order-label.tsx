import { AdminErrorPage } from "~/components/admin/admin-error";
import { AddressLabel } from "~/components/admin/orders/print-sheets";
import { loadOrderSheet } from "~/web/order-sheet.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-order-label";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Address label for order #${args.loaderData.order.id}` : "Address label", description: "Address label to print on A4.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOrderSheet(request, context, params.id);
}

/** On screen inside the back office; printed, the sheet alone (app.css hides the rest). */
export default function AdminOrderAddressLabel({ loaderData }: Route.ComponentProps) {
  return <AddressLabel order={loaderData.order} shopName={loaderData.shopName} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the order could not be loaded. Please try again in a moment." />;
}
