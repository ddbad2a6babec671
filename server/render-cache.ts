import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { ROUTE_LABEL } from "./metrics";
import { hasUsableHost } from "./request-guard";
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
 * Freshness: an entry is served for `ttlMs` (1 s) from when it was kept, never longer, so a page
 * shows what the database held at most ttl + its render time ago (a few ms; on a machine so
 * overloaded that a render takes longer than ttl, counting from the start would keep nothing and
 * every request would render: the cache would fail exactly when it is needed). When it has run out (or the
 * catalogue changed: a stock movement NOTIFYs every instance, `invalidate`), the next request
 * renders the page again and the requests for the same page that arrive meanwhile wait for
 * that render instead of all rendering it (or getting the old copy). On a busy page that wait
 * does not happen: in the last quarter of an entry's life the next request renders it again
 * while the others still get the entry, which is still fresh.
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
  /** How long requests wait for another request's render of the same page, in ms. */
  waitMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry {
  /** When it was kept: its second starts here (a render slowed by load still gets its second). */
  storedAt: number;
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
  if (path.length > 300 || !CACHEABLE_PAGE.test(path) || path.endsWith(".data")) return null;
  if (q === -1) return path;
  const query = url.slice(q + 1);
  if (query === "") return path;
  return /^page=[1-9][0-9]{0,5}$/.test(query) ? `${path}?${query}` : null;
}

/** The route pattern of a cached page for the metrics and the log line (a hit never reaches the router). */
export function routePatternOfKey(key: string): string {
  const section = /^\/(language|category|products)\//.exec(key)?.[1];
  return section ? `/${section}/:slug` : "/";
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

/** Past this share of its TTL an entry is rendered again by the next request, while still served. */
const REFRESH_AHEAD = 0.75;

/** A render of one key in progress: the requests waiting for its page. */
export interface Refresh {
  waiters: Array<() => void>;
  timer: NodeJS.Timeout;
}

export class RenderCache {
  readonly ttlMs: number;
  private readonly entries: LRUCache<string, Entry>;
  private readonly now: () => number;
  private readonly waitMs: number;
  /** Keys being rendered right now; other requests for them wait for that page. */
  private readonly refreshing = new Map<string, Refresh>();
  /** Entries rendered before this moment are stale (set by `invalidate`). */
  private staleBefore = -Infinity;
  hits = 0;
  misses = 0;

  constructor({ ttlMs = 1000, maxEntries = 2000, maxBytes = 64 * 1024 * 1024, waitMs = 2000, now = () => performance.now() }: RenderCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.waitMs = waitMs;
    // performance.now, not the wall clock: a clock step cannot make an old page fresh again.
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (e) => e.plain.length + e.gzip.length + e.br.length + 512,
      ttl: ttlMs,
      perf: { now: () => this.now() },
    });
  }

  /** Everything kept is stale from now on (the catalogue changed): each page is rendered again. */
  invalidate(): void {
    this.staleBefore = this.now();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh entry for `key`, if any. */
  lookup(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry || entry.storedAt <= this.staleBefore || this.now() - entry.storedAt >= this.ttlMs) return null;
    return entry;
  }

  /**
   * The fresh entry for `key` when a request may simply be given it: not yet in the last quarter
   * of its life, or someone is rendering its replacement already. Null otherwise (no entry, or
   * this request should start the refresh: renderCacheMiddleware decides). No side effects.
   */
  servable(key: string): Entry | null {
    const entry = this.lookup(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt < this.ttlMs * REFRESH_AHEAD || this.refreshing.has(key)) return entry;
    return null;
  }

  /**
   * True when `entry` is in the last quarter of its life and nobody renders its page yet: the
   * caller renders it now (the others keep getting the entry, still fresh, meanwhile), so the
   * page is replaced before it runs out and no request has to wait for it.
   */
  startRefreshAhead(key: string, entry: Entry): boolean {
    if (this.now() - entry.storedAt < this.ttlMs * REFRESH_AHEAD || this.refreshing.has(key)) return false;
    this.beginRefresh(key);
    return true;
  }

  private beginRefresh(key: string): void {
    const refresh: Refresh = { waiters: [], timer: undefined as unknown as NodeJS.Timeout };
    // A render that hangs must not hold the others: they go and render for themselves.
    refresh.timer = setTimeout(() => this.endRefresh(key, refresh), this.waitMs);
    refresh.timer.unref();
    this.refreshing.set(key, refresh);
  }

  /** The render of `key` in progress (to end that one, not a later one, in `endRefresh`). */
  currentRefresh(key: string): Refresh | undefined {
    return this.refreshing.get(key);
  }

  /**
   * Without a fresh entry: when another request is rendering `key`, `wait` is called once that
   * render ends (kept or not; at most `waitMs` later) and true is returned; otherwise this
   * request becomes the one that renders it (false), and must call `endRefresh(key)` when done.
   */
  joinRefresh(key: string, wait: () => void): boolean {
    const refresh = this.refreshing.get(key);
    if (refresh) {
      refresh.waiters.push(wait);
      return true;
    }
    this.beginRefresh(key);
    return false;
  }

  /** The render of `key` is over (its page kept or not): the waiting requests go on. */
  endRefresh(key: string, which?: Refresh): void {
    const refresh = this.refreshing.get(key);
    if (!refresh || (which && which !== refresh)) return;
    this.refreshing.delete(key);
    clearTimeout(refresh.timer);
    for (const wait of refresh.waiters) wait();
  }

  store(key: string, body: Buffer, etag: string, res: Response, renderedAt: number): void {
    // A page rendered before the last invalidation may show what changed: not kept.
    if (renderedAt <= this.staleBefore) return;
    const headers: Entry["headers"] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_KEPT.has(name)) continue;
      headers.push([name, typeof value === "number" ? String(value) : value]);
    }
    const csp = res.getHeader("Content-Security-Policy");
    this.entries.set(key, {
      storedAt: this.now(),
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
    for (const key of [...this.refreshing.keys()]) this.endRefresh(key);
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
 * The hits, answered as early as possible (server/app.ts puts this right after the request's log
 * line and metrics): a hit needs nothing else. Its headers (security headers included) and its
 * CSP were kept with the page; its bytes are compressed already; it has no body to guard, no
 * cookie and no session; it is not a static file. Only the Host is checked, as refuseBadHost
 * would. Anything else — no entry, an entry due for its refresh, a bad Host — goes on through
 * the whole chain to renderCacheMiddleware, which makes the same decisions again.
 */
export function renderCacheHits(cache: RenderCache): RequestHandler {
  return function renderCacheHit(req, res, next) {
    const key = renderCacheKey(req.method, req.url, req.headers.cookie);
    const entry = key === null ? null : cache.servable(key);
    if (entry === null || !hasUsableHost(req)) return next();
    cache.hits++;
    res.locals[ROUTE_LABEL] = routePatternOfKey(key!);
    answerFromEntry(req, res, entry);
  };
}

/**
 * Answers anonymous catalogue pages from the cache; on a miss, lets the request through with
 * `res.locals[KEEP_RENDERED_PAGE]` set, which `catalogueCache` calls with a page it made public.
 */
export function renderCacheMiddleware(cache: RenderCache): RequestHandler {
  return function renderCache(req, res, next) {
    const key = renderCacheKey(req.method, req.url, req.headers.cookie);
    if (key === null) return next();
    const entry = cache.lookup(key);
    if (entry) {
      if (cache.startRefreshAhead(key, entry)) return renderAndKeep(cache, key, res, next, true);
      cache.hits++;
      res.locals[ROUTE_LABEL] = routePatternOfKey(key);
      return answerFromEntry(req, res, entry);
    }
    // The page is being rendered for another request: take that one (or render after it).
    const waiting = cache.joinRefresh(key, () => {
      const rendered = cache.lookup(key);
      if (rendered) {
        cache.hits++;
        res.locals[ROUTE_LABEL] = routePatternOfKey(key);
        answerFromEntry(req, res, rendered);
      } else renderAndKeep(cache, key, res, next, false);
    });
    if (!waiting) renderAndKeep(cache, key, res, next, true);
  };
}

function renderAndKeep(cache: RenderCache, key: string, res: Response, next: () => void, refreshing: boolean) {
  cache.misses++;
  const renderedAt = cache.clock();
  // This request's render, not one a later request may have begun by the time this one closes.
  const own = refreshing ? cache.currentRefresh(key) : undefined;
  if (own) res.on("close", () => cache.endRefresh(key, own));
  res.setHeader("X-Render-Cache", "miss");
  const keep: KeepRenderedPage = (body, etag) => {
    const cacheControl = String(res.getHeader("Cache-Control") ?? "");
    // Belt and braces: catalogueCache only hands over public pages that set no cookie.
    const publicPage = res.statusCode === 200 && res.getHeader("Set-Cookie") === undefined && cacheControl !== PERSONAL_CACHE_CONTROL && /\bpublic\b/.test(cacheControl);
    if (publicPage) cache.store(key, body, etag, res, renderedAt);
    // The waiting requests need not wait for this body to reach its client.
    if (own) cache.endRefresh(key, own);
  };
  res.locals[KEEP_RENDERED_PAGE] = keep;
  next();
}
