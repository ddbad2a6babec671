/**
 * The request-facing side of accounts: who is asking, and may they? Routes call these;
 * the rules themselves live in ~/modules/accounts.
 *
 * CONTRACT (other parts rely on these signatures):
 *   getCurrentUser(request, context) → ShellUser | null   (null when no valid session)
 *   requireUser(request, context)    → ShellUser, or throws a redirect to /login?redirectTo=<path>
 *   requireAdmin(request, context)   → ShellUser, or throws 401 "Please log in to view this page."
 *                                      / 403 "You do not have permission to view this page."
 *                                      (403 too for an admin role on an unverified email)
 *                                      / with ADMIN_REQUIRE_2FA, a redirect to two-factor enrolment
 *                                        for an admin who has not turned it on
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { findSessionUser, type SessionUser } from "~/modules/accounts/sessions.server";
import { readSessionToken } from "./session-cookie.server";
import type { ShellUser } from "./shell";

type CurrentSession = { session: SessionUser; user: ShellUser } | null;

/**
 * One session lookup per request, however many loaders ask (root, page, ...). Keyed by the
 * Request object, so nothing outlives the request. React Router hands each loader a copy of the
 * request (its own Request object), so the loaders of one page also share a lookup still in
 * flight through their common load context, by session token (decision 0054): the root's and
 * the page's loaders start together. Only while in flight — a context may serve many requests
 * (tests share one), and a later request must see a sign-out.
 */
const perRequest = new WeakMap<Request, Promise<CurrentSession>>();
const inFlight = new WeakMap<AppLoadContext, Map<string, Promise<CurrentSession>>>();

/** The session and user behind the request's cookie (the session is needed to end it or keep it). */
export function getCurrentSession(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  let pending = perRequest.get(request);
  if (pending) return pending;
  const token = readSessionToken(request);
  let sharing = inFlight.get(context);
  pending = token ? sharing?.get(token) : undefined;
  if (!pending) {
    pending = lookUpSession(token, context);
    if (token) {
      if (!sharing) inFlight.set(context, (sharing = new Map()));
      sharing.set(token, pending);
      const settled = pending;
      const forget = () => {
        if (sharing!.get(token) === settled) sharing!.delete(token);
      };
      settled.then(forget, forget);
    }
  }
  perRequest.set(request, pending);
  return pending;
}

async function lookUpSession(token: string | null, context: AppLoadContext): Promise<CurrentSession> {
  const session = await findSessionUser(context.db, token);
  if (!session) return null;
  const user: ShellUser = {
    id: session.userId,
    fullName: session.fullName,
    email: session.email,
    // Belt and braces: roles only go to verified emails, but a role left over from before
    // verification existed (or set by hand) must not open the back office either; and with
    // ADMIN_REQUIRE_2FA the admin role gives no admin access until two-factor sign-in is on.
    isAdmin: session.role === "admin" && session.emailVerified && (!context.env.adminRequire2fa || session.twoFactorEnabled),
    isPremium: session.isPremium,
    emailVerified: session.emailVerified,
  };
  return { session, user };
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

/** Where an admin without two-factor sign-in is sent when ADMIN_REQUIRE_2FA is on. */
export const ADMIN_TWO_FACTOR_ENROL_PATH = "/account/two-factor?required=admin";

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<ShellUser> {
  const current = await getCurrentSession(request, context);
  if (!current) throw data("Please log in to view this page.", { status: 401 });
  if (!current.user.isAdmin) {
    // A verified admin held back only by ADMIN_REQUIRE_2FA is sent to turn it on.
    if (current.session.role === "admin" && current.session.emailVerified) throw redirect(ADMIN_TWO_FACTOR_ENROL_PATH);
    throw data("You do not have permission to view this page.", { status: 403 });
  }
  return current.user;
}
