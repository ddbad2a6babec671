import type { Logger } from "pino";
import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";

/** What the server hands every loader and action (see server/app.ts). */
// A type alias, not an interface: React Router's AppLoadContext has an index signature.
export type ShopContext = {
  db: Db;
  env: Env;
  shop: ShopIdentity;
  /**
   * This request's Content-Security-Policy nonce (server/security-headers.ts), for the inline
   * scripts of a rendered page (app/entry.server.tsx). Absent in development and in tests that
   * call loaders directly.
   */
  cspNonce?: string;
  /**
   * Marks this request as failed because the database could not be reached (called by
   * handleError in app/entry.server.tsx): server/app.ts then answers 503 + Retry-After instead
   * of 500, for pages, `.data` requests and resource routes alike. Absent outside the HTTP app.
   */
  markDatabaseUnavailable?: () => void;
  /**
   * Render the page whole before sending it (onAllReady), as for crawlers: set for anonymous
   * catalogue pages, which server/cache.ts holds until complete anyway to tag them, so the same
   * page gives the same bytes and the same ETag even when the machine is busy (decision 0049).
   */
  wholeDocument?: boolean;
  /**
   * This request's logger (pino, carrying its request id; server/logging.ts), made on first use:
   * for an event worth a line of its own. Written asynchronously, unlike `console`, which blocks
   * on a pipe. Absent in tests that call loaders and actions directly.
   */
  requestLog?: () => Logger;
};

declare module "react-router" {
  interface AppLoadContext extends ShopContext {}
}
