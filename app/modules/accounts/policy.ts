/**
 * The numbers behind accounts security, in one place so the decision records, the code and
 * the tests agree. See docs/decisions/0003-password-policy.md and 0004-sessions.md.
 */

/** Enforced minimum (the spec calls 8 a hint; we enforce it, see decision 0003). */
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops megabyte-sized bodies being hashed. */
export const PASSWORD_MAX_LENGTH = 1024;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Without "remember me": the session ends after 12 h without a request, and 24 h after sign-in at most. */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
export const SESSION_ABSOLUTE_MS = 24 * HOUR_MS;
/** With "remember me": a persistent cookie and session for 30 days from sign-in. */
export const REMEMBER_ME_MS = 30 * DAY_MS;
/** lastSeenAt/expiry are written at most this often, so reading a page is not a write each time. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A password reset link works once, within this time. */
export const RESET_TOKEN_TTL_MS = HOUR_MS;

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Failed sign-ins count against the account and the address; a success clears the
 * account's count and gives back its address attempt, so a busy shared address (an office,
 * a test suite) is never locked out by its successful sign-ins.
 */
export const SIGN_IN_LIMITS = {
  perAccount: { limit: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Sign-ups: every attempt from an address that gets past the form counts, accepted or refused,
 * so neither creating accounts in bulk nor probing which emails have an account is cheap (the
 * form has to say when an email is taken). Ten an hour leaves room for a household or an
 * office; SIGN_UPS_PER_ADDRESS_PER_HOUR changes it.
 */
export const SIGN_UP_LIMITS = {
  perAddress: { limit: 10, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

/** Reset emails: a few per account per hour (no mailbox flooding), more per address. */
export const RESET_REQUEST_LIMITS = {
  perAccount: { limit: 3, windowMs: HOUR_MS },
  perAddress: { limit: 10, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;
