import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";

export type Role = "customer" | "admin";

/** The audit `reason` of a role granted or revoked by an admin on /admin/customers/:id. */
export const BACK_OFFICE_REASON = "back_office";

/**
 * The admin role goes only to an address its owner has proved (decision 0011), and comes from
 * one of two places: ADMIN_EMAILS (applied at sign-in, verification and every start), or an
 * admin's grant in the back office (decision 0035). No customer-facing form sets a role;
 * registering a listed address gives nothing until the link emailed to it is used; an address
 * taken off the list loses the role at the next start or sign-in unless an admin granted it
 * in the back office (and has not revoked it since).
 */
export function roleFor(email: string, emailVerified: boolean, adminEmails: ReadonlySet<string>, grantedInBackOffice = false): Role {
  return emailVerified && (adminEmails.has(email.trim().toLowerCase()) || grantedInBackOffice) ? "admin" : "customer";
}

/**
 * SQL: whether the user's latest role change is a grant made in the back office, i.e. the
 * admin role they hold stands on an admin's decision rather than on ADMIN_EMAILS. The audit
 * log is where that decision is written (append-only, in the grant's own transaction), so it
 * is read from there: one indexed lookup (`audit_log_entity_idx`).
 */
function grantedInBackOfficeSql(userId: SQL | string): SQL {
  const id = typeof userId === "string" ? sql`${userId}` : userId;
  return sql`coalesce((
    SELECT a.action = 'role.granted' AND a.details->>'reason' = ${BACK_OFFICE_REASON}
    FROM audit_log a
    WHERE a.entity_type = 'user' AND a.entity_id = (${id})::text AND a.action IN ('role.granted', 'role.revoked')
    ORDER BY a.id DESC LIMIT 1
  ), false)`;
}

/** Whether the user's admin role was granted in the back office and not revoked since. */
export async function isGrantedInBackOffice(db: Db | Tx, userId: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT ${grantedInBackOfficeSql(userId)} AS granted`);
  const [row] = (result as unknown as { rows: { granted: boolean }[] }).rows;
  return row?.granted === true;
}

/**
 * Brings one user's role in line with ADMIN_EMAILS, a back-office grant and their verification
 * (sign-in, verification); audits a change. The user row is locked first, so a grant or
 * revoke in the back office at the same moment is seen whole or waits.
 */
export async function syncUserRole(
  db: Db | Tx,
  user: { id: string; email: string; emailVerified: boolean },
  adminEmails: ReadonlySet<string>,
): Promise<Role> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const listed = adminEmails.has(user.email.trim().toLowerCase());
    const granted = user.emailVerified && !listed ? await isGrantedInBackOffice(tx, user.id) : false;
    const role = roleFor(user.email, user.emailVerified, adminEmails, granted);
    const changed = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, user.id), ne(users.role, role)))
      .returning({ id: users.id });
    if (changed.length > 0) {
      await recordAudit(tx, {
        action: role === "admin" ? "role.granted" : "role.revoked",
        entityType: "user",
        entityId: user.id,
        details: { role, reason: "ADMIN_EMAILS" },
      });
    }
    return role;
  });
}

/**
 * Applies ADMIN_EMAILS to every account (at server start): listed accounts with a verified
 * email become admins; admins not verified, or no longer listed and not granted the role in
 * the back office, become customers. Each change is written to the audit log.
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
          or(
            isNull(users.emailVerifiedAt),
            and(listed.length ? notInArray(users.email, listed) : undefined, sql`NOT ${grantedInBackOfficeSql(sql`"users"."id"`)}`),
          ),
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AdminRoleChange =
  | { status: "changed" | "unchanged"; role: Role; listed: boolean }
  | { status: "not_found" }
  /** A grant to an account whose email is not verified (decision 0011: never). */
  | { status: "unverified" }
  /** An admin revoking their own role: another admin must do it, so a shop never locks itself out by a slip. */
  | { status: "self" };

/**
 * Grants or revokes the admin role from the back office (decision 0035), audited as
 * `role.granted`/`role.revoked` with reason `back_office`, the acting admin and the role before
 * and after, in the change's transaction. Only a verified email may be granted it; nobody may
 * revoke their own. A revoked address that is listed in ADMIN_EMAILS gets the role back at its
 * next sign-in or the next start (the list still grants): `listed` says so, for the page.
 */
export async function setAdminRole(
  db: Db,
  change: { actorId: string; userId: string; admin: boolean },
  adminEmails: ReadonlySet<string>,
): Promise<AdminRoleChange> {
  if (!UUID.test(change.userId)) return { status: "not_found" };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role, verified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL` })
      .from(users)
      .where(eq(users.id, change.userId))
      .for("update");
    if (!user) return { status: "not_found" as const };
    const listed = adminEmails.has(user.email.trim().toLowerCase());
    if (change.admin && !user.verified) return { status: "unverified" as const };
    if (!change.admin && user.id === change.actorId) return { status: "self" as const };
    const role: Role = change.admin ? "admin" : "customer";
    if (user.role === role) return { status: "unchanged" as const, role, listed };
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorUserId: change.actorId,
      action: change.admin ? "role.granted" : "role.revoked",
      entityType: "user",
      entityId: user.id,
      details: { role, reason: BACK_OFFICE_REASON, before: { role: user.role }, after: { role }, listedInAdminEmails: listed },
    });
    return { status: "changed" as const, role, listed };
  });
}
