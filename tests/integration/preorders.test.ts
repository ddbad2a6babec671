import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { drops, orders, outbox, preorderRefunds, preorders, productVariants, refunds, stockAlertBatches, stockAlerts, users } from "~/db/schema";
import { adjustStock, setStock } from "~/modules/catalog/inventory.server";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { dispatchOrder } from "~/modules/orders/admin.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { ALERT_TEXT } from "~/modules/preorders/alert-rules";
import { cancelAlert, runStockAlerts, subscribeAlert, unsubscribeByToken } from "~/modules/preorders/alerts.server";
import { action as alertsAction } from "~/routes/alerts";
import { action as loginAction } from "~/routes/login";
import { openPreorder, preorderDetail, productPreorderView, recordDelivery, releasePreorder, setAllocation, settleShortfall } from "~/modules/preorders/preorders.server";
import { paymentEventDispatcher } from "~/web/payments.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createUser, formRequest, settle, testContext } from "../support/accounts";
import { createTestDatabase, usingPostgresServer, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;
let fx: ReturnType<typeof checkoutFixtures>;
let sandbox: PaymentProvider;
let adminId: string;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fx = checkoutFixtures(db);
  sandbox = createSandboxProvider(db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
  const [admin] = await db.insert(users).values({ email: `admin-${randomUUID()}@example.test`, passwordHash: "x", role: "admin", emailVerifiedAt: new Date() }).returning();
  adminId = admin!.id;
});
afterAll(async () => {
  await database?.destroy();
});

/** A sealed product released in the future, on pre-order with `allocation` units (price £20). */
async function preorderProduct(allocation: number) {
  const p = await fx.product({ price: 2000, stock: 0, releaseDate: "2027-03-14" });
  const opened = await openPreorder(db, { variantId: p.variantId, allocation, adminId });
  expect(opened.ok).toBe(true);
  return p;
}

/** A customer checks out `quantity` of the variant and pays on the sandbox page: a real paid order. */
async function buy(variantId: number, quantity: number) {
  const user = await fx.customer();
  await fx.cart(user.id, [{ variantId, quantity }]);
  const checkout = await createCheckout(db, { userId: user.id }, sandbox, config);
  if (!checkout.ok) throw new Error(`checkout refused: ${checkout.code}`);
  const paid = await paySandboxSession(db, checkout.sessionId, "4242424242424242", { dispatch: paymentEventDispatcher(db, { provider: sandbox }), viewerId: user.id });
  expect(paid.status).toBe("paid");
  return { orderId: checkout.orderId, userId: user.id };
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const emailsLike = (pattern: string) => db.select().from(outbox).where(like(outbox.dedupeKey, pattern));
const dispatch = (orderId: number) => dispatchOrder(db, { orderId, trackingNumber: `AB${orderId}GB`, adminId });

describe("pre-order allocation", () => {
  it("sells the allocation as stock through the unchanged checkout, and refuses an allocation below what is sold", async () => {
    const p = await preorderProduct(5);
    expect(await fx.stock(p.variantId)).toBe(5);
    await buy(p.variantId, 2);
    expect(await fx.stock(p.variantId)).toBe(3);
    expect(await setAllocation(db, { variantId: p.variantId, allocation: 1, adminId })).toMatchObject({ ok: false, status: 409 });
    expect(await setAllocation(db, { variantId: p.variantId, allocation: 8, adminId })).toEqual({ ok: true });
    expect(await fx.stock(p.variantId)).toBe(6);
    const detail = await preorderDetail(db, p.variantId);
    expect(detail).toMatchObject({ allocation: 8, ordered: 2, paid: 2, delivered: 0, stock: 6 });
    // A second pre-order on the same variant, and a product without a release date, are refused.
    expect(await openPreorder(db, { variantId: p.variantId, allocation: 3, adminId })).toMatchObject({ ok: false, status: 409 });
    const undated = await fx.product({ stock: 0 });
    expect(await openPreorder(db, { variantId: undated.variantId, allocation: 3, adminId })).toMatchObject({ ok: false, status: 409 });
  });

  it("concurrent pre-orders never exceed the allocation", async () => {
    if (!(await usingPostgresServer())) console.warn("(running on PGlite: concurrency is serialised there)");
    const p = await preorderProduct(7);
    const customers = [];
    for (let i = 0; i < 20; i++) {
      const c = await fx.customer(`Rusher ${i}`);
      await fx.cart(c.id, [{ variantId: p.variantId, quantity: 1 }]);
      customers.push(c);
    }
    const results = await Promise.all(customers.map((c) => createCheckout(db, { userId: c.id }, sandbox, config)));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect(await fx.stock(p.variantId)).toBe(0);
    expect(await fx.heldUnits(p.variantId)).toBe(7);
  });

  it("shows on the product page view which variants are on pre-order", async () => {
    const p = await preorderProduct(3);
    const view = await productPreorderView(db, p.id, null);
    expect(view).toEqual({ preorderVariantIds: [p.variantId], releaseDate: "2027-03-14", alertWaiting: null, emailVerified: false });
  });
});

describe("a short delivery", () => {
  it("fills in the order paid; refunds the rest through the order refund path, with emails; release lets filled orders go", async () => {
    const p = await preorderProduct(6);
    const first = await buy(p.variantId, 2);
    const second = await buy(p.variantId, 2);
    const third = await buy(p.variantId, 1);
    // Not dispatchable before release.
    expect(await dispatch(first.orderId)).toMatchObject({ status: "not_dispatchable", orderStatus: "preorder" });
    // Release needs a delivery.
    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toMatchObject({ ok: false, status: 409 });

    expect(await recordDelivery(db, { variantId: p.variantId, units: 3, adminId })).toEqual({ ok: true, short: 2 });
    expect(await fx.stock(p.variantId)).toBe(0); // nothing left to sell: the delivery is short
    let detail = (await preorderDetail(db, p.variantId))!;
    expect(detail.lines.map((l) => [l.orderId, l.filled, l.short])).toEqual([
      [first.orderId, 2, 0],
      [second.orderId, 1, 1],
      [third.orderId, 0, 1],
    ]);
    // Short lines must be settled before release.
    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toMatchObject({ ok: false, status: 409 });

    expect(await settleShortfall(db, sandbox, { variantId: p.variantId, choice: "refund", adminId })).toEqual({ ok: true, count: 2 });
    // The second: one unit (£20) back; the third (a one-line order nothing of which ships): everything, shipping too.
    expect(await orderRow(second.orderId)).toMatchObject({ status: "completed", refundedAmount: 2000 });
    const third_ = await orderRow(third.orderId);
    expect(third_).toMatchObject({ status: "refunded", refundedAmount: third_.totalAmount });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, second.orderId))).toHaveLength(1);
    expect(await db.select().from(preorderRefunds).where(eq(preorderRefunds.orderId, second.orderId))).toMatchObject([{ units: 1, amount: 2000 }]);
    expect(await emailsLike(`preorder-short-refund:%`)).toHaveLength(2);
    expect((await emailsLike(`order-refund:${second.orderId}:%`)).length).toBe(1);
    // A replay refunds nothing more.
    expect(await settleShortfall(db, sandbox, { variantId: p.variantId, choice: "refund", adminId })).toMatchObject({ ok: false, status: 409 });
    expect((await orderRow(second.orderId)).refundedAmount).toBe(2000);

    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toEqual({ ok: true });
    expect(await dispatch(first.orderId)).toMatchObject({ status: "dispatched" });
    expect(await dispatch(second.orderId)).toMatchObject({ status: "dispatched" });
    expect(await dispatch(third.orderId)).toMatchObject({ status: "not_dispatchable" });
    detail = (await preorderDetail(db, p.variantId))!;
    expect(detail).toMatchObject({ delivered: 3, filled: 3, short: 0, refundedUnits: 2 });
  });

  it("keeps the rest waiting (emailed); a later delivery fills them in paid order and the extra goes on sale", async () => {
    const p = await preorderProduct(5);
    const first = await buy(p.variantId, 2);
    const second = await buy(p.variantId, 2);
    expect(await recordDelivery(db, { variantId: p.variantId, units: 3, adminId })).toEqual({ ok: true, short: 1 });
    expect(await settleShortfall(db, sandbox, { variantId: p.variantId, choice: "wait", adminId })).toEqual({ ok: true, count: 1 });
    expect(await emailsLike(`preorder-waiting:%`)).toSatisfy((rows: unknown[]) => rows.length >= 1);
    const [waitingEmail] = await db.select().from(outbox).where(and(eq(outbox.kind, "preorder-waiting"), eq(outbox.toAddress, (await orderRow(second.orderId)).email)));
    expect(waitingEmail!.subject).toContain(`#${second.orderId}`);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, second.orderId))).toHaveLength(0);

    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toEqual({ ok: true });
    expect(await dispatch(first.orderId)).toMatchObject({ status: "dispatched" });
    expect(await dispatch(second.orderId)).toMatchObject({ status: "not_dispatchable", orderStatus: "preorder" });

    // Three more arrive: one fills the waiting line, two go on sale.
    expect(await recordDelivery(db, { variantId: p.variantId, units: 3, adminId })).toEqual({ ok: true, short: 0 });
    expect(await fx.stock(p.variantId)).toBe(2);
    expect(await dispatch(second.orderId)).toMatchObject({ status: "dispatched" });
  });

  it("refuses a short delivery while checkouts hold units (an expiring hold would sell units that never came)", async () => {
    const p = await preorderProduct(3);
    await buy(p.variantId, 2);
    const holder = await fx.customer();
    await fx.cart(holder.id, [{ variantId: p.variantId, quantity: 1 }]);
    expect((await createCheckout(db, { userId: holder.id }, sandbox, config)).ok).toBe(true);
    expect(await recordDelivery(db, { variantId: p.variantId, units: 2, adminId })).toMatchObject({ ok: false, status: 409 });
    expect((await preorderDetail(db, p.variantId))!.delivered).toBe(0);
    // Enough for the paid and the held: fine, nothing left to sell.
    expect(await recordDelivery(db, { variantId: p.variantId, units: 3, adminId })).toEqual({ ok: true, short: 0 });
    expect(await fx.stock(p.variantId)).toBe(0);
  });

  it("a full delivery puts what is beyond the paid pre-orders on sale, and the variant sells as stock after release", async () => {
    const p = await preorderProduct(4);
    await buy(p.variantId, 1);
    expect(await recordDelivery(db, { variantId: p.variantId, units: 5, adminId })).toEqual({ ok: true, short: 0 });
    expect(await fx.stock(p.variantId)).toBe(4);
    expect(await settleShortfall(db, sandbox, { variantId: p.variantId, choice: "refund", adminId })).toMatchObject({ ok: false, status: 409 });
    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toEqual({ ok: true });
    expect(await releasePreorder(db, { variantId: p.variantId, adminId })).toMatchObject({ ok: false, status: 409 });
    const after = await buy(p.variantId, 1);
    // Bought after release: not a pre-order line, dispatchable at once.
    expect(await dispatch(after.orderId)).toMatchObject({ status: "dispatched" });
  });
});

describe("availability alerts", () => {
  async function subscriber(productId: number) {
    const c = await fx.customer();
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, c.id));
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, productId)).toMatchObject({ ok: true, changed: true });
    return c;
  }
  const alertEmails = async (productName: string) => (await db.select().from(outbox).where(eq(outbox.kind, "stock-alert"))).filter((e) => e.subject.startsWith(`${productName} `));

  it("subscribing: verified customers only, only while unavailable, once each", async () => {
    const out = await fx.product({ stock: 0 });
    const inStock = await fx.product({ stock: 3 });
    const c = await fx.customer();
    expect(await subscribeAlert(db, { id: c.id, emailVerified: false }, out.id)).toMatchObject({ ok: false, status: 403 });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, inStock.id)).toMatchObject({ ok: false, status: 409 });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, 2_000_000_000)).toMatchObject({ ok: false, status: 404 });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, out.id)).toEqual({ ok: true, changed: true, slug: out.slug });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, out.id)).toEqual({ ok: true, changed: false, slug: out.slug });
    expect(await cancelAlert(db, c.id, out.id)).toEqual({ ok: true, changed: true, slug: out.slug });
    // A product on pre-order with allocation left is not "available": its release can be waited for.
    const pre = await preorderProduct(2);
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, pre.id)).toMatchObject({ ok: true, changed: true });
  });

  it("sends in a recorded random order, at most N a minute, each subscriber once; stops a stale batch", async () => {
    const p = await fx.product({ stock: 0 });
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await subscriber(p.id));
    const t0 = new Date(Date.now() + 3_600_000);
    // Not available: nothing starts.
    expect(await runStockAlerts(db, { now: t0, perMinute: 2 })).toMatchObject({ started: 0, sent: 0 });

    await adjustStock(db, p.variantId, 4, { reason: "adjustment", note: "restock" });
    const first = await runStockAlerts(db, { now: t0, perMinute: 2 });
    expect(first).toMatchObject({ started: 1, sent: 2 });
    const [batch] = await db.select().from(stockAlertBatches).where(eq(stockAlertBatches.productId, p.id));
    const waitingIds = (await db.select({ id: stockAlerts.id }).from(stockAlerts).where(eq(stockAlerts.productId, p.id))).map((r) => r.id);
    expect([...batch!.alertIds].sort((a, b) => a - b)).toEqual([...waitingIds].sort((a, b) => a - b));
    const sentIds = async () =>
      (await db.select().from(stockAlerts).where(and(eq(stockAlerts.productId, p.id), eq(stockAlerts.status, "sent")))).map((a) => a.id);
    // Sent in the recorded order.
    expect((await sentIds()).sort()).toEqual(batch!.alertIds.slice(0, 2).sort());

    // Same minute: the budget is spent.
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 30_000), perMinute: 2 })).toMatchObject({ sent: 0 });
    // A minute on: two more.
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 61_000), perMinute: 2 })).toMatchObject({ sent: 2 });
    expect((await sentIds()).sort()).toEqual(batch!.alertIds.slice(0, 4).sort());

    // Sold out again before the last one: the batch stops, the stale email is not sent.
    await setStock(db, p.variantId, 0, { reason: "adjustment", note: "sold out" });
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 125_000), perMinute: 2 })).toMatchObject({ stopped: 1, sent: 0 });
    const [stopped] = await db.select().from(stockAlertBatches).where(eq(stockAlertBatches.id, batch!.id));
    expect(stopped!.status).toBe("stopped");
    expect(await alertEmails(p.name)).toHaveLength(4);

    // Back again: a new batch tells the last one, once; nobody gets a second email.
    await adjustStock(db, p.variantId, 1, { reason: "adjustment", note: "restock" });
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 250_000), perMinute: 2 })).toMatchObject({ started: 1, sent: 1 });
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 400_000), perMinute: 2 })).toMatchObject({ sent: 0 });
    const emails = await alertEmails(p.name);
    expect(emails).toHaveLength(5);
    expect(new Set(emails.map((e) => e.toAddress)).size).toBe(5);
    expect(emails[0]!.textBody).toContain("/alerts/");
  });

  it("the random order is uniform-ish: every subscriber is first about as often", async () => {
    const { shuffled } = await import("~/modules/preorders/alerts.server");
    const firsts = new Map<number, number>();
    for (let i = 0; i < 4000; i++) {
      const first = shuffled([1, 2, 3, 4])[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    for (const id of [1, 2, 3, 4]) expect(firsts.get(id)!).toBeGreaterThan(800);
  });

  it("a release tells the waiting subscribers of a pre-order product; the unsubscribe link stops alerts", async () => {
    const p = await preorderProduct(1);
    await buy(p.variantId, 1);
    const keen = await subscriber(p.id);
    const quitter = await subscriber(p.id);
    const [quit] = await db.select().from(stockAlerts).where(eq(stockAlerts.userId, quitter.id));
    expect(await unsubscribeByToken(db, quit!.token)).toEqual({ ok: true, cancelled: 1 });
    expect(await unsubscribeByToken(db, "not-a-real-token-at-all-xx")).toEqual({ ok: false });

    const now = new Date(Date.now() + 7_200_000);
    expect(await runStockAlerts(db, { now })).toMatchObject({ sent: 0 });
    await recordDelivery(db, { variantId: p.variantId, units: 4, adminId });
    // Delivered but not released: still a pre-order, no alert.
    expect(await runStockAlerts(db, { now })).toMatchObject({ sent: 0 });
    await releasePreorder(db, { variantId: p.variantId, adminId });
    expect(await runStockAlerts(db, { now })).toMatchObject({ started: 1, sent: 1 });
    const [email] = await alertEmails(p.name);
    expect(email!.toAddress).toBe(keen.email);
    expect((await db.select().from(preorders).where(eq(preorders.variantId, p.variantId)))[0]!.releasedAt).toBeInstanceOf(Date);
    expect((await db.select().from(productVariants).where(eq(productVariants.id, p.variantId)))[0]!.stock).toBe(3);
  });

  /** A drop (queue, starting in an hour) of the product, straight into the table. */
  const dropOf = async (productId: number, values: Partial<typeof drops.$inferInsert> = {}) => {
    const startsAt = new Date(Date.now() + 3_600_000);
    const [drop] = await db.insert(drops).values({ productId, mode: "queue", opensAt: new Date(startsAt.getTime() - 600_000), startsAt, ...values }).returning();
    return drop!;
  };

  it("a product sold through a drop takes no alerts and sends none, in stock or not", async () => {
    const c = await fx.customer();
    // In stock before the drop starts: refused as a drop, not as "available now".
    const stocked = await fx.product({ stock: 5 });
    await dropOf(stocked.id);
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, stocked.id)).toEqual({ ok: false, status: 409, answer: "drop", message: ALERT_TEXT.drop, slug: stocked.slug });
    // Sold out too.
    const empty = await fx.product({ stock: 0 });
    await dropOf(empty.id, { mode: "draw" });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, empty.id)).toMatchObject({ ok: false, status: 409, answer: "drop" });

    // Waiting alerts from before the drop was set up: the restock sends nothing while the drop sells it.
    const later = await fx.product({ stock: 0 });
    const sub = await subscriber(later.id);
    await dropOf(later.id);
    await adjustStock(db, later.variantId, 3, { reason: "adjustment", note: "restock" });
    const now = new Date(Date.now() + 36_000_000);
    expect(await runStockAlerts(db, { now })).toMatchObject({ started: 0, sent: 0 });
    expect(await db.select().from(stockAlertBatches).where(eq(stockAlertBatches.productId, later.id))).toEqual([]);
    expect((await db.select().from(stockAlerts).where(eq(stockAlerts.userId, sub.id)))[0]!.status).toBe("waiting");

    // Called off: an ordinary product again, so the waiting customer is told.
    await db.update(drops).set({ cancelledAt: new Date() }).where(eq(drops.productId, later.id));
    expect(await runStockAlerts(db, { now })).toMatchObject({ started: 1, sent: 1 });
    const cancelled = await fx.product({ stock: 0 });
    await dropOf(cancelled.id, { cancelledAt: new Date() });
    expect(await subscribeAlert(db, { id: c.id, emailVerified: true }, cancelled.id)).toMatchObject({ ok: true, changed: true });
  });

  it("a batch already sending stops when a drop is set up for the product", async () => {
    const p = await fx.product({ stock: 0 });
    for (let i = 0; i < 3; i++) await subscriber(p.id);
    await adjustStock(db, p.variantId, 3, { reason: "adjustment", note: "restock" });
    const t0 = new Date(Date.now() + 43_200_000);
    expect(await runStockAlerts(db, { now: t0, perMinute: 1 })).toMatchObject({ started: 1, sent: 1 });
    await dropOf(p.id);
    expect(await runStockAlerts(db, { now: new Date(t0.getTime() + 61_000), perMinute: 1 })).toMatchObject({ stopped: 1, sent: 0 });
  });
});

describe("POST /alerts", () => {
  let context: ReturnType<typeof testContext>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = (request: Request, ctx = context) => settle(async () => alertsAction({ request, params: {}, context: ctx } as any));
  async function signIn() {
    const user = await createUser(db, { verified: true });
    const res = await settle(async () =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      loginAction({ request: formRequest("/login", { email: user.email, password: user.password }), params: {}, context } as any),
    );
    const token = res.headers.get("Set-Cookie")?.match(/nm_session=([^;]*)/)?.[1];
    if (!token) throw new Error("no session cookie");
    return { ...user, cookie: `nm_session=${token}` };
  }
  beforeAll(() => {
    context = testContext(db);
  });

  it("goes back to the product's own page, whatever slug was posted", async () => {
    const p = await fx.product({ stock: 0 });
    const other = await fx.product({ stock: 0 });
    const user = await signIn();
    const res = await call(formRequest("/alerts", { intent: "subscribe", productId: String(p.id), slug: other.slug }, { Cookie: user.cookie }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/products/${p.slug}?alert=subscribed#alert`);
    const drop = await fx.product({ stock: 2 });
    await db.insert(drops).values({ productId: drop.id, mode: "draw", opensAt: new Date(), startsAt: new Date(Date.now() + 3_600_000) });
    const refused = await call(formRequest("/alerts", { intent: "subscribe", productId: String(drop.id), slug: other.slug }, { Cookie: user.cookie }));
    expect(refused.headers.get("Location")).toBe(`/products/${drop.slug}?alert=drop#alert`);
    // A guest signs in and comes back to the real product too.
    const guest = await call(formRequest("/alerts", { intent: "subscribe", productId: String(p.id), slug: other.slug }));
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/products/${p.slug}`)}`);
    expect((await call(formRequest("/alerts", { intent: "subscribe", productId: "2000000000" }))).status).toBe(404);
    expect((await call(formRequest("/alerts", { intent: "cancel", productId: "2000000000" }, { Cookie: user.cookie }))).status).toBe(404);
  });

  it("a database failure is an error, not a trip to the login page", async () => {
    const p = await fx.product({ stock: 0 });
    const user = await signIn();
    const down = new Proxy({} as typeof db, {
      get() {
        throw new Error("database down");
      },
    });
    const request = formRequest("/alerts", { intent: "subscribe", productId: String(p.id) }, { Cookie: user.cookie });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await expect(alertsAction({ request, params: {}, context: { ...context, db: down } } as any)).rejects.toThrow("database down");
  });
});

describe("a customer's own data", () => {
  it("the data download lists their alerts, and erasure deletes them", async () => {
    const { alertsData, deleteAlertsOf } = await import("~/modules/preorders/alerts.server");
    const p = await fx.product({ stock: 0 });
    const c = await fx.customer();
    await subscribeAlert(db, { id: c.id, emailVerified: true }, p.id);
    expect(await alertsData(db, c.id)).toMatchObject([{ product: p.name, status: "waiting", sentAt: null }]);
    expect(await deleteAlertsOf(db, c.id)).toBe(1);
    expect(await alertsData(db, c.id)).toEqual([]);
  });
});

describe("tiles", () => {
  it("a product on pre-order says so on its tile until released", async () => {
    const { categoryPage } = await import("~/modules/catalog/queries.server");
    const { categories } = await import("~/db/schema");
    // Fixtures of their own: a category with this one product, so its page lists it.
    const p = await checkoutFixtures(db).product({ price: 2000, stock: 0, releaseDate: "2027-03-14" });
    expect(await openPreorder(db, { variantId: p.variantId, allocation: 2, adminId })).toEqual({ ok: true });
    const [category] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, p.categoryId));
    const tileOf = async () => (await categoryPage(db, category!.slug, 1))!.products.items.find((t) => t.id === p.id);
    expect(await tileOf()).toMatchObject({ preorder: true, releaseDate: "2027-03-14" });
    await recordDelivery(db, { variantId: p.variantId, units: 2, adminId });
    await releasePreorder(db, { variantId: p.variantId, adminId });
    expect(await tileOf()).toMatchObject({ preorder: false });
  });
});
