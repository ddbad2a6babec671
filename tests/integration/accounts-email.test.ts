import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/db/schema";
import { requestPasswordReset, resetPassword } from "~/modules/accounts/password-reset.server";
import { deliverDueEmails } from "~/modules/email/outbox.server";
import { smtpTransport } from "~/modules/email/transport.server";
import { runOutbox } from "~/modules/email/worker.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, testContext, uniqueEmail } from "../support/accounts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/** The reset email's whole journey over a real SMTP connection. */
let database: TestDatabase;
let sink: SmtpSink;
const credentials = { user: "shop", pass: "s3cret-smtp" };

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink({ auth: credentials });
});
afterAll(async () => {
  await sink?.close();
  await database?.destroy();
});

const resetOptions = { publicUrl: "https://shop.test", shopName: "Nearmint" };

/** A user whose sign-up verification email is out of the way: these tests follow the reset email alone. */
async function userWithEmptyOutbox(email?: string) {
  const user = await createUser(database.db, { email });
  await database.db.delete(outbox).where(eq(outbox.toAddress, user.email));
  return user;
}

describe("password reset email over SMTP", () => {
  it("delivers the queued email with a working link, once, and marks it sent", async () => {
    const { email } = await userWithEmptyOutbox();
    await requestPasswordReset(database.db, { email }, resetOptions);
    const transport = smtpTransport(`smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${sink.port}`, "Nearmint <hello@nearmint.example>");

    const first = await deliverDueEmails(database.db, transport);
    expect(first).toEqual({ claimed: 1, sent: 1 });
    const again = await deliverDueEmails(database.db, transport);
    expect(again).toEqual({ claimed: 0, sent: 0 });

    const received = sink.messages.filter((m) => m.to.includes(email));
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe("Reset your Nearmint password");
    expect(received[0]!.from).toBe("hello@nearmint.example");
    expect(received[0]!.authenticatedAs).toBe(credentials.user);
    const token = received[0]!.text.match(/https:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeTruthy();
    expect((await resetPassword(database.db, { token: token!, password: "Delivered-Link-Works-1" })).ok).toBe(true);

    const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it("keeps the email for a retry when the SMTP server refuses it", async () => {
    const email = uniqueEmail();
    const { email: registered } = await userWithEmptyOutbox(email);
    await requestPasswordReset(database.db, { email: registered }, resetOptions);
    const wrongLogin = smtpTransport(`smtp://shop:wrong@127.0.0.1:${sink.port}`, "Nearmint <hello@nearmint.example>");
    const result = await deliverDueEmails(database.db, wrongLogin);
    expect(result.sent).toBe(0);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Due again later, with the right credentials, it goes out.
    const later = new Date(row!.nextAttemptAt.getTime() + 1000);
    const transport = smtpTransport(`smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${sink.port}`, "Nearmint <hello@nearmint.example>");
    expect(await deliverDueEmails(database.db, transport, { now: later })).toMatchObject({ sent: 1 });
    expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("runs through the worker with SMTP_URL from the environment", async () => {
    const { email } = await createUser(database.db);
    await requestPasswordReset(database.db, { email }, resetOptions);
    const context = testContext(database.db, { SMTP_URL: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${sink.port}` });
    const result = await runOutbox(context);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(sink.messages.some((m) => m.to.includes(email) && m.text.includes("/reset-password/"))).toBe(true);
  });
});
