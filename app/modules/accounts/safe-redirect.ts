const DUMMY_ORIGIN = "http://same-site.invalid";
/** Longer than any page of the shop; keeps the Location header small. */
const MAX_LENGTH = 2048;
const SIGN_IN_PAGES = /^\/(login|register|logout|forgot-password|reset-password)(\/|$)/i;

/**
 * Where to go after a form (sign-in, a plain cart post): only a path on this site is accepted,
 * anything else gives the fallback. The checks run on the value that is actually returned,
 * after URL normalisation: "/.//evil.com" passes a naive "starts with //" test on the input and
 * only becomes "//evil.com" (another host to every browser) once its dot segment is resolved.
 * Backslashes and control characters are refused anywhere, because browsers read "\" as "/"
 * and drop tabs and newlines; a path whose decoded form starts with "//" or "/\" is refused
 * too, in case something between us and the browser decodes %2F. Sign-in pages are not a
 * destination (a loop at best).
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/account"): string {
  if (!target || typeof target !== "string") return fallback;
  const value = target.trim();
  if (value.length > MAX_LENGTH || !value.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  // "//host/path" parses to another origin: its path alone must not be taken as ours.
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const result = url.pathname + url.search + url.hash;
  return isSameSitePath(result) && !SIGN_IN_PAGES.test(url.pathname) ? result : fallback;
}

/** The final test: one leading "/" and no host, however the browser or a proxy reads it. */
function isSameSitePath(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(path, DUMMY_ORIGIN).pathname);
  } catch {
    return false;
  }
  if (/^\/[/\\]/.test(decoded)) return false;
  const resolved = new URL(path, DUMMY_ORIGIN);
  return resolved.origin === DUMMY_ORIGIN && resolved.pathname + resolved.search + resolved.hash === path;
}
