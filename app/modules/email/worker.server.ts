import { and, eq, isNull, sql } from "drizzle-orm";
import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { outbox } from "~/db/schema";
import { deliverDueEmails } from "./outbox.server";
import { smtpTransport } from "./transport.server";

/**
 * One outbox pass. With SMTP_URL set, emails are sent; without it they stay in the outbox
 * (readable at /admin/outbox) and each new one is written to the server log once, links
 * included, so a password reset works on the embedded default.
 */
export async function runOutbox(context: { db: Db; env: Env; shop: ShopIdentity }) {
  const { db, env, shop } = context;
  if (env.SMTP_URL) {
    const from = env.MAIL_FROM ?? `${shop.name} <${shop.contactEmail}>`;
    return deliverDueEmails(db, smtpTransport(env.SMTP_URL, from));
  }
  // No SMTP: log unsent, unlogged emails once. attempts = 0 marks "not yet logged".
  const rows = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: "SMTP_URL is not set; kept in the outbox" })
    .where(and(isNull(outbox.sentAt), eq(outbox.attempts, 0)))
    .returning();
  for (const row of rows) {
    console.log(`[outbox] (not sent: no SMTP_URL) to=${row.toAddress} subject=${JSON.stringify(row.subject)}\n${row.textBody}`);
  }
  return { claimed: rows.length, sent: 0 };
}
