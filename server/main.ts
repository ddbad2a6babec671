/**
 * The Node entry: read configuration, open and migrate the database, load the demo
 * catalogue when asked, start background jobs and serve HTTP. `--dev` serves through Vite.
 */
// First: Node's source maps off in production before the packages below load (source-maps.ts).
import "./source-maps-off";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { shopIdentity } from "~/config/shop.server";
import { connectDatabase, type DatabaseHandle } from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { hasUnverifiedListedAdmin, syncAdminRoles } from "~/modules/accounts/roles.server";
import type { ShopContext } from "~/load-context";
import { ConfigError, loadEnv, type Env } from "~/utils/env.server";
import { createLogger, processLog, setProcessLog } from "~/utils/log.server";
import { createApp } from "./app";
import { BACKGROUND_JOBS, startBackgroundJobs } from "./jobs";
import { createMetrics } from "./metrics";

const dev = process.argv.includes("--dev");
const BUILD_DIR = process.env.BUILD_DIR
  ? resolve(process.env.BUILD_DIR)
  : fileURLToPath(new URL("../build", import.meta.url));

/**
 * A configuration the server cannot start with: one plain line on stderr naming the variable,
 * for the person starting it, and exit 1. The only line the server writes that is not JSON.
 */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function openDatabase(env: Env): Promise<DatabaseHandle> {
  const handle = await connectDatabase(env);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => {});
    const reason = (error as Error).message.split("\n")[0];
    if (env.DATABASE_URL) fail(`Invalid configuration: DATABASE_URL could not be used (${reason})`);
    fail(`Could not open the embedded database in DATA_DIR=${env.DATA_DIR} (${reason})`);
  }
  return handle;
}

async function main() {
  let env: Env;
  try {
    env = loadEnv({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // One logger for the HTTP app, the background jobs and the modules (decision 0062).
  const logger = createLogger(env.LOG_LEVEL);
  setProcessLog(logger);

  const database = await openDatabase(env);
  if (env.loadDemoData) {
    const result = await seedDemoCatalogue(database.db);
    if (result.seeded) logger.info({ products: result.products }, "demo catalogue loaded");
  }

  // ADMIN_EMAILS (on a verified email) is the only source of the admin role: apply it to
  // existing accounts at every start.
  const roles = await syncAdminRoles(database.db, env.adminEmails);
  if (roles.granted.length || roles.revoked.length) {
    logger.info({ granted: roles.granted.length, revoked: roles.revoked.length }, "admin roles applied from ADMIN_EMAILS");
  }
  if (await hasUnverifiedListedAdmin(database.db, env.adminEmails)) {
    logger.warn(
      "an ADMIN_EMAILS address has an account that is not verified yet: it becomes admin once its email is verified (or run `npm run admin:invite -- <email>`)",
    );
  }

  const context: ShopContext = { db: database.db, env, shop: shopIdentity(env) };
  // One metrics registry for the HTTP app and the background jobs.
  const metrics = createMetrics(database.db);

  let app;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      context,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      before: [viteServer.middlewares],
      logger,
      metrics,
    });
  } else {
    const serverEntry = `${BUILD_DIR}/server/index.js`;
    if (!existsSync(serverEntry)) fail("No production build found: run `npm run build` first (or use `npm start`).");
    const build = (await import(serverEntry)) as ServerBuild;
    app = createApp({ context, build, clientDir: `${BUILD_DIR}/client`, logger, metrics, listen: database.listen });
  }

  const jobs = startBackgroundJobs(context, BACKGROUND_JOBS, metrics);
  const server = app.listen(env.PORT, env.HOST);
  server.on("listening", () =>
    logger.info({ shop: context.shop.name, url: env.publicUrl, database: database.kind, dev }, "listening"),
  );
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Invalid configuration: PORT=${env.PORT} is already in use`);
    processLog().fatal({ err: error }, "could not listen");
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "finishing requests and shutting down");
    // Stop taking requests, let the ones in flight finish (at most 10 s), then close the pool:
    // closing it first fails those requests with "pool has ended".
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forceClose = setTimeout(() => server.closeAllConnections(), 10_000);
    await Promise.all([drained, jobs.stop()]);
    clearTimeout(forceClose);
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  processLog().fatal({ err: error }, "start failed");
  process.exit(1);
});
