import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import { outbox, users } from "~/db/schema";
import { requestPasswordReset, resetPassword } from "~/modules/accounts/password-reset.server";
import { createSession } from "~/modules/accounts/sessions.server";
import { deliverDueEmails, enqueueEmail, purgeOldEmails, REDACTED_SECRET, type EmailTransport } from "~/modules/email/outbox.server";
import { smtpTransport } from "~/modules/email/transport.server";
import { runOutbox } from "~/modules/email/worker.server";
import * as adminOutbox from "~/routes/admin-outbox";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, settle, testContext, uniqueEmail } from "../support/accounts";
import { captureLog } from "../support/log-capture";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * Issue 12, finding 2: a password-reset link grants the account to whoever reads it, so only
 * its recipient may: never /admin/outbox, never the stored email once it has gone.
 */
let database: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await database?.destroy();
});

const resetOptions = { publicUrl: "https://shop.test", shopName: "Nearmint" };
const LINK = /https:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]{43})/;

async function resetEmailRow(email: string) {
  const [row] = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "password-reset")));
  return row!;
}

/** A customer whose sign-up email (the verification link) is already out of the way. */
async function customer() {
  const user = await createUser(database.db);
  await database.db.delete(outbox).where(eq(outbox.toAddress, user.email));
  return user;
}

async function adminCookie() {
  const { id } = await customer();
  await database.db.update(users).set({ role: "admin", emailVerifiedAt: new Date() }).where(eq(users.id, id));
  const session = await createSession(database.db, id, { persistent: false });
  return `${SESSION_COOKIE}=${session.token}`;
}

async function adminOutboxText(cookie: string): Promise<string> {
  const request = new Request("https://shop.test/admin/outbox", { headers: { Cookie: cookie } });
  const result = await settle(() =>
    adminOutbox.loader({ request, context: testContext(database.db), params: {} } as unknown as Parameters<typeof adminOutbox.loader>[0]),
  );
  expect(result.status).toBe(200);
  return JSON.stringify(result.body);
}

describe("secret links in the outbox", () => {
  it("are gone from the stored email once it is sent, and the delivered link still works", async () => {
    const { email } = await customer();
    await requestPasswordReset(database.db, { email }, resetOptions);
    const queued = await resetEmailRow(email);
    const token = queued.textBody.match(LINK)![1]!;

    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Nearmint <hello@nearmint.example>");
    expect(await deliverDueEmails(database.db, transport)).toMatchObject({ sent: 1 });

    const received = sink.messages.find((m) => m.to.includes(email))!;
    expect(received.text).toContain(token);

    const sent = await resetEmailRow(email);
    expect(sent.sentAt).not.toBeNull();
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(sent.textBody).toContain(REDACTED_SECRET);
    expect(sent.htmlBody).toContain(REDACTED_SECRET);
    expect(sent.secrets).toBeNull();
    expect(sent.redactedAt).not.toBeNull();

    expect((await resetPassword(database.db, { token, password: "Delivered-Link-Works-1" })).ok).toBe(true);
  });

  it("are never shown on /admin/outbox, before or after sending", async () => {
    const cookie = await adminCookie();
    const { email } = await customer();
    await requestPasswordReset(database.db, { email }, resetOptions);
    const token = (await resetEmailRow(email)).textBody.match(LINK)![1]!;

    const before = await adminOutboxText(cookie);
    expect(before).toContain(email);
    expect(before).toContain(REDACTED_SECRET);
    expect(before).not.toContain(token);

    await deliverDueEmails(database.db, smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Nearmint <hello@nearmint.example>"));
    const after = await adminOutboxText(cookie);
    expect(after).toContain(email);
    expect(after).not.toContain(token);
  });

  it("without SMTP_URL: written to the server log once, then removed, and never sent later", async () => {
    const { email } = await customer();
    await requestPasswordReset(database.db, { email }, resetOptions);
    const token = (await resetEmailRow(email)).textBody.match(LINK)![1]!;

    const log = captureLog();
    const restore = log.asProcessLog();
    try {
      await runOutbox(testContext(database.db));
      await runOutbox(testContext(database.db));
      const lines = log.lines.filter((line) => JSON.stringify(line).includes(token));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, to: email, msg: "outbox: email not sent (no SMTP_URL); here it is" });
    } finally {
      restore();
    }
    const kept = await resetEmailRow(email);
    expect(kept.sentAt).toBeNull();
    expect(JSON.stringify(kept)).not.toContain(token);

    // SMTP configured afterwards: the link is gone, so the email is not sent without it.
    const sends: string[] = [];
    const transport: EmailTransport = { send: async (mail) => void sends.push(mail.to) };
    await deliverDueEmails(database.db, transport);
    expect(sends).not.toContain(email);
    // And it still works for the one who read the log.
    expect((await resetPassword(database.db, { token, password: "Logged-Link-Works-22" })).ok).toBe(true);
  });

  it("are removed when the email is given up after its last attempt", async () => {
    const to = uniqueEmail("bounce");
    const secret = "https://shop.test/verify/abcdefghijklmnopqrstuvwxyz";
    await enqueueEmail(database.db, { kind: "test-secret", to, subject: "s", text: `Open ${secret}`, secrets: [secret] });
    // Due a second ago: the database stamps microseconds, a JavaScript clock only milliseconds, so "now" read
    // right after the insert can fall just before it.
    await database.db.update(outbox).set({ attempts: 7, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.toAddress, to));
    const failing: EmailTransport = {
      send: async () => {
        throw new Error("mailbox unavailable");
      },
    };
    // Other due emails in the table may be claimed too; this one is claimed as long as it is due.
    await deliverDueEmails(database.db, failing, { batchSize: 1000 });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, to));
    expect(row!.sentAt).toBeNull();
    expect(row!.textBody).toBe(`Open ${REDACTED_SECRET}`);
    expect(row!.secrets).toBeNull();
  });

  it("refuses a 'secret' too short to be a link (it would cut words out of the email)", async () => {
    await expect(enqueueEmail(database.db, { kind: "test", to: uniqueEmail(), subject: "s", text: "a b", secrets: ["a"] })).rejects.toThrow(/secret/);
  });
});

describe("outbox retention", () => {
  it("deletes rows older than the retention period only, sent or not", async () => {
    const now = new Date("2030-06-01T12:00:00Z");
    const day = 24 * 60 * 60_000;
    const rows = await database.db
      .insert(outbox)
      .values([
        { kind: "t", toAddress: "old-sent@example.test", subject: "old", textBody: ".", sentAt: new Date(now.getTime() - 95 * day), createdAt: new Date(now.getTime() - 95 * day) },
        { kind: "t", toAddress: "old-unsent@example.test", subject: "old", textBody: ".", createdAt: new Date(now.getTime() - 91 * day) },
        { kind: "t", toAddress: "recent@example.test", subject: "recent", textBody: ".", createdAt: new Date(now.getTime() - 89 * day) },
        { kind: "t", toAddress: "new@example.test", subject: "new", textBody: ".", createdAt: now },
      ])
      .returning({ id: outbox.id, toAddress: outbox.toAddress });

    await purgeOldEmails(database.db, { retentionDays: 90, now, batchSize: 1 });
    const left = await database.db.select({ toAddress: outbox.toAddress }).from(outbox).where(inArray(outbox.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.toAddress).sort()).toEqual(["new@example.test", "recent@example.test"]);
  });
});
