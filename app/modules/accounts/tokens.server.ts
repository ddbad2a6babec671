import { createHash, randomBytes } from "node:crypto";

/**
 * 256 random bits, URL-safe. Session cookies and reset links carry this; the database only
 * ever sees `hashToken(token)`, so a leaked table cannot be replayed as cookies or links.
 */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 is enough here: the input is already 256 random bits, nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a well-formed token looks like; anything else is refused before touching the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
