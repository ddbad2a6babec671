/**
 * The audit screen's query: entries newest first, filtered by who, what and when, a page at a
 * time. It reads users and profiles for the actor's email and name (a reporting join, listed in
 * docs/development.md). Callers have checked the user is an admin.
 *
 * Indexes: no filter or a date range walks audit_log_created_idx backwards; an actor uses
 * audit_log_actor_idx (actor_user_id, created_at), the actor found through users' unique email
 * index; a type (and id) uses audit_log_entity_idx. An action alone is a prefix filter on the
 * created_at walk: cheap while the action is common, a longer scan for a rare one.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, profiles, users } from "~/db/schema";
import { likePrefix } from "~/db/sql-text";
import { AUDIT_PAGE_SIZE, type AuditFilter, type AuditPage } from "./audit-query";

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  // A scalar subquery (not IN): the id becomes a parameter of the index condition, so the newest
  // entries come straight off audit_log_actor_idx instead of a join over all of the actor's rows.
  if (filter.actor) parts.push(sql`${auditLog.actorUserId} = (SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${filter.actor})`);
  if (filter.action) parts.push(sql`${auditLog.action} LIKE ${likePrefix(filter.action)}`);
  if (filter.entityType) parts.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  // Days are UK days, so "1 June" starts at 00:00 BST whatever the server's zone.
  if (filter.from) parts.push(sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`);
  if (filter.to) parts.push(sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`);
  return parts.length ? and(...parts) : undefined;
}

export async function listAuditEntries(db: Db, filter: AuditFilter, options: { page?: number; pageSize?: number } = {}): Promise<AuditPage> {
  const pageSize = options.pageSize ?? AUDIT_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      actorId: auditLog.actorUserId,
      actorEmail: users.email,
      actorName: profiles.fullName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(profiles, eq(profiles.id, auditLog.actorUserId))
    .where(conditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    entries: rows.slice(0, pageSize).map((r) => ({ ...r, actorEmail: r.actorEmail ?? null, actorName: r.actorName ?? null })),
    page,
    hasNextPage: rows.length > pageSize,
  };
}
