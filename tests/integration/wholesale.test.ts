import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import { DEMO_SHOP } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { auditLog, outbox, profiles, rateLimits, sessions, users, wholesaleApplications } from "~/db/schema";
import { HONEYPOT_FIELD, WHOLESALE_MESSAGES, type WholesaleFormValues } from "~/modules/wholesale/application-schema";
import {
  decideApplication,
  getApplication,
  listApplications,
  submitApplication,
  WHOLESALE_RATE_LIMIT,
  WHOLESALE_TEXT,
} from "~/modules/wholesale/applications.server";
import * as adminRoute from "~/routes/admin-wholesale-applications";
import * as formRoute from "~/routes/wholesale";
import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import { loadEnv } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.destroy();
});

let ipCounter = 0;
/** A fresh documentation-range address per call, so tests never share a rate-limit bucket. */
function freshIp() {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function applicationForm(overrides: WholesaleFormValues = {}): WholesaleFormValues {
  return {
    email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    contact_name: "Sam Buyer",
    platform_username: "discord: sambuyer\nebay: sam_cards",
    contact_number: "07700 900123",
    billing_address: "1 High Street, London SW1A 1AA",
    delivery_address: "",
    company_type: "sole_trader",
    company_name: "",
    company_number: "",
    additional_info: "",
    ...overrides,
  };
}

async function submitted(overrides: WholesaleFormValues = {}) {
  const result = await submitApplication(db, applicationForm(overrides), { ip: freshIp() });
  if (result.status !== "submitted") throw new Error(`expected submitted, got ${result.status}`);
  return result.id;
}

const countApplications = () => db.$count(wholesaleApplications);

/** A user with a live session, made the way the accounts design stores them (token hashed). */
async function userWithSession(role: "customer" | "admin") {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: `Test ${role}`, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return { id: user!.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

function context(): AppLoadContext {
  return { db, env: loadEnv({ NODE_ENV: "test" }), shop: DEMO_SHOP } as AppLoadContext;
}

const ADMIN_URL = "http://shop.test/admin/wholesale-applications";

function adminGet(cookie?: string) {
  return new Request(ADMIN_URL, { headers: cookie ? { Cookie: cookie } : {} });
}

function adminPost(fields: Record<string, string>, cookie?: string) {
  return new Request(ADMIN_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

type AnyArgs = Parameters<typeof adminRoute.loader>[0];
const callLoader = (request: Request) =>
  adminRoute.loader({ request, context: context(), params: {} } as unknown as AnyArgs);
const callAction = (request: Request) =>
  adminRoute.action({ request, context: context(), params: {} } as unknown as Parameters<typeof adminRoute.action>[0]);

/** What `throw data(message, { status })` looks like to a caller of the loader. */
function refusal(status: number, message: string) {
  return { type: "DataWithResponseInit", data: message, init: expect.objectContaining({ status }) };
}

describe("submitting an application", () => {
  it("stores a valid application, normalised, pending, newsletter off", async () => {
    const email = `Mixed.Case-${randomUUID().slice(0, 6)}@Example.com`;
    const id = await submitted({ email: `  ${email} `, company_name: "Ignored Ltd", company_number: "12345678" });
    const row = await getApplication(db, id);
    expect(row).toMatchObject({
      status: "pending",
      email: email.toLowerCase(),
      contactName: "Sam Buyer",
      platformUsername: "discord: sambuyer\nebay: sam_cards",
      companyType: "sole_trader",
      companyName: null,
      companyNumber: null,
      deliveryAddress: null,
      additionalInfo: null,
      subscribeNewsletter: false,
      decidedAt: null,
      decidedBy: null,
    });
  });

  it("keeps company details for a limited company, number normalised", async () => {
    const id = await submitted({ company_type: "limited_company", company_name: "Cards Ltd", company_number: "sc 123 456" });
    expect(await getApplication(db, id)).toMatchObject({ companyName: "Cards Ltd", companyNumber: "SC123456" });
  });

  it("refuses bad input on the server with field messages and stores nothing", async () => {
    const before = await countApplications();
    const result = await submitApplication(
      db,
      applicationForm({ email: "not-an-email", contact_name: " ", company_type: "limited_company", company_number: "123" }),
      { ip: freshIp() },
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        email: WHOLESALE_MESSAGES.emailInvalid,
        contact_name: WHOLESALE_MESSAGES.contactNameRequired,
        company_name: WHOLESALE_MESSAGES.companyNameRequired,
        company_number: WHOLESALE_MESSAGES.companyNumberInvalid,
      },
    });
    expect(await countApplications()).toBe(before);
  });

  it("answers a filled-in honeypot like a success but stores nothing", async () => {
    const before = await countApplications();
    const result = await submitApplication(db, { ...applicationForm(), [HONEYPOT_FIELD]: "http://spam.example" }, { ip: freshIp() });
    expect(result).toEqual({ status: "ignored" });
    expect(await countApplications()).toBe(before);
  });

  it("refuses a second pending application for the same email within 24 hours, whatever its case", async () => {
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    await submitted({ email });
    const before = await countApplications();
    expect(await submitApplication(db, applicationForm({ email: email.toUpperCase() }), { ip: freshIp() })).toEqual({
      status: "duplicate",
    });
    expect(await countApplications()).toBe(before);
    // A day later the applicant may try again.
    const later = new Date(Date.now() + 25 * 60 * 60_000);
    const again = await submitApplication(db, applicationForm({ email }), { ip: freshIp(), now: later });
    expect(again.status).toBe("submitted");
  });

  it("accepts a new application once the earlier one has been decided", async () => {
    const admin = await userWithSession("admin");
    const email = `decided-${randomUUID().slice(0, 8)}@example.com`;
    const id = await submitted({ email });
    expect((await decideApplication(db, { id, adminId: admin.id, decision: "rejected" })).status).toBe("decided");
    expect((await submitApplication(db, applicationForm({ email }), { ip: freshIp() })).status).toBe("submitted");
  });

  it("stores exactly one of several identical submissions sent at the same moment", async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => submitApplication(db, applicationForm({ email }), { ip: freshIp() })),
    );
    expect(results.filter((r) => r.status === "submitted")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(5);
    expect(await db.$count(wholesaleApplications, eq(wholesaleApplications.email, email))).toBe(1);
  });

  it("limits submissions per address; typos don't count; other addresses are unaffected", async () => {
    const ip = freshIp();
    // Invalid attempts are not counted: a genuine applicant fixing typos is never locked out.
    for (let i = 0; i < WHOLESALE_RATE_LIMIT.limit + 2; i++) {
      expect((await submitApplication(db, applicationForm({ email: "typo" }), { ip })).status).toBe("invalid");
    }
    for (let i = 0; i < WHOLESALE_RATE_LIMIT.limit; i++) {
      expect((await submitApplication(db, applicationForm(), { ip })).status).toBe("submitted");
    }
    const before = await countApplications();
    const refused = await submitApplication(db, applicationForm(), { ip });
    expect(refused).toMatchObject({ status: "rate_limited" });
    expect(await countApplications()).toBe(before);
    expect((await submitApplication(db, applicationForm(), { ip: freshIp() })).status).toBe("submitted");
    // The window passes and the address may apply again.
    const later = new Date(Date.now() + WHOLESALE_RATE_LIMIT.windowMs + 1000);
    expect((await submitApplication(db, applicationForm(), { ip, now: later })).status).toBe("submitted");
    // The table holds a hash of the address, not the address.
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes(ip))).toBe(false);
  });

  it("counts concurrent submissions from one address one by one", async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: WHOLESALE_RATE_LIMIT.limit + 4 }, () => submitApplication(db, applicationForm(), { ip })),
    );
    expect(results.filter((r) => r.status === "submitted")).toHaveLength(WHOLESALE_RATE_LIMIT.limit);
    expect(results.filter((r) => r.status === "rate_limited")).toHaveLength(4);
  });
});

describe("the public form's action", () => {
  function post(fields: Record<string, string>, ip = freshIp()) {
    const request = new Request("http://shop.test/wholesale", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip },
      body: new URLSearchParams(fields).toString(),
    });
    return formRoute.action({ request, context: context(), params: {} } as unknown as Parameters<typeof formRoute.action>[0]);
  }

  it("answers a good application with the spec's success message", async () => {
    const fields = applicationForm() as Record<string, string>;
    const response = await post(fields);
    expect(response.init?.status ?? 200).toBe(200);
    expect(response.data).toMatchObject({ ok: true, message: WHOLESALE_TEXT.submitted });
    expect(await db.$count(wholesaleApplications, eq(wholesaleApplications.email, fields.email!))).toBe(1);
  });

  it("answers bad input with 400, field messages and everything the applicant typed", async () => {
    const fields = applicationForm({ email: "nope", additional_info: "Please call after 5pm" }) as Record<string, string>;
    const response = await post(fields);
    expect(response.init?.status).toBe(400);
    expect(response.data).toMatchObject({
      ok: false,
      fieldErrors: { email: WHOLESALE_MESSAGES.emailInvalid },
      values: { email: "nope", contact_name: "Sam Buyer", additional_info: "Please call after 5pm" },
    });
  });

  it("answers a duplicate with 409 and keeps the typed values", async () => {
    const fields = applicationForm() as Record<string, string>;
    await post(fields);
    const response = await post(fields);
    expect(response.init?.status).toBe(409);
    expect(response.data).toMatchObject({ ok: false, error: WHOLESALE_TEXT.duplicate, values: { email: fields.email } });
  });

  it("answers the rate limit with 429, Retry-After and the typed values", async () => {
    const ip = freshIp();
    for (let i = 0; i < WHOLESALE_RATE_LIMIT.limit; i++) await post(applicationForm() as Record<string, string>, ip);
    const fields = applicationForm({ additional_info: "typed with care" }) as Record<string, string>;
    const response = await post(fields, ip);
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(response.data).toMatchObject({ ok: false, error: WHOLESALE_TEXT.rateLimited, values: fields });
  });

  it("answers a body that is not a form with 400, not a 500", async () => {
    const request = new Request("http://shop.test/wholesale", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(applicationForm()),
    });
    const response = await formRoute.action({ request, context: context(), params: {} } as unknown as Parameters<
      typeof formRoute.action
    >[0]);
    expect(response.init?.status).toBe(400);
  });

  it("answers the honeypot exactly like a success and stores nothing", async () => {
    const fields = applicationForm() as Record<string, string>;
    const response = await post({ ...fields, [HONEYPOT_FIELD]: "spam" });
    expect(response.init?.status ?? 200).toBe(200);
    expect(response.data).toMatchObject({ ok: true, message: WHOLESALE_TEXT.submitted });
    expect(await db.$count(wholesaleApplications, eq(wholesaleApplications.email, fields.email!))).toBe(0);
  });
});

describe("listing applications", () => {
  it("lists newest first", async () => {
    const base = Date.now() + 10 * 24 * 60 * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await submitApplication(db, applicationForm(), { ip: freshIp(), now: new Date(base + i * 1000) });
      if (result.status === "submitted") ids.push(result.id);
    }
    const listed = (await listApplications(db)).map((a) => a.id);
    expect(listed.slice(0, 3)).toEqual([...ids].reverse());
    const times = (await listApplications(db)).map((a) => a.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("finds nothing for a malformed or unknown id (no database error)", async () => {
    expect(await getApplication(db, "not-a-uuid")).toBeNull();
    expect(await getApplication(db, randomUUID())).toBeNull();
  });
});

describe("deciding an application", () => {
  let admin: Awaited<ReturnType<typeof userWithSession>>;
  beforeEach(async () => {
    admin = await userWithSession("admin");
  });

  it("records who and when, writes the audit log and queues the applicant's email", async () => {
    const email = `approve-${randomUUID().slice(0, 8)}@example.com`;
    const id = await submitted({ email, contact_name: "Alex Trader" });
    const now = new Date("2030-01-02T10:00:00Z");
    const result = await decideApplication(db, { id, adminId: admin.id, decision: "approved", note: "  Known buyer  " }, { now });
    expect(result).toEqual({ status: "decided", id, decision: "approved" });

    expect(await getApplication(db, id)).toMatchObject({
      status: "approved",
      decidedBy: admin.id,
      decidedByEmail: admin.email,
      decidedAt: now,
      decisionNote: "Known buyer",
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: admin.id, action: "wholesale.approved", entityType: "wholesale_application" });

    const emails = await db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.kind).toBe("wholesale-approved");
    expect(emails[0]!.subject).toMatch(/approved/i);
    expect(emails[0]!.textBody).toContain("Alex Trader");
    expect(emails[0]!.textBody).toMatch(/stock lists will follow by email/i);
    // The note is for admins only.
    expect(emails[0]!.textBody).not.toContain("Known buyer");
  });

  it("sends a rejection email on rejection", async () => {
    const email = `reject-${randomUUID().slice(0, 8)}@example.com`;
    const id = await submitted({ email });
    await decideApplication(db, { id, adminId: admin.id, decision: "rejected" });
    const [row] = await db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(row!.kind).toBe("wholesale-rejected");
    expect(row!.textBody).toMatch(/unable to offer you a wholesale account/);
    expect((await getApplication(db, id))!.decisionNote).toBeNull();
  });

  it("refuses a second decision and changes nothing", async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const id = await submitted({ email });
    await decideApplication(db, { id, adminId: admin.id, decision: "approved" });
    const other = await userWithSession("admin");
    expect(await decideApplication(db, { id, adminId: other.id, decision: "rejected", note: "changed my mind" })).toEqual({
      status: "already_decided",
      id,
      current: "approved",
    });
    expect(await getApplication(db, id)).toMatchObject({ status: "approved", decidedBy: admin.id });
    expect(await db.$count(outbox, eq(outbox.toAddress, email))).toBe(1);
  });

  it("says not found for unknown and malformed ids", async () => {
    expect(await decideApplication(db, { id: randomUUID(), adminId: admin.id, decision: "approved" })).toEqual({ status: "not_found" });
    expect(await decideApplication(db, { id: "1 OR 1=1", adminId: admin.id, decision: "approved" })).toEqual({ status: "not_found" });
  });

  it("lets exactly one of two simultaneous decisions win, with one email and one audit entry", async () => {
    const other = await userWithSession("admin");
    for (let round = 0; round < 5; round++) {
      const email = `concurrent-${round}-${randomUUID().slice(0, 8)}@example.com`;
      const id = await submitted({ email });
      const results = await Promise.all([
        decideApplication(db, { id, adminId: admin.id, decision: "approved" }),
        decideApplication(db, { id, adminId: other.id, decision: "rejected" }),
      ]);
      const winners = results.filter((r) => r.status === "decided");
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === "already_decided")).toHaveLength(1);
      const row = await getApplication(db, id);
      const winner = winners[0] as { decision: string };
      expect(row!.status).toBe(winner.decision);
      expect(await db.$count(outbox, eq(outbox.toAddress, email))).toBe(1);
      expect(await db.$count(auditLog, eq(auditLog.entityId, id))).toBe(1);
    }
  });
});

describe("who may see and decide applications (the admin route, called directly)", () => {
  let applicationId: string;
  let applicantEmail: string;
  beforeAll(async () => {
    applicantEmail = `private-${randomUUID().slice(0, 8)}@example.com`;
    applicationId = await submitted({ email: applicantEmail });
  });

  it("refuses a guest with 401 and the spec's message, for the page and its data", async () => {
    await expect(callLoader(adminGet())).rejects.toMatchObject(refusal(401, "Please log in to view this page."));
    // A forged or expired cookie is no better than none.
    await expect(callLoader(adminGet(`${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`))).rejects.toMatchObject(
      refusal(401, "Please log in to view this page."),
    );
  });

  it("refuses a signed-in customer with 403 and the spec's message", async () => {
    const customer = await userWithSession("customer");
    await expect(callLoader(adminGet(customer.cookie))).rejects.toMatchObject(
      refusal(403, "You do not have permission to view this page."),
    );
  });

  it("refuses decisions from a guest or a customer, and nothing changes", async () => {
    const customer = await userWithSession("customer");
    const fields = { intent: "decide", id: applicationId, decision: "approved" };
    await expect(callAction(adminPost(fields))).rejects.toMatchObject(refusal(401, "Please log in to view this page."));
    await expect(callAction(adminPost(fields, customer.cookie))).rejects.toMatchObject(
      refusal(403, "You do not have permission to view this page."),
    );
    expect(await getApplication(db, applicationId)).toMatchObject({ status: "pending", decidedBy: null });
    expect(await db.$count(outbox, eq(outbox.toAddress, applicantEmail))).toBe(0);
    expect(await db.$count(auditLog, and(eq(auditLog.entityId, applicationId), sql`${auditLog.action} LIKE 'wholesale.%'`))).toBe(0);
  });

  it("refuses an admin whose session has expired", async () => {
    const stale = await userWithSession("admin");
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, stale.id));
    await expect(callLoader(adminGet(stale.cookie))).rejects.toMatchObject(refusal(401, "Please log in to view this page."));
  });

  it("gives an admin the list, newest first, with every field", async () => {
    const admin = await userWithSession("admin");
    const result = await callLoader(adminGet(admin.cookie));
    const mine = result.applications.find((a) => a.id === applicationId);
    expect(mine).toMatchObject({ email: applicantEmail, subscribeNewsletter: false, platformUsername: expect.any(String) });
  });

  it("lets an admin decide once; the second attempt is a 409 with the message", async () => {
    const admin = await userWithSession("admin");
    const fields = { intent: "decide", id: applicationId, decision: "approved", note: "ok" };
    const first = await callAction(adminPost(fields, admin.cookie));
    expect(first!.init?.status ?? 200).toBe(200);
    expect(first!.data).toMatchObject({ ok: true, id: applicationId });
    const second = await callAction(adminPost({ ...fields, decision: "rejected" }, admin.cookie));
    expect(second!.init?.status).toBe(409);
    expect(second!.data).toMatchObject({ ok: false, message: "This application has already been decided." });
    expect(await db.$count(outbox, eq(outbox.toAddress, applicantEmail))).toBe(1);
  });

  it("answers malformed decisions from an admin with 400/404, never a 500", async () => {
    const admin = await userWithSession("admin");
    const bad = await callAction(adminPost({ intent: "decide", id: applicationId, decision: "maybe" }, admin.cookie));
    expect(bad!.init?.status).toBe(400);
    const badId = await callAction(adminPost({ intent: "decide", id: "x'; DROP TABLE users;--", decision: "approved" }, admin.cookie));
    expect(badId!.init?.status).toBe(400);
    const unknown = await callAction(adminPost({ intent: "decide", id: randomUUID(), decision: "approved" }, admin.cookie));
    expect(unknown!.init?.status).toBe(404);
    const noIntent = await callAction(adminPost({ id: applicationId, decision: "approved" }, admin.cookie));
    expect(noIntent!.init?.status).toBe(400);
    const json = new Request(ADMIN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: admin.cookie },
      body: JSON.stringify({ intent: "decide", id: applicationId, decision: "approved" }),
    });
    expect((await callAction(json))!.init?.status).toBe(400);
  });
});
