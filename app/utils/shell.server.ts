import type { AppLoadContext } from "react-router";

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
export async function loadShell(_request: Request, _context: AppLoadContext): Promise<ShellData> {
  return { user: null, cartCount: 0 };
}
