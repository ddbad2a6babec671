import { eq } from "drizzle-orm";
import { uniqueViolation } from "~/db/errors";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import type { Challenge, ChallengeProblem, SignInChallenges } from "./challenge.server";
import { passwordProblem } from "./password-policy";
import { SIGN_IN_LIMITS, SIGN_UP_LIMITS, type RateLimitRule } from "./policy";
import { clearRateLimit, consumeRateLimit, rateLimitKey, refundRateLimit } from "./rate-limit.server";
import { issueVerification, VERIFICATION_EMAIL_KIND, type VerificationBranding } from "./email-verification.server";
import { tooManyAttemptsMessage } from "./messages";
import { syncUserRole } from "./roles.server";
import { createSession, deleteSession, type NewSession } from "./sessions.server";
import { TWO_FACTOR_CODE_NEEDED } from "./messages";
import { createSignInChallenge, isTwoFactorEnabled, type PendingSignIn } from "./two-factor.server";
import type { FieldErrors, ProfileInput } from "./schemas";
import type { Profile } from "./profile";

export const EMAIL_TAKEN = "An account with this email already exists. Please log in instead.";
/** One message for an unknown email and a wrong password: the form must not say which. */
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const TOO_MANY_SIGN_UPS = "Too many sign-ups from your network. Please try again later.";


export type RegisterResult =
  | { ok: true; userId: string }
  | { ok: false; errors: FieldErrors }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * Creates an account and its profile, and queues the email that verifies its address (same
 * transaction: exactly one per sign-up). Every new account is a customer: the admin role
 * needs a verified address listed in ADMIN_EMAILS (decision 0011), never input. The password rules are checked here as well as in the form (see decision 0003). Each attempt
 * counts against the client's address first (SIGN_UP_LIMITS), whatever its outcome.
 */
export async function registerUser(
  db: Db,
  input: { fullName: string; email: string; password: string; ipAddress?: string | null },
  options: VerificationBranding & { limits?: { perAddress: RateLimitRule }; now?: Date },
): Promise<RegisterResult> {
  if (input.ipAddress) {
    const limits = options.limits ?? SIGN_UP_LIMITS;
    const address = await consumeRateLimit(db, rateLimitKey("signup:ip", input.ipAddress), limits.perAddress, options.now);
    if (!address.allowed) {
      return { ok: false, reason: "rate_limited", message: TOO_MANY_SIGN_UPS, retryAfterSeconds: address.retryAfterSeconds };
    }
  }
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, { email });
  if (problem) return { ok: false, errors: { password: problem } };

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return { ok: false, errors: { email: EMAIL_TAKEN } };

  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, role: "customer" })
        .returning({ id: users.id });
      await tx.insert(profiles).values({ id: user!.id, fullName: input.fullName.trim(), email });
      await issueVerification(tx, { id: user!.id, email }, { ...options, dedupeKey: `${VERIFICATION_EMAIL_KIND}:signup:${user!.id}` });
      return user!.id;
    });
    return { ok: true, userId };
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (uniqueViolation(error)) return { ok: false, errors: { email: EMAIL_TAKEN } };
    throw error;
  }
}


/**
 * A refused attempt past a limit. `challenge` is the proof-of-work that lets the next attempt
 * through anyway (null when the caller offers none); `challengeProblem` says why a solution that
 * came with this attempt was not accepted (null when none came).
 */
export interface SignInRateLimited {
  ok: false;
  reason: "rate_limited";
  message: string;
  retryAfterSeconds: number;
  challenge: Challenge | null;
  challengeProblem: Exclude<ChallengeProblem, "missing"> | null;
}

export type SignInResult =
  | { ok: true; userId: string; session: NewSession }
  | { ok: false; reason: "invalid"; message: string }
  | SignInRateLimited
  /** Right password, two-factor on: not signed in yet; the pending sign-in waits for a code. */
  | { ok: false; reason: "second_factor"; message: string; userId: string; pending: PendingSignIn };

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The session token the browser already had, if any: it is ended, a new one is issued. */
  previousToken?: string | null;
  /** The ALTCHA widget's payload, when the form carried one. */
  challengePayload?: string | null;
}

/**
 * Checks the password and starts a new session, or, for an account with two-factor sign-in on,
 * a pending sign-in that only a code turns into a session (completeSignIn). Each attempt is counted before the password
 * is checked (SIGN_IN_LIMITS): against the address, then against this account from this
 * address, then against the account's ceiling across all addresses.
 *
 * Past a limit the attempt needs a solved challenge (decision 0017): without one it is refused
 * with a fresh challenge and counting stops there, so an address already refused adds nothing
 * to the account's ceiling. With one, the solution is spent and the attempt goes on, counted
 * against every limit (a solved attempt is still an attempt), so the owner is never locked out
 * and every guess past the limits costs the guesser a proof-of-work. Without `challenges` the
 * limits simply refuse.
 */
export async function signIn(
  db: Db,
  input: SignInInput,
  options: { adminEmails: ReadonlySet<string>; limits?: typeof SIGN_IN_LIMITS; now?: Date; challenges?: SignInChallenges },
): Promise<SignInResult> {
  const limits = options.limits ?? SIGN_IN_LIMITS;
  const email = input.email.trim().toLowerCase();
  const accountKey = rateLimitKey("signin:account", email);
  // Without a known address (never the case behind server/app.ts) all such attempts share one count.
  const pairKey = rateLimitKey("signin:account-ip", `${email}\n${input.ipAddress ?? "unknown"}`);
  const addressKey = input.ipAddress ? rateLimitKey("signin:ip", input.ipAddress) : null;

  const checks: Array<[key: string, rule: RateLimitRule]> = [
    ...(addressKey ? [[addressKey, limits.perAddress] as [string, RateLimitRule]] : []),
    [pairKey, limits.perAccountAddress],
    [accountKey, limits.perAccount],
  ];
  let challengePassed = false;
  for (const [key, rule] of checks) {
    const result = await consumeRateLimit(db, key, rule, options.now);
    if (result.allowed || challengePassed) continue;
    const redeemed = options.challenges && input.challengePayload ? await options.challenges.redeem(input.challengePayload) : null;
    if (redeemed?.ok) {
      challengePassed = true;
      continue;
    }
    return {
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: result.retryAfterSeconds,
      message: tooManyAttemptsMessage(result.retryAfterSeconds),
      challenge: options.challenges ? await options.challenges.issue() : null,
      challengeProblem: redeemed && !redeemed.ok && redeemed.problem !== "missing" ? redeemed.problem : null,
    };
  }

  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  // Same work whether or not the account exists, so timing does not tell them apart.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS };

  await clearRateLimit(db, pairKey);
  await refundRateLimit(db, accountKey);
  if (addressKey) await refundRateLimit(db, addressKey);
  if (needsRehash(user.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  }
  await syncUserRole(db, { id: user.id, email: user.email, emailVerified: Boolean(user.verifiedAt) }, options.adminEmails);
  if (await isTwoFactorEnabled(db, user.id)) {
    const pending = await createSignInChallenge(db, user.id, { persistent: input.remember, now: options.now });
    return { ok: false, reason: "second_factor", message: TWO_FACTOR_CODE_NEEDED, userId: user.id, pending };
  }
  await deleteSession(db, input.previousToken);
  const session = await createSession(db, user.id, {
    persistent: input.remember,
    userAgent: input.userAgent,
    ipAddress: input.ipAddress,
    now: options.now,
  });
  return { ok: true, userId: user.id, session };
}

export type { Profile };

/** The profile of the signed-in user: callers pass the session's user id, never a form's. */
export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      fullName: profiles.fullName,
      email: users.email,
      addressLine1: profiles.addressLine1,
      addressLine2: profiles.addressLine2,
      city: profiles.city,
      region: profiles.region,
      postalCode: profiles.postalCode,
      country: profiles.country,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Saves name and address. Only these columns can change: email, role and premium status
 * are not in the input type and not in the statement.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({
      fullName: input.fullName,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      city: input.city,
      region: input.region,
      postalCode: input.postalCode,
      country: input.country,
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length === 1;
}
