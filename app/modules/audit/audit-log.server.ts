/**
 * The audit log (`audit_log`): who changed what, and why, written in the same transaction as
 * the change it records, so a change and its record stand or fall together. Append-only.
 */
import type { Db, Tx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export interface AuditEntry {
  /** The admin or customer who acted; absent for the system (e.g. ADMIN_EMAILS at start). */
  actorUserId?: string | null;
  /** What happened, `area.verb`: "order.dispatched", "wholesale.approved", "role.granted". */
  action: string;
  entityType: string;
  entityId: string;
  details?: Record<string, unknown> | null;
  createdAt?: Date;
}

export async function recordAudit(db: Db | Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries];
  if (rows.length === 0) return;
  await db.insert(auditLog).values(rows);
}
