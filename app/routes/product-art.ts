import { createHash } from "node:crypto";
import { productArtSvg } from "~/demo/product-art.server";
import { isProductKind } from "~/demo/product-kind";
import type { Route } from "./+types/product-art";

/** GET /images/art/:kind/:file — the generated SVG artwork of one product. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.file.replace(/\.svg$/, "");
  if (!isProductKind(params.kind) || slug === params.file) {
    return new Response("Not found", { status: 404 });
  }
  const svg = await productArtSvg(context.db, params.kind, slug);
  if (!svg) return new Response("Not found", { status: 404 });
  const etag = `"${createHash("sha1").update(svg).digest("base64url")}"`;
  const headers = {
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}
