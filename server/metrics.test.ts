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
});
