import { and, asc, eq, isNull } from "drizzle-orm";
import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { outbox } from "~/db/schema";
import { processLog } from "~/utils/log.server";
import { deliverDueEmails, purgeOldEmails, redactionOf } from "./outbox.server";
import { smtpTransport } from "./transport.server";

/**
 * One outbox pass. With SMTP_URL set, emails are sent; without it they stay in the outbox
 * (readable at /admin/outbox) and each new one is written to the server log once, links
 * included, so a password reset works on the embedded default. The log is that email's one
 * delivery: its secret links are cut out of the stored copy right after (see `secrets` in
 * enqueueEmail), and such an email is not sent later should SMTP_URL be set.
 */
export async function runOutbox(context: { db: Db; env: Env; shop: ShopIdentity }) {
  const { db, env, shop } = context;
  if (env.SMTP_URL) {
    const from = env.MAIL_FROM ?? `${shop.name} <${shop.contactEmail}>`;
    return deliverDueEmails(db, smtpTransport(env.SMTP_URL, from));
  }
  // No SMTP: log unsent, unlogged emails once. attempts = 0 marks "not yet logged"; rows are
  // claimed with SKIP LOCKED so two instances never log (or redact) the same email.
  const logged = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), eq(outbox.attempts, 0)))
      .orderBy(asc(outbox.id))
      .limit(100)
      .for("update", { skipLocked: true });
    const now = new Date();
    for (const row of rows) {
      // Whole, so whoever runs a shop without SMTP can follow its link (README); only once.
      processLog().info({ emailId: row.id, to: row.toAddress, subject: row.subject, text: row.textBody }, "outbox: email not sent (no SMTP_URL); here it is");
      await tx
        .update(outbox)
        .set({ attempts: row.attempts + 1, lastError: "SMTP_URL is not set; kept in the outbox", ...redactionOf(row, now) })
        .where(eq(outbox.id, row.id));
    }
    return rows.length;
  });
  return { claimed: logged, sent: 0 };
}

/** The retention job: outbox rows older than OUTBOX_RETENTION_DAYS are deleted. */
export function runOutboxRetention(context: { db: Db; env: Env }, now = new Date()) {
  return purgeOldEmails(context.db, { retentionDays: context.env.OUTBOX_RETENTION_DAYS, now });
}
