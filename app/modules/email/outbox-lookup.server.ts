/**
 * The emails about one thing (an order), found by their dedupe keys: what the admin's order
 * page lists in its timeline, with each email's status. Read-only; bodies are not returned.
 */
import { asc, like, or, inArray, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { likePrefix } from "~/db/sql-text";
import { outboxStatus, type OutboxStatus } from "./outbox-status";

export interface EmailAbout {
  id: number;
  kind: string;
  to: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  status: OutboxStatus;
}

/** Emails whose dedupe key is one of `keys` or starts with one of `prefixes`, oldest first. */
export async function emailsByDedupeKey(db: Db, { keys = [], prefixes = [] }: { keys?: string[]; prefixes?: string[] }, limit = 100): Promise<EmailAbout[]> {
  const conditions: SQL[] = [];
  if (keys.length > 0) conditions.push(inArray(outbox.dedupeKey, keys));
  for (const prefix of prefixes) conditions.push(like(outbox.dedupeKey, likePrefix(prefix)));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      to: outbox.toAddress,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      redactedAt: outbox.redactedAt,
    })
    .from(outbox)
    .where(or(...conditions))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(limit);
  return rows.map(({ lastError, redactedAt, ...r }) => ({ ...r, status: outboxStatus({ sentAt: r.sentAt, attempts: r.attempts, lastError, redactedAt }) }));
}
