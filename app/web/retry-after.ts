/**
 * Passes an action's or loader's Retry-After on to the page response. React Router applies a
 * data() response's status to a document request, but its headers only through the route's
 * `headers` export: without this, a 429 answered to a plain form post (no JavaScript) would
 * carry no Retry-After. Every route that can answer 429 exports it (or calls it from its own
 * `headers`), so the rule "every 429 says when to come back" has one home.
 */
export function retryAfterHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The same for a personal page: never stored by a browser's or shared cache, whoever asks. */
export function privatePageHeaders(args: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = retryAfterHeaders(args);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}
