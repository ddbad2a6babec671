/**
 * The session cookie: an opaque 256-bit token (the database holds only its SHA-256).
 * HttpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site posts), Path=/,
 * Secure when the shop is served over HTTPS. Without "remember me" it has no Max-Age, so it
 * ends with the browser; with it, it lasts 30 days.
 */
import type { AppLoadContext } from "react-router";
import { SESSION_COOKIE } from "~/config/constants";
import { readCookie } from "./cookies";

export function readSessionToken(request: Request): string | null {
  return readCookie(request, SESSION_COOKIE) || null;
}

export function isSecureContext(context: Pick<AppLoadContext, "env">): boolean {
  return context.env.publicUrl.startsWith("https:");
}

export function sessionCookie(
  session: { token: string; persistent: boolean; expiresAt: Date },
  options: { secure: boolean; now?: Date },
): string {
  const parts = [`${SESSION_COOKIE}=${session.token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (session.persistent) {
    const now = options.now ?? new Date();
    const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
    parts.push(`Max-Age=${maxAge}`, `Expires=${session.expiresAt.toUTCString()}`);
  }
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(options: { secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT"];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
