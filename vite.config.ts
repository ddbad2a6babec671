import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const ROOT_MODULE = new URL("./app/root.tsx", import.meta.url).pathname;
const REACT_DOM = /node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;
const LANDING_ROUTES = ["home", "category", "product"].map((name) => new URL(`./app/routes/${name}.tsx`, import.meta.url).pathname);
const LANDING_GROUPS = [
  "landing-home-category-product",
  "landing-home-category",
  "landing-home-product",
  "landing-category-product",
  "landing-home",
  "landing-category",
  "landing-product",
];
let shellModules: Set<string> | undefined;
let landingGroups: Map<string, string> | undefined;

/** The app's own modules `from` imports statically, directly or through each other. */
function appImports(ctx: ChunkingContext, from: string): Set<string> {
  const found = new Set<string>();
  const queue = [from];
  while (queue.length) {
    for (const dep of ctx.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (dep.includes("node_modules") || found.has(dep)) continue;
      found.add(dep);
      queue.push(dep);
    }
  }
  return found;
}

/**
 * The app's own modules the root route imports, directly or through each other (header, status
 * page, shell config…). Every page loads the root, so every page loads these: one chunk
 * instead of a dozen small ones, each a request of its own (docs/decisions/0051-first-load-budget.md).
 */
function rootShell(ctx: ChunkingContext): Set<string> {
  return (shellModules ??= appImports(ctx, ROOT_MODULE));
}

/**
 * The app's modules that two or three of the landing pages (home, a category, a product) import
 * and the shell does not (prices, money, pictures, SEO tags, badges…), by which pages import them:
 * one chunk for what all three share, one for what home and category share, and so on, rather
 * than ten chunks of a few hundred bytes each, which cost a request apiece and compress worse
 * apart; and no page loads another's modules. Null: a module only one landing page imports, or none.
 */
function landingGroup(ctx: ChunkingContext, id: string): string | null {
  if (!landingGroups) {
    const shell = rootShell(ctx);
    const pages = new Map<string, string[]>();
    for (const route of LANDING_ROUTES) {
      const page = route.replace(/^.*[\\/]|\.tsx$/g, "");
      for (const dep of appImports(ctx, route)) if (!shell.has(dep)) pages.set(dep, [...(pages.get(dep) ?? []), page]);
    }
    landingGroups = new Map([...pages].map(([dep, users]) => [dep, `landing-${users.join("-")}`]));
  }
  return landingGroups.get(id) ?? null;
}

/**
 * React Router's package exports resolve to its development build in every environment
 * (remix-run/react-router#14102): the browser would get its dev warnings and their texts. The
 * client build takes the production build instead (the same code with the warnings compiled out).
 * The server keeps what the exports give: @react-router/node and @react-router/express import that
 * copy, and one copy must own the contexts they share.
 */
const REACT_ROUTER_DIST = new URL("./node_modules/react-router/dist/production/", import.meta.url).pathname;
function reactRouterProductionInBrowser(): Plugin {
  return {
    name: "nearmint:react-router-production-in-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(id) {
      if (id === "react-router") return `${REACT_ROUTER_DIST}index.mjs`;
      if (id === "react-router/dom") return `${REACT_ROUTER_DIST}dom-export.mjs`;
      return null;
    },
  };
}

/**
 * Two features of React Router's browser code that this shop never turns on, compiled out of the
 * client build (docs/decisions/0055-react-router-client-trim.md; about 1.5 kB gzip on every page):
 * - React Server Components: only `unstable_RSCHydratedRouter` provides the context that switches
 *   them on; the shop hydrates with `HydratedRouter` (the default entry.client), so the check is
 *   always false and the RSC error and prefetch paths never run.
 * - Instrumentation: only `<HydratedRouter unstable_instrumentations>` passes any; the shop passes
 *   none. Passing some after this patch throws at hydration rather than being ignored.
 * The server build keeps the package as published.
 *
 * WARNING (React Router upgrade): these are text replacements in `dist/production/`. The build
 * fails when one no longer matches its expected count; then re-read the new code around it, keep
 * the replacement only where it still means the same, and re-measure (`BENCH_RUNS=0
 * npm run bench:lighthouse`). Dropping a patch is always safe: it costs bytes, not behaviour.
 */
const REACT_ROUTER_CLIENT_PATCHES: { from: string; to: string; count: number }[] = [
  {
    from: "function useIsRSCRouterContext() {\n  return React.useContext(RSCRouterContext);\n}",
    to: "function useIsRSCRouterContext() {\n  return false;\n}",
    count: 1,
  },
  // RenderErrorBoundary reads the same context as a class (`this.context`, twice).
  { from: "RenderErrorBoundary.contextType = RSCRouterContext;", to: "", count: 1 },
  { from: "this.context", to: "false", count: 2 },
  {
    from: "  if (init.instrumentations) {\n    let instrumentations = init.instrumentations;",
    to: '  if (init.instrumentations) throw new Error("React Router instrumentations are compiled out of this build (vite.config.ts)");\n  if (false) {\n    let instrumentations = init.instrumentations;',
    count: 1,
  },
  {
    from: "  if (init.instrumentations) {\n    router = instrumentClientSideRouter(",
    to: "  if (false) {\n    router = instrumentClientSideRouter(",
    count: 1,
  },
];
// By path fragment: the chunks `index.mjs` imports come with their real path (node_modules may be a link).
const REACT_ROUTER_PRODUCTION = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/;
function reactRouterClientTrim(): Plugin {
  const seen = new Map<string, number>();
  return {
    name: "nearmint:react-router-client-trim",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      if (!REACT_ROUTER_PRODUCTION.test(id)) return null;
      let out = code;
      for (const { from, to } of REACT_ROUTER_CLIENT_PATCHES) {
        const parts = out.split(from);
        if (parts.length === 1) continue;
        seen.set(from, (seen.get(from) ?? 0) + parts.length - 1);
        out = parts.join(to);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      for (const { from, count } of REACT_ROUTER_CLIENT_PATCHES) {
        const found = seen.get(from) ?? 0;
        if (found !== count) {
          this.error(`react-router-client-trim: expected ${count} of ${JSON.stringify(from.slice(0, 60))} in react-router/dist/production, found ${found} (see the warning in vite.config.ts)`);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), reactRouterClientTrim(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          treeshake: {
            // React Router's production build still calls these with long texts (route and link
            // warnings for developers). Marked pure, a call whose result is unused is dropped with
            // its text (1.4 kB gzip on every page); the server keeps them. Names, not modules:
            // when added, no other client chunk changed; check that again if a dependency with
            // a function of one of these names joins the client build (decision 0055).
            manualPureFunctions: ["warning", "warningOnce", "warnOnce"],
          },
          output: {
            // The group also takes what those modules import (React, React Router, their icons),
            // and react-dom's non-client part (the client entry imports it): every page needs them.
            codeSplitting: {
              groups: [
                { name: (id: string, ctx: ChunkingContext) => (rootShell(ctx).has(id) || REACT_DOM.test(id) ? "shell" : null), priority: 2 },
                // Under the shell: what it holds (React, React Router) stays there. What all three
                // pages share before what two do: a group takes what its modules import with them.
                ...LANDING_GROUPS.map((group) => ({
                  name: (id: string, ctx: ChunkingContext) => (landingGroup(ctx, id) === group ? group : null),
                  priority: 1 + group.split("-").length / 10,
                })),
              ],
            },
          },
        },
      },
    },
  },
});
