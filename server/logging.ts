import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type Logger, type LevelWithSilent } from "pino";
import { pinoHttp } from "pino-http";
import { ROUTE_LABEL } from "./metrics";

/** An incoming X-Request-Id we keep (from our proxy or a caller); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The process's JSON logger: one line per event on stdout, at LOG_LEVEL. */
export function createLogger(level: LevelWithSilent): Logger {
  return pino({ level, base: { service: "nearmint" }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The request id: the caller's X-Request-Id when it is sane, else a fresh one; echoed back. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

/**
 * The path for the log line: no query string (search terms, tokens in links), and the value of a
 * `:token` route parameter (password reset, email verification) replaced by the pattern.
 */
function loggablePath(req: IncomingMessage, res: ServerResponse): string {
  // originalUrl: inside a mounted static handler (/assets) req.url has lost its mount prefix.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const path = url.split("?")[0]!.slice(0, 300);
  const route = String((res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[ROUTE_LABEL] ?? "other");
  return route.includes(":token") ? route : path;
}

function requestLine(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  return {
    method: req.method,
    path: loggablePath(req, res),
    route: (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[ROUTE_LABEL] ?? "other",
    status: res.statusCode,
    durationMs,
  };
}

/**
 * One JSON line per request (method, path, route pattern, status, duration, request id) and
 * `req.log`, a logger carrying the request id for anything logged while answering it.
 * Headers and cookies are never logged.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "requestId" },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    customSuccessObject: (req, res, value: { responseTime: number }) => requestLine(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => requestLine(req, res, value.responseTime),
  });
}
