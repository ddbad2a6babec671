/**
 * The request side of two-factor sign-in: the pending sign-in cookie between a correct password
 * and the code (decision 0024). HttpOnly, SameSite=Lax, sent only under /login (Path=/login: a
 * narrower /login/two-factor would miss React Router's /login/two-factor.data requests), gone in
 * five minutes; the database holds only the token's hash.
 */
import { redirect, type AppLoadContext } from "react-router";
import type { PendingSignIn } from "~/modules/accounts/two-factor.server";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { readCookie } from "./cookies";
import { isSecureContext } from "./session-cookie.server";

export const TWO_FACTOR_PATH = "/login/two-factor";
const PENDING_COOKIE = "nm_2fa_pending";

export function readPendingSignIn(request: Request): string | null {
  return readCookie(request, PENDING_COOKIE) || null;
}

function pendingCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${PENDING_COOKIE}=${value}`, "Path=/login", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearPendingSignInCookie(context: Pick<AppLoadContext, "env">): string {
  return pendingCookie("", 0, isSecureContext(context));
}

/**
 * The login action's answer when the password was right but a code is still needed: the
 * pending cookie and a redirect to the code form, carrying the (safe) page to return to.
 */
export function secondFactorRedirect(pending: PendingSignIn, redirectTo: string | null | undefined, context: Pick<AppLoadContext, "env">, now = new Date()) {
  const maxAge = Math.max(1, Math.floor((pending.expiresAt.getTime() - now.getTime()) / 1000));
  const location = redirectTo ? `${TWO_FACTOR_PATH}?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}` : TWO_FACTOR_PATH;
  return redirect(location, { headers: { "Set-Cookie": pendingCookie(pending.token, maxAge, isSecureContext(context)) } });
}
