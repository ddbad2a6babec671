import type { RequestHandler } from "express";

/**
 * Headers every response carries. Scripts are limited to our own origin (React Router's
 * hydration data is inline, hence 'unsafe-inline' for scripts until nonces are wired in).
 * Form posts may only go to us and to the payment provider's hosted pages.
 */
export function securityHeaders({ development }: { development: boolean }): RequestHandler {
  const csp = [
    "default-src 'self'",
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  ].join("; ");
  return (_req, res, next) => {
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "strict-origin-when-cross-origin");
    res.set("X-Frame-Options", "DENY");
    res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    res.set("Cross-Origin-Opener-Policy", "same-origin");
    if (!development) res.set("Content-Security-Policy", csp);
    next();
  };
}
