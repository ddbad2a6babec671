import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { createApp, type AppOptions } from "../../server/app";
import type { Metrics } from "../../server/metrics";
import { DEMO_SHOP } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { loadEnv } from "~/utils/env.server";

/**
 * The real HTTP stack for tests of what sits in front of the routes (proxy trust, the request
 * guard, CSRF): createApp from server/app.ts with the production build in BUILD_DIR, listening
 * on an ephemeral port. `npm test` builds first; run `BUILD_DIR=… npx react-router build` before
 * running these files alone.
 */
const root = resolve(import.meta.dirname, "../..");
export const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
export const hasBuild = existsSync(join(buildDir, "server/index.js"));

if (!hasBuild) {
  if (process.env.CI) throw new Error(`CI must run the HTTP tests, but there is no build in ${buildDir}`);
  console.warn(`\n!!! No production build in ${buildDir}: the HTTP-stack tests are skipped (run react-router build) !!!\n`);
}

export interface RunningApp {
  base: string;
  close(): Promise<void>;
}

/** LOG_LEVEL defaults to "silent" here (a JSON line per request would bury the test output). */
export async function startApp(
  db: Db,
  env: Record<string, string> = {},
  options: { logger?: Logger; metrics?: Metrics; listen?: AppOptions["listen"] } = {},
): Promise<RunningApp> {
  const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;
  const defaults = { NODE_ENV: "production", PUBLIC_URL: "https://shop.test", LOG_LEVEL: "silent", ...(env.STRIPE_SECRET_KEY ? {} : { PAYMENTS: "sandbox" }) };
  const context = { db, env: loadEnv({ ...defaults, ...env }), shop: DEMO_SHOP };
  // With the client build, so static files (/assets, favicon) are served as in production.
  const app = createApp({ context, build, clientDir: join(buildDir, "client"), ...options });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((done, fail) => server.once("listening", done).once("error", fail));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
