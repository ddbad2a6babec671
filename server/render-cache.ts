import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { hasPersonalCookie, ifNoneMatchHas, KEEP_RENDERED_PAGE, type KeepRenderedPage, PERSONAL_CACHE_CONTROL } from "./cache";

/**
 * The render cache (decision 0049): anonymous catalogue pages kept, rendered and compressed, in
 * this process for about a second, so a busy page is rendered once a second instead of once
 * per request. A hit never reaches React Router: the stored bytes (gzip, brotli or plain, per
 * Accept-Encoding), the stored headers and ETag, or a 304 for a matching If-None-Match.
 *
 * What may be kept is decided by `renderCacheKey` (anonymous GET of a catalogue page, no query
 * but `?page=N`) and by `catalogueCache` in server/cache.ts, which hands over a page only when it
 * made it public (a 200 that sets no cookie and that no route marked private).
 *
 * Freshness: an entry is served for `ttlMs` (1 s); after that the first request renders it again
 * while the others still get the old copy for the few milliseconds that takes (at most another
 * `ttlMs`), so an expiry never sends every connection to React Router at once. A change to the
 * catalogue (a stock movement, notified through PostgreSQL LISTEN/NOTIFY by every instance)
 * marks every entry stale at once (`invalidate`).
 *
 * The CSP nonce: the page is rendered with the nonce of the request that missed, and the entry
 * keeps that page's Content-Security-Policy header with it; every hit for the entry's lifetime
 * gets the same nonce in its header and body (the trade-off is in decision 0049).
 */

export interface RenderCacheOptions {
  /** How long an entry is served as fresh, in ms. */
  ttlMs?: number;
  /** Entries kept at most (least recently used go first). */
  maxEntries?: number;
  /** Bytes kept at most (plain + gzip + brotli of every entry). */
  maxBytes?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry {
  renderedAt: number;
  etag: string;
  contentSecurityPolicy: string | undefined;
  headers: Array<[string, string | string[]]>;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The URL paths whose anonymous pages may be kept (server/cache.ts's catalogue, less /search). */
const CACHEABLE_PAGE = /^\/(?:(?:language|category|products)\/[^/]+)?$/;

/**
 * The cache key of a request, or null when its answer must be rendered for it: only GET, no
 * cookie of ours, a catalogue page (home, language, category, product; never `.data`, search or
 * anything else), and no query string but `page=<number>` (the catalogue's only parameter; any
 * other one, a tracking tag or a typo, is rendered as before rather than filling the cache).
 */
export function renderCacheKey(method: string, url: string, cookieHeader: string | undefined): string | null {
  if (method !== "GET" || hasPersonalCookie(cookieHeader)) return null;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (path.length > 300 || !CACHEABLE_PAGE.test(path)) return null;
  if (q === -1) return path;
  const query = url.slice(q + 1);
  if (query === "") return path;
  return /^page=[1-9][0-9]{0,5}$/.test(query) ? `${path}?${query}` : null;
}

/** The encoding to answer with for this Accept-Encoding: brotli, gzip or none. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : null;
}

/** Headers of a rendered page that belong to that one response, not to the page. */
const NOT_KEPT = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "x-request-id", "set-cookie", "etag", "content-security-policy", "x-render-cache", "vary"]);

export class RenderCache {
  readonly ttlMs: number;
  private readonly entries: LRUCache<string, Entry>;
  private readonly now: () => number;
  /** Keys being rendered again right now: their stale entry is served meanwhile. */
  private readonly refreshing = new Set<string>();
  /** Entries rendered before this moment are stale (set by `invalidate`). */
  private staleBefore = -Infinity;
  hits = 0;
  misses = 0;

  constructor({ ttlMs = 1000, maxEntries = 2000, maxBytes = 64 * 1024 * 1024, now = () => performance.now() }: RenderCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.now = now;
    // Stale entries are useful for one more ttl (served while their page renders again); older
    // ones are dropped by the LRU itself. performance.now: a wall-clock step cannot revive them.
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (e) => e.plain.length + e.gzip.length + e.br.length + 512,
      ttl: ttlMs * 2,
      ttlAutopurge: false,
      perf: { now: () => this.now() },
    });
  }

  /** Everything kept is stale from now on (the catalogue changed); each page renders again once. */
  invalidate(): void {
    this.staleBefore = this.now();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry to answer with, or null when this request must render (it then keeps the page). */
  lookup(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const fresh = entry.renderedAt > this.staleBefore && this.now() - entry.renderedAt < this.ttlMs;
    if (fresh || this.refreshing.has(key)) return entry;
    return null;
  }

  /** This request renders the page for `key`; until it ends, others get the stale entry (if any). */
  startRefresh(key: string): () => void {
    if (this.refreshing.has(key)) return () => {};
    this.refreshing.add(key);
    return () => this.refreshing.delete(key);
  }

  store(key: string, body: Buffer, etag: string, res: Response, renderedAt: number): void {
    // A page rendered before the last invalidation carries what changed: not kept.
    if (renderedAt <= this.staleBefore) return;
    const headers: Entry["headers"] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_KEPT.has(name)) continue;
      headers.push([name, typeof value === "number" ? String(value) : value]);
    }
    const csp = res.getHeader("Content-Security-Policy");
    this.entries.set(key, {
      renderedAt,
      etag,
      contentSecurityPolicy: typeof csp === "string" ? csp : undefined,
      headers,
      plain: body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    });
  }

  clear(): void {
    this.entries.clear();
    this.refreshing.clear();
  }

  /** Moment now (the cache's clock), for `store`'s renderedAt. */
  clock(): number {
    return this.now();
  }
}

/** Sends a kept page (or a 304 for it) without going near React Router. */
function answerFromEntry(req: Request, res: Response, entry: Entry): void {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("X-Render-Cache", "hit");
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  res.setHeader("ETag", entry.etag);
  if (ifNoneMatchHas(req.headers["if-none-match"], entry.etag)) {
    // As in server/cache.ts: a 304 brings no new policy (the client keeps the page it has).
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.end();
    return;
  }
  if (entry.contentSecurityPolicy) res.setHeader("Content-Security-Policy", entry.contentSecurityPolicy);
  else res.removeHeader("Content-Security-Policy");
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.plain;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(body);
}

/**
 * Answers anonymous catalogue pages from the cache; on a miss, lets the request through with
 * `res.locals[KEEP_RENDERED_PAGE]` set, which `catalogueCache` calls with a page it made public.
 */
export function renderCacheMiddleware(cache: RenderCache): RequestHandler {
  return (req, res, next) => {
    const key = renderCacheKey(req.method, req.url, req.headers.cookie);
    if (key === null) return next();
    const entry = cache.lookup(key);
    if (entry) {
      cache.hits++;
      return answerFromEntry(req, res, entry);
    }
    cache.misses++;
    const renderedAt = cache.clock();
    const done = cache.startRefresh(key);
    res.on("close", done);
    res.setHeader("X-Render-Cache", "miss");
    const keep: KeepRenderedPage = (body, etag) => {
      const cacheControl = String(res.getHeader("Cache-Control") ?? "");
      // Belt and braces: catalogueCache only hands over public pages that set no cookie.
      if (res.statusCode !== 200 || res.getHeader("Set-Cookie") !== undefined || cacheControl === PERSONAL_CACHE_CONTROL || !/\bpublic\b/.test(cacheControl)) return;
      cache.store(key, body, etag, res, renderedAt);
    };
    res.locals[KEEP_RENDERED_PAGE] = keep;
    next();
  };
}
