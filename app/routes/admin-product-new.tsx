import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { NewProductPage } from "~/components/admin/products/product-page";
import { createProductAction } from "~/modules/catalog/product-actions.server";
import { categoryChoices } from "~/modules/catalog/product-admin.server";
import type { ProductRefusal } from "~/modules/catalog/product-admin-view";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-product-new";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "New product", description: "Add a sealed product to the shop.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  return { categories: await categoryChoices(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body || body.get("intent") !== "save") {
    return data<ProductRefusal>({ form: "product", message: "Please send the form again.", errors: {}, values: {} }, { status: 400 });
  }
  const result = await createProductAction(context.db, admin.id, body);
  if ("redirect" in result) return redirect(result.redirect);
  return data<ProductRefusal>(result.refusal, { status: result.status });
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as ProductRefusal | undefined;
  return (
    <NewProductPage
      categories={loaderData.categories}
      values={refusal?.values ?? { visibility: "visible", stock: "0" }}
      errors={refusal?.errors ?? {}}
      message={refusal?.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the product form could not be loaded. Please try again in a moment." />;
}
