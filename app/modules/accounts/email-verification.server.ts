import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailVerificationTokens, users } from "~/db/schema";
import { enqueueEmail, escapeHtml } from "~/modules/email/outbox.server";
import {
  ALREADY_VERIFIED,
  INVITE_NEEDS_ACCOUNT,
  tooManyAttemptsMessage,
  VERIFICATION_SENT,
  VERIFY_LINK_INVALID,
  VERIFY_NEEDS_ACCOUNT,
} from "./messages";
import { VERIFY_RESEND_LIMITS, VERIFY_TOKEN_TTL_MS, type RateLimitRule } from "./policy";
import { consumeRateLimit, rateLimitKey } from "./rate-limit.server";
import { syncUserRole, type Role } from "./roles.server";
import { deleteUserSessions } from "./sessions.server";
import { deletePendingSignIns } from "./two-factor.server";
import { generateToken, hashToken, TOKEN_PATTERN } from "./tokens.server";

/**
 * Email verification (decision 0011): proving the mailbox is what the admin role needs. A
 * link carries 256 random bits; only their SHA-256 is stored; it works once, for 24 hours.
 * Opening the link shows a button: the POST behind it verifies, so a mail scanner that
 * fetches links cannot verify an account on the mailbox owner's behalf. The button works only
 * in a browser signed in to the link's own account: verifying proves the mailbox (the link)
 * and the password (the session) belong to one person. Otherwise whoever registered someone
 * else's address, with a password of their choosing, would be verified by the real owner
 * pressing the button in their sign-up email.
 */

/** The outbox kind of these emails (their links are marked as secrets, so the outbox removes them once sent). */
export const VERIFICATION_EMAIL_KIND = "email-verification";

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email/${token}`;
}

export interface VerificationBranding {
  publicUrl: string;
  shopName: string;
}

/**
 * Writes a fresh link for this account and queues its email, in the caller's transaction
 * (sign-up: the email exists exactly when the account does). `dedupeKey` makes "one email
 * per sign-up" a database fact; without it the link's own hash keys the email.
 */
export async function issueVerification(
  tx: Db,
  user: { id: string; email: string },
  options: VerificationBranding & { dedupeKey?: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const token = generateToken();
  const tokenHash = hashToken(token);
  await tx.insert(emailVerificationTokens).values({
    tokenHash,
    purpose: "verify",
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
  });
  const link = verificationLink(options.publicUrl, token);
  await enqueueEmail(tx, {
    kind: VERIFICATION_EMAIL_KIND,
    // One email per link (the hash names it and is already stored); sign-up passes its own key.
    dedupeKey: options.dedupeKey ?? `${VERIFICATION_EMAIL_KIND}:${tokenHash}`,
    // The link proves the mailbox (and can make an admin): only the recipient may ever see it.
    secrets: [link],
    to: user.email,
    subject: `Verify your email address for ${options.shopName}`,
    text: [
      "Hello,",
      "",
      `Please confirm that this is your email address for your ${options.shopName} account.`,
      "Open this link while signed in to your account and press the button. It works once and expires in 24 hours:",
      "",
      link,
      "",
      "If you did not create this account, nothing happens unless someone signs in to it and presses the button. To take the account over, choose your own password with \"Forgot password?\" on the login page; or ignore this email.",
      "",
      options.shopName,
    ].join("\n"),
    html: [
      "<p>Hello,</p>",
      `<p>Please confirm that this is your email address for your ${escapeHtml(options.shopName)} account.</p>`,
      `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>`,
      "<p>Open it while signed in to your account. The link works once and expires in 24 hours. If you did not create this account, nothing happens unless someone signs in to it and presses the button. To take the account over, choose your own password with &ldquo;Forgot password?&rdquo; on the login page; or ignore this email.</p>",
    ].join("\n"),
  });
}

export type ResendResult =
  | { ok: true; message: string }
  | { ok: false; reason: "already_verified" | "unknown"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/** "Send the link again", for the signed-in user (the id comes from the session). Rate-limited. */
export async function resendVerification(
  db: Db,
  input: { userId: string; ipAddress?: string | null },
  options: VerificationBranding & { limits?: { perAccount: RateLimitRule; perAddress: RateLimitRule }; now?: Date },
): Promise<ResendResult> {
  const limits = options.limits ?? VERIFY_RESEND_LIMITS;
  const now = options.now ?? new Date();
  const [user] = await db
    .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) return { ok: false, reason: "unknown", message: VERIFY_LINK_INVALID };
  if (user.verifiedAt) return { ok: false, reason: "already_verified", message: ALREADY_VERIFIED };

  const checks: Array<[string, RateLimitRule]> = [
    ...(input.ipAddress ? [[rateLimitKey("verify-resend:ip", input.ipAddress), limits.perAddress] as [string, RateLimitRule]] : []),
    [rateLimitKey("verify-resend:account", user.id), limits.perAccount],
  ];
  for (const [key, rule] of checks) {
    const result = await consumeRateLimit(db, key, rule, now);
    if (!result.allowed) {
      return { ok: false, reason: "rate_limited", retryAfterSeconds: result.retryAfterSeconds, message: tooManyAttemptsMessage(result.retryAfterSeconds) };
    }
  }
  await db.transaction(async (tx) => {
    // One live link at a time: the new email makes the older ones useless.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
    await issueVerification(tx, user, { publicUrl: options.publicUrl, shopName: options.shopName, now });
  });
  return { ok: true, message: VERIFICATION_SENT };
}

export interface VerificationLinkInfo {
  purpose: "verify" | "admin-invite";
  email: string;
  /** The account a verification link was sent for; null for an admin invite (it names an email). */
  userId: string | null;
}

/** Who is pressing the button: the signed-in account, and its session (kept when others end). */
export interface Verifier {
  id: string;
  email: string;
  sessionTokenHash: string | null;
}

/**
 * THE rule (decision 0011): a link is used only by a browser signed in to the account it is
 * for. A verification link: its own account. An admin invite: the account with the email it
 * names (the operator vouches for the address; the session proves the password).
 */
export function isLinkFor(link: VerificationLinkInfo, user: { id: string; email: string } | null | undefined): boolean {
  if (!user) return false;
  return link.purpose === "admin-invite" ? user.email === link.email : user.id === link.userId && user.email === link.email;
}

/** What a link is for, while it can still be used (the page shows its button); null otherwise. */
export async function findUsableVerification(db: Db, token: string, now = new Date()): Promise<VerificationLinkInfo | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ purpose: emailVerificationTokens.purpose, email: emailVerificationTokens.email, userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, hashToken(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ? { purpose: row.purpose as VerificationLinkInfo["purpose"], email: row.email, userId: row.userId } : null;
}

export type VerifyResult =
  | { ok: true; userId: string; role: Role }
  | { ok: false; reason: "invalid" | "wrong_account"; message: string };

/**
 * Uses a link, for the signed-in account it is for (`isLinkFor`); signed out or signed in to
 * another account, nothing changes and the link stays usable. The token is spent by one
 * guarded UPDATE, so a link works once however many times it is posted; the account's other
 * links die with it, and so do its other sessions and pending sign-ins (opened before the
 * address was proved; the verifier's own session stays). The role then follows ADMIN_EMAILS
 * at once.
 */
export async function verifyEmail(
  db: Db,
  input: { token: string; signedInUser: Verifier | null },
  options: { adminEmails: ReadonlySet<string>; now?: Date },
): Promise<VerifyResult> {
  const now = options.now ?? new Date();
  const invalid = { ok: false, reason: "invalid", message: VERIFY_LINK_INVALID } as const;
  const link = await findUsableVerification(db, input.token, now);
  if (!link) return invalid;
  const verifier = input.signedInUser;
  if (!verifier || !isLinkFor(link, verifier)) {
    return { ok: false, reason: "wrong_account", message: link.purpose === "admin-invite" ? INVITE_NEEDS_ACCOUNT : VERIFY_NEEDS_ACCOUNT };
  }
  const tokenHash = hashToken(input.token);
  return db.transaction(async (tx): Promise<VerifyResult> => {
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!spent) return invalid;
    const userId = verifier.id;
    // The link proves the address it was sent to: it verifies only while the account still has it.
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, spent.email)))
      .returning({ id: users.id, email: users.email });
    if (!user) return invalid;
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
    await deleteUserSessions(tx, userId, verifier.sessionTokenHash);
    await deletePendingSignIns(tx, userId);
    const role = await syncUserRole(tx, { ...user, emailVerified: true }, options.adminEmails);
    return { ok: true, userId, role };
  });
}

/**
 * A first-admin invite (`npm run admin:invite -- you@example.com`): for an address listed in
 * ADMIN_EMAILS, a single-use link that the signed-in account with that email opens to verify
 * it, without an email having to arrive. Returns the link, or null when the address is not
 * listed (the invite cannot make an admin ADMIN_EMAILS does not name).
 */
export async function createAdminInvite(
  db: Db,
  input: { email: string },
  options: { publicUrl: string; adminEmails: ReadonlySet<string>; now?: Date },
): Promise<{ link: string; expiresAt: Date } | null> {
  const email = input.email.trim().toLowerCase();
  if (!options.adminEmails.has(email)) return null;
  const now = options.now ?? new Date();
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + VERIFY_TOKEN_TTL_MS);
  await db.insert(emailVerificationTokens).values({ tokenHash: hashToken(token), purpose: "admin-invite", email, createdAt: now, expiresAt });
  return { link: verificationLink(options.publicUrl, token), expiresAt };
}
