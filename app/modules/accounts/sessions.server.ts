import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { profiles, sessions, users, userTotp } from "~/db/schema";
import { isPremiumSql } from "~/modules/membership/premium.server";
import { REMEMBER_ME_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from "./policy";
import { generateToken, hashToken, TOKEN_PATTERN } from "./tokens.server";

export interface NewSession {
  /** Goes into the cookie; never stored. */
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

/**
 * Starts a session: a fresh random token every time (sign-in never reuses a token, so a
 * token planted before sign-in is worthless after it). Without "remember me" the session
 * lives 12 hours from the last request and 24 hours at most; with it, 30 days.
 */
export async function createSession(
  db: Db,
  userId: string,
  options: { persistent: boolean; userAgent?: string | null; ipAddress?: string | null; now?: Date },
): Promise<NewSession> {
  const now = options.now ?? new Date();
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + (options.persistent ? REMEMBER_ME_MS : SESSION_IDLE_MS));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    persistent: options.persistent,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    ipAddress: options.ipAddress?.slice(0, 64) ?? null,
  });
  return { token, persistent: options.persistent, expiresAt };
}

export interface SessionUser {
  tokenHash: string;
  userId: string;
  email: string;
  role: string;
  /** Whether the owner has proved the email address (the admin role needs it). */
  emailVerified: boolean;
  fullName: string;
  persistent: boolean;
  expiresAt: Date;
  /** Two-factor sign-in is on (ADMIN_REQUIRE_2FA gives an admin no admin access without it). */
  twoFactorEnabled: boolean;
  /** Pro right now (membership's `isPremium`, asked in the same query). */
  isPremium: boolean;
}

/**
 * The session lookup every signed-in request makes, prepared once per database (decision 0056):
 * drizzle does not build its SQL again each time, and PostgreSQL parses and plans it once per
 * connection (a named statement). Whether the customer is Pro comes in the same row.
 */
function sessionUserQuery(db: Db) {
  const now = sql.placeholder("now");
  return db
    .select({
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      persistent: sessions.persistent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      fullName: profiles.fullName,
      twoFactorEnabledAt: userTotp.enabledAt,
      isPremium: isPremiumSql(sessions.userId, now),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, now)))
    .limit(1);
}
const sessionUserStatement = preparedPerDatabase("accounts_session_user", sessionUserQuery);

/**
 * The user behind a cookie token, or null when the token is malformed, unknown or expired.
 * A browser-session login slides its idle expiry forward (at most every few minutes, so
 * reading pages is not a write per request) but never past 24 hours after sign-in.
 */
export async function findSessionUser(db: Db, token: string | null | undefined, now = new Date()): Promise<SessionUser | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  // A placeholder's value goes to the driver as it is (no column encoder): an ISO string.
  const [row] = await sessionUserStatement(db).execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;

  let expiresAt = row.expiresAt;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    if (!row.persistent) {
      expiresAt = new Date(
        Math.min(now.getTime() + SESSION_IDLE_MS, row.createdAt.getTime() + SESSION_ABSOLUTE_MS),
      );
    }
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    userId: row.userId,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    fullName: row.fullName ?? row.email,
    persistent: row.persistent,
    expiresAt,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    isPremium: row.isPremium,
  };
}

/** Sign-out: the session is gone on the server, whatever the browser does with its cookie. */
export async function deleteSession(db: Db, token: string | null | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, optionally keeping one (the one making the change). */
export async function deleteUserSessions(db: Db, userId: string, keepTokenHash?: string | null): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

export async function countUserSessions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
