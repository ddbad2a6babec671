/**
 * The routes a server render needs, out of the shop's ~100 (decision 0054).
 *
 * On every document render React Router's `<ServerRouter>` builds a route object for every
 * route in the manifest (`createServerRoutes`), and `<Scripts>` matches "/" and each parent
 * path of the URL against all of them (`getPartialManifest`) to pick the routes the browser is
 * told about up front; with lazy route discovery the browser asks for any other route when a
 * link needs it (`/__manifest`). With this many routes that was a sixth of a product page's CPU.
 * Both only ever use the routes on the way to the URL — the matched ones and those matching
 * its parent paths — so the render is handed a manifest (and the matcher its route branches)
 * holding just those. What is left out is exactly what `getPartialManifest` would have left
 * out, so the page, its hydration data and the client's manifest are the same, byte for byte.
 *
 * This leans on parts of React Router's render context that are not documented API
 * (`manifest.routes`, `routeModules`, `branches`). After upgrading react-router, render a few
 * pages (product, cart, an admin page, a 404, signed in) with and without this and diff them.
 * The subset depends only on the matched routes and the parent paths, and is kept (LRU) per
 * build: product pages all share one.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type EntryContext, type RouteObject } from "react-router";

type Manifest = EntryContext["manifest"];
type Subset = Pick<EntryContext, "manifest" | "branches">;

/** "/" and every parent of `pathname`, as React Router's `getPartialManifest` lists them. */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

const trees = new WeakMap<Manifest["routes"], RouteObject[]>();

/** The manifest's routes as a tree React Router's `matchRoutes` can walk (ids and paths only). */
function routeTree(routes: Manifest["routes"]): RouteObject[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const children = new Map<string, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId ?? "") ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    children.set(route.parentId ?? "", siblings);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => (route.index ? route : { ...route, children: attach(children.get(route.id!) ?? []) }));
  tree = attach(children.get("") ?? []);
  trees.set(routes, tree);
  return tree;
}

const subsetsByBuild = new WeakMap<Manifest, LRUCache<string, Subset>>();

/**
 * Past these, and for error pages, the render gets the whole manifest, as without this module.
 * Working out a subset costs a `matchRoutes` per parent path (each ranks the whole tree again:
 * the public API takes no pre-ranked branches) and is cached under the parent paths, so a URL
 * chosen by anyone — `/a/a/a/…`, a random 404 — would cost a sort per level and a cache entry
 * the length of the URL squared (the attacker review measured seconds for a 2 kB path). Real
 * pages are a few levels deep, answer 200 and share their subsets.
 */
const MAX_PATH_DEPTH = 6;
const MAX_PATH_LENGTH = 256;

/**
 * `context` with only the routes this render uses. Unchanged unless routes are discovered lazily
 * (`routeDiscovery.mode: "lazy"`, server rendering): in "initial" mode the browser is sent the
 * whole manifest, which must then stay whole.
 */
export function withRoutesOnPath(context: EntryContext): EntryContext {
  if (context.routeDiscovery?.mode !== "lazy" || !context.ssr || context.isSpaMode || !context.branches) return context;
  const { matches, location, basename, statusCode } = context.staticHandlerContext;
  if ((statusCode ?? 200) >= 400 || location.pathname.length > MAX_PATH_LENGTH) return context;
  const paths = parentPaths(location.pathname);
  if (paths.length > MAX_PATH_DEPTH) return context;
  const matched = matches.map((m) => m.route.id);
  const key = `${matched.join(",")}|${paths.join(",")}`;
  let subsets = subsetsByBuild.get(context.manifest);
  if (!subsets) subsetsByBuild.set(context.manifest, (subsets = new LRUCache({ max: 500 })));
  let subset = subsets.get(key);
  if (!subset) {
    const all = context.manifest.routes;
    const ids = new Set(matched);
    for (const path of paths) for (const match of matchRoutes(routeTree(all), path, basename || "/") ?? []) ids.add(match.route.id!);
    for (const id of [...ids]) for (let parent = all[id]?.parentId; parent; parent = all[parent]?.parentId) ids.add(parent);
    const routes = Object.fromEntries([...ids].filter((id) => all[id]).map((id) => [id, all[id]]));
    subset = {
      manifest: { ...context.manifest, routes },
      // The ranked branches, those whose every route is kept: the same order, fewer to try.
      branches: context.branches.filter((branch) => branch.routesMeta.every((meta) => ids.has(meta.route.id))),
    };
    subsets.set(key, subset);
  }
  return { ...context, ...subset };
}
