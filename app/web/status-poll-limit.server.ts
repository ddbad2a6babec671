/**
 * How often one visitor may ask a drop page's status (`GET /drops/:id/status`), counted in this
 * process's memory (decision 0060). The page asks at the delay the server's rules give, never
 * more than once a second (room-state.ts), so these limits only meet a client that ignores
 * them: a script polling in a loop, which would otherwise cost every instance a status read per
 * request. Counted per process, not in PostgreSQL: a row per poll would double what a poll
 * costs, and each instance protecting itself is what matters here (with N instances a visitor
 * gets N times the allowance).
 */
import ipaddr from "ipaddr.js";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientIp } from "./client-ip.server";

export interface StatusPollLimits {
  /** A signed-in visitor: two tabs asking once a second fit. */
  perAccountPerMinute: number;
  /** Visitors not signed in, by address: a household or an office watching a countdown. */
  perAddressPerMinute: number;
}

export const STATUS_POLL_LIMITS: StatusPollLimits = { perAccountPerMinute: 120, perAddressPerMinute: 600 };

/** Who is asking: the signed-in account, else the client's address (null when unknown). */
export interface StatusPollVisitor {
  userId: string | null;
  address: string | null;
}

export type StatusPollRefusal = (visitor: StatusPollVisitor) => Promise<{ retryAfterSeconds: number } | null>;

/** A limiter with its own counters: null when the poll may be answered, else how long to wait. */
export function createStatusPollLimiter(limits: StatusPollLimits = STATUS_POLL_LIMITS): StatusPollRefusal {
  const perAccount = new RateLimiterMemory({ keyPrefix: "status-account", points: limits.perAccountPerMinute, duration: 60 });
  const perAddress = new RateLimiterMemory({ keyPrefix: "status-address", points: limits.perAddressPerMinute, duration: 60 });
  return async ({ userId, address }) => {
    const [limiter, key] = userId ? [perAccount, userId] : [perAddress, addressKey(address)];
    try {
      await limiter.consume(key);
      return null;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      return { retryAfterSeconds: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) };
    }
  };
}

/**
 * The count an address falls in: an IPv4 address itself (an IPv4-mapped IPv6 one too), an IPv6
 * address by its /64, the block one subscriber is given (one host can take any address in it).
 */
export function addressKey(address: string | null): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
}

/** This process's limiter, shared by every request it serves. */
const refusalInThisProcess = createStatusPollLimiter();

/**
 * For a request to a drop's page or its status (both count, decision 0060): null when it may be
 * answered, else how long to wait. `userId`: the signed-in visitor, from the session.
 */
export function dropPollRefusal(request: Request, userId: string | null): Promise<{ retryAfterSeconds: number } | null> {
  return refusalInThisProcess({ userId, address: clientIp(request) });
}
