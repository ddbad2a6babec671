/**
 * TOTP codes (RFC 6238) and recovery codes: the arithmetic only, no database. The code maths
 * is the `otpauth` library's (decision 0023); this file adds the shop's rules around it: the
 * ±1 step window, no code accepted twice, and how recovery codes look and are stored.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** What every authenticator app understands: SHA-1, 6 digits, 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone clock 30 s off, or a code typed as it rolled over, still works. */
export const TOTP_WINDOW = 1;

const CODE_PATTERN = /^\d{6}$/;

/** A new shared secret: 160 random bits (RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = "account", issuer = "Nearmint"): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The otpauth:// URI an authenticator app scans (the QR code's content). */
export function totpUri(secret: string, options: { issuer: string; account: string }): string {
  return totpFor(secret, options.account, options.issuer).toString();
}

/** The URI as a QR code, an SVG data URL made on the server (no script, no third party sees the secret). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** Spaces and dashes people type or paste are ignored; what remains must be six digits. */
export function normaliseTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, "");
  return CODE_PATTERN.test(code) ? code : null;
}

/** Whether an answer looks like an authenticator code (rather than a recovery code or a password). */
export function looksLikeTotpCode(input: string): boolean {
  return normaliseTotpCode(input) !== null;
}

/**
 * The time step a code belongs to, when it is right for `now` ±1 step and later than the last
 * step accepted for this account; null otherwise. The caller stores the returned step, so the
 * same code (or an older one) is refused from then on, even within its 90-second window.
 */
export function matchTotpCode(
  secret: string,
  input: string,
  options: { now?: Date; lastUsedStep?: number | null } = {},
): { step: number } | null {
  const token = normaliseTotpCode(input);
  if (!token) return null;
  const timestamp = (options.now ?? new Date()).getTime();
  const delta = totpFor(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  if (options.lastUsedStep != null && step <= options.lastUsedStep) return null;
  return { step };
}

/** The code an authenticator shows at `now` (tests and the browser test's "phone"). */
export function totpCodeAt(secret: string, now = new Date()): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten recovery codes of 80 random bits each (16 base32 characters, shown as xxxx-xxxx-xxxx-xxxx).
 * With that much entropy an unsalted SHA-256 is enough to store them: nobody can try 2^80 guesses.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const raw = base32(randomBytes(10)).toLowerCase();
    return raw.match(/.{4}/g)!.join("-");
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z2-7]{16}$/.test(code) ? code : null;
}

export function hashRecoveryCode(normalised: string): string {
  return createHash("sha256").update(`recovery:${normalised}`).digest("hex");
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * Secrets at rest: AES-256-GCM with TOTP_ENCRYPTION_KEY ("v1:" + iv|tag|ciphertext), so a copy
 * of the database alone cannot mint codes. Without a key they are kept as "plain:" + secret
 * (decision 0024); setting a key later encrypts each secret the next time it is written.
 */
export function sealTotpSecret(secret: string, key: Buffer | null): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export class TotpKeyError extends Error {}

export function openTotpSecret(stored: string, key: Buffer | null): string {
  if (stored.startsWith("plain:")) return stored.slice("plain:".length);
  if (!stored.startsWith("v1:")) throw new TotpKeyError("Unknown TOTP secret format");
  if (!key) throw new TotpKeyError("A TOTP secret is encrypted but TOTP_ENCRYPTION_KEY is not set");
  const raw = Buffer.from(stored.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new TotpKeyError("A TOTP secret could not be decrypted: TOTP_ENCRYPTION_KEY has changed");
  }
}
