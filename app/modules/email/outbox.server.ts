import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";

export interface OutgoingEmail {
  /** What kind of email this is, e.g. "password-reset", "order-confirmation". */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Emails with the same key are written once (e.g. `order-confirmation:100042`). */
  dedupeKey?: string;
}

/**
 * Queues an email. Call it with the transaction that makes the change the email is about,
 * so the email exists if and only if the change does. Returns false when an email with the
 * same dedupe key was already queued.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<boolean> {
  const rows = await db
    .insert(outbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      dedupeKey: email.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** For the HTML bodies of emails: text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EmailTransport {
  /** Delivers one email or throws. */
  send(email: { to: string; subject: string; text: string; html?: string | null }): Promise<void>;
}

const MAX_ATTEMPTS = 8;
/** 1 min, 2, 4, ... capped at 1 hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends due emails. Rows are claimed with FOR UPDATE SKIP LOCKED inside a transaction that
 * pushes their next attempt into the future, so two instances never send the same email and
 * a crash mid-send retries later instead of losing it.
 */
export async function deliverDueEmails(db: Db, transport: EmailTransport, { batchSize = 20, now = new Date() } = {}) {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), sql`${outbox.attempts} < ${MAX_ATTEMPTS}`))
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    for (const row of due) {
      await tx
        .update(outbox)
        .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1)) })
        .where(eq(outbox.id, row.id));
    }
    return due;
  });

  let sent = 0;
  for (const row of claimed) {
    try {
      await transport.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      const message = (error as Error).message?.slice(0, 500) ?? "unknown error";
      console.error(`[outbox] email ${row.id} (${row.kind}) to ${row.toAddress} failed (attempt ${row.attempts + 1}): ${message}`);
      await db.update(outbox).set({ lastError: message }).where(eq(outbox.id, row.id));
    }
  }
  return { claimed: claimed.length, sent };
}

/** Newest first, for the admin outbox page. */
export async function listOutbox(db: Db, limit = 200) {
  return db.select().from(outbox).orderBy(sql`${outbox.id} DESC`).limit(limit);
}
