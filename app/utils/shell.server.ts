import type { AppLoadContext } from "react-router";
import { getCurrentUser } from "./auth.server";

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
}

/**
 * What the layout needs on every request: who is signed in and how many items are in the
 * cart, so the first server-rendered paint is already right.
 */
export async function loadShell(request: Request, context: AppLoadContext): Promise<ShellData> {
  const user = await getCurrentUser(request, context);
  const cartCount = 0; // filled by the cart issue
  return { user, cartCount };
}
