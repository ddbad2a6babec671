import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookies are SameSite=Lax, which already keeps them off cross-site POSTs; this adds a check
 * of where the request came from, so a form on another site can never act for a customer.
 * Browsers send Origin (or Sec-Fetch-Site) on every POST; server-to-server callers such as
 * payment webhooks send neither and authenticate by signature instead.
 */
export function rejectCrossSiteWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    if (origin && origin !== "null") {
      const requestOrigin = `${req.protocol}://${req.get("host")}`;
      if (origin === publicOrigin || origin === requestOrigin) return next();
      return refuse(res);
    }
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return refuse(res);
    if (origin === "null") return refuse(res);
    return next();
  };
}

function refuse(res: Parameters<RequestHandler>[1]) {
  res.status(403).type("text/plain").send("This form was sent from another site and has been refused.");
}
