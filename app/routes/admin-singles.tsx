import { AdminErrorPage } from "~/components/admin/admin-error";
import { SinglesPage } from "~/components/admin/singles/singles-page";
import { parsePage } from "~/modules/catalog/paging";
import { listRecentSingles } from "~/modules/catalog/singles.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-singles";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Singles", description: "Recently listed singles and their stock; list more.", noindex: true });

/** Stock and prices of the back office: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  return listRecentSingles(context.db, parsePage(new URL(request.url)));
}

export default function AdminSingles({ loaderData }: Route.ComponentProps) {
  return <SinglesPage list={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the singles could not be loaded. Please try again in a moment." />;
}
