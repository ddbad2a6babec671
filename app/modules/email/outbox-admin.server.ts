/**
 * The admin outbox: every email with its status and attempts, filtered by status and paged,
 * and "resend" for one that failed or was given up. Callers have checked the user is an admin.
 */
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { redactSecrets } from "./outbox.server";
import {
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_PAGE_SIZE,
  outboxStatus,
  resendRefusal,
  type AdminOutboxEmail,
  type AdminOutboxList,
  type OutboxFilter,
} from "./outbox-status";

export type { AdminOutboxEmail, AdminOutboxList };

const unsent = isNull(outbox.sentAt);
const givenUp = and(unsent, or(isNotNull(outbox.redactedAt), sql`${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS}`))!;
const stillTrying = and(unsent, isNull(outbox.redactedAt), sql`${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS}`)!;

/**
 * The same rules as outboxStatus, as SQL. Every unsent filter starts with `sent_at IS NULL`, so
 * PostgreSQL can read them from the outbox_due_idx partial index (unsent rows only) rather than
 * the whole table; "sent" and "all" walk the primary key backwards, newest first, to the page.
 */
function filterCondition(filter: OutboxFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "sent":
      return isNotNull(outbox.sentAt);
    case "given-up":
      return givenUp;
    case "failing":
      return and(stillTrying, isNotNull(outbox.lastError));
    case "queued":
      return and(stillTrying, isNull(outbox.lastError));
  }
}

export async function countUnsentEmails(db: Db): Promise<AdminOutboxList["counts"]> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${filterCondition("queued")})::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${filterCondition("failing")})::int`,
      givenUp: sql<number>`count(*) FILTER (WHERE ${givenUp})::int`,
    })
    .from(outbox)
    .where(unsent);
  return { queued: Number(row?.queued ?? 0), failing: Number(row?.failing ?? 0), givenUp: Number(row?.givenUp ?? 0) };
}

/** Newest first, a page at a time, with the unsent counts for the filter links. */
export async function listOutboxForAdmin(
  db: Db,
  options: { filter: OutboxFilter; page?: number; pageSize?: number },
): Promise<AdminOutboxList> {
  const pageSize = options.pageSize ?? OUTBOX_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(filterCondition(options.filter))
      .orderBy(desc(outbox.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    countUnsentEmails(db),
  ]);
  return {
    emails: rows.slice(0, pageSize).map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      // An admin must never be able to use a customer's reset link, sent or not.
      text: redactSecrets(row.textBody, row.secrets),
      createdAt: row.createdAt,
      sentAt: row.sentAt,
      attempts: row.attempts,
      lastError: row.lastError,
      redactedAt: row.redactedAt,
      nextAttemptAt: row.nextAttemptAt,
      status: outboxStatus(row),
      resendRefusal: resendRefusal(row),
    })),
    filter: options.filter,
    page,
    hasNextPage: rows.length > pageSize,
    counts,
  };
}

export type ResendOutcome = { status: "resent"; id: number } | { status: "not_found"; id: number } | { status: "refused"; id: number; reason: string };

/**
 * Puts a failing or given-up email back in the queue: attempts to 0, due now, error cleared, so
 * the outbox job picks it up on its next pass (or, with SMTP_URL unset, writes it to the log
 * again). The row is locked while it is checked and changed, and the change is audited in the
 * same transaction. An email whose secret link was removed is refused: sent again it would
 * arrive without the link it exists for.
 *
 * The worker holds no lock while an SMTP send is under way, so a resend pressed during those
 * seconds can lead to the email arriving twice; it never loses one.
 */
export async function resendEmail(db: Db, input: { id: number; adminId: string | null }, now = new Date()): Promise<ResendOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, input.id)).for("update");
    if (!row) return { status: "not_found", id: input.id } as const;
    const refusal = resendRefusal(row);
    if (refusal) return { status: "refused", id: input.id, reason: refusal } as const;
    await tx.update(outbox).set({ attempts: 0, nextAttemptAt: now, lastError: null }).where(eq(outbox.id, row.id));
    await recordAudit(tx, {
      actorUserId: input.adminId,
      action: "email.resent",
      entityType: "email",
      entityId: String(row.id),
      details: {
        kind: row.kind,
        to: row.toAddress,
        before: { status: outboxStatus(row), attempts: row.attempts, lastError: row.lastError },
        after: { status: "queued", attempts: 0, lastError: null },
      },
    });
    return { status: "resent", id: row.id } as const;
  });
}
