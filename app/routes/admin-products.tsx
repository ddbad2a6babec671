import { PRODUCT_NOTICES } from "~/modules/catalog/product-admin-view";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ProductsPage } from "~/components/admin/products/products-page";
import { parseAdminProductParams } from "~/modules/catalog/admin-product-filters";
import { listAdminProducts } from "~/modules/catalog/product-admin.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-products";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Products", description: "Every product, its stock and prices.", noindex: true });

/** Stock and prices of the back office: never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const list = await listAdminProducts(context.db, parseAdminProductParams(url));
  return { list, notice: url.searchParams.get("done") === "deleted" ? PRODUCT_NOTICES.deleted : null };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the products could not be loaded. Please try again in a moment." />;
}
