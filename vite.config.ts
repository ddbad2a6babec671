import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
