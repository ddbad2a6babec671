import { data } from "react-router";
import { readSubmissionLabel } from "~/modules/buylist/photos.server";
import { parseDbId } from "~/utils/db-id";
import { requireUser } from "~/web/auth.server";
import { mediaStoreFor } from "~/web/media.server";
import type { Route } from "./+types/account-sell-list-label";

/**
 * GET /account/sell-lists/:id/label — the prepaid label the shop attached, as a download, for the
 * submission's owner (or an admin). A guest is sent to sign in; anyone else gets 404.
 */
/** The label types the shop accepts (the admin's upload checks them by content), and their file extension. */
const LABEL_TYPES: Record<string, string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = parseDbId(params.id);
  const label = id === null ? null : await readSubmissionLabel(context.db, mediaStoreFor(context), id, { id: user.id, isAdmin: user.isAdmin });
  if (!label) throw data("This label could not be found.", { status: 404 });
  // The stored name is the admin's upload's: only plain characters reach the header.
  const contentType = LABEL_TYPES[label.contentType] ? label.contentType : "application/octet-stream";
  const extension = LABEL_TYPES[contentType] ?? "bin";
  const fileName = `prepaid-label-SL-${id}.${extension}`;
  return new Response(label.media.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(label.media.size),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
