import { timingSafeEqual, createHash } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Db } from "~/db/client.server";
import { heldReservationTotals } from "~/modules/checkout/reservations.server";
import { countWaitingEntries } from "~/modules/drops/metrics.server";
import { countUnsentEmails } from "~/modules/email/outbox-admin.server";
import { countPendingOrders } from "~/modules/orders/records.server";

/**
 * Prometheus metrics (decision 0045). One registry per app, so tests can start several apps in
 * one process. Labels are bounded sets only: the route PATTERN ("/products/:slug"), never the
 * URL, or every product, order id and token would become a time series of its own.
 */
export interface Metrics {
  registry: Registry;
  /** Times one request and records it under its route label (see routeLabel). */
  observeRequest(method: string, status: number, route: string, seconds: number): void;
  /** One background job run, by outcome. */
  jobRun(job: string, outcome: "ok" | "failed"): void;
}

/** Method labels outside this set become "OTHER" (a client may send any token as the method). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "nearmint_http_request_duration_seconds",
    help: "HTTP request duration by method, status class (2xx, 3xx, 4xx, 5xx) and route pattern",
    labelNames: ["method", "status_class", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "nearmint_job_runs_total",
    help: "Background job runs by job name and outcome (ok, failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });

  // Gauges read the database when Prometheus scrapes, through the owning modules' functions.
  new Gauge({
    name: "nearmint_stock_reservations_held",
    help: "Stock reservations held by checkouts awaiting payment",
    registers: [registry],
    async collect() {
      this.set((await heldReservationTotals(db)).reservations);
    },
  });
  new Gauge({
    name: "nearmint_stock_reservations_held_units",
    help: "Units of stock held by checkouts awaiting payment",
    registers: [registry],
    async collect() {
      this.set((await heldReservationTotals(db)).units);
    },
  });
  new Gauge({
    name: "nearmint_outbox_backlog",
    help: "Emails in the outbox not yet sent and not given up (queued or failing and retrying)",
    registers: [registry],
    async collect() {
      const counts = await countUnsentEmails(db);
      this.set(counts.queued + counts.failing);
    },
  });
  new Gauge({
    name: "nearmint_orders_pending",
    help: "Orders awaiting payment",
    registers: [registry],
    async collect() {
      this.set(await countPendingOrders(db));
    },
  });

  new Gauge({
    name: "nearmint_drop_queue_length",
    help: "People waiting in the queues of drops not called off (summed over drops; admitted entries not counted)",
    registers: [registry],
    async collect() {
      this.set(await countWaitingEntries(db));
    },
  });

  return {
    registry,
    observeRequest(method, status, route, seconds) {
      const label = METHODS.has(method) ? method : "OTHER";
      duration.observe({ method: label, status_class: `${Math.floor(status / 100)}xx`, route }, seconds);
    },
    jobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
    },
  };
}

/**
 * The route pattern of a React Router URL ("/products/:slug"), "/" for the root, or null when
 * no route matches. Single-fetch data requests ("/products/x.data", "/_root.data") count as
 * their page.
 */
export function routePatternOf(routes: RouteObject[], pathname: string): string | null {
  // matchRoutes flattens and ranks the whole route tree and compiles each branch's pattern on
  // every call: 12 % of the shop's CPU in bench/drop-sim. The answer depends only on the tree
  // and the path, so it is kept per tree (dev mode makes a new tree per request) for the paths
  // seen lately; the map is emptied when full, so unique paths cannot grow it without bound.
  let cache = patternCache.get(routes);
  if (!cache) patternCache.set(routes, (cache = new Map()));
  const known = cache.get(pathname);
  if (known !== undefined) return known;
  const pattern = matchPattern(routes, pathname);
  if (cache.size >= PATTERN_CACHE_SIZE) cache.clear();
  cache.set(pathname, pattern);
  return pattern;
}

const PATTERN_CACHE_SIZE = 5_000;
const patternCache = new WeakMap<RouteObject[], Map<string, string | null>>();

function matchPattern(routes: RouteObject[], pathname: string): string | null {
  // React Router's lazy route discovery (the browser asks which routes a link leads to).
  if (pathname === "/__manifest") return "/__manifest";
  let path = pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const matches = matchRoutes(routes, path);
  if (!matches) return null;
  const pattern = matches
    .map((match) => match.route.path)
    .filter((segment): segment is string => Boolean(segment))
    .join("/")
    .replace(/\/+/g, "/");
  return `/${pattern.replace(/^\//, "")}`;
}

/** The server build's flat route manifest as the nested tree matchRoutes wants. */
export function routeTreeOf(build: ServerBuild): RouteObject[] {
  type ServerRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, ServerRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  return tree(undefined);
}

/** res.locals key holding the request's route label, set by the stage that answers it. */
export const ROUTE_LABEL = "metricsRoute";

/** Times every request and records it when the response is finished (or the client left). */
export function recordRequestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.locals[ROUTE_LABEL] = "other";
    res.once("close", () => {
      metrics.observeRequest(req.method, res.statusCode, String(res.locals[ROUTE_LABEL]), (performance.now() - started) / 1000);
    });
    next();
  };
}

/** Labels the requests reaching it with a fixed route ("static", "/healthz"). */
export function labelRoute(label: string): RequestHandler {
  return (_req, res, next) => {
    res.locals[ROUTE_LABEL] = label;
    next();
  };
}

/**
 * GET /metrics: 404 unless METRICS_TOKEN is set (nothing tells a prober the endpoint exists),
 * then `Authorization: Bearer <token>` compared in constant time (hashes of equal length).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  const expected = token ? createHash("sha256").update(token).digest() : null;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!expected) return next();
    res.set("Cache-Control", "no-store");
    const given = /^Bearer (\S+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized.");
      return;
    }
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}
