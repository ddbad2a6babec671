import { lt, or, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailVerificationTokens, passwordResetTokens } from "~/db/schema";
import { deleteExpiredSpentChallenges } from "./challenge.server";
import { DAY_MS } from "./policy";
import { deleteStaleRateLimits } from "./rate-limit.server";
import { deleteExpiredSessions } from "./sessions.server";
import { deleteExpiredSignInChallenges } from "./two-factor.server";

/**
 * Background housekeeping (server/jobs.ts): expired sessions, spent or expired reset and
 * verification links, expired pending two-factor sign-ins, old rate-limit counters and expired
 * spent sign-in challenges go. Expired rows are already refused when read; this only keeps the
 * tables small. Plain DELETEs, safe to run on several instances at once.
 */
export async function cleanUpAccounts({ db }: { db: Db }, now = new Date()) {
  const sessions = await deleteExpiredSessions(db, now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const resets = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, dayAgo), isNotNull(passwordResetTokens.usedAt)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  const verifications = await db
    .delete(emailVerificationTokens)
    .where(or(lt(emailVerificationTokens.expiresAt, dayAgo), isNotNull(emailVerificationTokens.usedAt)))
    .returning({ tokenHash: emailVerificationTokens.tokenHash });
  const rateLimits = await deleteStaleRateLimits(db, dayAgo);
  const challenges = await deleteExpiredSpentChallenges(db, now);
  const twoFactorChallenges = await deleteExpiredSignInChallenges(db, now);
  return { sessions, resets: resets.length, verifications: verifications.length, rateLimits, challenges, twoFactorChallenges };
}
