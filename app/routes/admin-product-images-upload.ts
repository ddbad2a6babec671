import { data, redirect } from "react-router";
import { IMAGE_TEXT } from "~/modules/catalog/product-images";
import { parseDbId } from "~/utils/db-id";
import { requireAdmin } from "~/web/auth.server";
import { receiveProductImages } from "~/web/media.server";
import type { Route } from "./+types/admin-product-images-upload";

/**
 * POST /admin/products/:id/images/upload — the images page's upload with JavaScript on: one
 * file per request (so each has its own progress bar), answered as JSON (UploadAnswer) the page
 * reads. The page without JavaScript posts to itself instead; both go through
 * `receiveProductImages`, under the same multipart rule of the request guard.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const productId = parseDbId(params.id);
  const received = productId === null ? null : await receiveProductImages(request, context, admin.id, productId);
  if (!received) {
    return Response.json({ ok: false, message: IMAGE_TEXT.productNotFound, refusals: [], addedCount: 0 }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json(received.answer, { status: received.status, headers: { "Cache-Control": "no-store" } });
}

/** Nothing to show here: an admin is sent to the images page, anyone else refused. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const productId = parseDbId(params.id);
  if (productId === null) throw data(IMAGE_TEXT.productNotFound, { status: 404 });
  return redirect(`/admin/products/${productId}/images`);
}
