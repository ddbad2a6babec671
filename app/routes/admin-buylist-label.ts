import { data, redirect } from "react-router";
import { BUYLIST_ADMIN_TEXT } from "~/modules/buylist/admin";
import { attachLabel, labelForAdmin } from "~/modules/buylist/admin-label.server";
import { requireAdmin } from "~/web/auth.server";
import { mediaStoreFor } from "~/web/media.server";
import { parseDbId } from "~/utils/db-id";
import type { Route } from "./+types/admin-buylist-label";

/**
 * /admin/buylist/:id/label — the sell list's prepaid label. POST (multipart, under the request
 * guard's label rule) uploads it and goes back to the sell list's page, with a notice or the
 * reason it was refused; GET lets the admin look at the label attached. The customer downloads it
 * from their own sell-list page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = parseDbId(params.id);
  if (id === null) throw data(BUYLIST_ADMIN_TEXT.badId, { status: 404 });
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const form = multipart ? await request.formData().catch(() => null) : null;
  const file = form?.get("label");
  const outcome = await attachLabel(context.db, mediaStoreFor(context), admin.id, id, file instanceof File ? file : null);
  if (!outcome.ok && outcome.status === 404) throw data(BUYLIST_ADMIN_TEXT.notFound(id), { status: 404 });
  if (!outcome.ok && outcome.status === 403) throw data(BUYLIST_ADMIN_TEXT.ownSellList, { status: 403 });
  return redirect(outcome.ok ? `/admin/buylist/${id}?done=label-saved#label` : `/admin/buylist/${id}?label=${outcome.refusal}#label`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseDbId(params.id);
  const label = id === null ? null : await labelForAdmin(context.db, mediaStoreFor(context), id);
  if (!label) throw data("No label is attached to this sell list.", { status: 404 });
  return new Response(label.media.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": label.media.contentType,
      "Content-Length": String(label.media.size),
      "Content-Disposition": `attachment; filename="${label.fileName}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
