import { readProductMedia } from "~/modules/catalog/product-images.server";
import { mediaStoreFor } from "~/web/media.server";
import type { Route } from "./+types/media-product";

/**
 * GET /media/products/:file — one rendition of an uploaded product image (`<key>-<width>.avif|webp`).
 * A name never changes its bytes (a new upload gets a new random key), so it is cached for a year
 * by browsers and shared caches alike, whoever asks (server/cache.ts keeps a `public` non-page
 * answer public even for a signed-in visitor). The name is parsed, never used as a path.
 */
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const media = await readProductMedia(mediaStoreFor(context), params.file);
  if (!media) return notFound();
  // The name is the content's identity: a strong validator without hashing the bytes.
  const etag = `"${params.file}"`;
  const headers = {
    "Content-Type": media.contentType,
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => [etag, `W/${etag}`, "*"].includes(tag.trim()))) {
    return new Response(null, { status: 304, headers });
  }
  // A Node Buffer is a Uint8Array over a plain ArrayBuffer (never shared): a valid body.
  return new Response(media.bytes as Uint8Array<ArrayBuffer>, { headers: { ...headers, "Content-Length": String(media.size) } });
}
