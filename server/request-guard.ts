import type { Request, RequestHandler, Response } from "express";

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Forms are a few kilobytes; a megabyte leaves room for any text a customer types. */
export const PAGE_BODY_LIMIT = 1024 * 1024;
/** Stripe's event payloads are a few kilobytes; 256 KiB is ample. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
export const WEBHOOK_PATH = "/api/stripe/webhook";

interface BodyRule {
  limit: number;
  /** Media types accepted (without parameters); null accepts any, for callers that verify a signature. */
  contentTypes: ReadonlySet<string> | null;
  label: string;
}

/**
 * Pages take form posts only. Every action reads `request.formData()`, which throws (a 500)
 * on a JSON, text or missing body, so those are refused here, once, for every route.
 * multipart/form-data is refused too: no page of the shop has a file field, nothing in the app
 * submits it (plain <form>s and React Router's fetchers and .data requests send
 * application/x-www-form-urlencoded), and a malformed multipart body also makes formData()
 * throw. A page that takes uploads one day gets its own rule here, with its own limit.
 */
const PAGE_RULE: BodyRule = { limit: PAGE_BODY_LIMIT, contentTypes: new Set(["application/x-www-form-urlencoded"]), label: "1 MiB" };
/** Stripe posts raw JSON; the route verifies the signature over exactly those bytes. */
const WEBHOOK_RULE: BodyRule = { limit: WEBHOOK_BODY_LIMIT, contentTypes: null, label: "256 KiB" };

function ruleFor(req: Request): BodyRule {
  const path = req.path.toLowerCase().replace(/\/+$/, "");
  return path === WEBHOOK_PATH ? WEBHOOK_RULE : PAGE_RULE;
}

/**
 * Checks a request's body by its headers before anything reads it (React Router streams the
 * body into `request.formData()`/`text()` in full, in memory):
 * - a body needs a Content-Length (411): browsers send one with every form, Stripe with every
 *   webhook; a chunked body of unknown size could otherwise be any size.
 * - a body over the limit is refused unread (413): 1 MiB for pages, 256 KiB for the webhook.
 * - pages take form posts only (415), see PAGE_RULE.
 * Node's HTTP parser holds a request to its Content-Length, so the header is a true bound.
 */
export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    if (BODYLESS_METHODS.has(req.method)) return next();
    const rule = ruleFor(req);

    const declared = req.headers["content-length"];
    if (declared === undefined) {
      return refuse(res, 411, "A request body needs a Content-Length header.", { close: true });
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, "The Content-Length header is not a number.", { close: true });
    if (length > rule.limit) {
      return refuse(res, 413, `The request body is too large (at most ${rule.label}).`, { close: true });
    }

    if (rule.contentTypes) {
      const mediaType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!rule.contentTypes.has(mediaType)) {
        return refuse(res, 415, "This page only accepts form submissions (application/x-www-form-urlencoded).");
      }
    }
    next();
  };
}

function refuse(res: Response, status: number, message: string, options: { close?: boolean } = {}) {
  // Unread bodies are not drained: the connection closes after the answer instead of reading
  // (possibly megabytes) to reuse it.
  if (options.close) res.set("Connection", "close");
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}
