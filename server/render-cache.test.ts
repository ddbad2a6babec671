import type { Server } from "node:http";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogueCache, personalResponsesNoStore } from "./cache";
import { chooseEncoding, RenderCache, renderCacheHits, renderCacheKey, renderCacheMiddleware, routePatternOfKey } from "./render-cache";
import { cspNonceOf, securityHeaders } from "./security-headers";

describe("renderCacheKey", () => {
  it("keys anonymous GETs of the home, language, category and product pages", () => {
    expect(renderCacheKey("GET", "/", undefined)).toBe("/");
    expect(renderCacheKey("GET", "/?", undefined)).toBe("/");
    expect(renderCacheKey("GET", "/products/charizard-box", undefined)).toBe("/products/charizard-box");
    expect(renderCacheKey("GET", "/category/english-singles?page=3", "theme=dark")).toBe("/category/english-singles?page=3");
    expect(renderCacheKey("GET", "/language/japanese", "")).toBe("/language/japanese");
  });

  it("refuses anything that may be personal or is not a catalogue page", () => {
    // Our cookies (session, guest cart, any nm_*): the header shows the user and the cart.
    expect(renderCacheKey("GET", "/", "nm_session=abc")).toBeNull();
    expect(renderCacheKey("GET", "/", "other=1; nm_guest_cart=abc")).toBeNull();
    expect(renderCacheKey("GET", "/products/x", "nm_future=1")).toBeNull();
    for (const method of ["HEAD", "POST", "PUT", "DELETE"]) expect(renderCacheKey(method, "/", undefined)).toBeNull();
    for (const url of ["/search?q=box", "/search", "/cart", "/account", "/products/x.data", "/_root.data", "/products/x/y", "/products/", "/sets/sv1", "/admin/products", "//evil"]) {
      expect(renderCacheKey("GET", url, undefined), url).toBeNull();
    }
    // Query strings: only the catalogue's own ?page=N; a token, a tracker or junk is rendered as before.
    for (const query of ["page=0", "page=01", "page=x", "page=2&utm_source=mail", "token=abc", "page=1234567", "PAGE=2", "page=2#x"]) {
      expect(renderCacheKey("GET", `/category/c?${query}`, undefined), query).toBeNull();
    }
    expect(renderCacheKey("GET", `/products/${"a".repeat(400)}`, undefined)).toBeNull();
  });
});

describe("routePatternOfKey", () => {
  it("labels hits with the route pattern the router would have given", () => {
    expect(routePatternOfKey("/")).toBe("/");
    expect(routePatternOfKey("/products/box")).toBe("/products/:slug");
    expect(routePatternOfKey("/category/c?page=2")).toBe("/category/:slug");
    expect(routePatternOfKey("/language/english")).toBe("/language/:slug");
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0")).toBeNull();
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

let clock = 0;
let cache: RenderCache;
let renders = 0;
let pastEarlyHits = 0;
let base: string;
let server: Server;
/** While set, the page waits for it before answering (a slow render). */
let gate: Promise<void> | null = null;

/** The real middleware order of server/app.ts, with a stand-in for React Router. */
beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => (cache ? renderCacheHits(cache)(req, res, next) : next()));
  // Counts the requests the early hits let through to the rest of the chain.
  app.use((_req, _res, next) => {
    pastEarlyHits++;
    next();
  });
  app.use(compression());
  app.use(securityHeaders({ development: false, https: false }));
  app.use(personalResponsesNoStore());
  app.use((req, res, next) => cache ? renderCacheMiddleware(cache)(req, res, next) : next());
  app.use(catalogueCache());
  app.get(/.*/, async (req, res) => {
    renders++;
    if (gate) await gate;
    if (req.path === "/products/sets-cookie") res.setHeader("Set-Cookie", "nm_guest_cart=abc; Path=/");
    if (req.path === "/products/missing") return res.status(404).type("html").send("<h1>Not found</h1>");
    const nonce = cspNonceOf(res);
    res.status(200).type("html").send(`<html><body><p>${req.url} stock ${stock}</p><script nonce="${nonce}">1</script>${"x".repeat(3000)}</body></html>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let stock = 5;
beforeEach(() => {
  clock = 0;
  renders = 0;
  pastEarlyHits = 0;
  stock = 5;
  gate = null;
  cache = new RenderCache({ ttlMs: 1000, now: () => clock });
});

/** Raw bytes and headers (fetch would decode the body). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the render cache in the middleware chain", () => {
  it("renders an anonymous page once and answers the next requests from memory, nonce and all", async () => {
    const first = await get("/products/box");
    expect(first.headers["x-render-cache"]).toBe("miss");
    const second = await get("/products/box");
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(renders).toBe(1);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toMatch(/^public, max-age=0/);
    // The page's inline script and the policy it is sent with carry the same nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(second.headers["content-security-policy"]))![1];
    expect(second.body.toString()).toContain(`nonce="${nonce}"`);
    expect(second.headers.vary).toMatch(/Cookie/);
    expect(second.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("sends gzip or brotli per Accept-Encoding, the same page either way", async () => {
    const plain = (await get("/products/box")).body.toString();
    const gz = await get("/products/box", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(plain);
    const br = await get("/products/box", { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    expect(renders).toBe(1);
  });

  it("answers a matching If-None-Match with a 304 from the cache, without rendering", async () => {
    const { headers } = await get("/products/box");
    const conditional = await get("/products/box", { "If-None-Match": String(headers.etag) });
    expect(conditional.status).toBe(304);
    expect(conditional.headers["x-render-cache"]).toBe("hit");
    expect(conditional.headers["content-security-policy"]).toBeUndefined();
    expect(conditional.body.length).toBe(0);
    expect((await get("/products/box", { "If-None-Match": '"other"' })).status).toBe(200);
    expect(renders).toBe(1);
  });

  it("never answers a signed-in or guest-cart request from the cache, nor keeps its page", async () => {
    await get("/products/box");
    for (const cookie of ["nm_session=abc", "nm_guest_cart=xyz"]) {
      const res = await get("/products/box", { Cookie: cookie });
      expect(res.headers["x-render-cache"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
    expect(renders).toBe(3);
  });

  it("does not keep a page that sets a cookie, nor an error page", async () => {
    for (const path of ["/products/sets-cookie", "/products/missing"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers["x-render-cache"]).toBe("miss");
    }
    expect(renders).toBe(4);
    expect(cache.size).toBe(0);
  });

  it("keeps a page at most ttl, and forgets everything on invalidate (a stock change)", async () => {
    await get("/products/box");
    clock = 700;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("hit");
    clock = 1000;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("miss");
    expect(renders).toBe(2);
    stock = 4;
    cache.invalidate();
    clock = 1001; // a render that starts in the same instant as the invalidation is not kept
    const after = await get("/products/box");
    expect(after.headers["x-render-cache"]).toBe("miss");
    expect(after.body.toString()).toContain("stock 4");
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("hit");
  });

  it("renders a busy page again in the last quarter of its life, while still serving it", async () => {
    await get("/products/box");
    clock = 749;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("hit");
    stock = 4;
    clock = 750;
    const ahead = await get("/products/box");
    expect(ahead.headers["x-render-cache"]).toBe("miss");
    expect(ahead.body.toString()).toContain("stock 4");
    expect(renders).toBe(2);
    // The new entry's second starts now.
    clock = 1400;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("hit");
  });

  it("does not keep a page whose render began before an invalidation", async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const pending = get("/products/box");
    await new Promise((r) => setTimeout(r, 50));
    cache.invalidate();
    open();
    await pending;
    gate = null;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("miss");
  });

  it("renders a page once for requests that arrive while it renders (they wait for it)", async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const all = Array.from({ length: 8 }, () => get("/products/box"));
    await new Promise((r) => setTimeout(r, 50));
    open();
    const answers = await Promise.all(all);
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.body.toString())).size).toBe(1);
    expect(answers.filter((a) => a.headers["x-render-cache"] === "hit")).toHaveLength(7);
  });

  it("answers a hit before the rest of the chain, with the headers the page was rendered with", async () => {
    const first = await get("/products/box", { "Accept-Encoding": "gzip" });
    expect(pastEarlyHits).toBe(1);
    const hit = await get("/products/box", { "Accept-Encoding": "gzip" });
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(pastEarlyHits).toBe(1);
    // securityHeaders and compression never saw it: what they set came with the page.
    for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy", "content-security-policy", "content-type", "cache-control", "etag"]) {
      expect(hit.headers[name], name).toBe(first.headers[name]);
    }
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(hit.body).toString()).toBe(gunzipSync(first.body).toString());
    expect((await get("/products/box", { "If-None-Match": String(first.headers.etag) })).status).toBe(304);
    expect(pastEarlyHits).toBe(1);
  });

  it("lets through, to be decided further down, a bad Host and a page due for its refresh", async () => {
    await get("/products/box");
    // refuseBadHost answers those in server/app.ts; here the later stage serves it.
    await get("/products/box", { Host: "not a host" });
    expect(pastEarlyHits).toBe(2);
    clock = 750;
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const refreshing = get("/products/box");
    await new Promise((r) => setTimeout(r, 50));
    expect(pastEarlyHits).toBe(3);
    // Its replacement is being rendered: the others get the entry, still fresh, from the early stage.
    clock = 800;
    expect((await get("/products/box")).headers["x-render-cache"]).toBe("hit");
    expect(pastEarlyHits).toBe(3);
    open();
    expect((await refreshing).headers["x-render-cache"]).toBe("miss");
    expect(renders).toBe(2);
  });

  it("keys ?page=N apart and renders other query strings every time", async () => {
    await get("/category/c?page=2");
    expect((await get("/category/c?page=2")).headers["x-render-cache"]).toBe("hit");
    expect((await get("/category/c")).headers["x-render-cache"]).toBe("miss");
    await get("/category/c?utm_source=x");
    expect((await get("/category/c?utm_source=x")).headers["x-render-cache"]).toBeUndefined();
  });
});
