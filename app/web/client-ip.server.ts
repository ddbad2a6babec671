/**
 * The client's address as Express saw it (honouring TRUST_PROXY), passed to React Router in
 * a header that server/app.ts always overwrites, so a client cannot choose its own address
 * for rate limiting by sending this header.
 */
export const CLIENT_IP_HEADER = "x-nearmint-client-ip";

export function clientIp(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER) || null;
}
