/**
 * Two-factor sign-in (decision 0024): enrolment, the check of a code or recovery code, and the
 * pending sign-in between a correct password and the second factor. Owns `user_totp`,
 * `totp_recovery_codes` and `two_factor_challenges`.
 */
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { totpRecoveryCodes, twoFactorChallenges, users, userTotp } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import type { Challenge, ChallengeProblem, SignInChallenges } from "./challenge.server";
import {
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_ENROL_CODE_INVALID,
  TWO_FACTOR_PROOF_INVALID,
  tooManyCodesMessage,
} from "./messages";
import { verifyPassword } from "./password.server";
import { TWO_FACTOR_CHALLENGE_MAX_FAILURES, TWO_FACTOR_CHALLENGE_TTL_MS, TWO_FACTOR_LIMITS } from "./policy";
import { consumeRateLimit, rateLimitKey, refundRateLimit } from "./rate-limit.server";
import { createSession, deleteSession, deleteUserSessions, type NewSession } from "./sessions.server";
import { generateToken, hashToken, TOKEN_PATTERN } from "./tokens.server";
import {
  hashRecoveryCode,
  looksLikeTotpCode,
  matchTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openTotpSecret,
  sealTotpSecret,
  totpUri,
} from "./totp.server";

export interface TwoFactorOptions {
  /** TOTP_ENCRYPTION_KEY, decoded (null: secrets stored unencrypted, decision 0024). */
  encryptionKey: Buffer | null;
  limits?: typeof TWO_FACTOR_LIMITS;
  now?: Date;
}

export type TwoFactorFailure = {
  ok: false;
  reason: "invalid" | "rate_limited";
  message: string;
  retryAfterSeconds?: number;
  /** Past the limit at sign-in: the proof-of-work that lets the next attempt through anyway. */
  challenge?: Challenge | null;
  /** Why a solution that came with this attempt was not accepted (null when none came). */
  challengeProblem?: Exclude<ChallengeProblem, "missing"> | null;
};

/**
 * Sign-in's way past the per-account limit (decision 0024, as decision 0017 for passwords):
 * the challenges to issue and redeem, and the solution the form carried, if any.
 */
export interface ChallengeGate {
  challenges: SignInChallenges;
  payload: string | null | undefined;
}

export interface TwoFactorState {
  status: "off" | "pending" | "on";
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Db, userId: string): Promise<TwoFactorState> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!row) return { status: "off", recoveryCodesLeft: 0 };
  if (!row.enabledAt) return { status: "pending", recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return { status: "on", recoveryCodesLeft: left?.n ?? 0 };
}

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Starts (or restarts) enrolment with a fresh secret; nothing changes at sign-in until a code
 * from it is confirmed. Refused while two-factor sign-in is on (turn it off first).
 */
export async function startEnrolment(db: Db, userId: string, options: TwoFactorOptions): Promise<{ ok: true } | { ok: false; message: string }> {
  const secret = sealTotpSecret(newTotpSecret(), options.encryptionKey);
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret, createdAt: options.now ?? new Date() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastUsedStep: null }, where: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  return rows.length ? { ok: true } : { ok: false, message: TWO_FACTOR_ALREADY_ON };
}

/** The pending enrolment's secret and otpauth:// URI, for the QR code and manual entry. */
export async function enrolmentDetails(
  db: Db,
  userId: string,
  options: { encryptionKey: Buffer | null; issuer: string },
): Promise<{ secret: string; uri: string } | null> {
  const [row] = await db
    .select({ secret: userTotp.secret, email: users.email })
    .from(userTotp)
    .innerJoin(users, eq(users.id, userTotp.userId))
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
    .limit(1);
  if (!row) return null;
  const secret = openTotpSecret(row.secret, options.encryptionKey);
  return { secret, uri: totpUri(secret, { issuer: options.issuer, account: row.email }) };
}

/**
 * Counts one attempt against the account. Past the limit, with a `gate` (sign-in only), an
 * unspent solved challenge lets this one attempt through (it is still counted and the code
 * still checked); without one the refusal carries a fresh challenge. Elsewhere (the signed-in
 * account page) the limit simply refuses.
 */
async function countAttempt(db: Db, userId: string, options: TwoFactorOptions, gate?: ChallengeGate): Promise<TwoFactorFailure | null> {
  const limits = options.limits ?? TWO_FACTOR_LIMITS;
  const result = await consumeRateLimit(db, rateLimitKey("2fa:account", userId), limits.perAccount, options.now);
  if (result.allowed) return null;
  const redeemed = gate?.payload ? await gate.challenges.redeem(gate.payload) : null;
  if (redeemed?.ok) return null;
  return {
    ok: false,
    reason: "rate_limited",
    message: tooManyCodesMessage(result.retryAfterSeconds),
    retryAfterSeconds: result.retryAfterSeconds,
    challenge: gate ? await gate.challenges.issue() : null,
    challengeProblem: redeemed && !redeemed.ok && redeemed.problem !== "missing" ? redeemed.problem : null,
  };
}

/** A success gives its attempt back: only wrong answers use up the account's allowance. */
function refundAttempt(db: Db, userId: string): Promise<void> {
  return refundRateLimit(db, rateLimitKey("2fa:account", userId));
}

/**
 * Accepts a TOTP code for the account's secret, once: the step is stored by a guarded UPDATE,
 * so the same code sent twice at once is accepted only once.
 */
async function acceptTotpCode(db: Db | Tx, userId: string, code: string, options: TwoFactorOptions & { enabled: boolean }): Promise<boolean> {
  const [row] = await db
    .select({ secret: userTotp.secret, lastUsedStep: userTotp.lastUsedStep })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), options.enabled ? isNotNull(userTotp.enabledAt) : isNull(userTotp.enabledAt)))
    .limit(1);
  if (!row) return false;
  const match = matchTotpCode(openTotpSecret(row.secret, options.encryptionKey), code, { now: options.now, lastUsedStep: row.lastUsedStep });
  if (!match) return false;
  const now = options.now ?? new Date();
  const claimed = await db
    .update(userTotp)
    .set({
      lastUsedStep: match.step,
      // The first code accepted during enrolment is what turns two-factor sign-in on.
      ...(options.enabled ? {} : { enabledAt: now }),
    })
    .where(
      and(
        eq(userTotp.userId, userId),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, match.step)),
        options.enabled ? isNotNull(userTotp.enabledAt) : isNull(userTotp.enabledAt),
      ),
    )
    .returning({ userId: userTotp.userId });
  return claimed.length === 1;
}

/** Spends one unused recovery code of the account (guarded UPDATE: single use, even when raced). */
async function spendRecoveryCode(db: Db, userId: string, input: string, now: Date): Promise<boolean> {
  const code = normaliseRecoveryCode(input);
  if (!code) return false;
  const spent = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return spent.length === 1;
}

async function replaceRecoveryCodes(db: Db | Tx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(
    codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(code)!), createdAt: now })),
  );
  return codes;
}

/**
 * Confirms enrolment with the first code from the app: two-factor sign-in is on from here, ten
 * recovery codes are made (returned once, stored hashed) and the account's other sessions end.
 */
export async function confirmEnrolment(
  db: Db,
  userId: string,
  input: { code: string; keepSessionTokenHash?: string | null },
  options: TwoFactorOptions,
): Promise<{ ok: true; recoveryCodes: string[] } | TwoFactorFailure> {
  const limited = await countAttempt(db, userId, options);
  if (limited) return limited;
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    if (!(await acceptTotpCode(tx, userId, input.code, { ...options, enabled: false }))) {
      return { ok: false, reason: "invalid", message: TWO_FACTOR_ENROL_CODE_INVALID } as const;
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, userId, now);
    await deleteUserSessions(tx, userId, input.keepSessionTokenHash);
    await recordAudit(tx, { actorUserId: userId, action: "two_factor.enabled", entityType: "user", entityId: userId, createdAt: now });
    return { ok: true, recoveryCodes } as const;
  });
  if (result.ok) await refundAttempt(db, userId);
  return result;
}

/**
 * The second factor itself: a current TOTP code or an unused recovery code. Counted against the
 * account first (TWO_FACTOR_LIMITS; past it, see `countAttempt`); a success gives its attempt back.
 */
export async function verifySecondFactor(
  db: Db,
  userId: string,
  answer: string,
  options: TwoFactorOptions,
  gate?: ChallengeGate,
): Promise<{ ok: true; method: "code" | "recovery" } | TwoFactorFailure> {
  const limited = await countAttempt(db, userId, options, gate);
  if (limited) return limited;
  const method = looksLikeTotpCode(answer) ? "code" : "recovery";
  const ok =
    method === "code"
      ? await acceptTotpCode(db, userId, answer, { ...options, enabled: true })
      : await spendRecoveryCode(db, userId, answer, options.now ?? new Date());
  if (!ok) return { ok: false, reason: "invalid", message: TWO_FACTOR_CODE_INVALID };
  await refundAttempt(db, userId);
  return { ok: true, method };
}

/** Password or current code (never a recovery code): what turning off or new codes ask for. */
async function proveIdentity(db: Db, userId: string, proof: string, options: TwoFactorOptions): Promise<true | TwoFactorFailure> {
  const limited = await countAttempt(db, userId, options);
  if (limited) return limited;
  let proved = false;
  if (looksLikeTotpCode(proof)) {
    proved = await acceptTotpCode(db, userId, proof, { ...options, enabled: true });
  } else if (proof) {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    proved = Boolean(user && (await verifyPassword(user.passwordHash, proof)));
  }
  if (proved) {
    await refundAttempt(db, userId);
    return true;
  }
  return { ok: false, reason: "invalid", message: TWO_FACTOR_PROOF_INVALID };
}

export async function disableTwoFactor(db: Db, userId: string, proof: string, options: TwoFactorOptions): Promise<{ ok: true } | TwoFactorFailure> {
  const proved = await proveIdentity(db, userId, proof, options);
  if (proved !== true) return proved;
  await db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await recordAudit(tx, { actorUserId: userId, action: "two_factor.disabled", entityType: "user", entityId: userId, createdAt: options.now });
  });
  return { ok: true };
}

export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  proof: string,
  options: TwoFactorOptions,
): Promise<{ ok: true; recoveryCodes: string[] } | TwoFactorFailure> {
  const proved = await proveIdentity(db, userId, proof, options);
  if (proved !== true) return proved;
  const recoveryCodes = await db.transaction((tx) => replaceRecoveryCodes(tx, userId, options.now ?? new Date()));
  return { ok: true, recoveryCodes };
}

export interface PendingSignIn {
  /** Goes into the short-lived cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** After a correct password for an account with two-factor on: a pending sign-in, no session yet. */
export async function createSignInChallenge(db: Db, userId: string, options: { persistent: boolean; now?: Date }): Promise<PendingSignIn> {
  const now = options.now ?? new Date();
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  await db.insert(twoFactorChallenges).values({ tokenHash: hashToken(token), userId, persistent: options.persistent, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Whether a pending sign-in token is still usable (for showing the code form). */
export async function isSignInChallengeLive(db: Db, token: string | null | undefined, now = new Date()): Promise<boolean> {
  return Boolean(await findChallenge(db, token, now));
}

async function findChallenge(db: Db, token: string | null | undefined, now: Date) {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ tokenHash: twoFactorChallenges.tokenHash, userId: twoFactorChallenges.userId, persistent: twoFactorChallenges.persistent })
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashToken(token)),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.failedAttempts, TWO_FACTOR_CHALLENGE_MAX_FAILURES),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type CompleteSignInResult =
  | { ok: true; userId: string; session: NewSession; method: "code" | "recovery" }
  | { ok: false; reason: "expired"; message: string }
  | TwoFactorFailure;

/**
 * Finishes a pending sign-in with the second factor. Only then is the session created, with a
 * fresh token (the browser's previous one is ended), as a password-only sign-in does. The
 * pending token is spent by a guarded DELETE, so it signs in once; too many wrong codes drop it.
 *
 * Past the account's code limit an attempt needs a solved ALTCHA challenge (`challenges`,
 * `challengePayload`): someone who knows the password can then no longer shut the owner out of
 * their own account with ten wrong codes, and every further guess costs a proof-of-work on top
 * of the pending sign-in's own cap.
 */
export async function completeSignIn(
  db: Db,
  input: {
    token: string | null | undefined;
    answer: string;
    userAgent?: string | null;
    ipAddress?: string | null;
    previousToken?: string | null;
    /** The ALTCHA widget's payload, when the form carried one. */
    challengePayload?: string | null;
  },
  options: TwoFactorOptions & { challenges?: SignInChallenges },
): Promise<CompleteSignInResult> {
  const now = options.now ?? new Date();
  const challenge = await findChallenge(db, input.token, now);
  if (!challenge) return { ok: false, reason: "expired", message: TWO_FACTOR_CHALLENGE_EXPIRED };
  const gate = options.challenges ? { challenges: options.challenges, payload: input.challengePayload } : undefined;
  const verdict = await verifySecondFactor(db, challenge.userId, input.answer, options, gate);
  if (!verdict.ok) {
    if (verdict.reason === "invalid") {
      await db
        .update(twoFactorChallenges)
        .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
        .where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash));
    }
    return verdict;
  }
  const spent = await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, challenge.tokenHash)).returning({ userId: twoFactorChallenges.userId });
  if (!spent.length) return { ok: false, reason: "expired", message: TWO_FACTOR_CHALLENGE_EXPIRED };
  await deleteSession(db, input.previousToken);
  const session = await createSession(db, challenge.userId, {
    persistent: challenge.persistent,
    userAgent: input.userAgent,
    ipAddress: input.ipAddress,
    now,
  });
  return { ok: true, userId: challenge.userId, session, method: verdict.method };
}

/**
 * Ends an account's pending sign-ins: whoever started one knew the password, and a password
 * reset or the first proof of the email address must not leave them a way in (decision 0011).
 */
export async function deletePendingSignIns(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** Housekeeping (cleanUpAccounts): pending sign-ins past their few minutes. */
export async function deleteExpiredSignInChallenges(db: Db, now = new Date()): Promise<number> {
  const rows = await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now)).returning({ tokenHash: twoFactorChallenges.tokenHash });
  return rows.length;
}

/** Removes everything two-factor holds for an account (its erasure), in the caller's transaction. */
export async function removeTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}
