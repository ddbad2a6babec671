import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { GUEST_CART_COOKIE, SESSION_COOKIE } from "~/config/constants";

/**
 * HTTP caching for the catalogue (home, language, category, product and search pages, and the
 * `.data` requests of client-side navigations to them).
 *
 * Every page carries the header's cart count and the signed-in user, so a page may only be
 * cached by browsers and shared caches when the request cannot be personal: no session, no guest
 * cart, no other cookie of ours, and the response sets no cookie. Those get
 * `public, max-age=0, s-maxage, stale-while-revalidate` plus an ETag (a hash of the body) and an
 * empty 304 for a matching If-None-Match. Everything else in scope is `private, no-store`.
 *
 * The body is held until it is complete to hash it; catalogue pages have no deferred data, so
 * React Router renders them in one go anyway.
 */

export interface CatalogueCacheOptions {
  /** Seconds a shared cache (CDN, proxy) may reuse an anonymous page without asking. */
  sharedMaxAge?: number;
  /** Seconds after that it may still serve the old page while it fetches a new one. */
  staleWhileRevalidate?: number;
}

/**
 * `res.locals` key of the function a missed render-cache request carries (server/render-cache.ts):
 * called with a page this middleware made public, so the next requests get it from memory.
 */
export const KEEP_RENDERED_PAGE = "keepRenderedPage";
export type KeepRenderedPage = (body: Buffer, etag: string) => void;

/** `res.locals` flag: this page is held until complete here, so it is rendered whole (load-context.ts). */
export const RENDER_WHOLE_PAGE = "renderWholePage";

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** The URL paths this middleware looks after. */
export function isCataloguePath(path: string): boolean {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  if (page === "/" || page === "/_root" || page === "/search") return true;
  return /^\/(?:language|category|products)\/[^/]+$/.test(page);
}

/** True when the request carries a cookie that can make the page personal. */
export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const name = pair.split("=", 1)[0]!.trim();
    // Our own cookies all start "nm_"; any of them (present or future) may personalise a page.
    return name === SESSION_COOKIE || name === GUEST_CART_COOKIE || name.startsWith("nm_");
  });
}

/**
 * The page with this response's CSP nonce taken out: the nonce is new on every request, the
 * page is not, and the ETag is about the page (decision 0013).
 */
function withoutNonce(body: Buffer, nonce: unknown): Buffer {
  if (typeof nonce !== "string" || nonce === "") return body;
  const text = body.toString("utf8");
  return text.includes(nonce) ? Buffer.from(text.split(nonce).join("")) : body;
}

export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function catalogueCache({ sharedMaxAge = 60, staleWhileRevalidate = 300 }: CatalogueCacheOptions = {}): RequestHandler {
  // Browsers revalidate every time (max-age=0; the ETag makes that a cheap 304), so a visitor who
  // comes back sees current stock and prices; shared caches in front of the shop may serve a
  // page for a minute and refresh it in the background, which is where the load goes away.
  const publicCacheControl = `public, max-age=0, s-maxage=${sharedMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;

  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCataloguePath(req.path)) return next();

    if (hasPersonalCookie(req.headers.cookie)) {
      // Set now; a route that answers with something stricter still can overwrite it.
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      res.vary("Cookie");
      return next();
    }

    res.locals[RENDER_WHOLE_PAGE] = true;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
      if (Buffer.isBuffer(chunk)) return chunk;
      if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    };

    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      const buffer = toBuffer(chunk, encoding);
      if (buffer) chunks.push(buffer);
      const cb = typeof encoding === "function" ? encoding : callback;
      if (typeof cb === "function") process.nextTick(cb as () => void);
      return true;
    }) as typeof res.write;

    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      const buffer = toBuffer(chunk, encoding);
      if (buffer) chunks.push(buffer);
      const cb = [chunk, encoding, callback].find((a) => typeof a === "function") as (() => void) | undefined;
      res.write = write as typeof res.write;
      res.end = end as typeof res.end;
      const body = Buffer.concat(chunks);

      const existing = String(res.getHeader("Cache-Control") ?? "");
      const setsCookie = res.getHeader("Set-Cookie") !== undefined;
      if (res.statusCode !== 200 || setsCookie || /private|no-store/.test(existing)) {
        if (setsCookie) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
        return body.length > 0 ? end(body, cb) : end(cb);
      }

      res.setHeader("Cache-Control", publicCacheControl);
      res.vary("Cookie");
      // HEAD has no body to hash; its headers must not claim a tag GET would not give.
      if (req.method === "HEAD") return end(cb);
      const etag = `"${createHash("sha1").update(withoutNonce(body, res.locals.cspNonce)).digest("base64url")}"`;
      res.setHeader("ETag", etag);
      // The render cache (server/render-cache.ts) keeps this public page for the next requests.
      (res.locals[KEEP_RENDERED_PAGE] as KeepRenderedPage | undefined)?.(body, etag);
      if (ifNoneMatchHas(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        res.removeHeader("Content-Type");
        res.removeHeader("Content-Length");
        // The cache keeps the page it has, whose scripts carry the nonce of the policy stored
        // with it; a 304's headers replace the stored ones, so this one must bring no new policy.
        res.removeHeader("Content-Security-Policy");
        return end(cb);
      }
      return body.length > 0 ? end(body, cb) : end(cb);
    }) as typeof res.end;

    next();
  };
}

/** Requests ending in `.data` are React Router's client navigations: the loaders' data as a stream. */
function isDataRequest(path: string): boolean {
  return path.endsWith(".data");
}

/**
 * Every response to a request with one of our cookies (a session, a guest cart: anything that
 * may put a name, an email, a cart or a token in the body), and every response that sets one,
 * is `private, no-store`, whatever the route said or forgot to say. Decided here, once, as the
 * response head goes out, so no route has to remember it (issue 12, finding 4).
 *
 * The one exception is a response a route declared `public` that is neither a page nor a
 * `.data` request: the resource routes (product art, sitemaps, robots.txt) answer the same bytes
 * to everyone, cookie or not, and images would otherwise be fetched again on every page.
 * Pages and `.data` always carry the root loader's signed-in user and cart, so they never keep
 * a public header.
 */
export function personalResponsesNoStore(): RequestHandler {
  return (req, res, next) => {
    const personalRequest = hasPersonalCookie(req.headers.cookie);
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      const setsCookie = res.getHeader("Set-Cookie") !== undefined;
      if (personalRequest || setsCookie) {
        const declared = String(res.getHeader("Cache-Control") ?? "");
        const contentType = String(res.getHeader("Content-Type") ?? "");
        const sharedResource = !setsCookie && /\bpublic\b/.test(declared) && !/^text\/html/i.test(contentType) && !isDataRequest(req.path);
        if (!sharedResource) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
