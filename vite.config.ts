import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const ROOT_MODULE = new URL("./app/root.tsx", import.meta.url).pathname;
const REACT_DOM = /node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;
let shellModules: Set<string> | undefined;

/**
 * The app's own modules the root route imports, directly or through each other (header, footer,
 * status page, shell config…). Every page loads the root, so every page loads these: one chunk
 * instead of a dozen small ones, each a request of its own (docs/decisions/0051-first-load-budget.md).
 */
function rootShell(ctx: ChunkingContext): Set<string> {
  if (shellModules) return shellModules;
  const found = new Set<string>();
  const queue = [ROOT_MODULE];
  while (queue.length) {
    for (const dep of ctx.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (dep.includes("node_modules") || found.has(dep)) continue;
      found.add(dep);
      queue.push(dep);
    }
  }
  shellModules = found;
  return found;
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

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // The group also takes what those modules import (React, React Router, their icons),
            // and react-dom's non-client part (the client entry imports it): every page needs them.
            codeSplitting: { groups: [{ name: (id: string, ctx: ChunkingContext) => (rootShell(ctx).has(id) || REACT_DOM.test(id) ? "shell" : null) }] },
          },
        },
      },
    },
  },
});
