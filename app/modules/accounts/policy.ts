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
 * Sign-in attempts are counted before the password is checked (so parallel guesses count too):
 * - perAccountAddress: one address guessing one account gets 5 tries per 15 minutes, then 429
 *   for that address only. Someone else's failures (from any other address) never stop the
 *   owner signing in with the right password: nobody can lock an account out just by knowing
 *   its email.
 * - perAccount: a ceiling across all addresses against guessing spread over many addresses
 *   (10+ of them at 5 each). Only attempts an address was still allowed count towards it, so
 *   one address hammering on cannot reach it alone.
 * - perAddress: one address spraying guesses over many accounts.
 * A success clears its own address's count for the account and gives back its attempt on the
 * other two (a busy shared address, an office or a test suite, is never limited by its
 * successes); it does not reset the ceiling, which would hand a distributed guesser 50 more.
 * See docs/decisions/0004-sessions.md.
 */
export const SIGN_IN_LIMITS = {
  perAccountAddress: { limit: 5, windowMs: 15 * 60 * 1000 },
  perAccount: { limit: 50, windowMs: 15 * 60 * 1000 },
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

/**
 * The proof-of-work asked of a sign-in attempt once a limit above is reached (decision 0017):
 * ALTCHA's PBKDF2/SHA-256 with its default cost and counter range, a few seconds of a phone's
 * or laptop's CPU in the browser and about 7 s of one server core per attempt for a guesser.
 * A challenge is good for one attempt within 10 minutes.
 */
export const SIGN_IN_CHALLENGE = {
  algorithm: "PBKDF2/SHA-256",
  cost: 5_000,
  counterMin: 5_000,
  counterMax: 10_000,
  ttlMs: 10 * 60 * 1000,
} as const;

/**
 * Joining a drop (decision 0047): every entrant solves one, so it is lighter than the sign-in
 * check (about a second on a phone); enough that a thousand scripted entries cost real CPU.
 */
export const DROP_ENTRY_CHALLENGE = {
  algorithm: "PBKDF2/SHA-256",
  cost: 2_000,
  counterMin: 1_000,
  counterMax: 3_000,
  ttlMs: 10 * 60 * 1000,
} as const;

/** The form field the widget fills with its solution (ALTCHA's default name); client-safe. */
export const CHALLENGE_FIELD = "altcha";

export type ChallengeDifficulty = Pick<typeof SIGN_IN_CHALLENGE, "algorithm"> & { cost: number; counterMin: number; counterMax: number; ttlMs: number };

/** An email verification link (and a first-admin invite) works once, within this time. */
export const VERIFY_TOKEN_TTL_MS = DAY_MS;

/**
 * "Send the link again" from a signed-in, unverified account: a few an hour per account, so
 * nobody can flood a mailbox they do not own; more per address (a shared office network).
 * The email sent at sign-up is not counted.
 */
export const VERIFY_RESEND_LIMITS = {
  perAccount: { limit: 3, windowMs: HOUR_MS },
  perAddress: { limit: 20, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

/**
 * Two-factor sign-in (decision 0024). After a correct password the browser has this long to
 * give its code; each pending sign-in takes this many wrong codes before it is dropped.
 */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const TWO_FACTOR_CHALLENGE_MAX_FAILURES = 5;

/**
 * Codes tried for one account (sign-in, enrolment, turning it off), whatever the address: ten
 * per 15 minutes keeps a six-digit guess (three valid codes in the ±1 window) near hopeless,
 * and a success gives its attempt back.
 */
export const TWO_FACTOR_LIMITS = {
  perAccount: { limit: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** Password confirmations before erasing an account: a stolen session cannot guess its way to a deletion. */
export const ERASURE_ATTEMPTS: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };
