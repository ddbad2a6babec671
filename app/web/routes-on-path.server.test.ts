import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { parentPaths, withRoutesOnPath } from "./routes-on-path.server";

type Route = { id: string; parentId?: string; path?: string; index?: boolean };

/** A manifest shaped like the shop's: root, an index, pages, a layout with children, a catch-all. */
const ROUTES: Route[] = [
  { id: "root", path: "" },
  { id: "routes/home", parentId: "root", index: true },
  { id: "routes/product", parentId: "root", path: "products/:slug" },
  { id: "routes/cart", parentId: "root", path: "cart" },
  { id: "routes/admin-layout", parentId: "root" },
  { id: "routes/admin", parentId: "routes/admin-layout", path: "admin" },
  { id: "routes/admin-order", parentId: "routes/admin-layout", path: "admin/orders/:id" },
  { id: "routes/admin-orders", parentId: "routes/admin-layout", path: "admin/orders" },
  { id: "routes/not-found", parentId: "root", path: "*" },
];

function context(pathname: string, matched: string[], mode: "lazy" | "initial" = "lazy"): EntryContext {
  const routes = Object.fromEntries(ROUTES.map((r) => [r.id, { ...r, module: `/assets/${r.id}.js`, hasLoader: true }]));
  // One branch per leaf route: the ids from the root down (what the matcher ranks and walks).
  const chain = (id: string): string[] => {
    const route = ROUTES.find((r) => r.id === id)!;
    return route.parentId ? [...chain(route.parentId), id] : [id];
  };
  const leaves = ROUTES.filter((r) => !ROUTES.some((c) => c.parentId === r.id));
  const branches = leaves.map((leaf) => ({ path: leaf.id, score: 0, routesMeta: chain(leaf.id).map((id) => ({ route: { id } })) }));
  return {
    manifest: { routes, entry: { module: "/assets/entry.js", imports: [] }, url: "/assets/manifest.js", version: "1" },
    branches,
    routeModules: {},
    staticHandlerContext: { basename: "/", location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
    routeDiscovery: { mode, manifestPath: "/__manifest" },
    ssr: true,
    isSpaMode: false,
  } as unknown as EntryContext;
}

const ids = (c: EntryContext) => Object.keys(c.manifest.routes).sort();

describe("parentPaths", () => {
  it("lists / and every parent of the path, as React Router's getPartialManifest does", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/cart")).toEqual(["/"]);
    expect(parentPaths("/products/pikachu")).toEqual(["/", "/products"]);
    expect(parentPaths("/admin/orders/5/")).toEqual(["/", "/admin/orders", "/admin"]);
  });
});

describe("withRoutesOnPath", () => {
  it("keeps the matched routes and those matching the parent paths, nothing else", () => {
    const pruned = withRoutesOnPath(context("/products/pikachu", ["root", "routes/product"]));
    // "/" matches the index route; "/products" matches only the catch-all.
    expect(ids(pruned)).toEqual(["root", "routes/home", "routes/not-found", "routes/product"]);
    expect(pruned.branches.map((b) => b.path)).toEqual(["routes/home", "routes/product", "routes/not-found"]);
  });

  it("keeps the layouts above what it keeps", () => {
    const pruned = withRoutesOnPath(context("/admin/orders/5", ["root", "routes/admin-layout", "routes/admin-order"]));
    expect(ids(pruned)).toEqual(["root", "routes/admin", "routes/admin-layout", "routes/admin-order", "routes/admin-orders", "routes/home"]);
  });

  it("leaves the rest of the context as it was", () => {
    const whole = context("/cart", ["root", "routes/cart"]);
    const pruned = withRoutesOnPath(whole);
    expect(pruned.staticHandlerContext).toBe(whole.staticHandlerContext);
    expect(pruned.manifest.entry).toBe(whole.manifest.entry);
    expect(pruned.manifest.routes["routes/cart"]).toBe(whole.manifest.routes["routes/cart"]);
  });

  it("reuses one subset for every URL with the same routes and parent paths", () => {
    const whole = context("/products/pikachu", ["root", "routes/product"]);
    const other = { ...whole, staticHandlerContext: { ...whole.staticHandlerContext, location: { pathname: "/products/eevee" } } } as EntryContext;
    expect(withRoutesOnPath(other).manifest).toBe(withRoutesOnPath(whole).manifest);
  });

  it("keeps the whole context for an error page and for a deep or long path (nothing worked out, nothing cached)", () => {
    const notFound = context("/products/nothing-here", ["root", "routes/product"]);
    (notFound.staticHandlerContext as { statusCode?: number }).statusCode = 404;
    expect(withRoutesOnPath(notFound)).toBe(notFound);
    const deep = context(`/${Array.from({ length: 7 }, () => "a").join("/")}`, ["root", "routes/not-found"]);
    expect(withRoutesOnPath(deep)).toBe(deep);
    const long = context(`/${"a".repeat(300)}`, ["root", "routes/not-found"]);
    expect(withRoutesOnPath(long)).toBe(long);
    // Six levels, as real pages can be, still get their subset.
    const six = context(`/${Array.from({ length: 6 }, () => "a").join("/")}`, ["root", "routes/not-found"]);
    expect(withRoutesOnPath(six)).not.toBe(six);
  });

  it("keeps the whole manifest when the browser is sent all routes up front", () => {
    const whole = context("/products/pikachu", ["root", "routes/product"], "initial");
    expect(withRoutesOnPath(whole)).toBe(whole);
  });
});
