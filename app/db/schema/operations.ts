import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";

/**
 * Emails to send. Written in the same transaction as the change that causes them, sent by
 * the outbox worker (claims rows with FOR UPDATE SKIP LOCKED), retried with backoff.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Makes "one confirmation email per order" a database fact, not a hope. */
    dedupeKey: text().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /**
     * The parts of the text/HTML that grant access (a reset or verification link), given to
     * `enqueueEmail` as `secrets`. Hidden on /admin/outbox; once the email has gone (or been
     * written to the server log, or given up) they are cut out of the bodies and this is null.
     */
    secrets: jsonb().$type<string[]>(),
    /** When the secrets were cut out; such an email is never sent (its link is gone). */
    redactedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`),
    // The retention purge deletes by age.
    index("outbox_created_idx").on(t.createdAt),
  ],
);

/** Who did what to which object, for decisions that matter (roles, refunds, wholesale reviews). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    // The audit screen lists newest first, filtered by who or what.
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt),
  ],
);
