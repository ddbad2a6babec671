import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { sql } from "drizzle-orm";
import type { RouteObject, ServerBuild } from "react-router";
import type { DatabaseHandle } from "~/db/client.server";
import type { ShopContext } from "~/load-context";
import { isDatabaseUnavailable } from "~/db/errors";
import { CATALOGUE_CHANGED_CHANNEL } from "~/modules/catalog/catalogue-changes.server";
import { createLogger, loggableMessage } from "~/utils/log.server";
import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import type { Logger } from "pino";
import { catalogueCache, personalResponsesNoStore, RENDER_WHOLE_PAGE } from "./cache";
import { rejectCrossSiteWrites } from "./csrf";
import { requestLogging } from "./logging";
import {
  createMetrics,
  labelRoute,
  metricsEndpoint,
  recordRequestMetrics,
  ROUTE_LABEL,
  routePatternOf,
  routeTreeOf,
  type Metrics,
} from "./metrics";
import { RenderCache, renderCacheHits, renderCacheMiddleware } from "./render-cache";
import { refuseBadHost, refuseControlCharactersInPath, requestGuard } from "./request-guard";
import { cspNonceOf, securityHeaders } from "./security-headers";

const require = createRequire(import.meta.url);
/** res.locals key: this request failed on an unreachable database (see below). */
const DATABASE_UNAVAILABLE = "databaseUnavailable";
/** Seconds a client is asked to wait before retrying during a database outage. */
const RETRY_AFTER_SECONDS = "5";
const FLAGS_DIR = join(dirname(require.resolve("flag-icons/package.json")), "flags");

export interface AppOptions {
  context: ShopContext;
  /** The React Router server build, or a function that loads it (dev mode reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory with the client build (`build/client`); omitted in dev, where Vite serves assets. */
  clientDir?: string;
  /** Middleware placed before the React Router handler (Vite's dev middleware). */
  before?: express.RequestHandler[];
  /** The JSON logger (default: one at LOG_LEVEL on stdout). */
  logger?: Logger;
  /** The Prometheus registry (default: a new one); main.ts shares it with the background jobs. */
  metrics?: Metrics;
  /**
   * Subscribes to the database's notifications (DatabaseHandle.listen): the render cache forgets
   * its pages when the catalogue changes. Without it, pages only expire (RENDER_CACHE_MS).
   */
  listen?: DatabaseHandle["listen"];
}

/** The HTTP application: static files, health, CSRF guard, then React Router. No listening here. */
export function createApp({
  context,
  build,
  clientDir,
  before = [],
  logger = createLogger(context.env.LOG_LEVEL),
  metrics = createMetrics(context.db),
  listen,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses, never `true` (see TRUST_PROXY in app/utils/env.server.ts):
  // req.ip then is the address our own proxy saw, not one the client wrote into X-Forwarded-For.
  if (context.env.TRUST_PROXY !== false) app.set("trust proxy", context.env.TRUST_PROXY);

  // First, so every answer (static files, refusals, errors) gets a request id, a log line and a timing.
  app.use(requestLogging(logger));
  app.use(recordRequestMetrics(metrics));
  // Anonymous catalogue pages kept rendered and compressed for about a second (decision 0049).
  // Not in development, where the build changes under it. A hit is answered right here: it needs
  // none of what follows (its headers were kept with it; see renderCacheHits). The rest of the
  // cache's work (misses, waiting for a render, refreshing) happens further down, in order.
  const renderCacheMs = typeof build === "function" ? 0 : context.env.RENDER_CACHE_MS;
  const renderCache = renderCacheMs > 0 ? new RenderCache({ ttlMs: renderCacheMs }) : null;
  if (renderCache) app.use(renderCacheHits(renderCache));
  app.use(compression());
  app.use(securityHeaders({ development: context.env.NODE_ENV === "development", https: context.env.publicUrl.startsWith("https:") }));

  app.get("/healthz", labelRoute("/healthz"), async (req, res) => {
    try {
      await context.db.execute(sql`SELECT 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "up" });
    } catch (error) {
      req.log.error({ reason: (error as Error).message }, "healthz: database check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable", database: "down" });
    }
  });

  // Without METRICS_TOKEN it falls through to the shop's 404 page, like any unknown URL.
  app.get("/metrics", labelRoute("/metrics"), metricsEndpoint(metrics, context.env.METRICS_TOKEN));

  app.use(labelRoute("static"));
  app.use("/flags", express.static(FLAGS_DIR, { maxAge: "30d", immutable: true, fallthrough: false }));
  if (clientDir) {
    app.use("/assets", express.static(join(clientDir, "assets"), { maxAge: "1y", immutable: true, fallthrough: false }));
    // The other files of the client build (favicon, robots, images) are known at start: a page
    // URL goes straight on instead of costing a stat() of a file that is not there.
    const clientFiles = filesUnder(clientDir);
    const serveClientFile = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (clientFiles.has(req.path) ? serveClientFile(req, res, next) : next()));
  }
  app.use(labelRoute("other"));
  for (const middleware of before) app.use(middleware);

  // Below the static files and /healthz (health checkers often speak HTTP/1.0 without a Host).
  app.use(refuseBadHost());
  // With a session or guest-cart cookie (or when setting one), every response is private, no-store.
  app.use(personalResponsesNoStore());
  app.use(refuseControlCharactersInPath());
  app.use(rejectCrossSiteWrites(context.env.publicUrl));
  // Bodies by their headers, before anything reads them: a Content-Length, a size limit, form types only.
  app.use(requestGuard());
  // The render cache's misses: a request that renders the page keeps it, and the others for the
  // same page wait for that render.
  if (renderCache) {
    listen?.(CATALOGUE_CHANGED_CHANNEL, () => renderCache.invalidate()).catch((error: Error) =>
      logger.error({ reason: loggableMessage(error) }, "render cache: LISTEN failed; pages only expire"),
    );
    app.use(renderCacheMiddleware(renderCache));
  }
  // Anonymous catalogue pages: public Cache-Control + ETag/304; anything personal: private, no-store.
  app.use(catalogueCache());
  // The client address for rate limits (accounts); always overwritten, never the client's own claim.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
  // The route pattern for the metrics and the log line ("/products/:slug", never the URL).
  const fixedRoutes = typeof build === "function" ? null : routeTreeOf(build);
  app.use(async (req, res, next) => {
    try {
      // Dev mode reloads the build per request; so does this (dev only).
      const routes: RouteObject[] = fixedRoutes ?? routeTreeOf(await (build as () => Promise<ServerBuild>)());
      res.locals[ROUTE_LABEL] = routePatternOf(routes, req.path) ?? "other";
      next();
    } catch (error) {
      next(error);
    }
  });
  // A request that failed because the database could not be reached answers 503 + Retry-After
  // (a restart or failover: try again shortly), not 500 (a bug). React Router tells us through
  // the load context (handleError in app/entry.server.tsx); its 500 is rewritten as the
  // headers go out, whichever kind of route answered.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (res.locals[DATABASE_UNAVAILABLE] && (typeof args[0] === "number" ? args[0] : res.statusCode) >= 500) {
        args[0] = 503;
        res.statusCode = 503;
        res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
        res.setHeader("Cache-Control", "no-store");
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  });
  app.use(
    createRequestHandler({
      build: build as ServerBuild,
      mode: context.env.NODE_ENV === "development" ? "development" : "production",
      // The shared context plus this response's CSP nonce, for the page's inline scripts.
      getLoadContext: (req, res) => ({
        ...context,
        // The app logger if a request ever came without one (the logging middleware is first).
        requestLog: () => req.log ?? logger,
        cspNonce: cspNonceOf(res),
        wholeDocument: res.locals[RENDER_WHOLE_PAGE] === true,
        markDatabaseUnavailable: () => {
          res.locals[DATABASE_UNAVAILABLE] = true;
        },
      }),
    }),
  );

  // Errors that escaped React Router. A 4xx raised by Express's own parts (a missing static
  // file under /assets or /flags, a malformed path) is the client's: a short answer and one log
  // line. Anything else is a bug in our middleware: logged in full, no details shown.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status) {
      req.log.warn({ status, path: req.path.slice(0, 200) }, `${status} from express`);
      if (!res.headersSent) res.status(status).set("Cache-Control", "no-store").type("text/plain").send(status === 404 ? "Not found." : "Bad request.");
      return;
    }
    // The database is down or restarting (see handleError in app/entry.server.tsx): try again soon.
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ reason: loggableMessage(error), path: req.path.slice(0, 200) }, "database unavailable");
      if (!res.headersSent) res.status(503).set({ "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" }).type("text/plain").send("Service temporarily unavailable. Please try again in a moment.");
      return;
    }
    req.log.error({ err: error, method: req.method, path: req.path.slice(0, 200) }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

/** URL paths ("/favicon.ico", both raw and percent-encoded) of the files under `dir`. */
function filesUnder(dir: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = "/" + relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/");
    paths.add(path);
    paths.add(encodeURI(path));
  }
  return paths;
}

/** The 4xx status Express's static file server (send) puts on its errors, or null. */
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}
