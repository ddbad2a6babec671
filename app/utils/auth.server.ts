/**
 * The request-facing side of accounts: who is asking, and may they? Routes call these;
 * the rules themselves live in ~/modules/accounts.
 *
 * CONTRACT (other parts rely on these signatures):
 *   getCurrentUser(request, context) → ShellUser | null   (null when no valid session)
 *   requireUser(request, context)    → ShellUser, or throws a redirect to /login?redirectTo=<path>
 *   requireAdmin(request, context)   → ShellUser, or throws 401 "Please log in to view this page."
 *                                      / 403 "You do not have permission to view this page."
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { ShellUser } from "./shell.server";

export async function getCurrentUser(_request: Request, _context: AppLoadContext): Promise<ShellUser | null> {
  return null; // replaced by the accounts issue
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<ShellUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<ShellUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw data("Please log in to view this page.", { status: 401 });
  if (!user.isAdmin) throw data("You do not have permission to view this page.", { status: 403 });
  return user;
}
