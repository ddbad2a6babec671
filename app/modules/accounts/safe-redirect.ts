/**
 * Where to go after sign-in. Only a path on this site is accepted: it must start with one
 * "/" and not "//" or "/\" (browsers read both as another host), contain no control
 * characters, and must not lead back into the sign-in pages. Anything else goes to /account.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/account"): string {
  if (!target || typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://same-site.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same-site.invalid") return fallback;
  if (/^\/(login|register|logout|forgot-password|reset-password)(\/|$)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
