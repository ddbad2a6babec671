/**
 * What every page gets from the root loader, as plain types and a hook: client-safe, so the
 * header, hooks and components can use them without importing server code.
 */
import { useRouteLoaderData } from "react-router";
import { DEMO_SHOP, type ShopIdentity } from "~/config/shop";
import type { ShellCart } from "~/modules/cart/local-cart";

/** The signed-in person as the header and every page see them. */
export interface ShellUser {
  id: string;
  fullName: string;
  email: string;
  /** Admin role on a verified email (an unverified account is never treated as an admin). */
  isAdmin: boolean;
  isPremium: boolean;
  /** Whether the email address is verified (the account page offers the link again if not). */
  emailVerified: boolean;
}

export interface ShellData {
  user: ShellUser | null;
  cartCount: number;
  /** The cart for the browser mirror and "Added to Cart" (spec §3 local cart item shape). */
  cart: ShellCart;
}

/** The root loader's data: the shell plus the shop's identity and public address. */
export interface RootData extends ShellData {
  shop: ShopIdentity;
  publicUrl: string;
}

/** The root loader's data, from any component (undefined while an error page renders without it). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The shop's identity (name, company, contacts) from the root loader. */
export function useShop(): ShopIdentity {
  return useRootData()?.shop ?? DEMO_SHOP;
}
