/**
 * The accounts side of a customer's own data (UK GDPR): what the account holds, for the
 * download, and the erasure of it. The account row itself stays (orders kept for accounting
 * point at it) but nothing in it identifies the person any more, and it can never sign in.
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { emailVerificationTokens, passwordResetTokens, profiles, sessions, users } from "~/db/schema";
import { verifyPassword } from "./password.server";
import type { Profile } from "./profile";
import { removeTwoFactor } from "./two-factor.server";
import { getProfile } from "./users.server";

export interface AccountData {
  email: string;
  /** Whether the customer has proved the mailbox: only then is data found by email theirs. */
  emailVerified: boolean;
  role: string;
  createdAt: Date;
  /** Name and address as the account page shows them (the email is the account's, above). */
  profile: Omit<Profile, "email"> | null;
}

export async function accountData(db: Db, userId: string): Promise<AccountData | null> {
  const [account] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const profile = await getProfile(db, userId);
  const { emailVerifiedAt, ...rest } = account;
  return { ...rest, emailVerified: emailVerifiedAt !== null, profile: profile ? withoutEmail(profile) : null };
}

function withoutEmail({ email: _email, ...rest }: Profile): Omit<Profile, "email"> {
  return rest;
}

/** Whether `password` is this account's password (a step-up check before erasing it). */
export async function confirmPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? verifyPassword(row.passwordHash, password) : false;
}

/** The address an erased account is left with: unique, and undeliverable by RFC 2606. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/** The name an erased account's profile shows (admin screens, old orders). */
export const ERASED_NAME = "Erased customer";

/**
 * Erases the person from the account: email, name and address replaced, the password made
 * unusable (not a hash any password matches), the role back to customer, every session and
 * reset or verification link ended, and two-factor sign-in removed. Returns the email it had
 * (and whether it was verified), or null when there is no such account.
 */
export async function eraseAccount(tx: Tx, userId: string, now: Date): Promise<{ email: string; emailVerified: boolean } | null> {
  const [before] = await tx
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!before) return null;
  const placeholder = erasedEmail(userId);
  await tx
    .update(users)
    .set({ email: placeholder, passwordHash: "!erased", role: "customer", emailVerifiedAt: null })
    .where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({
      fullName: ERASED_NAME,
      email: placeholder,
      addressLine1: null,
      addressLine2: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      premiumStatus: false,
      updatedAt: now,
    })
    .where(eq(profiles.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
  await removeTwoFactor(tx, userId);
  return { email: before.email, emailVerified: before.emailVerifiedAt !== null };
}
