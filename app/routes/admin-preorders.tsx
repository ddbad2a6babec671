import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { PreordersPage } from "~/components/preorders/preorders-page";
import { openPreorderSchema, type PreorderFormRefusal } from "~/modules/preorders/admin-form";
import { listPreorders, openPreorder, preorderCandidates } from "~/modules/preorders/preorders.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-preorders";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Pre-orders", description: "Pre-orders per product.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /admin/preorders — every pre-order's figures (allocation, ordered, paid, delivered) and the form that opens one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const [preorders, candidates] = await Promise.all([listPreorders(context.db), preorderCandidates(context.db)]);
  return { preorders, candidates };
}

/** POST `intent=open`: a variant goes on pre-order with its allocation, then its page. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  const parsed = openPreorderSchema.safeParse(body ? Object.fromEntries([...body].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success) return data<PreorderFormRefusal>({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  const result = await openPreorder(context.db, { ...parsed.data, adminId: admin.id });
  if (!result.ok) return data<PreorderFormRefusal>({ ok: false, message: result.message }, { status: result.status });
  return redirect(`/admin/preorders/${parsed.data.variantId}?done=opened`);
}

export default function AdminPreorders({ loaderData, actionData }: Route.ComponentProps) {
  return <PreordersPage {...loaderData} message={(actionData as PreorderFormRefusal | undefined)?.message} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the pre-orders could not be loaded. Please try again in a moment." />;
}
