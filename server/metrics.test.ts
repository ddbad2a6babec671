import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routePatternOf, routeTreeOf } from "./metrics";

/** A server build's flat manifest, the shape of app/routes.ts (root, layout, index, params, splat). */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/product": { id: "routes/product", parentId: "root", path: "products/:slug" },
    "routes/reset": { id: "routes/reset", parentId: "root", path: "reset-password/:token?" },
    "routes/admin-layout": { id: "routes/admin-layout", parentId: "root" },
    "routes/admin-order": { id: "routes/admin-order", parentId: "routes/admin-layout", path: "admin/orders/:id" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("routePatternOf", () => {
  const routes = routeTreeOf(build);

  it.each([
    ["/", "/"],
    ["/_root.data", "/"],
    ["/products/charizard-base-set", "/products/:slug"],
    ["/products/charizard-base-set.data", "/products/:slug"],
    ["/admin/orders/100042", "/admin/orders/:id"],
    ["/reset-password/abc123secret", "/reset-password/:token?"],
    ["/no/such/page", "/*"],
    ["/__manifest", "/__manifest"],
  ])("maps %s to %s", (path, pattern) => {
    expect(routePatternOf(routes, path)).toBe(pattern);
  });

  it("is null when nothing matches", () => {
    expect(routePatternOf(routeTreeOf({ routes: { root: { id: "root", path: "" } } } as unknown as ServerBuild), "/x")).toBeNull();
  });

  it("answers the same from its cache, per route tree, and past the cache's size", () => {
    for (let round = 0; round < 2; round++) {
      expect(routePatternOf(routes, "/products/pikachu")).toBe("/products/:slug");
      expect(routePatternOf(routes, "/no/such/page")).toBe("/*");
    }
    // Another tree (dev mode builds one per request) is not answered from this one's entries.
    const withoutProducts = routeTreeOf({ routes: { root: { id: "root", path: "" } } } as unknown as ServerBuild);
    expect(routePatternOf(withoutProducts, "/products/pikachu")).toBeNull();
    // More distinct paths than the cache holds: still right before and after it is emptied.
    for (let i = 0; i < 5_001; i++) expect(routePatternOf(routes, `/products/p${i}`)).toBe("/products/:slug");
    expect(routePatternOf(routes, "/admin/orders/7")).toBe("/admin/orders/:id");
  });
});
