import { lt, or, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passwordResetTokens } from "~/db/schema";
import { DAY_MS } from "./policy";
import { deleteStaleRateLimits } from "./rate-limit.server";
import { deleteExpiredSessions } from "./sessions.server";
import { deleteExpiredSignInChallenges } from "./two-factor.server";

/**
 * Background housekeeping (server/jobs.ts): expired sessions, spent or expired reset links,
 * expired pending two-factor sign-ins and old rate-limit counters go. Expired rows are already refused when read; this only
 * keeps the tables small. Plain DELETEs, safe to run on several instances at once.
 */
export async function cleanUpAccounts({ db }: { db: Db }, now = new Date()) {
  const sessions = await deleteExpiredSessions(db, now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const resets = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, dayAgo), isNotNull(passwordResetTokens.usedAt)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  const rateLimits = await deleteStaleRateLimits(db, dayAgo);
  const twoFactorChallenges = await deleteExpiredSignInChallenges(db, now);
  return { sessions, resets: resets.length, rateLimits, twoFactorChallenges };
}
