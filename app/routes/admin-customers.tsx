import { AdminErrorPage } from "~/components/admin/admin-error";
import { CustomersPage } from "~/components/admin/customers/customers-page";
import { parseCustomerSearch } from "~/modules/accounts/admin-customers";
import { searchCustomers } from "~/modules/accounts/admin-customers.server";
import { parsePage } from "~/modules/catalog/paging";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-customers";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Customers", description: "Find a customer by name or email.", noindex: true });

/** Customers' names and emails: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return { list: await searchCustomers(context.db, parseCustomerSearch(url.searchParams.get("q")), parsePage(url)) };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage list={loaderData.list} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the customers could not be loaded. Please try again in a moment." />;
}
