import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { PreorderPage } from "~/components/preorders/preorder-page";
import { noticeFor, preorderActionSchema, type PreorderFormRefusal } from "~/modules/preorders/admin-form";
import { recordDelivery, preorderDetail, releasePreorder, setAllocation, settleShortfall } from "~/modules/preorders/preorders.server";
import { PREORDER_TEXT } from "~/modules/preorders/rules";
import { parseDbId } from "~/utils/db-id";
import { requireAdmin } from "~/web/auth.server";
import { paymentsFor } from "~/web/payments.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-preorder";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Pre-order: ${args.loaderData.preorder.name}` : "Pre-order", description: "One pre-order.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /admin/preorders/:variantId — the figures, every pre-order line with its fill, and the forms. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const variantId = parseDbId(params.variantId);
  const preorder = variantId === null ? null : await preorderDetail(context.db, variantId);
  if (!preorder) throw data(PREORDER_TEXT.notFound, { status: 404 });
  return { preorder, notice: noticeFor(new URL(request.url).searchParams.get("done")) };
}

/** POST `intent` = allocation | delivery | shortfall (choice refund | wait) | release; each ends in a redirect back here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const variantId = parseDbId(params.variantId);
  if (variantId === null) throw data(PREORDER_TEXT.notFound, { status: 404 });
  const body = await request.formData().catch(() => null);
  const parsed = preorderActionSchema.safeParse(body ? Object.fromEntries([...body].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success) return data<PreorderFormRefusal>({ ok: false, message: parsed.error.issues[0]?.message ?? PREORDER_TEXT.resend }, { status: 400 });
  const input = parsed.data;
  const adminId = admin.id;
  let done: string;
  let result;
  switch (input.intent) {
    case "allocation":
      result = await setAllocation(context.db, { variantId, allocation: input.allocation, adminId });
      done = "allocation";
      break;
    case "delivery":
      result = await recordDelivery(context.db, { variantId, units: input.units, adminId });
      done = "delivery";
      break;
    case "shortfall":
      result = await settleShortfall(context.db, paymentsFor(context).provider, { variantId, choice: input.choice, adminId }, { shopName: context.shop.name, publicUrl: context.env.publicUrl });
      done = input.choice === "refund" ? "refunded" : "waiting";
      break;
    case "release":
      result = await releasePreorder(context.db, { variantId, adminId });
      done = "released";
      break;
  }
  if (!result.ok) {
    if (result.status === 404) throw data(result.message, { status: 404 });
    return data<PreorderFormRefusal>({ ok: false, message: result.message }, { status: result.status });
  }
  return redirect(`/admin/preorders/${variantId}?done=${done}`);
}

export default function AdminPreorder({ loaderData, actionData }: Route.ComponentProps) {
  return <PreorderPage {...loaderData} message={(actionData as PreorderFormRefusal | undefined)?.message} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the pre-order could not be loaded. Please try again in a moment." />;
}
