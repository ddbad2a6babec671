import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { CouponPage } from "~/components/admin/coupons/coupon-page";
import { categoryOptions, couponOrders, findCoupon, setCouponActive, updateCoupon } from "~/modules/pricing/coupon-admin.server";
import { COUPON_TEXT, couponFormValues, parseCouponForm, type CouponFormRefusal } from "~/modules/pricing/coupon-form";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-coupon";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Coupon ${args.loaderData.coupon.code}` : "Coupon", description: "Edit a coupon.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** What `?done=` says after a redirect here (Post/Redirect/Get). */
const NOTICES = {
  created: COUPON_TEXT.created,
  saved: COUPON_TEXT.saved,
  unchanged: COUPON_TEXT.unchanged,
  deactivated: COUPON_TEXT.deactivated,
  activated: COUPON_TEXT.activated,
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const coupon = await findCoupon(context.db, params.code);
  if (!coupon) throw data(COUPON_TEXT.notFound, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  const [categories, orders] = await Promise.all([categoryOptions(context.db), couponOrders(context.db, coupon.code)]);
  const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done as keyof typeof NOTICES](coupon.code) : null;
  return { coupon, categories, orders, now: new Date(), notice };
}

const back = (code: string, done: keyof typeof NOTICES) => redirect(`/admin/coupons/${encodeURIComponent(code)}?done=${done}`);

/** `intent=save` edits the coupon; `deactivate`/`activate` switch it off and on. Each ends in a redirect back here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  const intent = body?.get("intent");
  if (!body || (intent !== "save" && intent !== "deactivate" && intent !== "activate")) {
    return data<CouponFormRefusal>({ ok: false, message: COUPON_TEXT.resend, errors: {}, values: {} }, { status: 400 });
  }
  if (intent !== "save") {
    const result = await setCouponActive(context.db, admin.id, params.code, intent === "activate");
    if (result.status === "not_found") throw data(COUPON_TEXT.notFound, { status: 404 });
    return back(result.code, intent === "activate" ? "activated" : "deactivated");
  }
  const parsed = parseCouponForm(
    (name) => (typeof body.get(name) === "string" ? (body.get(name) as string) : undefined),
    (name) => body.getAll(name).filter((v): v is string => typeof v === "string"),
    params.code.trim().toUpperCase(),
  );
  if (!parsed.ok) return data<CouponFormRefusal>({ ok: false, message: COUPON_TEXT.fix, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await updateCoupon(context.db, admin.id, params.code, parsed.input);
  if (!result.ok) {
    if (result.status === 404) throw data(result.message, { status: 404 });
    return data<CouponFormRefusal>({ ok: false, message: result.message, errors: result.errors, values: parsed.values }, { status: result.status });
  }
  return back(result.code, result.changed ? "saved" : "unchanged");
}

export default function AdminCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as CouponFormRefusal | undefined;
  return (
    <CouponPage
      {...loaderData}
      values={refusal?.values ?? couponFormValues(loaderData.coupon)}
      errors={refusal?.errors ?? {}}
      message={refusal?.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the coupon could not be loaded. Please try again in a moment." />;
}
