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
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { findSessionUser, type SessionUser } from "~/modules/accounts/sessions.server";
import { isPremium } from "~/modules/membership/premium.server";
import { readSessionToken } from "./session-cookie.server";
import type { ShellUser } from "./shell";

/**
 * One session lookup per request, however many loaders ask (root, page, ...). Keyed by the
 * Request object, so nothing outlives the request.
 */
const perRequest = new WeakMap<Request, Promise<{ session: SessionUser; user: ShellUser } | null>>();

/** The session and user behind the request's cookie (the session is needed to end it or keep it). */
export function getCurrentSession(request: Request, context: AppLoadContext) {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = (async () => {
      const session = await findSessionUser(context.db, readSessionToken(request));
      if (!session) return null;
      const user: ShellUser = {
        id: session.userId,
        fullName: session.fullName,
        email: session.email,
        isAdmin: session.role === "admin",
        isPremium: await isPremium(context.db, session.userId),
      };
      return { session, user };
    })();
    perRequest.set(request, pending);
  }
  return pending;
}

export async function getCurrentUser(request: Request, context: AppLoadContext): Promise<ShellUser | null> {
  return (await getCurrentSession(request, context))?.user ?? null;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  // Only a way back the login page would follow: echoing any URL made the Location header
  // several times the request's size (past what proxies accept) for a long query string.
  const back = safeRedirectPath(url.pathname + url.search, "");
  return redirect(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
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
