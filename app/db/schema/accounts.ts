import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Credentials live apart from the profile so a profile query can never leak a hash. */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: text().notNull().default("customer"),
    /**
     * When the owner proved the mailbox (verification link, password reset or admin invite).
     * Null for new accounts and for every account that existed before verification did: the
     * admin role needs it (decision 0011).
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("users_role_valid", sql`${t.role} IN ('customer', 'admin')`)],
);

export const profiles = pgTable("profiles", {
  id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text().notNull(),
  email: text().notNull(),
  addressLine1: text(),
  addressLine2: text(),
  city: text(),
  region: text(),
  postalCode: text(),
  country: text(),
  /** Cache of the membership state, kept by the membership module; `isPremium` is the authority. */
  premiumStatus: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "Remember me": a persistent cookie; otherwise the cookie ends with the browser. */
    persistent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Email verification links (purpose "verify", for one account) and first-admin invites
 * (purpose "admin-invite", printed by `npm run admin:invite`, for an address that may have no
 * account yet). Only the SHA-256 of the link's token is stored; a link works once.
 */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text().primaryKey(),
    purpose: text().notNull().default("verify"),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** The address the link proves: the account's email when it was sent, or the invited one. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("email_verification_tokens_user_idx").on(t.userId),
    check("email_verification_tokens_purpose_valid", sql`${t.purpose} IN ('verify', 'admin-invite')`),
    check("email_verification_tokens_owner", sql`${t.purpose} = 'admin-invite' OR ${t.userId} IS NOT NULL`),
  ],
);

/** Fixed-window counters for sign-in, reset and form rate limits; shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull().default(0),
});

/**
 * Sign-in challenges (ALTCHA, decision 0017) already used: a solution is accepted once. Keyed
 * by the challenge's signature; rows can go once the challenge has expired (a replay is then
 * refused as expired anyway), which the accounts-cleanup job does.
 */
export const spentChallenges = pgTable(
  "spent_challenges",
  {
    signature: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("spent_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Secrets the server makes for itself at first start when the operator gives none (the ALTCHA
 * HMAC key without ALTCHA_HMAC_KEY): every instance reads the same value, and none is in the
 * repository. Read by the owning module only.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Two-factor sign-in (TOTP, RFC 6238), one row per user who has started or finished enrolment.
 * `enabledAt` is null until the first code is confirmed; only then does sign-in ask for a code.
 * The secret is AES-256-GCM encrypted when TOTP_ENCRYPTION_KEY is set (decision 0024).
 */
export const userTotp = pgTable("user_totp", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The 30-second step of the last accepted code: a code is never accepted twice. */
  lastUsedStep: bigint({ mode: "number" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only their SHA-256 is stored (each code carries 80 random bits). */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("totp_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor: the password was right, no session exists yet.
 * The browser holds the token in a short-lived cookie; only its SHA-256 is stored here.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "Remember me" from the password form, applied when the session is finally created. */
    persistent: boolean().notNull().default(false),
    failedAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId), index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);
