import type { Request, RequestHandler, Response } from "express";
import { SESSION_COOKIE } from "~/config/constants";
import { IMAGE_UPLOAD_BODY_LIMIT } from "~/modules/catalog/product-images";
import { PHOTO_UPLOAD_BODY_LIMIT } from "~/modules/buylist/photos";

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
  /** Per media type, a larger limit than `limit` (the upload paths' multipart bodies). */
  limits?: Readonly<Record<string, { limit: number; label: string }>>;
  /**
   * The rule's allowances above a page's are for requests with a session cookie only: without
   * one (a guest, who will be refused by the route anyway) the body gets a page's limit, so
   * nobody can make the server read and parse megabytes before the route answers 401.
   */
  signedInOnly?: boolean;
}

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/**
 * Pages take form posts only. Every action reads `request.formData()`, which throws (a 500)
 * on a JSON, text or missing body, so those are refused here, once, for every route.
 * multipart/form-data is refused too: only the pages below take files, nothing else in the app
 * submits it (plain <form>s and React Router's fetchers and .data requests send
 * application/x-www-form-urlencoded), and a malformed multipart body also makes formData()
 * throw. The pages that take files have rules of their own (CSV_IMPORT_RULE, UPLOAD_RULE), with their own limits.
 */
const PAGE_RULE: BodyRule = { limit: PAGE_BODY_LIMIT, contentTypes: new Set(["application/x-www-form-urlencoded"]), label: "1 MiB" };
/** Stripe posts raw JSON; the route verifies the signature over exactly those bytes. */
const WEBHOOK_RULE: BodyRule = { limit: WEBHOOK_BODY_LIMIT, contentTypes: null, label: "256 KiB" };

/**
 * The products CSV import (issue 14, decision 0040) takes a file: multipart/form-data (or a
 * plain form post, e.g. applying a dry run), up to 6 MiB — the import's own 5 MB cap on the CSV
 * plus the form around it. Multipart bodies are not peeked for control characters (see below): the
 * import refuses them cell by cell, with the row and column.
 */
export const CSV_IMPORT_PATHS: ReadonlySet<string> = new Set(["/admin/products/import", "/admin/products/import.data", "/admin/products/import/check"]);
// Applying a dry run posts the file back (gzip + base64) as a form field, so form posts get the larger limit too.
const CSV_IMPORT_RULE: BodyRule = { limit: 6 * 1024 * 1024, contentTypes: new Set([FORM, MULTIPART]), label: "6 MiB", signedInOnly: true };

/**
 * The one place that takes files: a product's images page (and its `.data` twin, and the upload
 * endpoint its script posts to), in the back office. Multipart up to IMAGE_UPLOAD_BODY_LIMIT (the
 * most files one post may carry at the largest size, plus framing); its small forms (order, alt
 * text, delete) are form posts under the page limit. The routes check the admin role per request;
 * here a multipart body without a session cookie is refused before a byte of it is read.
 */
export const UPLOAD_PATH = /^\/admin\/products\/[0-9]+\/images(?:\.data|\/upload)?$/;
const UPLOAD_LABEL = `${Math.round(IMAGE_UPLOAD_BODY_LIMIT / (1024 * 1024))} MiB`;
const UPLOAD_RULE: BodyRule = {
  limit: PAGE_BODY_LIMIT,
  contentTypes: new Set([FORM, MULTIPART]),
  label: "1 MiB",
  limits: { [MULTIPART]: { limit: IMAGE_UPLOAD_BODY_LIMIT, label: UPLOAD_LABEL } },
  signedInOnly: true,
};

/**
 * A customer's sell-list page (and its `.data` twin) takes photos of their cards: multipart up to
 * PHOTO_UPLOAD_BODY_LIMIT, for a signed-in visitor only (the route checks the submission is theirs);
 * its other forms (withdraw, accept, shipped) are form posts under the page limit.
 */
export const SELL_PHOTO_UPLOAD_PATH = /^\/account\/sell-lists\/[0-9]+(?:\.data)?$/;
const SELL_PHOTO_RULE: BodyRule = {
  limit: PAGE_BODY_LIMIT,
  contentTypes: new Set([FORM, MULTIPART]),
  label: "1 MiB",
  limits: { [MULTIPART]: { limit: PHOTO_UPLOAD_BODY_LIMIT, label: `${Math.round(PHOTO_UPLOAD_BODY_LIMIT / (1024 * 1024))} MiB` } },
  signedInOnly: true,
};

/**
 * A sell list's prepaid label (issue 15, decision 0043): one PDF, PNG or JPEG of at most 5 MB,
 * posted multipart by an admin to /admin/buylist/<id>/label; 6 MiB leaves room for the form around it.
 */
export const BUYLIST_LABEL_PATH = /^\/admin\/buylist\/[0-9]+\/label$/;
const BUYLIST_LABEL_RULE: BodyRule = {
  limit: PAGE_BODY_LIMIT,
  contentTypes: new Set([FORM, MULTIPART]),
  label: "1 MiB",
  limits: { [MULTIPART]: { limit: 6 * 1024 * 1024, label: "6 MiB" } },
  signedInOnly: true,
};

function ruleFor(req: Request): BodyRule {
  const path = req.path.toLowerCase().replace(/\/+$/, "");
  if (path === WEBHOOK_PATH) return WEBHOOK_RULE;
  if (CSV_IMPORT_PATHS.has(path)) return CSV_IMPORT_RULE;
  if (SELL_PHOTO_UPLOAD_PATH.test(path)) return SELL_PHOTO_RULE;
  if (BUYLIST_LABEL_PATH.test(path)) return BUYLIST_LABEL_RULE;
  return UPLOAD_PATH.test(path) ? UPLOAD_RULE : PAGE_RULE;
}

function hasSessionCookie(header: string | undefined): boolean {
  return (header ?? "").split(";").some((pair) => pair.split("=", 1)[0]!.trim() === SESSION_COOKIE);
}

/**
 * Checks a request's body by its headers before anything reads it (React Router streams the
 * body into `request.formData()`/`text()` in full, in memory):
 * - a body needs a Content-Length (411): browsers send one with every form, Stripe with every
 *   webhook; a chunked body of unknown size could otherwise be any size.
 * - a body over the limit is refused unread (413): 1 MiB for pages, 256 KiB for the webhook,
 *   IMAGE_UPLOAD_BODY_LIMIT for multipart on the upload paths (UPLOAD_RULE).
 * - pages take form posts only (415), see PAGE_RULE; the upload paths multipart too.
 * Node's HTTP parser holds a request to its Content-Length, so the header is a true bound.
 * Then the text itself (see refuseControlCharacters): the query string of every request and
 * the fields of every form post.
 */
export function requestGuard(): RequestHandler {
  return async (req, res, next) => {
    if (hasControlCharacter(queryOf(req.originalUrl))) return refuse(res, 400, CONTROL_CHARACTER_MESSAGE);
    if (BODYLESS_METHODS.has(req.method)) return next();
    const rule = ruleFor(req);

    const declared = req.headers["content-length"];
    if (declared === undefined) {
      return refuse(res, 411, "A request body needs a Content-Length header.", { close: true });
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, "The Content-Length header is not a number.", { close: true });
    const mediaType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const signedIn = hasSessionCookie(req.headers.cookie);
    const { limit, label } = rule.signedInOnly && !signedIn ? PAGE_RULE : (rule.limits?.[mediaType] ?? rule);
    if (length > limit) {
      return refuse(res, 413, `The request body is too large (at most ${label}).`, { close: true });
    }

    if (rule.contentTypes) {
      if (!rule.contentTypes.has(mediaType)) {
        return refuse(res, 415, "This page only accepts form submissions (application/x-www-form-urlencoded).");
      }
      if (mediaType === MULTIPART) {
        if (!signedIn) return refuse(res, 401, "Please log in to upload files.", { close: true });
        // Files are bytes, not text: the route reads them with request.formData() under this cap.
        // A route that refuses (403, 404) leaves megabytes unread, and Node would wait for them
        // before the connection's next request: an upload's connection is closed after its answer.
        res.setHeader("Connection", "close");
        return next();
      }
      // A form post (the only body a page takes): look at its fields, then hand it on unchanged.
      if (length > 0 && mediaType === "application/x-www-form-urlencoded") {
        const body = await peekBody(req, length);
        if (!body) return void res.destroy(); // the client went away mid-body
        if (hasControlCharacter(new URLSearchParams(body.toString("utf8")))) {
          return refuse(res, 400, CONTROL_CHARACTER_MESSAGE);
        }
      }
    }
    next();
  };
}

/**
 * The shared rule for text the shop receives: no C0 control character other than tab, line
 * feed and carriage return, in any field name or value of a form post or a query string.
 * Nothing a customer types contains them, and PostgreSQL refuses NUL in text outright (an
 * action that stored one failed with a 500). Checked here, before React Router, so it holds for
 * every action and loader, present and future, without each remembering it; the zod schemas
 * of the routes then only see ordinary text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const CONTROL_CHARACTER_MESSAGE =
  "Sorry, what you sent contains control characters (such as a NUL byte) that we cannot accept. Please remove them and try again.";

export function hasControlCharacter(fields: URLSearchParams): boolean {
  for (const [name, value] of fields) {
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) return true;
  }
  return false;
}

function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  return new URLSearchParams(start < 0 ? "" : url.slice(start + 1));
}

/**
 * Reads the whole body (its length is known and bounded by the limits above) and puts it back
 * at the front of the request stream, so React Router's adapter reads exactly the same bytes
 * when it builds the Fetch Request. Paused-mode reads plus `unshift` in the same tick: the
 * stream cannot emit 'end' while the bytes are back in its buffer (Node's documented pattern
 * for a parser that reads ahead). Null when the connection closes first.
 */
function peekBody(req: Request, length: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (body: Buffer | null) => {
      req.off("readable", onReadable);
      req.off("end", onGone);
      req.off("close", onGone);
      req.off("error", onGone);
      resolve(body);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        received += chunk.length;
      }
      if (received >= length) {
        const body = Buffer.concat(chunks);
        req.unshift(body);
        finish(body);
      }
    };
    const onGone = () => finish(null);
    req.on("readable", onReadable);
    req.once("end", onGone);
    req.once("close", onGone);
    req.once("error", onGone);
  });
}

/**
 * Paths with an encoded control character (`/products/%00`) name nothing the shop has: no slug,
 * token or id contains one. Answered with a short 404 here, before a loader hands the decoded
 * NUL to PostgreSQL.
 */
export function refuseControlCharactersInPath(): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split("?", 1)[0]!;
    if (/%[01][0-9a-f]|%7f/i.test(path)) return refuse(res, 404, "Page not found.");
    next();
  };
}

/**
 * The Host header names the shop as the client reached it; React Router builds the request URL
 * from it (and from X-Forwarded-Host behind a trusted proxy). Missing (an HTTP/1.0 request) or
 * not a host name (`Host: a b`), it cannot: a short 400, logged as one line.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/;

export function isValidHost(value: string | undefined): boolean {
  return value !== undefined && HOST.test(value);
}

/** The request names a host React Router can build its URL from, and a path (see refuseBadHost). */
export function hasUsableHost(req: Request): boolean {
  if (!isValidHost(req.headers.host) || !req.originalUrl.startsWith("/")) return false;
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined || !req.app.enabled("trust proxy")) return true;
  return typeof forwarded !== "string" || isValidHost(forwarded.split(",")[0]!.trim());
}

export function refuseBadHost(): RequestHandler {
  return (req, res, next) => {
    if (!hasUsableHost(req)) {
      // The request's own line has its method and path; this one says why it was refused.
      const forwarded = req.headers["x-forwarded-host"];
      req.log.warn(
        { host: req.headers.host?.slice(0, 200) ?? null, forwardedHost: typeof forwarded === "string" ? forwarded.slice(0, 200) : undefined },
        "bad or missing Host: refused",
      );
      return refuse(res, 400, "The request has a missing or malformed Host header.", { close: true });
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
