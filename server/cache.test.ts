import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueCache, hasPersonalCookie, isCataloguePath } from "./cache";

let server: Server;
let base: string;

/** A stand-in for React Router: writes the page in chunks, as a streamed render does. */
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(catalogueCache({ sharedMaxAge: 60, staleWhileRevalidate: 300 }));
  app.get("/products/:slug", (req, res) => {
    if (req.params.slug === "missing") return res.status(404).type("html").send("<h1>Product not found</h1>");
    if (req.params.slug === "sets-cookie") res.setHeader("Set-Cookie", "nm_guest_cart=abc; Path=/");
    res.status(200).type("html");
    res.write("<!DOCTYPE html><html><body>");
    res.write(Buffer.from("x".repeat(5000)));
    res.end(`<p>${req.params.slug}</p></body></html>`);
  });
  app.get("/cart", (_req, res) => res.type("html").send("<h1>Cart</h1>"));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("catalogueCache", () => {
  it("lets anonymous pages be cached publicly, with an ETag", async () => {
    const res = await fetch(`${base}/products/box`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    const body = await res.text();
    expect(body).toContain("<p>box</p>");
    expect(body.length).toBeGreaterThan(5000);
  });

  it("answers a matching If-None-Match with an empty 304, and a stale one with the page", async () => {
    const first = await fetch(`${base}/products/box`, { headers: { "accept-encoding": "gzip" } });
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const again = await fetch(`${base}/products/box`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await fetch(`${base}/products/tin`, { headers: { "if-none-match": etag } });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("never caches publicly for a visitor with a session or a guest cart", async () => {
    for (const cookie of ["nm_session=abc", "theme=dark; nm_guest_cart=xyz", "nm_anything=1"]) {
      const res = await fetch(`${base}/products/box`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control"), cookie).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
      expect(await res.text()).toContain("<p>box</p>");
    }
  });

  it("ignores cookies that are not ours", async () => {
    const res = await fetch(`${base}/products/box`, { headers: { cookie: "theme=dark" } });
    expect(res.headers.get("cache-control")).toMatch(/^public/);
  });

  it("does not cache a response that sets a cookie, or an error", async () => {
    const cookie = await fetch(`${base}/products/sets-cookie`);
    expect(cookie.headers.get("cache-control")).toBe("private, no-store");
    expect(cookie.headers.get("etag")).toBeNull();
    const missing = await fetch(`${base}/products/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBeNull();
    expect(await missing.text()).toContain("Product not found");
  });

  it("leaves other paths alone", async () => {
    const res = await fetch(`${base}/cart`);
    expect(res.headers.get("cache-control")).toBeNull();
  });
});

describe("scope", () => {
  it.each([
    ["/", true],
    ["/_root.data", true],
    ["/search", true],
    ["/search.data", true],
    ["/language/english", true],
    ["/category/english-singles.data", true],
    ["/products/some-box", true],
    ["/products/a/b", false],
    ["/cart", false],
    ["/account", false],
    ["/checkout", false],
    ["/admin/outbox", false],
  ])("%s → %s", (path, expected) => {
    expect(isCataloguePath(path)).toBe(expected);
  });

  it("recognises our cookies only", () => {
    expect(hasPersonalCookie(undefined)).toBe(false);
    expect(hasPersonalCookie("a=1; b=2")).toBe(false);
    expect(hasPersonalCookie("a=1; nm_session=2")).toBe(true);
    expect(hasPersonalCookie("nm_guest_cart=2")).toBe(true);
  });
});
