/**
 * Whether the audit log already holds a given act: an entry about one entity, of one action,
 * whose details carry `key: value`. Orders use it to know that a refund form (its request key)
 * was already carried out, so a replayed post pays nothing (decision 0037). Works inside the
 * caller's transaction, after it locked the entity.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export async function findAuditEntry(
  db: Db | Tx,
  where: { entityType: string; entityId: string; action: string; detail: { key: string; value: string } },
): Promise<{ id: number; details: Record<string, unknown> | null; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: auditLog.id, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, where.entityType),
        eq(auditLog.entityId, where.entityId),
        eq(auditLog.action, where.action),
        sql`${auditLog.details} ->> ${where.detail.key} = ${where.detail.value}`,
      ),
    )
    .limit(1);
  return row ? { ...row, details: (row.details as Record<string, unknown> | null) ?? null } : null;
}
