import { redirect } from "react-router";
import { requireAdmin } from "~/web/auth.server";
import { handleImportForm } from "~/web/product-import.server";
import type { Route } from "./+types/admin-products-import-check";

/**
 * POST /admin/products/import/check — the import page's upload with a progress bar: the same
 * form as the page's own (multipart, a `file`), answered as JSON for the page's script. Without
 * JavaScript the page posts to itself instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/products/import");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked here too: a post is a request of its own.
  const admin = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const answer = form
    ? await handleImportForm(context.db, admin, form)
    : { status: 400, result: { intent: "dry-run" as const, ok: false as const, message: "Please choose the file again." } };
  return Response.json(answer.result, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}
