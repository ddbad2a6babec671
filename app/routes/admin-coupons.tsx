import { AdminErrorPage } from "~/components/admin/admin-error";
import { CouponsPage } from "~/components/admin/coupons/coupons-page";
import { COUPON_LIST_LIMIT, categoryOptions, listCoupons } from "~/modules/pricing/coupon-admin.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-coupons";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Coupons", description: "Coupons and how often they were used.", noindex: true });

/** Admin-only figures: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const [coupons, categories] = await Promise.all([listCoupons(context.db), categoryOptions(context.db)]);
  return { coupons, categories, now: new Date(), limit: COUPON_LIST_LIMIT };
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return <CouponsPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the coupons could not be loaded. Please try again in a moment." />;
}
