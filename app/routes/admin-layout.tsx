import { Outlet } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { pageMeta } from "~/utils/seo";
import { requireAdmin } from "~/web/auth.server";
import type { Route } from "./+types/admin-layout";

/**
 * The frame of every /admin page (app/routes.ts nests them all under this layout): the back
 * office's menu around the page. Its loader refuses guests (401) and customers (403) before any
 * frame is drawn, so a refused visitor sees the plain "Please log in" page, never the menu.
 * Each page's own loader and action still check the role again: a page's data and every form
 * post are requests of their own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/**
 * The title when the layout itself answers (a guest's 401, a customer's 403): every page below it
 * has its own meta, which replaces this one when the page renders.
 */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Shop admin", description: "The shop's back office.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the back office could not be loaded. Please try again in a moment." />;
}
