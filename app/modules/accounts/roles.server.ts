import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";

export type Role = "customer" | "admin";

/**
 * ADMIN_EMAILS is the only source of the admin role: no form sets a role, and an address
 * taken off the list loses the role at the next start or sign-in.
 */
export function roleFor(email: string, adminEmails: ReadonlySet<string>): Role {
  return adminEmails.has(email.trim().toLowerCase()) ? "admin" : "customer";
}

/** Brings one user's role in line with ADMIN_EMAILS (at sign-in); audits a change. */
export async function syncUserRole(db: Db, userId: string, email: string, adminEmails: ReadonlySet<string>): Promise<Role> {
  const role = roleFor(email, adminEmails);
  const changed = await db
    .update(users)
    .set({ role })
    .where(and(eq(users.id, userId), ne(users.role, role)))
    .returning({ id: users.id });
  if (changed.length > 0) {
    await db.insert(auditLog).values({
      action: role === "admin" ? "role.granted" : "role.revoked",
      entityType: "user",
      entityId: userId,
      details: { role, reason: "ADMIN_EMAILS" },
    });
  }
  return role;
}

/**
 * Applies ADMIN_EMAILS to every account (at server start): listed accounts become admins,
 * admins no longer listed become customers. Each change is written to the audit log.
 */
export async function syncAdminRoles(db: Db, adminEmails: ReadonlySet<string>): Promise<{ granted: string[]; revoked: string[] }> {
  const listed = [...adminEmails];
  return db.transaction(async (tx) => {
    const granted = listed.length
      ? await tx
          .update(users)
          .set({ role: "admin" })
          .where(and(inArray(users.email, listed), ne(users.role, "admin")))
          .returning({ id: users.id, email: users.email })
      : [];
    const revoked = await tx
      .update(users)
      .set({ role: "customer" })
      .where(listed.length ? and(eq(users.role, "admin"), notInArray(users.email, listed)) : eq(users.role, "admin"))
      .returning({ id: users.id, email: users.email });
    const entries = [
      ...granted.map((u) => ({ action: "role.granted", entityType: "user", entityId: u.id, details: { role: "admin", reason: "ADMIN_EMAILS" } })),
      ...revoked.map((u) => ({ action: "role.revoked", entityType: "user", entityId: u.id, details: { role: "customer", reason: "ADMIN_EMAILS" } })),
    ];
    if (entries.length) await tx.insert(auditLog).values(entries);
    return { granted: granted.map((u) => u.email), revoked: revoked.map((u) => u.email) };
  });
}

/** For tests and scripts: how many admins there are. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}
