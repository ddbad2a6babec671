import { createHash } from "node:crypto";

/** A strong ETag of a body: the same bytes always give the same tag, on every instance. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** True when an If-None-Match header names this ETag (or is "*"). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * A text resource (sitemap, robots.txt) with an ETag, answering a matching If-None-Match with an
 * empty 304 so crawlers that re-check often cost almost nothing.
 */
export function cachedTextResponse(request: Request, body: string, contentType: string, cacheControl: string): Response {
  const etag = etagOf(body);
  const headers = { "Content-Type": contentType, "Cache-Control": cacheControl, ETag: etag };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
