// `npm start`: build the app when the build is missing or older than the sources, then serve it.
import { spawnSync } from "node:child_process";
import { register } from "tsx/esm/api";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const buildEntry = join(root, process.env.BUILD_DIR ?? "build", "server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ["app", "public"].map((d) => join(root, d)).filter(existsSync);
const stale =
  !existsSync(buildEntry) ||
  Math.max(...sources.map(newestMtime), statSync(join(root, "package.json")).mtimeMs) > statSync(buildEntry).mtimeMs;

if (stale) {
  console.log("[start] building the shop...");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Serve in this same process (the cluster primary when WEB_CONCURRENCY > 1, server/cluster.ts), so
// signals from a process manager reach the server directly.
register();
await import(join(root, "server/cluster.ts"));
