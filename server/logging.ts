import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { ROUTE_LABEL } from "./metrics";

declare module "http" {
  interface IncomingMessage {
    /** This request's id (X-Request-Id), set by requestLogging. */
    id: string;
    /** A logger whose lines carry this request's id, set by requestLogging. */
    log: Logger;
  }
}

/** An incoming X-Request-Id we keep (from our proxy or a caller); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request id: the caller's X-Request-Id when it is sane, else a fresh one; echoed back. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

type WithLocals = ServerResponse & { locals?: Record<string, unknown> };

/**
 * The path for the log line: no query string (search terms, tokens in links), and the value of a
 * `:token` route parameter (password reset, email verification, alert links) replaced by the
 * pattern. A request refused before its route was known ("other": a cross-site post, a bad
 * Host, a refused body) may still carry a token in its path, so there every segment after the
 * first that is long enough to be one is masked.
 */
function loggablePath(req: IncomingMessage, route: string): string {
  if (route.includes(":token")) return route;
  // originalUrl: inside a mounted static handler (/assets) req.url has lost its mount prefix.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const q = url.indexOf("?");
  const path = (q === -1 ? url : url.slice(0, q)).slice(0, 300);
  if (route !== "other") return path;
  return path.replace(/(?<=^\/[^/]*\/(?:[^/]*\/)*)[^/]{16,}/g, ":masked");
}

/**
 * `req.log` made on first use: most requests log nothing but their one line, and a pino child
 * logger costs more than answering a cached page. One accessor on the request prototype, so a
 * request pays for nothing until something logs through it.
 */
const REQUEST_LOG = Symbol("requestLog");
const ROOT_LOGGER = Symbol("rootLogger");
type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: Logger; [ROOT_LOGGER]?: Logger };

function installLazyRequestLog(prototype: object): void {
  if (Object.prototype.hasOwnProperty.call(prototype, REQUEST_LOG)) return;
  Object.defineProperty(prototype, REQUEST_LOG, { value: undefined, writable: true });
  Object.defineProperty(prototype, "log", {
    configurable: true,
    get(this: LoggedRequest): Logger | undefined {
      const root = this[ROOT_LOGGER];
      if (!root) return undefined;
      return (this[REQUEST_LOG] ??= root.child({ requestId: this.id }));
    },
    set(this: LoggedRequest, value: Logger) {
      this[REQUEST_LOG] = value;
    },
  });
}

/**
 * One JSON line per request (method, path, route pattern, status, duration in ms, request id)
 * when the response is done (or the client left), at `error` ("request failed") for a 5xx or a
 * response error, else `info` ("request"); and `req.log`, a logger carrying the request id for
 * anything logged while answering it. Headers and cookies are never logged.
 *
 * Written by hand on pino rather than with pino-http (decision 0049): pino-http makes two child
 * loggers per request and serialises the request into one of them, ~15 % of the CPU of a page
 * answered from the render cache, for lines this shop never writes.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    req.id = requestIdOf(req, res);
    const logged = req as LoggedRequest;
    // Express gives each app's requests a prototype of their own: the accessor goes there, once.
    installLazyRequestLog(Object.getPrototypeOf(req) as object);
    logged[ROOT_LOGGER] = logger;
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      const failed = error !== undefined || res.statusCode >= 500;
      const level = failed ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const route = String((res as WithLocals).locals?.[ROUTE_LABEL] ?? "other");
      const line = {
        requestId: req.id,
        method: req.method,
        path: loggablePath(req, route),
        route,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      };
      logger[level](line, failed ? "request failed" : "request");
    };
    res.once("close", () => finish());
    // A response error (a write after its end) is logged, and does not become an uncaught exception.
    res.on("error", finish);
    next();
  };
}
