import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { loggableMessage, processLog } from "~/utils/log.server";
import { OUTBOX_MAX_ATTEMPTS } from "./outbox-status";

export interface OutgoingEmail {
  /** What kind of email this is, e.g. "password-reset", "order-confirmation". */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Emails with the same key are written once (e.g. `order-confirmation:100042`). */
  dedupeKey?: string;
  /**
   * The parts of `text`/`html` that grant access to whoever reads them, e.g. a password-reset
   * or email-verification link (pass the whole link). They go to the recipient and nowhere
   * else: /admin/outbox never shows them, and once the email is sent (or written to the server
   * log when SMTP_URL is unset, or given up after its last attempt) they are cut out of the
   * stored text and HTML. Any caller whose email carries such a link must list it here.
   */
  secrets?: string[];
}

/** What a secret becomes on /admin/outbox and in the stored email once it has gone. */
export const REDACTED_SECRET = "[secret link removed]";

/**
 * The body with every secret (as given, and HTML-escaped the usual ways, since an HTML body
 * carries links escaped) replaced by REDACTED_SECRET. Longest first, so a secret that
 * contains another is removed whole.
 */
export function redactSecrets<T extends string | null>(body: T, secrets: readonly string[] | null | undefined): T {
  if (body === null || !secrets?.length) return body;
  let out: string = body;
  const sorted = [...secrets].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const secret of sorted) {
    for (const form of new Set([secret, escapeHtml(secret), secret.replace(/&/g, "&amp;")])) {
      out = out.split(form).join(REDACTED_SECRET);
    }
  }
  return out as T;
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
      secrets: secretsOf(email),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length > 0;
}

function secretsOf(email: OutgoingEmail): string[] | null {
  if (!email.secrets?.length) return null;
  if (email.secrets.some((secret) => secret.length < 8)) {
    // An empty or tiny "secret" would cut ordinary words out of the email.
    throw new Error(`enqueueEmail(${email.kind}): a secret must be the link itself (8 characters or more)`);
  }
  return [...new Set(email.secrets)];
}

/**
 * The column values that cut a row's secrets out of its stored text and HTML for good.
 * Empty when the row has none (nothing to change).
 */
export function redactionOf(row: { textBody: string; htmlBody: string | null; secrets: string[] | null }, now: Date) {
  if (!row.secrets?.length) return {};
  return {
    textBody: redactSecrets(row.textBody, row.secrets),
    htmlBody: redactSecrets(row.htmlBody, row.secrets),
    secrets: null,
    redactedAt: now,
  };
}

/** For the HTML bodies of emails: text and attribute values (and for finding a secret in them). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EmailTransport {
  /** Delivers one email or throws. */
  send(email: { to: string; subject: string; text: string; html?: string | null }): Promise<void>;
}

const MAX_ATTEMPTS = OUTBOX_MAX_ATTEMPTS;
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
      // A redacted email lost its link (written to the log before SMTP_URL was set): never sent.
      .where(
        and(isNull(outbox.sentAt), isNull(outbox.redactedAt), lte(outbox.nextAttemptAt, now), sql`${outbox.attempts} < ${MAX_ATTEMPTS}`),
      )
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
      // Sent: its access link now lives only in the recipient's mailbox.
      const sentAt = new Date();
      await db.update(outbox).set({ sentAt, lastError: null, ...redactionOf(row, sentAt) }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      // The send, or the update after it (a failed statement's values are the email's text).
      const message = loggableMessage(error).slice(0, 500) || "unknown error";
      // Its id, not its address, which an SMTP refusal often quotes ("550 <…>: Recipient address
      // rejected"): /admin/outbox shows the rest to those allowed to see it.
      const reason = message.replace(new RegExp(escapeRegExp(row.toAddress), "gi"), "<recipient>");
      processLog().error({ emailId: row.id, kind: row.kind, attempt: row.attempts + 1, reason }, "outbox: an email could not be sent");
      // The last attempt: nobody will send it, so nobody needs its link either.
      const givenUp = row.attempts + 1 >= MAX_ATTEMPTS ? redactionOf(row, new Date()) : {};
      await db.update(outbox).set({ lastError: message, ...givenUp }).where(eq(outbox.id, row.id));
    }
  }
  return { claimed: claimed.length, sent };
}

/**
 * Newest first, for the admin outbox page: secrets are cut out of the text and HTML even
 * before the email is sent (an admin must not be able to use a customer's reset link).
 */
export async function listOutbox(db: Db, limit = 200) {
  const rows = await db.select().from(outbox).orderBy(sql`${outbox.id} DESC`).limit(limit);
  return rows.map(({ secrets, ...row }) => ({
    ...row,
    textBody: redactSecrets(row.textBody, secrets),
    htmlBody: redactSecrets(row.htmlBody, secrets),
  }));
}

/**
 * Deletes outbox rows older than the retention period (OUTBOX_RETENTION_DAYS), sent or not,
 * in batches so a large backlog never holds a long lock. Returns how many went.
 */
export async function purgeOldEmails(db: Db, { retentionDays, now = new Date(), batchSize = 1000 }: { retentionDays: number; now?: Date; batchSize?: number }) {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  let deleted = 0;
  for (;;) {
    const batch = db.select({ id: outbox.id }).from(outbox).where(lt(outbox.createdAt, cutoff)).limit(batchSize);
    const rows = await db.delete(outbox).where(inArray(outbox.id, batch)).returning({ id: outbox.id });
    deleted += rows.length;
    if (rows.length < batchSize) return { deleted };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
