import { AdminErrorPage } from "~/components/admin/admin-error";
import { DropsListPage } from "~/components/admin/drops/drops-admin";
import { listDrops } from "~/modules/drops/admin.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-drops";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Drops", description: "Timed drops: queues and draws.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  return { drops: await listDrops(context.db) };
}

export default function AdminDrops({ loaderData }: Route.ComponentProps) {
  return <DropsListPage drops={loaderData.drops} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the drops could not be loaded. Please try again in a moment." />;
}
