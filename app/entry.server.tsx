import { PassThrough, Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter, type HandleErrorFunction } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "~/db/errors";
import { withRoutesOnPath } from "~/web/routes-on-path.server";
import { loggableMessage, requestLogOf } from "~/utils/log.server";

/**
 * React Router's default Node entry, plus: only the routes on the URL's path handed to the
 * render (`withRoutesOnPath`, decision 0054), finished Suspense boundaries written in place
 * whatever their size (`progressiveChunkSize`, decision 0051: deferred parts must read without
 * JavaScript), a whole document for crawlers and anonymous pages sent as one buffer, and the
 * per-request CSP nonce (server/security-headers.ts
 * makes it and puts it in the load context). `<ServerRouter nonce>` stamps it on the inline
 * scripts React Router writes (hydration data, route modules) and is the default nonce of
 * `<Scripts>`, `<ScrollRestoration>` and `<Links>`; renderToPipeableStream's `nonce` covers
 * React's own inline scripts (streamed Suspense boundaries). No other inline script may run.
 */
export const streamTimeout = 5_000;

/**
 * What reaches the server log. A 4xx that React Router raises itself (a form posted to a page
 * without an action: 405; a `.data` request for no route: 404) is the client's doing, not a
 * fault: no stack trace for it, and none for a request the client gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The request's logger: the line carries its id, which the customer's answer carried too.
  const log = requestLogOf(context);
  if (isDatabaseUnavailable(error)) {
    // One line, no stack: during a restart every request fails the same way. server/app.ts
    // turns this request's 500 into 503 + Retry-After; the pool reconnects by itself.
    context.markDatabaseUnavailable?.();
    log.warn({ reason: loggableMessage(error) }, "database unavailable");
    return;
  }
  log.error({ err: error }, "request error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and SPA mode) get the whole page at once; so do pages the server holds until
    // complete anyway (anonymous catalogue pages: same page, same bytes, same ETag).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.wholeDocument ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={withRoutesOnPath(routerContext)} url={request.url} nonce={nonce} />, {
      nonce,
      // A finished Suspense boundary is written in place, however large. By default React sends
      // one over 12,800 bytes after the rest and shows it with an inline script, so without
      // JavaScript it would stay hidden: the deferred parts of a page (components/deferred.tsx,
      // such as the product page's body) are finished when rendered, and must read without it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html");
        if (readyOption === "onAllReady") {
          // Complete already: one buffer, not React's ~2 kB chunks each crossing a Node stream, a
          // web stream, compression and the ETag's hashing one by one (decision 0054).
          pipe(wholeBody((body) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          }, reject));
          return;
        }
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged by React Router's handleDocumentRequest.
        if (shellRendered) requestLogOf(loadContext).error({ err: error }, "render error");
      },
    });
  });
}

/** A sink for a finished render: hands over everything React wrote as one buffer at the end. */
function wholeBody(done: (body: Uint8Array<ArrayBuffer>) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  let length = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      length += chunk.length;
      callback();
    },
    final(callback) {
      const body = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      done(body);
      callback();
    },
  }).on("error", fail);
}
