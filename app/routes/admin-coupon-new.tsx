import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { NewCouponPage } from "~/components/admin/coupons/coupon-page";
import { categoryOptions, createCoupon } from "~/modules/pricing/coupon-admin.server";
import { COUPON_TEXT, parseCouponForm, type CouponFormRefusal } from "~/modules/pricing/coupon-form";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-coupon-new";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "New coupon", description: "Create a coupon.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  return { categories: await categoryOptions(context.db) };
}

/** Creates the coupon, then shows it (Post/Redirect/Get); a refusal answers 400/409 with everything typed. */
export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) return data<CouponFormRefusal>({ ok: false, message: COUPON_TEXT.resend, errors: {}, values: {} }, { status: 400 });
  const parsed = parseCouponForm(
    (name) => (typeof body.get(name) === "string" ? (body.get(name) as string) : undefined),
    (name) => body.getAll(name).filter((v): v is string => typeof v === "string"),
  );
  if (!parsed.ok) return data<CouponFormRefusal>({ ok: false, message: COUPON_TEXT.fix, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await createCoupon(context.db, admin.id, parsed.input);
  if (!result.ok) return data<CouponFormRefusal>({ ok: false, message: result.message, errors: result.errors, values: parsed.values }, { status: result.status });
  return redirect(`/admin/coupons/${encodeURIComponent(result.code)}?done=created`);
}

export default function AdminCouponNew({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as CouponFormRefusal | undefined;
  return (
    <NewCouponPage
      categories={loaderData.categories}
      values={refusal?.values ?? { kind: "percent" }}
      errors={refusal?.errors ?? {}}
      message={refusal?.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the coupon form could not be loaded. Please try again in a moment." />;
}
