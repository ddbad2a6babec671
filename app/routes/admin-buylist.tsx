import { AdminErrorPage } from "~/components/admin/admin-error";
import { BuylistQueuePage } from "~/components/admin/buylist/queue-page";
import { parseQueueSearch } from "~/modules/buylist/admin";
import { listBuylistQueue } from "~/modules/buylist/admin-queue.server";
import { parsePage } from "~/modules/catalog/paging";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-buylist";

/** /admin/buylist — the sell lists customers sent, by status, searchable by reference or email. */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Buylist", description: "Sell lists to review, receive, grade and pay.", noindex: true });

/** Customers' emails and amounts: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return listBuylistQueue(context.db, parseQueueSearch(url.searchParams), parsePage(url));
}

export default function AdminBuylist({ loaderData }: Route.ComponentProps) {
  return <BuylistQueuePage queue={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the buylist could not be loaded. Please try again in a moment." />;
}
