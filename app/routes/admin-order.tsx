import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminOrderPage } from "~/components/admin/orders/order-page";
import { ORDER_ACTION_TEXT, cancelInputSchema, refundInputSchema, type OrderActionResult } from "~/modules/orders/admin-order";
import { parseDbId } from "~/utils/db-id";
import { cancelAnswer, cancelOrder, orderDetailForAdmin, refundAnswer, refundOrder } from "~/modules/orders/admin-order.server";
import { requireAdmin } from "~/web/auth.server";
import { paymentsFor } from "~/web/payments.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-order";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Order #${args.loaderData.order.id}` : "Order", description: "One order in the back office.", noindex: true });

/** A customer's name, address and payment: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const id = parseDbId(params.id);
  const order = id === null ? null : await orderDetailForAdmin(context.db, id);
  if (!order) throw data(ORDER_ACTION_TEXT.notFound(id ?? 0), { status: 404 });
  // A fresh key for each drawing of the forms: a replay of one post is known by it.
  return { order, requestKey: randomUUID() };
}

/** What was typed, to give back on a refusal (the request key included, so a retry is the same refund). */
function typedValues(body: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(body.keys())) {
    const all = body.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = key === "restock" ? all : (all[0] ?? "");
  }
  return values;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const id = parseDbId(params.id);
  if (id === null) throw data(ORDER_ACTION_TEXT.notFound(0), { status: 404 });
  const body = await request.formData().catch(() => null);
  const values = body ? typedValues(body) : {};
  const intent = values.intent === "cancel" || values.intent === "refund" ? values.intent : null;
  const refuse = (message: string, field?: "reason" | "amount" | "mode" | "refund") =>
    data<OrderActionResult>({ ok: false, intent, field, message, values }, { status: 400 });
  if (!body) return refuse(ORDER_ACTION_TEXT.resend);
  if (!intent) return refuse(ORDER_ACTION_TEXT.unknownIntent);
  const brand = { shopName: context.shop.name, publicUrl: context.env.publicUrl };
  const { provider } = paymentsFor(context);

  if (intent === "cancel") {
    const parsed = cancelInputSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(issue.message, issue.path[0] === "reason" ? "reason" : issue.path[0] === "amount" ? "amount" : issue.path[0] === "refund" ? "refund" : undefined);
    }
    const input = parsed.data;
    const outcome = await cancelOrder(
      context.db,
      provider,
      { orderId: id, reason: input.reason, refund: input.refund, amount: input.amount, destination: input.destination, requestKey: input.requestKey, adminId: admin.id },
      brand,
    );
    const answer = cancelAnswer(outcome, values);
    return data(answer.result, { status: answer.status });
  }

  const parsed = refundInputSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse(issue.message, issue.path[0] === "amount" ? "amount" : issue.path[0] === "mode" ? "mode" : undefined);
  }
  const input = parsed.data;
  const outcome = await refundOrder(
    context.db,
    provider,
    { orderId: id, mode: input.mode, amount: input.amount, destination: input.destination, restockLineIds: input.restock, requestKey: input.requestKey, adminId: admin.id },
    brand,
  );
  const answer = refundAnswer(outcome, values);
  return data(answer.result, { status: answer.status });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminOrderPage order={loaderData.order} requestKey={loaderData.requestKey} result={actionData as OrderActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the order could not be loaded. Please try again in a moment." />;
}
