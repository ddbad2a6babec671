import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, orders, outbox, productVariants, profiles, sessions, users } from "~/db/schema";
import { listAuditEntries } from "~/modules/audit/audit-list.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { parseAuditFilter, type AuditFilter } from "~/modules/audit/audit-query";
import { listOutboxForAdmin, resendEmail } from "~/modules/email/outbox-admin.server";
import { OUTBOX_MESSAGES, type OutboxFilter } from "~/modules/email/outbox-status";
import { deliverDueEmails, enqueueEmail, REDACTED_SECRET } from "~/modules/email/outbox.server";
import { formatCappedCount, STOCK_ALERT_COUNT_CAP } from "~/modules/reports/dashboard";
import { ordersToDispatch, salesByDay, stockAlerts } from "~/modules/reports/dashboard.server";
import * as adminAudit from "~/routes/admin-audit";
import * as adminHome from "~/routes/admin";
import * as adminOutbox from "~/routes/admin-outbox";
import { settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * Issue 14, "Day-to-day": the dashboard's figures against arranged orders and stock, the
 * outbox's statuses and its audited resend, the audit log's filters, and the three routes'
 * refusals of guests and customers.
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.destroy();
});

async function userWithSession(role: "customer" | "admin", fullName = `Test ${role}`) {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return { id: user!.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

let buyerId: string | null = null;
async function buyer() {
  buyerId ??= (await userWithSession("customer", "Misty Waterflower")).id;
  return buyerId;
}

async function order(values: { status: string; createdAt: Date; total?: number; refunded?: number; paid?: boolean; trackingNumber?: string | null }) {
  const total = values.total ?? 3029;
  const paid = values.paid ?? !["pending", "failed", "expired"].includes(values.status);
  const [row] = await db
    .insert(orders)
    .values({
      userId: await buyer(),
      status: values.status,
      subtotalAmount: total - 529,
      shippingAmount: 529,
      totalAmount: total,
      normalSubtotalAmount: total - 529,
      refundedAmount: values.refunded ?? 0,
      paymentProvider: "sandbox",
      reservationExpiresAt: new Date(values.createdAt.getTime() + 30 * 60_000),
      paidAt: paid ? new Date(values.createdAt.getTime() + 60_000) : null,
      trackingNumber: values.trackingNumber ?? null,
      email: "misty@example.test",
      shippingName: "Misty W",
      createdAt: values.createdAt,
    })
    .returning();
  return row!;
}

const context = () => testContext(db);
const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`https://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
type Args = { request: Request; context: ReturnType<typeof context>; params: object };
const call = (fn: (args: never) => unknown, request: Request) => settle(async () => fn({ request, context: context(), params: {} } satisfies Args as never));

// ---------------------------------------------------------------------------------------------

describe("sales by UK day", () => {
  // 15 June 2099, 13:00 BST: far from any order the other tests make at today's date.
  const now = new Date("2099-06-15T12:00:00Z");

  it("counts paid orders by the UK day they were placed and sums revenue in pence, less refunds", async () => {
    const empty = await salesByDay(db, now);
    expect(empty.days).toHaveLength(30);
    expect(empty.days[0]!.day).toBe("2099-05-17");
    expect(empty.days[29]!.day).toBe("2099-06-15");
    expect(empty.last30).toEqual({ orders: 0, revenue: 0 });

    // 00:30 BST on 15 June is 23:30 UTC on 14 June: today in the shop's calendar.
    await order({ status: "completed", createdAt: new Date("2099-06-14T23:30:00Z"), total: 3029 });
    // 23:30 BST on 14 June (22:30 UTC): yesterday.
    await order({ status: "dispatched", createdAt: new Date("2099-06-14T22:30:00Z"), total: 1529, trackingNumber: "AB123456789GB" });
    // Partly refunded later: counts what it kept.
    await order({ status: "completed", createdAt: new Date("2099-06-15T08:00:00Z"), total: 5000, refunded: 1250 });
    // Cancelled and refunded in full: an order that was paid, bringing nothing in.
    await order({ status: "cancelled", createdAt: new Date("2099-06-15T09:00:00Z"), total: 2000, refunded: 2000 });
    // Never paid, or a late payment refunded without being taken: not sales.
    await order({ status: "pending", createdAt: new Date("2099-06-15T10:00:00Z") });
    await order({ status: "failed", createdAt: new Date("2099-06-15T10:00:00Z") });
    await order({ status: "expired", createdAt: new Date("2099-06-15T10:00:00Z") });
    await order({ status: "refunded", createdAt: new Date("2099-06-15T10:00:00Z"), refunded: 3029, paid: false });
    // The first day of the 30 (17 May, 00:05 BST), the day before it, and tomorrow: in, out, out.
    await order({ status: "dispatched", createdAt: new Date("2099-05-16T23:05:00Z"), total: 999, trackingNumber: "AB123456780GB" });
    await order({ status: "completed", createdAt: new Date("2099-05-16T22:55:00Z"), total: 777 });
    await order({ status: "completed", createdAt: new Date("2099-06-15T23:10:00Z"), total: 888 });
    // Eight days ago: in the 30 days, not the 7.
    await order({ status: "completed", createdAt: new Date("2099-06-07T12:00:00Z"), total: 4200 });

    const sales = await salesByDay(db, now);
    const day = (d: string) => sales.days.find((x) => x.day === d);
    expect(day("2099-06-15")).toEqual({ day: "2099-06-15", orders: 3, revenue: 3029 + (5000 - 1250) + 0 });
    expect(day("2099-06-14")).toEqual({ day: "2099-06-14", orders: 1, revenue: 1529 });
    expect(day("2099-05-17")).toEqual({ day: "2099-05-17", orders: 1, revenue: 999 });
    expect(day("2099-06-07")).toEqual({ day: "2099-06-07", orders: 1, revenue: 4200 });
    expect(sales.today).toEqual({ orders: 3, revenue: 6779 });
    expect(sales.last7).toEqual({ orders: 4, revenue: 6779 + 1529 });
    expect(sales.last30).toEqual({ orders: 6, revenue: 6779 + 1529 + 999 + 4200 });
    expect(sales.days.filter((d) => d.orders === 0).every((d) => d.revenue === 0)).toBe(true);
  });

  it("keeps UK days in winter too (GMT): 23:30 UTC is the same day", async () => {
    const winter = new Date("2099-12-10T12:00:00Z");
    await order({ status: "completed", createdAt: new Date("2099-12-09T23:30:00Z"), total: 1111 });
    const sales = await salesByDay(db, winter);
    expect(sales.days.find((d) => d.day === "2099-12-09")).toMatchObject({ orders: 1, revenue: 1111 });
    expect(sales.today).toEqual({ orders: 0, revenue: 0 });
  });
});

describe("dashboard lists", () => {
  it("orders to dispatch: paid without a tracking number, oldest first", async () => {
    const before = await ordersToDispatch(db);
    const older = await order({ status: "completed", createdAt: new Date("2000-01-02T10:00:00Z") });
    const oldest = await order({ status: "completed", createdAt: new Date("2000-01-01T10:00:00Z") });
    await order({ status: "dispatched", createdAt: new Date("2000-01-01T09:00:00Z"), trackingNumber: "AB000000001GB" });
    await order({ status: "pending", createdAt: new Date("2000-01-01T08:00:00Z") });
    const after = await ordersToDispatch(db);
    expect(after.count).toBe(before.count + 2);
    expect(after.oldest.slice(0, 2).map((o) => o.id)).toEqual([oldest.id, older.id]);
    expect(after.oldest[0]).toMatchObject({ customer: "Misty W", totalAmount: 3029 });
  });

  it("stock alerts: sold-out and low variants of visible products, with labels; hidden products left out", async () => {
    const fx = checkoutFixtures(db);
    const before = await stockAlerts(db);
    const soldOut = await fx.product({ name: "Sold Out Box", stock: 0 });
    const low = await fx.product({ name: "Nearly Gone Box", stock: 3 });
    const plenty = await fx.product({ name: "Plenty Box", stock: 6 });
    const hidden = await fx.product({ name: "Hidden Box", stock: 0, isVisible: false });
    const edge = await fx.product({ name: "Five Left Box", stock: 5 });
    const alerts = await stockAlerts(db);
    expect(alerts.lowThreshold).toBe(5);
    expect(alerts.soldOutCount).toBe(before.soldOutCount + 1);
    expect(alerts.lowCount).toBe(before.lowCount + 2);
    const soldIds = alerts.soldOut.map((a) => a.variantId);
    const lowIds = alerts.low.map((a) => a.variantId);
    expect(soldIds).toContain(soldOut.variantId);
    expect(soldIds).not.toContain(hidden.variantId);
    expect(lowIds).toEqual(expect.arrayContaining([low.variantId, edge.variantId]));
    expect(lowIds).not.toContain(plenty.variantId);
    expect(alerts.soldOut.find((a) => a.variantId === soldOut.variantId)).toEqual({
      variantId: soldOut.variantId,
      productId: soldOut.id,
      productName: "Sold Out Box",
      productSlug: soldOut.slug,
      variantLabel: null,
      stock: 0,
    });
  });

  it("a single's sold-out variant is listed per variant with its label", async () => {
    const fx = checkoutFixtures(db);
    const sealed = await fx.product({ name: "Carrier", stock: 4 });
    // A second, graded variant of the same product, sold out.
    const [slab] = await db
      .insert(productVariants)
      .values({ productId: sealed.id, price: 9999, stock: 0, grader: "psa", grade: "10" })
      .returning();
    const alerts = await stockAlerts(db);
    expect(alerts.soldOut.find((a) => a.variantId === slab!.id)).toMatchObject({ productId: sealed.id, variantLabel: "PSA 10", stock: 0 });
    expect(alerts.low.find((a) => a.variantId === sealed.variantId)).toMatchObject({ variantLabel: null, stock: 4 });
  });
});

describe("/admin", () => {
  it("refuses guests (401) and customers (403); an admin gets the figures, with ?days and ?metric read safely", async () => {
    const customer = await userWithSession("customer");
    const admin = await userWithSession("admin", "Erika Admin");
    expect(await call(adminHome.loader, get("/admin"))).toMatchObject({ status: 401 });
    expect(await call(adminHome.loader, get("/admin", customer.cookie))).toMatchObject({ status: 403 });
    const page = await call(adminHome.loader, get("/admin?days=7&metric=orders", admin.cookie));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ adminName: "Erika Admin", query: { days: 7, metric: "orders" } });
    const body = page.body as { data: { sales: { days: unknown[] }; dispatch: { count: number }; stock: object; emails: object } };
    expect(body.data.sales.days).toHaveLength(30);
    expect(body.data.dispatch.count).toBeGreaterThan(0);
    const junk = await call(adminHome.loader, get("/admin?days=9999&metric=%3Cscript%3E&days=7", admin.cookie));
    expect(junk).toMatchObject({ status: 200, body: { query: { days: 30, metric: "revenue" } } });
  });
});

// ---------------------------------------------------------------------------------------------

async function email(values: Partial<typeof outbox.$inferInsert> = {}) {
  const [row] = await db
    .insert(outbox)
    .values({ kind: "test", toAddress: `to-${randomUUID().slice(0, 6)}@example.test`, subject: "Hello", textBody: "Body", ...values })
    .returning();
  return row!;
}

const outboxRow = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const auditFor = (id: number) => db.select().from(auditLog).where(and(eq(auditLog.entityType, "email"), eq(auditLog.entityId, String(id))));

describe("the outbox", () => {
  it("lists every email with its status, filters by status, counts the unsent ones, and never shows a secret", async () => {
    const before = await listOutboxForAdmin(db, { filter: "all" });
    const queued = await email({ subject: "queued" });
    const failing = await email({ subject: "failing", attempts: 2, lastError: "connection refused" });
    const givenUp = await email({ subject: "given up", attempts: 8, lastError: "connection refused" });
    const redacted = await email({ subject: "redacted", attempts: 8, lastError: "timeout", redactedAt: new Date(), textBody: `Reset: ${REDACTED_SECRET}` });
    const sent = await email({ subject: "sent", attempts: 1, sentAt: new Date() });
    const secretLink = `https://shop.test/reset-password/${"s".repeat(43)}`;
    const withSecret = await email({ subject: "secret", textBody: `Reset here: ${secretLink}`, secrets: [secretLink] });

    const all = await listOutboxForAdmin(db, { filter: "all" });
    const statusOf = (id: number) => all.emails.find((e) => e.id === id)?.status;
    expect([queued, failing, givenUp, redacted, sent].map((r) => statusOf(r.id))).toEqual(["queued", "failing", "given-up", "given-up", "sent"]);
    expect(all.emails[0]!.id).toBe(withSecret.id);
    expect(all.emails[0]!.text).toBe(`Reset here: ${REDACTED_SECRET}`);
    expect(all.counts).toEqual({
      queued: before.counts.queued + 2,
      failing: before.counts.failing + 1,
      givenUp: before.counts.givenUp + 2,
    });

    const ids = async (filter: OutboxFilter) => (await listOutboxForAdmin(db, { filter })).emails.map((e) => e.id);
    expect(await ids("queued")).toEqual(expect.arrayContaining([queued.id, withSecret.id]));
    expect(await ids("failing")).toEqual(expect.arrayContaining([failing.id]));
    expect(await ids("given-up")).toEqual(expect.arrayContaining([givenUp.id, redacted.id]));
    expect(await ids("sent")).toEqual(expect.arrayContaining([sent.id]));
    for (const filter of ["queued", "failing", "given-up", "sent"] as const) {
      const list = await listOutboxForAdmin(db, { filter });
      expect(list.emails.every((e) => e.status === filter), filter).toBe(true);
    }
    // Offer "Resend" for failing and given-up emails, but not for one whose link was removed.
    expect(all.emails.find((e) => e.id === failing.id)!.resendRefusal).toBeNull();
    expect(all.emails.find((e) => e.id === givenUp.id)!.resendRefusal).toBeNull();
    expect(all.emails.find((e) => e.id === redacted.id)!.resendRefusal).toBe(OUTBOX_MESSAGES.redacted);
  });

  it("pages newest first", async () => {
    for (let i = 0; i < 3; i++) await email({ subject: `page ${i}` });
    const first = await listOutboxForAdmin(db, { filter: "all", pageSize: 2 });
    const second = await listOutboxForAdmin(db, { filter: "all", page: 2, pageSize: 2 });
    expect(first.hasNextPage).toBe(true);
    expect(first.emails.map((e) => e.subject)).toEqual(["page 2", "page 1"]);
    expect(second.emails[0]!.subject).toBe("page 0");
  });

  it("resend puts a given-up email back in the queue (attempts reset, audited), and the worker sends it", async () => {
    const admin = await userWithSession("admin");
    const row = await email({ subject: "Your order", attempts: 8, lastError: "550 mailbox unavailable", nextAttemptAt: new Date("2000-01-01") });
    const at = new Date();
    expect(await resendEmail(db, { id: row.id, adminId: admin.id }, at)).toEqual({ status: "resent", id: row.id });
    expect(await outboxRow(row.id)).toMatchObject({ attempts: 0, lastError: null, sentAt: null, nextAttemptAt: at });
    expect(await auditFor(row.id)).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        action: "email.resent",
        details: {
          kind: "test",
          to: row.toAddress,
          before: { status: "given-up", attempts: 8, lastError: "550 mailbox unavailable" },
          after: { status: "queued", attempts: 0, lastError: null },
        },
      }),
    ]);
    const delivered: string[] = [];
    await deliverDueEmails(db, { send: async (e) => void delivered.push(e.to) }, { now: new Date(at.getTime() + 1000), batchSize: 1000 });
    expect(delivered).toContain(row.toAddress);
    expect((await outboxRow(row.id)).sentAt).not.toBeNull();
  });

  it("refuses to resend a sent, a queued, an unknown, and a redacted email, changing nothing", async () => {
    const sent = await email({ sentAt: new Date(), attempts: 1 });
    const queued = await email();
    const redacted = await email({ attempts: 8, lastError: "x", redactedAt: new Date() });
    expect(await resendEmail(db, { id: sent.id, adminId: null })).toEqual({ status: "refused", id: sent.id, reason: OUTBOX_MESSAGES.alreadySent });
    expect(await resendEmail(db, { id: queued.id, adminId: null })).toEqual({ status: "refused", id: queued.id, reason: OUTBOX_MESSAGES.alreadyQueued });
    expect(await resendEmail(db, { id: redacted.id, adminId: null })).toEqual({ status: "refused", id: redacted.id, reason: OUTBOX_MESSAGES.redacted });
    expect(await resendEmail(db, { id: 9_000_000_000, adminId: null })).toEqual({ status: "not_found", id: 9_000_000_000 });
    expect(await outboxRow(redacted.id)).toEqual(redacted);
    for (const r of [sent, queued, redacted]) expect(await auditFor(r.id)).toEqual([]);
  });

  it("two resends of the same email at once: one is done and audited, the other finds it queued", async () => {
    const row = await email({ attempts: 3, lastError: "timeout" });
    const outcomes = await Promise.all([resendEmail(db, { id: row.id, adminId: null }), resendEmail(db, { id: row.id, adminId: null })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["refused", "resent"]);
    expect(await auditFor(row.id)).toHaveLength(1);
  });

  it("the route: guests and customers are refused (page and resend), bad input is a 400, a redacted email a 409 with the reason", async () => {
    const customer = await userWithSession("customer");
    const admin = await userWithSession("admin");
    const failing = await email({ attempts: 1, lastError: "timeout" });
    const redacted = await email({ attempts: 1, lastError: "SMTP_URL is not set; kept in the outbox", redactedAt: new Date() });
    const form = { intent: "resend", id: String(failing.id) };

    expect(await call(adminOutbox.loader, get("/admin/outbox"))).toMatchObject({ status: 401 });
    expect(await call(adminOutbox.loader, get("/admin/outbox", customer.cookie))).toMatchObject({ status: 403 });
    expect(await call(adminOutbox.action, post("/admin/outbox", form))).toMatchObject({ status: 401 });
    expect(await call(adminOutbox.action, post("/admin/outbox", form, customer.cookie))).toMatchObject({ status: 403 });
    expect(await outboxRow(failing.id)).toMatchObject({ attempts: 1, lastError: "timeout" });
    expect(await auditFor(failing.id)).toEqual([]);

    const page = await call(adminOutbox.loader, get("/admin/outbox?status=failing", admin.cookie));
    expect(page.status).toBe(200);
    expect((page.body as { list: { filter: string; emails: { id: number }[] } }).list).toMatchObject({ filter: "failing" });
    expect((page.body as { list: { emails: { id: number }[] } }).list.emails.map((e) => e.id)).toContain(failing.id);

    for (const bad of [{}, { intent: "resend" }, { intent: "resend", id: "abc" }, { intent: "resend", id: "-1" }, { intent: "delete", id: String(failing.id) }] as Record<string, string>[]) {
      expect(await call(adminOutbox.action, post("/admin/outbox", bad, admin.cookie)), JSON.stringify(bad)).toMatchObject({ status: 400, body: { ok: false } });
    }
    expect(await call(adminOutbox.action, post("/admin/outbox", { intent: "resend", id: String(redacted.id) }, admin.cookie))).toMatchObject({
      status: 409,
      body: { ok: false, id: redacted.id, message: OUTBOX_MESSAGES.redacted },
    });
    expect(await call(adminOutbox.action, post("/admin/outbox", { intent: "resend", id: "8999999999" }, admin.cookie))).toMatchObject({ status: 404 });
    expect(await call(adminOutbox.action, post("/admin/outbox", form, admin.cookie))).toMatchObject({
      status: 200,
      body: { ok: true, id: failing.id, message: OUTBOX_MESSAGES.resent(failing.id) },
    });
    expect(await auditFor(failing.id)).toEqual([expect.objectContaining({ actorUserId: admin.id, action: "email.resent" })]);
  });

  it("an email queued through enqueueEmail with a secret keeps it until sent; once logged without SMTP it cannot be resent", async () => {
    const link = `https://shop.test/reset-password/${"r".repeat(43)}`;
    const to = `reset-${randomUUID().slice(0, 6)}@example.test`;
    await enqueueEmail(db, { kind: "password-reset", to, subject: "Reset", text: `Use ${link}`, secrets: [link] });
    // What the no-SMTP outbox pass does to it: written to the log, its link cut out.
    await db.update(outbox).set({ attempts: 1, lastError: "SMTP_URL is not set; kept in the outbox", redactedAt: new Date(), secrets: null, textBody: `Use ${REDACTED_SECRET}` }).where(eq(outbox.toAddress, to));
    const [row] = await db.select().from(outbox).where(eq(outbox.toAddress, to));
    expect(await resendEmail(db, { id: row!.id, adminId: null })).toMatchObject({ status: "refused", reason: OUTBOX_MESSAGES.redacted });
  });
});

// ---------------------------------------------------------------------------------------------

describe("the audit log", () => {
  const type = `thing-${randomUUID().slice(0, 6)}`;
  let alice: Awaited<ReturnType<typeof userWithSession>>;
  let bob: Awaited<ReturnType<typeof userWithSession>>;
  const filter = (f: Partial<AuditFilter>): AuditFilter => ({ actor: null, action: null, entityType: type, entityId: null, from: null, to: null, ...f });
  const actions = async (f: Partial<AuditFilter>, page?: { page?: number; pageSize?: number }) =>
    (await listAuditEntries(db, filter(f), page)).entries.map((e) => e.action);

  beforeAll(async () => {
    alice = await userWithSession("admin", "Alice Admin");
    bob = await userWithSession("admin", "Bob Admin");
    await recordAudit(db, [
      { actorUserId: alice.id, action: "thing.created", entityType: type, entityId: "1", createdAt: new Date("2099-06-13T12:00:00Z"), details: { after: { name: "A" } } },
      // 00:30 BST on 15 June.
      { actorUserId: bob.id, action: "thing.renamed", entityType: type, entityId: "1", createdAt: new Date("2099-06-14T23:30:00Z"), details: { before: { name: "A" }, after: { name: "B" } } },
      { actorUserId: alice.id, action: "thing.deleted", entityType: type, entityId: "2", createdAt: new Date("2099-06-16T12:00:00Z") },
      { actorUserId: null, action: "other.swept", entityType: type, entityId: "3", createdAt: new Date("2099-06-17T12:00:00Z") },
    ]);
  });

  it("lists newest first with the actor's email and name, and pages", async () => {
    const { entries } = await listAuditEntries(db, filter({}));
    expect(entries.map((e) => e.action)).toEqual(["other.swept", "thing.deleted", "thing.renamed", "thing.created"]);
    expect(entries[1]).toMatchObject({ actorEmail: alice.email, actorName: "Alice Admin", entityId: "2" });
    expect(entries[0]).toMatchObject({ actorEmail: null, actorId: null });
    expect(entries[2]!.details).toEqual({ before: { name: "A" }, after: { name: "B" } });
    const first = await listAuditEntries(db, filter({}), { pageSize: 3 });
    const second = await listAuditEntries(db, filter({}), { page: 2, pageSize: 3 });
    expect(first.hasNextPage).toBe(true);
    expect(second).toMatchObject({ page: 2, hasNextPage: false });
    expect(second.entries.map((e) => e.action)).toEqual(["thing.created"]);
  });

  it("filters by actor, action (prefix), entity id and UK dates", async () => {
    expect(await actions({ actor: alice.email })).toEqual(["thing.deleted", "thing.created"]);
    expect(await actions({ actor: "nobody@example.test" })).toEqual([]);
    expect(await actions({ action: "thing." })).toEqual(["thing.deleted", "thing.renamed", "thing.created"]);
    expect(await actions({ action: "thing.renamed" })).toEqual(["thing.renamed"]);
    // LIKE's wildcards are taken literally.
    expect(await actions({ action: "%" })).toEqual([]);
    expect(await actions({ action: "thing_" })).toEqual([]);
    expect(await actions({ entityId: "1" })).toEqual(["thing.renamed", "thing.created"]);
    // 15 June in the UK starts at 23:00 UTC on the 14th.
    expect(await actions({ from: "2099-06-15", to: "2099-06-15" })).toEqual(["thing.renamed"]);
    expect(await actions({ from: "2099-06-16" })).toEqual(["other.swept", "thing.deleted"]);
    expect(await actions({ to: "2099-06-14" })).toEqual(["thing.created"]);
    expect(await actions({ actor: bob.email, from: "2099-06-15", action: "thing" })).toEqual(["thing.renamed"]);
  });

  it("reads filters from the query, refusing impossible ones with a message per field", () => {
    const ok = parseAuditFilter(new URLSearchParams("actor=Alice@Example.TEST&from=2099-06-01&to=2099-06-30&action=&entityType=order"));
    expect(ok).toMatchObject({ ok: true, filter: { actor: "alice@example.test", from: "2099-06-01", to: "2099-06-30", action: null, entityType: "order" } });
    const bad = parseAuditFilter(new URLSearchParams("from=2099-02-30&to=yesterday&actor=not-an-email"));
    expect(bad).toMatchObject({ ok: false, input: { from: "2099-02-30", to: "yesterday", actor: "not-an-email" } });
    expect(Object.keys((bad as { errors: object }).errors).sort()).toEqual(["actor", "from", "to"]);
    expect(parseAuditFilter(new URLSearchParams("from=2099-06-02&to=2099-06-01"))).toMatchObject({ ok: false, errors: { to: expect.any(String) } });
  });

  it("the route: guests 401, customers 403; an admin's bad filter is a 400 that keeps what was typed", async () => {
    const customer = await userWithSession("customer");
    expect(await call(adminAudit.loader, get("/admin/audit"))).toMatchObject({ status: 401 });
    expect(await call(adminAudit.loader, get("/admin/audit", customer.cookie))).toMatchObject({ status: 403 });
    const page = await call(adminAudit.loader, get(`/admin/audit?entityType=${type}&actor=${encodeURIComponent(bob.email)}`, alice.cookie));
    expect(page.status).toBe(200);
    expect((page.body as { result: { entries: { action: string }[] } }).result.entries.map((e) => e.action)).toEqual(["thing.renamed"]);
    const bad = await call(adminAudit.loader, get("/admin/audit?from=2099-13-01&entityType=order", alice.cookie));
    expect(bad).toMatchObject({ status: 400, body: { result: null, input: { from: "2099-13-01", entityType: "order" }, errors: { from: expect.any(String) } } });
  });
});

describe("stock alert counts", () => {
  it("stop one past the cap, so a shop with a great many sold-out variants does not count them all", async () => {
    const fx = checkoutFixtures(db);
    const seed = await fx.product({ name: "Seed", stock: 9 });
    const tag = randomUUID().slice(0, 8);
    await db.execute(sql`
      WITH made AS (
        INSERT INTO products (name, slug, category_id)
        SELECT 'Bulk ' || g, ${`bulk-${tag}-`} || g, ${seed.categoryId}::int FROM generate_series(1, ${STOCK_ALERT_COUNT_CAP + 5}::int) g
        RETURNING id
      )
      INSERT INTO product_variants (product_id, price, stock) SELECT id, 100, 0 FROM made`);
    const alerts = await stockAlerts(db);
    expect(alerts.soldOutCount).toBe(STOCK_ALERT_COUNT_CAP + 1);
    expect(alerts.soldOut).toHaveLength(10);
    expect(formatCappedCount(alerts.soldOutCount, alerts.countCap)).toBe("1,000+");
    expect(formatCappedCount(1000, 1000)).toBe("1,000");
  });
});
