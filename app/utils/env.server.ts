import { isIP } from "node:net";
import { z } from "zod";
import { LOG_LEVELS } from "./log.server";

/** Thrown for bad configuration; the server prints its one-line message and exits. */
export class ConfigError extends Error {}

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => (v === "" ? undefined : ["1", "true", "yes", "on"].includes(v)));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const pence = z.coerce.number().int().positive();

/** Express's names for address ranges (proxy-addr): 127.0.0.0/8 + ::1, 169.254/16 + fe80::/10, private ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4; // netmask form, 10.0.0.0/255.0.0.0
}

const TRUST_PROXY_HINT =
  'must be the number of proxies in front of the shop (TRUST_PROXY=1 for one load balancer) or their addresses/subnets (e.g. TRUST_PROXY=loopback,10.0.0.0/8); "true" would believe any X-Forwarded-For a client sends';

/**
 * Which proxies may tell us the client's address. Never "trust everything": then req.ip is the
 * leftmost X-Forwarded-For entry, which the client writes itself, and every per-address rate
 * limit is bypassed by changing it. A hop count takes the address the nearest N proxies saw;
 * a list trusts only those peers. Off, req.ip is the TCP peer.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] | false => {
    if (["", "0", "false", "no", "off"].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_HINT });
    return z.NEVER;
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default("./data"),
  /**
   * Server processes (node:cluster, server/cluster.ts). Unset: one per core with DATABASE_URL,
   * one with the embedded database (PGlite is single-process, so more is refused).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * How long an anonymous catalogue page is served from the in-process render cache, in ms
   * (decision 0049); 0 turns the cache off.
   */
  RENDER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  DEMO_DATA: flag.optional(),
  ADMIN_EMAILS: z.string().default(""),
  /** On: an admin has no admin access until they have turned on two-factor sign-in. */
  ADMIN_REQUIRE_2FA: flag.optional(),
  /** 32 bytes (64 hex characters or base64) encrypting TOTP secrets at rest; see decision 0024. */
  TOTP_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, "must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)")
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  TRUST_PROXY: trustProxy.default(false),
  /** pino's levels; "silent" for tests. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /**
   * The bearer token for GET /metrics (decision 0045). Unset: /metrics does not exist (404).
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces").optional()),

  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: optionalText,
  /** Emails (sent or not) older than this are deleted from the outbox by the retention job. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),

  /** "stripe" or "sandbox"; unset: Stripe when STRIPE_SECRET_KEY is set, else the sandbox (see paymentsMode). */
  PAYMENTS: optionalText.pipe(z.enum(["stripe", "sandbox"], { error: 'must be "stripe" or "sandbox"' }).optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_QUARTERLY: optionalText,
  /** Points the Stripe SDK elsewhere (tests use a local fake), e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),

  /**
   * Signs the proof-of-work challenges of the sign-in form (decision 0017). Unset: a random key
   * is made at first start and kept in the database (server_secrets), shared by every instance.
   */
  ALTCHA_HMAC_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional()),

  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Unset: SIGN_UP_LIMITS in app/modules/accounts/policy.ts. */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
  PRO_MONTHLY_PRICE_PENCE: pence.default(499),
  PRO_QUARTERLY_PRICE_PENCE: pence.default(1299),

  SHOP_NAME: optionalText,
  SHOP_COMPANY_NAME: optionalText,
  SHOP_COMPANY_NUMBER: optionalText,
  SHOP_CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
  SHOP_SELL_CARDS_EMAIL: optionalText.pipe(z.email().optional()),
  SHOP_COMMUNITY_CHAT_URL: optionalText.pipe(z.url().optional()),
  /** "Line one|Line two|Town|Postcode" */
  SHOP_BUYLIST_ADDRESS: optionalText,
  /** "Label|https://url,Label|https://url" */
  SHOP_SOCIAL_LINKS: optionalText,
});

export type Env = z.infer<typeof schema> & {
  publicUrl: string;
  adminEmails: Set<string>;
  loadDemoData: boolean;
  /** Which payment provider takes the money: decided once here, used by app/modules/payments. */
  payments: "stripe" | "sandbox";
  adminRequire2fa: boolean;
  /** The decoded TOTP_ENCRYPTION_KEY, or null (secrets then stored unencrypted). */
  totpEncryptionKey: Buffer | null;
};

/**
 * Which payments the shop runs. The sandbox completes any order paid with the test card, so a
 * shop on a public https address never falls into it by a missing key: it must be asked for
 * (PAYMENTS=sandbox, a demo or staging shop). PAYMENTS=stripe insists on the keys; asking for
 * one while configuring the other is refused rather than guessed.
 */
/**
 * PUBLIC_URL as every check and link uses it: scheme and host lower-cased (so "HTTPS://…" still
 * counts as https for cookies, HSTS and PAYMENTS), no trailing slash, no query or fragment.
 */
export function normalisePublicUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function paymentsMode(env: z.infer<typeof schema>, publicUrl: string): Env["payments"] {
  if (env.PAYMENTS === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new ConfigError('Invalid configuration: PAYMENTS="stripe" needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to be set');
    if (!env.STRIPE_WEBHOOK_SECRET) throw new ConfigError('Invalid configuration: PAYMENTS="stripe" needs STRIPE_WEBHOOK_SECRET to be set (the signing secret of the Stripe webhook)');
    return "stripe";
  }
  if (env.PAYMENTS === "sandbox") {
    if (env.STRIPE_SECRET_KEY) throw new ConfigError('Invalid configuration: PAYMENTS="sandbox" but STRIPE_SECRET_KEY is set: remove one of them');
    return "sandbox";
  }
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (publicUrl.startsWith("https:")) {
    throw new ConfigError(
      `Invalid configuration: PAYMENTS is not set and there is no STRIPE_SECRET_KEY, so the shop at ${publicUrl} would take orders through the payment sandbox (no real money): set the Stripe keys, or PAYMENTS=sandbox to run the sandbox on purpose`,
    );
  }
  return "sandbox";
}

/** Parses the environment once at start. Any problem becomes one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = source[name];
    throw new ConfigError(
      `Invalid configuration: ${name}${value !== undefined ? `=${JSON.stringify(value.length > 60 ? value.slice(0, 60) + "…" : value)}` : ""} ${issue.message}`,
    );
  }
  const env = result.data;
  const publicUrl = normalisePublicUrl(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    ...env,
    publicUrl,
    payments: paymentsMode(env, publicUrl),
    adminEmails: new Set(
      env.ADMIN_EMAILS.split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    loadDemoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    adminRequire2fa: env.ADMIN_REQUIRE_2FA ?? false,
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY
      ? Buffer.from(env.TOTP_ENCRYPTION_KEY, env.TOTP_ENCRYPTION_KEY.length === 64 ? "hex" : "base64")
      : null,
  };
}
