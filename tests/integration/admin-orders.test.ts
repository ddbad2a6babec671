import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, orderItems, orders, outbox, profiles, sessions, users, wholesaleApplications } from "~/db/schema";
import { DISPATCH_MESSAGES } from "~/modules/orders/admin-orders";
import { adminDashboardCounts, dispatchOrder, listOrdersForAdmin } from "~/modules/orders/admin.server";
import * as adminHome from "~/routes/admin";
import * as adminOrders from "~/routes/admin-orders";
import { settle, testContext } from "../support/accounts";
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

/** A user with a live session, stored the way the accounts module stores them (token hashed). */
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

let customerId: string | null = null;
async function customer() {
  customerId ??= (await userWithSession("customer", "Misty Waterflower")).id;
  return customerId;
}

/** Far in the future, so the orders a test makes are the newest whatever else is in the table. */
let clock = Date.UTC(2100, 0, 1);
async function makeOrder(status: string, opts: { trackingNumber?: string | null; lines?: [string, number][]; createdAt?: Date } = {}) {
  clock += 60_000;
  const userId = await customer();
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      status,
      subtotalAmount: 2500,
      shippingAmount: 529,
      totalAmount: 3029,
      normalSubtotalAmount: 2500,
      paymentProvider: "sandbox",
      paymentSessionId: `cs_test_${randomUUID()}`,
      reservationExpiresAt: new Date(clock + 30 * 60_000),
      paidAt: status === "pending" ? null : new Date(clock),
      trackingNumber: opts.trackingNumber ?? null,
      email: "misty@example.test",
      shippingName: "Misty W",
      shippingAddress: { line1: "1 Cerulean Way", city: "Cardiff", postalCode: "CF10 1AA", country: "United Kingdom" },
      createdAt: opts.createdAt ?? new Date(clock),
    })
    .returning();
  const lines = opts.lines ?? [["Booster Box", 1], ["Sleeves", 3]];
  await db.insert(orderItems).values(
    lines.map(([productName, quantity]) => ({ orderId: row!.id, productName, quantity, unitPrice: 500, normalUnitPrice: 500 })),
  );
  return row!;
}

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const dispatchEmails = (orderId: number) => db.select().from(outbox).where(like(outbox.dedupeKey, `order-dispatched:${orderId}:%`));

// --- the route, called as React Router would -------------------------------------------------

const context = () => testContext(db);
const URL_BASE = "https://shop.test";

function get(path: string, cookie?: string) {
  return new Request(URL_BASE + path, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(fields: Record<string, string>, cookie?: string) {
  return new Request(`${URL_BASE}/admin/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: URL_BASE, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

const ordersLoader = (request: Request) =>
  settle(() => adminOrders.loader({ request, context: context(), params: {} } as unknown as Parameters<typeof adminOrders.loader>[0]));
const ordersAction = (request: Request) =>
  settle(() => adminOrders.action({ request, context: context(), params: {} } as unknown as Parameters<typeof adminOrders.action>[0]));
const homeLoader = (request: Request) =>
  settle(() => adminHome.loader({ request, context: context(), params: {} } as unknown as Parameters<typeof adminHome.loader>[0]));

describe("listOrdersForAdmin", () => {
  it("lists newest first with lines and customer, filters by status and pages", async () => {
    const before = await listOrdersForAdmin(db, { filter: "all" });
    const completedOld = await makeOrder("completed", { lines: [["Old box", 2]] });
    const dispatched = await makeOrder("dispatched", { trackingNumber: "ZZ000000001GB" });
    const pending = await makeOrder("pending");
    const failed = await makeOrder("failed");
    const expired = await makeOrder("expired");
    const refunded = await makeOrder("refunded");
    const completedMid = await makeOrder("completed");
    const completedNew = await makeOrder("completed", { lines: [["Elite Trainer Box", 1], ["Card sleeves", 2]] });

    const all = await listOrdersForAdmin(db, { filter: "all" });
    expect(all.orders.slice(0, 8).map((o) => o.id)).toEqual(
      [completedNew, completedMid, refunded, expired, failed, pending, dispatched, completedOld].map((o) => o.id),
    );
    expect(all.total).toBe(before.total + 8);
    expect(all.counts.all).toBe(before.counts.all + 8);
    expect(all.counts["to-dispatch"]).toBe(before.counts["to-dispatch"] + 3);
    expect(all.counts.pending).toBe(before.counts.pending + 1);
    expect(all.counts.dispatched).toBe(before.counts.dispatched + 1);
    expect(all.counts.failed).toBe(before.counts.failed + 2);
    expect(all.counts.refunded).toBe(before.counts.refunded + 1);
    expect(all.orders[0]).toMatchObject({
      id: completedNew.id,
      status: "completed",
      totalAmount: 3029,
      trackingNumber: null,
      customerName: "Misty Waterflower",
      email: "misty@example.test",
      shippingAddress: { line1: "1 Cerulean Way", postalCode: "CF10 1AA" },
      items: [
        { productName: "Elite Trainer Box", quantity: 1 },
        { productName: "Card sleeves", quantity: 2 },
      ],
    });

    // "To dispatch": completed and untracked only, two a page.
    const first = await listOrdersForAdmin(db, { filter: "to-dispatch", pageSize: 2 });
    expect(first.orders.map((o) => o.id)).toEqual([completedNew.id, completedMid.id]);
    expect(first).toMatchObject({ page: 1, hasNextPage: true });
    const second = await listOrdersForAdmin(db, { filter: "to-dispatch", pageSize: 2, page: 2 });
    expect(second.orders[0]!.id).toBe(completedOld.id);
    expect(second.orders.every((o) => o.status === "completed" && o.trackingNumber === null)).toBe(true);

    const ids = (list: { orders: { id: number }[] }) => list.orders.map((o) => o.id);
    expect(ids(await listOrdersForAdmin(db, { filter: "failed" })).slice(0, 2)).toEqual([expired.id, failed.id]);
    expect(ids(await listOrdersForAdmin(db, { filter: "pending" }))[0]).toBe(pending.id);
    expect(ids(await listOrdersForAdmin(db, { filter: "dispatched" }))[0]).toBe(dispatched.id);
    expect(ids(await listOrdersForAdmin(db, { filter: "refunded" }))[0]).toBe(refunded.id);
    for (const filter of ["failed", "pending", "dispatched", "refunded", "to-dispatch"] as const) {
      const list = await listOrdersForAdmin(db, { filter });
      expect(list.total).toBe(list.counts[filter]);
    }

    // A page past the end is empty, not an error.
    const beyond = await listOrdersForAdmin(db, { filter: "all", page: 10_000 });
    expect(beyond).toMatchObject({ orders: [], hasNextPage: false });
  });

  it("shows 50 orders a page by default", async () => {
    const base = Date.UTC(2200, 0, 1);
    const made = [];
    for (let i = 0; i < 51; i++) made.push(await makeOrder("refunded", { lines: [["Pack", 1]], createdAt: new Date(base + i * 1000) }));
    const page1 = await listOrdersForAdmin(db, { filter: "refunded" });
    expect(page1.pageSize).toBe(50);
    expect(page1.orders).toHaveLength(50);
    expect(page1.hasNextPage).toBe(true);
    expect(page1.orders[0]!.id).toBe(made[50]!.id);
    const page2 = await listOrdersForAdmin(db, { filter: "refunded", page: 2 });
    expect(page2.orders[0]!.id).toBe(made[0]!.id);
    expect(page1.totalPages).toBe(Math.ceil(page1.total / 50));
  });
});

describe("adminDashboardCounts", () => {
  it("counts orders to dispatch, pending wholesale applications and unsent emails", async () => {
    const before = await adminDashboardCounts(db);
    await makeOrder("completed");
    await makeOrder("dispatched", { trackingNumber: "ZZ000000002GB" });
    await makeOrder("pending");
    await db.insert(wholesaleApplications).values([
      { email: "a@example.test", contactName: "A", platformUsername: "a", contactNumber: "1", billingAddress: "x", companyType: "other" },
      { email: "b@example.test", contactName: "B", platformUsername: "b", contactNumber: "1", billingAddress: "x", companyType: "other", status: "approved" },
    ]);
    await db.insert(outbox).values([
      { kind: "test", toAddress: "x@example.test", subject: "queued", textBody: "." },
      { kind: "test", toAddress: "x@example.test", subject: "failing", textBody: ".", lastError: "connection refused" },
      { kind: "test", toAddress: "x@example.test", subject: "sent", textBody: ".", sentAt: new Date() },
    ]);
    expect(await adminDashboardCounts(db)).toEqual({
      ordersToDispatch: before.ordersToDispatch + 1,
      pendingWholesaleApplications: before.pendingWholesaleApplications + 1,
      unsentEmails: before.unsentEmails + 2,
      failingEmails: before.failingEmails + 1,
    });
  });
});

describe("dispatchOrder", () => {
  it("marks a completed order dispatched with one email and an audit entry; the same number again changes nothing", async () => {
    const admin = await userWithSession("admin");
    const order = await makeOrder("completed");
    expect(await dispatchOrder(db, { orderId: order.id, trackingNumber: "ab123456789gb", expectedTracking: "", adminId: admin.id })).toEqual({
      status: "dispatched",
      orderId: order.id,
      trackingNumber: "AB123456789GB",
      changed: true,
      corrected: false,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "dispatched", trackingNumber: "AB123456789GB" });
    // A double click (the page still says "no tracking number yet") is a harmless repeat.
    expect(await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB123456789GB", expectedTracking: "", adminId: admin.id })).toMatchObject({
      status: "dispatched",
      changed: false,
    });
    expect(await dispatchEmails(order.id)).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, String(order.id))));
    expect(audit).toEqual([
      expect.objectContaining({ actorUserId: admin.id, action: "order.dispatched", details: {
          trackingNumber: "AB123456789GB",
          previousTrackingNumber: null,
          before: { status: "completed", trackingNumber: null },
          after: { status: "dispatched", trackingNumber: "AB123456789GB" },
        },
      }),
    ]);
    expect((await orderRow(order.id)).dispatchedAt).toBeInstanceOf(Date);
  });

  it("lets a number be corrected (one new email), but not from a page that is out of date", async () => {
    const order = await makeOrder("completed");
    await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB111111111GB", expectedTracking: "", adminId: null });
    // Another tab still showing the order as undispatched, typing a different number.
    expect(await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB222222222GB", expectedTracking: "", adminId: null })).toEqual({
      status: "conflict",
      orderId: order.id,
      currentTracking: "AB111111111GB",
    });
    expect((await orderRow(order.id)).trackingNumber).toBe("AB111111111GB");
    // The correction form knows the current number: allowed, and the customer gets the new one.
    expect(
      await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB222222222GB", expectedTracking: "AB111111111GB", adminId: null }),
    ).toMatchObject({ status: "dispatched", changed: true, corrected: true });
    expect((await orderRow(order.id)).trackingNumber).toBe("AB222222222GB");
    expect((await dispatchEmails(order.id)).map((e) => e.dedupeKey).sort()).toEqual([
      `order-dispatched:${order.id}:AB111111111GB`,
      `order-dispatched:${order.id}:AB222222222GB`,
    ]);
  });

  it("refuses orders that are not paid, and unknown orders", async () => {
    for (const status of ["pending", "failed", "expired", "refunded"]) {
      const order = await makeOrder(status);
      expect(await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB123456789GB", adminId: null })).toEqual({
        status: "not_dispatchable",
        orderId: order.id,
        orderStatus: status,
      });
      expect(await orderRow(order.id)).toMatchObject({ status, trackingNumber: null });
      expect(await dispatchEmails(order.id)).toHaveLength(0);
    }
    expect(await dispatchOrder(db, { orderId: 2_000_000_000, trackingNumber: "AB123456789GB", adminId: null })).toEqual({
      status: "not_found",
      orderId: 2_000_000_000,
    });
  });

  it("two admins dispatching the same order at once: one email for the same number; a different number is refused", async () => {
    const same = await makeOrder("completed");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => dispatchOrder(db, { orderId: same.id, trackingNumber: "AB555555555GB", expectedTracking: "", adminId: null })),
    );
    expect(results.filter((r) => r.status === "dispatched" && r.changed)).toHaveLength(1);
    expect(results.every((r) => r.status === "dispatched")).toBe(true);
    expect(await dispatchEmails(same.id)).toHaveLength(1);

    const different = await makeOrder("completed");
    const raced = await Promise.all(
      ["AB666666666GB", "AB777777777GB"].map((trackingNumber) =>
        dispatchOrder(db, { orderId: different.id, trackingNumber, expectedTracking: "", adminId: null }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual(["conflict", "dispatched"]);
    const winner = raced.find((r) => r.status === "dispatched")!;
    expect((await orderRow(different.id)).trackingNumber).toBe(winner.status === "dispatched" ? winner.trackingNumber : null);
    expect(await dispatchEmails(different.id)).toHaveLength(1);
  });
});

describe("/admin and /admin/orders routes", () => {
  it("are 401 for a guest and 403 for a customer, for pages and posts alike", async () => {
    const order = await makeOrder("completed");
    const shopper = await userWithSession("customer");
    for (const load of [() => homeLoader(get("/admin")), () => ordersLoader(get("/admin/orders"))]) {
      expect(await load()).toMatchObject({ status: 401, body: "Please log in to view this page." });
    }
    expect(await homeLoader(get("/admin", shopper.cookie))).toMatchObject({ status: 403, body: "You do not have permission to view this page." });
    expect(await ordersLoader(get("/admin/orders", shopper.cookie))).toMatchObject({
      status: 403,
      body: "You do not have permission to view this page.",
    });
    const fields = { intent: "dispatch", orderId: String(order.id), trackingNumber: "AB123456789GB" };
    expect(await ordersAction(post(fields))).toMatchObject({ status: 401 });
    expect(await ordersAction(post(fields, shopper.cookie))).toMatchObject({ status: 403 });
    // A session cookie that is not (or no longer) valid is a guest.
    expect(await ordersAction(post(fields, `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`))).toMatchObject({ status: 401 });
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", trackingNumber: null });
    expect(await dispatchEmails(order.id)).toHaveLength(0);
  });

  it("an admin sees the counts and the dispatch queue, and dispatches an order: dispatched, exactly one email", async () => {
    const admin = await userWithSession("admin");
    const order = await makeOrder("completed", { lines: [["Surging Sparks Booster Box", 1]] });
    const home = await homeLoader(get("/admin", admin.cookie));
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ data: { dispatch: { count: expect.any(Number) }, emails: { unsent: expect.any(Number) } } });
    const toDispatchBefore = (home.body as { data: { dispatch: { count: number } } }).data.dispatch.count;

    const page = await ordersLoader(get("/admin/orders", admin.cookie));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ filter: "to-dispatch", page: 1 });
    expect((page.body as { orders: { id: number }[] }).orders[0]!.id).toBe(order.id);

    const fields = { intent: "dispatch", orderId: String(order.id), trackingNumber: " ab123456789gb ", currentTracking: "" };
    const done = await ordersAction(post(fields, admin.cookie));
    expect(done).toMatchObject({ status: 200, body: { ok: true, orderId: order.id, message: DISPATCH_MESSAGES.dispatched(order.id, "AB123456789GB") } });
    expect(await orderRow(order.id)).toMatchObject({ status: "dispatched", trackingNumber: "AB123456789GB" });
    const emails = await dispatchEmails(order.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "order-dispatched", toAddress: "misty@example.test", sentAt: null });
    expect(emails[0]!.textBody).toContain("https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB");
    // The shop's public address (PUBLIC_URL) and name reach the email through the route.
    expect(emails[0]!.subject).toContain(`#${order.id}`);

    // The same post again (a resubmitted form): nothing changes, no second email.
    const again = await ordersAction(post(fields, admin.cookie));
    expect(again).toMatchObject({ status: 200, body: { ok: true, message: DISPATCH_MESSAGES.unchanged(order.id, "AB123456789GB") } });
    expect(await dispatchEmails(order.id)).toHaveLength(1);

    const after = await homeLoader(get("/admin", admin.cookie));
    expect((after.body as { data: { dispatch: { count: number } } }).data.dispatch.count).toBe(toDispatchBefore - 1);
    const queue = await ordersLoader(get("/admin/orders", admin.cookie));
    expect((queue.body as { orders: { id: number }[] }).orders.map((o) => o.id)).not.toContain(order.id);
    const dispatchedList = await ordersLoader(get("/admin/orders?status=dispatched", admin.cookie));
    expect((dispatchedList.body as { orders: { id: number; trackingNumber: string }[] }).orders[0]).toMatchObject({
      id: order.id,
      trackingNumber: "AB123456789GB",
    });
  });

  it("a bad tracking number is 400 with the field's message and the typed text; nothing changes", async () => {
    const admin = await userWithSession("admin");
    const order = await makeOrder("completed");
    for (const [typed, message] of [
      ["AB-12", DISPATCH_MESSAGES.trackingInvalid],
      ["   ", DISPATCH_MESSAGES.trackingRequired],
      ["<img src=x onerror=alert(1)>", DISPATCH_MESSAGES.trackingInvalid],
    ] as const) {
      const result = await ordersAction(post({ intent: "dispatch", orderId: String(order.id), trackingNumber: typed, currentTracking: "" }, admin.cookie));
      expect(result).toMatchObject({ status: 400, body: { ok: false, orderId: order.id, field: "trackingNumber", message, trackingNumber: typed } });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", trackingNumber: null });
    expect(await dispatchEmails(order.id)).toHaveLength(0);

    // Other malformed posts are refused with a message too, never a 500.
    expect(await ordersAction(post({ intent: "dispatch", orderId: "abc", trackingNumber: "AB123456789GB" }, admin.cookie))).toMatchObject({
      status: 400,
      body: { ok: false, orderId: null, message: DISPATCH_MESSAGES.badOrder },
    });
    expect(await ordersAction(post({ intent: "refund", orderId: String(order.id), trackingNumber: "AB123456789GB" }, admin.cookie))).toMatchObject({
      status: 400,
      body: { message: DISPATCH_MESSAGES.unknownIntent },
    });
    const notAForm = new Request(`${URL_BASE}/admin/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: admin.cookie },
      body: JSON.stringify({ intent: "dispatch" }),
    });
    expect(await ordersAction(notAForm)).toMatchObject({ status: 400, body: { message: DISPATCH_MESSAGES.resend } });
    expect(await ordersAction(post({ intent: "dispatch", orderId: "2000000000", trackingNumber: "AB123456789GB" }, admin.cookie))).toMatchObject({
      status: 404,
      body: { message: DISPATCH_MESSAGES.notFound(2_000_000_000) },
    });
  });

  it("a pending (or failed, refunded) order cannot be given a tracking number: 409 with a clear message", async () => {
    const admin = await userWithSession("admin");
    for (const status of ["pending", "failed", "refunded"]) {
      const order = await makeOrder(status);
      const result = await ordersAction(post({ intent: "dispatch", orderId: String(order.id), trackingNumber: "AB123456789GB" }, admin.cookie));
      expect(result).toMatchObject({ status: 409, body: { ok: false, orderId: order.id, message: DISPATCH_MESSAGES.notDispatchable(order.id, status) } });
      expect(await orderRow(order.id)).toMatchObject({ status, trackingNumber: null });
      expect(await dispatchEmails(order.id)).toHaveLength(0);
    }
    expect(DISPATCH_MESSAGES.notDispatchable(1, "pending")).toBe("Order #1 has not been paid yet, so it cannot be dispatched.");
  });

  it("a stale page is refused with 409 and the number someone else entered; the correction form then works", async () => {
    const admin = await userWithSession("admin");
    const order = await makeOrder("completed");
    await dispatchOrder(db, { orderId: order.id, trackingNumber: "AB888888888GB", adminId: null });
    const stale = await ordersAction(
      post({ intent: "dispatch", orderId: String(order.id), trackingNumber: "AB999999999GB", currentTracking: "" }, admin.cookie),
    );
    expect(stale).toMatchObject({ status: 409, body: { message: DISPATCH_MESSAGES.conflict(order.id, "AB888888888GB") } });
    const corrected = await ordersAction(
      post({ intent: "dispatch", orderId: String(order.id), trackingNumber: "AB999999999GB", currentTracking: "AB888888888GB" }, admin.cookie),
    );
    expect(corrected).toMatchObject({ status: 200, body: { ok: true, message: DISPATCH_MESSAGES.corrected(order.id, "AB999999999GB") } });
    expect(await orderRow(order.id)).toMatchObject({ status: "dispatched", trackingNumber: "AB999999999GB" });
    expect(await dispatchEmails(order.id)).toHaveLength(2);
  });

  it("the loader ignores a nonsense filter and page", async () => {
    const admin = await userWithSession("admin");
    const result = await ordersLoader(get("/admin/orders?status=%27;drop&page=-4", admin.cookie));
    expect(result).toMatchObject({ status: 200, body: { filter: "to-dispatch", page: 1 } });
    const ids = (result.body as { orders: { id: number }[] }).orders.map((o) => o.id);
    if (ids.length > 0) {
      const rows = await db.select().from(orders).where(inArray(orders.id, ids));
      expect(rows.every((r) => r.status === "completed" && r.trackingNumber === null)).toBe(true);
    }
  });
});
