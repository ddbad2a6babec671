import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminDashboard } from "~/components/admin/dashboard";
import { parseDashboardQuery } from "~/modules/reports/dashboard";
import { dashboardData } from "~/modules/reports/dashboard.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Shop admin", description: "Sales, orders to dispatch, stock running out, wholesale applications and emails.", noindex: true });

/** Sales figures and customers' orders: admin-only, never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  const admin = await requireAdmin(request, context);
  // ?days= and ?metric= only pick what the chart shows: anything unknown is the default view.
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  return {
    adminName: admin.fullName,
    query,
    data: await dashboardData(context.db),
    smtpConfigured: Boolean(context.env.SMTP_URL),
  };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the admin page could not be loaded. Please try again in a moment." />;
}
