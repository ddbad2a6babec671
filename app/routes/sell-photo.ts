import { readSubmissionPhoto } from "~/modules/buylist/photos.server";
import { getCurrentUser } from "~/web/auth.server";
import { mediaStoreFor } from "~/web/media.server";
import type { Route } from "./+types/sell-photo";

/**
 * GET /sell/photos/:file — one rendition of a sell-list photo (`<key>-<width>.avif|webp`), for the
 * submission's owner or an admin only. Anyone else, signed in or not, gets the same 404 as for a
 * photo that does not exist. Never stored by a shared cache.
 */
const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return notFound();
  const media = await readSubmissionPhoto(context.db, mediaStoreFor(context), params.file, { id: user.id, isAdmin: user.isAdmin });
  if (!media) return notFound();
  return new Response(media.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": media.contentType,
      "Content-Length": String(media.size),
      // The browser may keep it briefly (a page shows each photo more than once); nobody else may.
      "Cache-Control": "private, max-age=300",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
