import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passwordResetTokens, users } from "~/db/schema";
import { enqueueEmail, escapeHtml } from "~/modules/email/outbox.server";
import { hashPassword } from "./password.server";
import { passwordProblem } from "./password-policy";
import { RESET_REQUEST_LIMITS, RESET_TOKEN_TTL_MS, type RateLimitRule } from "./policy";
import { consumeRateLimit, rateLimitKey } from "./rate-limit.server";
import { deleteUserSessions } from "./sessions.server";
import { generateToken, hashToken, TOKEN_PATTERN } from "./tokens.server";
import { deletePendingSignIns } from "./two-factor.server";

import { RESET_LINK_INVALID, tooManyAttemptsMessage } from "./messages";

export { RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from "./messages";

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

export type ResetRequestResult = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

/**
 * Starts a reset: a single-use token valid for one hour, and its email, in one transaction
 * (the email exists exactly when the token does). The answer is the same for unknown
 * emails and for an account that has had its few emails this hour; only the per-address
 * limit is reported, and that says nothing about any account.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ipAddress?: string | null },
  options: {
    publicUrl: string;
    shopName: string;
    limits?: { perAccount: RateLimitRule; perAddress: RateLimitRule };
    now?: Date;
  },
): Promise<ResetRequestResult> {
  const limits = options.limits ?? RESET_REQUEST_LIMITS;
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();

  if (input.ipAddress) {
    const address = await consumeRateLimit(db, rateLimitKey("reset:ip", input.ipAddress), limits.perAddress, now);
    if (!address.allowed) {
      return { ok: false, retryAfterSeconds: address.retryAfterSeconds, message: tooManyAttemptsMessage(address.retryAfterSeconds) };
    }
  }
  const account = await consumeRateLimit(db, rateLimitKey("reset:account", email), limits.perAccount, now);
  if (!account.allowed) return { ok: true };

  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { ok: true };

  const token = generateToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  const link = resetLink(options.publicUrl, token);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt });
    await enqueueEmail(tx, {
      kind: "password-reset",
      // Whoever reads the link can take the account over: only the recipient may ever see it.
      secrets: [link],
      to: user.email,
      subject: `Reset your ${options.shopName} password`,
      text: [
        "Hello,",
        "",
        `Someone (hopefully you) asked to reset the password of your ${options.shopName} account.`,
        "Open this link to choose a new password. It works once and expires in 1 hour:",
        "",
        link,
        "",
        "If you did not ask for this, you can ignore this email: your password stays as it is.",
        "",
        `${options.shopName}`,
      ].join("\n"),
      html: [
        "<p>Hello,</p>",
        `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(options.shopName)} account.</p>`,
        `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
        "<p>The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays as it is.</p>",
      ].join("\n"),
    });
  });
  return { ok: true };
}

/** Whether a reset link can still be used (for showing the form or the "expired" message). */
export async function isResetTokenUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

export type ResetResult =
  /** keptSession: the caller's session was spared (it still stands if it was this account's). */
  | { ok: true; userId: string; keptSession: boolean }
  | { ok: false; field: "password" | "token"; message: string };

/**
 * Sets a new password with a reset token. The token is spent by one guarded UPDATE, so two
 * submissions of the same link cannot both succeed; in the same transaction the password
 * changes, the user's other reset links die, every pending sign-in and every session ends
 * (except the one making the change, when the user is signed in on this browser and the
 * email was already verified: a session of an unverified account was opened with a password
 * nobody has tied to the mailbox, perhaps by someone who registered another person's address,
 * so the reset that proves the mailbox ends them all; decision 0011).
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; keepSessionTokenHash?: string | null },
  options: { now?: Date } = {},
): Promise<ResetResult> {
  const now = options.now ?? new Date();
  if (!TOKEN_PATTERN.test(input.token)) return { ok: false, field: "token", message: RESET_LINK_INVALID };
  const tokenHash = hashToken(input.token);

  const [holder] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!holder) return { ok: false, field: "token", message: RESET_LINK_INVALID };
  const problem = passwordProblem(input.password, { email: holder.email });
  if (problem) return { ok: false, field: "password", message: problem };

  // Hash before the transaction: it takes a while and holds no lock.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<ResetResult> => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return { ok: false, field: "token", message: RESET_LINK_INVALID };
    // The link came to the account's mailbox: using it proves the address as well (decision 0011).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, spent.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    const keep = holder.verifiedAt ? (input.keepSessionTokenHash ?? null) : null;
    await deleteUserSessions(tx, spent.userId, keep);
    // A sign-in waiting for its second factor was started with the old password.
    await deletePendingSignIns(tx, spent.userId);
    return { ok: true, userId: spent.userId, keptSession: Boolean(keep) };
  });
}
