import type { AppLoadContext } from "react-router";
import { getCurrentUser } from "./auth.server";
import type { ShellCart } from "~/modules/cart/local-cart";
import { loadShellCart } from "./guest-cart.server";

/** The signed-in person as the header and every page see them. */
export interface ShellUser {
  id: string;
  fullName: string;
  email: string;
  isAdmin: boolean;
  isPremium: boolean;
}

export interface ShellData {
  user: ShellUser | null;
  cartCount: number;
  /** The cart for the browser mirror and "Added to Cart" (spec §3 local cart item shape). */
  cart: ShellCart;
}

/**
 * What the layout needs on every request: who is signed in and how many items are in the
 * cart, so the first server-rendered paint is already right.
 */
export async function loadShell(request: Request, context: AppLoadContext): Promise<ShellData> {
  const user = await getCurrentUser(request, context);
  const cart = await loadShellCart(request, context, user);
  return { user, cartCount: cart.count, cart };
}
