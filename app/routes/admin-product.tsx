import { data, redirect } from "react-router";
import { mediaStoreFor } from "~/web/media.server";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ProductPage } from "~/components/admin/products/product-page";
import { parsePage } from "~/modules/catalog/paging";
import { productAction } from "~/modules/catalog/product-actions.server";
import { productPageData } from "~/modules/catalog/product-admin.server";
import { productNotice, type ProductRefusal } from "~/modules/catalog/product-admin-view";
import { PRODUCT_TEXT, productFormValues } from "~/modules/catalog/product-form";
import { requireAdmin } from "~/web/auth.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-product";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `${args.loaderData.product.name} · Products` : "Product", description: "Edit a product, its variants and stock.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const id = parseDbId(params.id);
  const url = new URL(request.url);
  const historyPage = parsePage(new URL(`http://x/?page=${url.searchParams.get("history") ?? ""}`));
  const page = id === null ? null : await productPageData(context.db, id, historyPage);
  if (!page) throw data(PRODUCT_TEXT.notFound, { status: 404 });
  return { ...page, notice: productNotice(url.searchParams.get("done")), confirmDelete: url.searchParams.get("delete") === "confirm" };
}

/** Every form of the page posts here with its `intent`; each ends in a redirect back (or to the copy), or a refusal with what was typed. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const id = parseDbId(params.id);
  const body = await request.formData().catch(() => null);
  if (id === null) throw data(PRODUCT_TEXT.notFound, { status: 404 });
  if (!body) return data<ProductRefusal>({ form: "actions", message: PRODUCT_TEXT.resend, errors: {}, values: {} }, { status: 400 });
  const result = await productAction(context.db, mediaStoreFor(context), admin.id, id, body);
  if ("redirect" in result) return redirect(result.redirect);
  if (result.status === 404 && result.refusal.form === "actions") throw data(result.refusal.message, { status: 404 });
  return data<ProductRefusal>(result.refusal, { status: result.status });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as ProductRefusal | undefined) ?? null;
  const { product } = loaderData;
  const values =
    refusal?.form === "product"
      ? refusal.values
      : productFormValues({ ...product, sealed: product.kind === "sealed" && product.variants[0] ? product.variants[0] : null });
  return <ProductPage {...loaderData} values={values} refusal={refusal} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the product could not be loaded. Please try again in a moment." />;
}
