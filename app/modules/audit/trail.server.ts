/**
 * One thing's audit trail: the rows of `audit_log` about one entity (a customer's account,
 * a coupon), newest first, with the acting user's email where there was one. Read-only.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";

export interface AuditTrailEntry {
  id: number;
  action: string;
  /** Who acted: null for the shop itself (ADMIN_EMAILS at start, a sign-in's role sync). */
  actorUserId: string | null;
  actorEmail: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

export async function auditTrailFor(db: Db, entityType: string, entityId: string, limit = 100): Promise<AuditTrailEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      // The actor's account is a join, not a copy: an erased actor shows as unknown.
      actorEmail: users.email,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, details: (r.details as Record<string, unknown> | null) ?? null }));
}
