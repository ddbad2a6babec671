import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";

export type Role = "customer" | "admin";

/**
 * ADMIN_EMAILS is the only source of the admin role, and only for an address its owner has
 * proved (decision 0011): no form sets a role, registering a listed address gives nothing
 * until the link emailed to it is used, and an address taken off the list loses the role at
 * the next start or sign-in.
 */
export function roleFor(email: string, emailVerified: boolean, adminEmails: ReadonlySet<string>): Role {
  return emailVerified && adminEmails.has(email.trim().toLowerCase()) ? "admin" : "customer";
}

/** Brings one user's role in line with ADMIN_EMAILS and their verification (sign-in, verification); audits a change. */
export async function syncUserRole(
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
  adminEmails: ReadonlySet<string>,
): Promise<Role> {
  const role = roleFor(user.email, user.emailVerified, adminEmails);
  const changed = await db
    .update(users)
    .set({ role })
    .where(and(eq(users.id, user.id), ne(users.role, role)))
    .returning({ id: users.id });
  if (changed.length > 0) {
    await recordAudit(db, {
      action: role === "admin" ? "role.granted" : "role.revoked",
      entityType: "user",
      entityId: user.id,
      details: { role, reason: "ADMIN_EMAILS" },
    });
  }
  return role;
}

/**
 * Applies ADMIN_EMAILS to every account (at server start): listed accounts with a verified
 * email become admins; admins no longer listed, or not verified, become customers. Each
 * change is written to the audit log.
 */
export async function syncAdminRoles(db: Db, adminEmails: ReadonlySet<string>): Promise<{ granted: string[]; revoked: string[] }> {
  const listed = [...adminEmails];
  return db.transaction(async (tx) => {
    const granted = listed.length
      ? await tx
          .update(users)
          .set({ role: "admin" })
          .where(and(inArray(users.email, listed), isNotNull(users.emailVerifiedAt), ne(users.role, "admin")))
          .returning({ id: users.id, email: users.email })
      : [];
    const revoked = await tx
      .update(users)
      .set({ role: "customer" })
      .where(
        and(
          eq(users.role, "admin"),
          listed.length ? or(notInArray(users.email, listed), isNull(users.emailVerifiedAt)) : undefined,
        ),
      )
      .returning({ id: users.id, email: users.email });
    const entries = [
      ...granted.map((u) => ({ action: "role.granted", entityType: "user", entityId: u.id, details: { role: "admin", reason: "ADMIN_EMAILS" } })),
      ...revoked.map((u) => ({ action: "role.revoked", entityType: "user", entityId: u.id, details: { role: "customer", reason: "ADMIN_EMAILS" } })),
    ];
    await recordAudit(tx, entries);
    return { granted: granted.map((u) => u.email), revoked: revoked.map((u) => u.email) };
  });
}

/** Whether some ADMIN_EMAILS address has an account still waiting for verification (a hint at start). */
export async function hasUnverifiedListedAdmin(db: Db, adminEmails: ReadonlySet<string>): Promise<boolean> {
  if (adminEmails.size === 0) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.email, [...adminEmails]), isNull(users.emailVerifiedAt)))
    .limit(1);
  return Boolean(row);
}

/** For tests and scripts: how many admins there are. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}
