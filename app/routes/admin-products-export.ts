import { parseAdminProductParams } from "~/modules/catalog/admin-product-filters";
import { exportFileName, productCsvStream } from "~/modules/catalog/product-csv-export.server";
import { requireAdmin } from "~/web/auth.server";
import type { Route } from "./+types/admin-products-export";

/**
 * GET /admin/products/export.csv?q=…&language=…&category=…&visibility=…&stock=…&kind=… — every
 * variant of the products the admin list's filters match, as the products CSV
 * (docs/products-csv.md), streamed as a download.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the catalogue with stock and pinned prices is admin-only.
  await requireAdmin(request, context);
  const { filters } = parseAdminProductParams(new URL(request.url));
  return new Response(productCsvStream(context.db, filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
