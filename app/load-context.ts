import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";

/** What the server hands every loader and action (see server/app.ts). */
// A type alias, not an interface: React Router's AppLoadContext has an index signature.
export type ShopContext = {
  db: Db;
  env: Env;
  shop: ShopIdentity;
};

declare module "react-router" {
  interface AppLoadContext extends ShopContext {}
}
