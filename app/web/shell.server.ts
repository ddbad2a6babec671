import type { AppLoadContext } from "react-router";
import { getCurrentUser } from "./auth.server";
import { loadShellCart } from "./guest-cart.server";
import type { ShellData } from "./shell";

export type { ShellData, ShellUser } from "./shell";

/**
 * What the layout needs on every request: who is signed in and how many items are in the
 * cart, so the first server-rendered paint is already right.
 */
export async function loadShell(request: Request, context: AppLoadContext): Promise<ShellData> {
  const user = await getCurrentUser(request, context);
  const cart = await loadShellCart(request, context, user);
  return { user, cartCount: cart.count, cart };
}
