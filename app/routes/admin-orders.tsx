import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminOrdersPage } from "~/components/admin/orders-page";
import { parsePage } from "~/modules/catalog/paging";
import {
  DISPATCH_MESSAGES,
  dispatchInputSchema,
  parseOrderFilter,
  parseOrderSearch,
  type DispatchResult,
} from "~/modules/orders/admin-orders";
import { dispatchOrder, listOrdersForAdmin } from "~/modules/orders/admin.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Orders", description: "Paid orders to dispatch and every other order.", noindex: true });

/** Customers' names, addresses and orders: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the page and its data are admin-only.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const { search, errors } = parseOrderSearch(url.searchParams);
  return listOrdersForAdmin(context.db, { filter: parseOrderFilter(url.searchParams.get("status")), search, errors, page: parsePage(url) });
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own, whatever page it came from.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) {
    return data<DispatchResult>({ ok: false, orderId: null, message: DISPATCH_MESSAGES.resend, trackingNumber: "" }, { status: 400 });
  }
  const form = Object.fromEntries(body);
  const typed = typeof form.trackingNumber === "string" ? form.trackingNumber : "";
  const postedId = Number(form.orderId);
  const orderId = Number.isSafeInteger(postedId) && postedId > 0 ? postedId : null;
  const parsed = dispatchInputSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === "trackingNumber" ? "trackingNumber" : undefined;
    return data<DispatchResult>({ ok: false, orderId, field, message: issue.message, trackingNumber: typed }, { status: 400 });
  }
  const input = parsed.data;
  const outcome = await dispatchOrder(
    context.db,
    { orderId: input.orderId, trackingNumber: input.trackingNumber, expectedTracking: input.currentTracking, adminId: admin.id },
    { shopName: context.shop.name, publicUrl: context.env.publicUrl },
  );
  const refuse = (status: number, message: string, field?: "trackingNumber") =>
    data<DispatchResult>({ ok: false, orderId: input.orderId, field, message, trackingNumber: typed }, { status });
  switch (outcome.status) {
    case "dispatched":
      return data<DispatchResult>({
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

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminOrdersPage list={loaderData} result={actionData as DispatchResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the orders could not be loaded. Please try again in a moment." />;
}
