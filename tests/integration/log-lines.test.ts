import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "~/entry.server";
import { paymentEvents } from "~/db/schema";
import { deliverDueEmails, enqueueEmail } from "~/modules/email/outbox.server";
import { processPaymentEvent } from "~/modules/payments/events.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { captureLog } from "../support/log-capture";

/**
 * The server's lines are JSON through pino, and a failed statement's values never reach them
 * (decision 0062): a real PostgreSQL error raised through drizzle, with a customer's email and a
 * password hash as the statement's parameters, logged by the route error handler and by the
 * payment-event dispatch (which also keeps the error on the event row).
 */
const SECRET = "victim.customer@example.com";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";

let database: TestDatabase;
const { logger, lines, asProcessLog } = captureLog();
let restoreProcessLog: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  restoreProcessLog = asProcessLog();
});
afterAll(async () => {
  restoreProcessLog?.();
  await database?.destroy();
});
afterEach(() => void lines.splice(0));

/** A statement PostgreSQL refuses (division by zero, folded at planning), with personal data bound to it. */
async function failedStatement(): Promise<unknown> {
  try {
    await database.db.execute(sql`SELECT id FROM users WHERE email = ${SECRET} AND password_hash = ${HASH} AND 1 / 0 = 1`);
  } catch (error) {
    return error;
  }
  throw new Error("the statement was expected to fail");
}

describe("a failed statement in the log", () => {
  it("really carries the values as drizzle raises it (what the rest of this file keeps out)", async () => {
    const error = (await failedStatement()) as Error & { params?: unknown[] };
    expect(error.message).toContain(SECRET);
    expect(error.params).toContain(HASH);
  });

  it("is logged by the route error handler with the request's logger, without the values", async () => {
    const error = await failedStatement();
    const request = new Request("https://shop.test/login", { method: "POST" });
    handleError(error, { request, params: {}, context: { requestLog: () => logger.child({ requestId: "req-12345678" }) } } as never);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, requestId: "req-12345678", msg: "request error" });
    const text = JSON.stringify(lines[0]);
    expect(text).toContain("division by zero");
    expect(text).toContain("params: (not logged)");
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("argon2id");
  });

  it("is logged by the payment-event dispatch and kept on the event row, without the values", async () => {
    const error = await failedStatement();
    const event = { id: "evt_log_lines_1", provider: "sandbox" as const, type: "checkout.session.completed", created: 0, object: {}, raw: {} };
    const handler = { name: "failing", handles: () => true, handle: () => Promise.reject(error) };
    await expect(processPaymentEvent(database.db, event, [handler], { provider: {} as PaymentProvider, now: new Date() })).rejects.toBe(error);
    const [row] = await database.db.select({ error: paymentEvents.error }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(row!.error).toContain("params: (not logged)");
    expect(row!.error).not.toContain(SECRET);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, eventId: event.id });
    expect(JSON.stringify(lines[0])).not.toContain(SECRET);
  });
});

describe("an email that could not be sent", () => {
  it("is logged by its outbox id: not its recipient, even quoted back in another case by the mail server", async () => {
    const to = `Victim.${Date.now().toString(36)}@Example.test`;
    await enqueueEmail(database.db, { kind: "log-lines", to, subject: "Hello", text: "Private text of the email" });
    const refusing = { send: () => Promise.reject(new Error(`550 5.1.1 <${to.toLowerCase()}>: Recipient address rejected`)) };
    await deliverDueEmails(database.db, refusing);
    const line = lines.find((l) => l.msg === "outbox: an email could not be sent")!;
    expect(line).toMatchObject({ level: 50, kind: "log-lines", reason: "550 5.1.1 <<recipient>>: Recipient address rejected" });
    expect(JSON.stringify(lines).toLowerCase()).not.toContain(to.toLowerCase());
  });
});
