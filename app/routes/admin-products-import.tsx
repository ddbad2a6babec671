import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ProductImportPage } from "~/components/admin/products-import/import-page";
import { CSV_MESSAGES, type ImportActionResult } from "~/modules/catalog/product-csv";
import { requireAdmin } from "~/web/auth.server";
import { handleImportForm } from "~/web/product-import.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-products-import";

/**
 * /admin/products/import — upload a products CSV (multipart), see the dry run (every row's
 * changes and errors, nothing written), then apply it in one transaction. Works as plain form
 * posts; with JavaScript the upload shows a progress bar (via /admin/products/import/check).
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Import products (CSV)", description: "Create and update products and variants from a CSV file.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return data<ImportActionResult>({ intent: "dry-run", ok: false, message: CSV_MESSAGES.noFile }, { status: 400 });
  const answer = await handleImportForm(context.db, admin, form);
  return data<ImportActionResult>(answer.result, { status: answer.status });
}

export default function AdminProductsImport({ actionData }: Route.ComponentProps) {
  return <ProductImportPage result={actionData as ImportActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the import page could not be loaded. Please try again in a moment." />;
}
