import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, orders, outbox, productVariants, profiles, refunds, sessions, stockMovements, users } from "~/db/schema";
import { cancelOrder, orderDetailForAdmin, refundOrder } from "~/modules/orders/admin-order.server";
import { dispatchOrder, listOrdersForAdmin } from "~/modules/orders/admin.server";
import { parseOrderSearch } from "~/modules/orders/admin-orders";
import { listOrderHistory } from "~/modules/orders/history.server";
import { PaymentProviderError, type PaymentProvider, type RefundInput } from "~/modules/payments/provider";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { startStripeFake } from "../fakes/stripe-fake";
import * as adminOrder from "~/routes/admin-order";
import { settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { insertOrder } from "../support/orders";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;
let sandbox: PaymentProvider;
let fx: ReturnType<typeof checkoutFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fx = checkoutFixtures(db);
  sandbox = createSandboxProvider(db, { publicUrl: "https://shop.test", planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

/** The sandbox, counting the refunds asked of it, optionally slow (to widen a race) or failing. */
function countingProvider(options: { delayMs?: number; fail?: boolean } = {}) {
  const calls: RefundInput[] = [];
  const provider: PaymentProvider = {
    ...sandbox,
    name: sandbox.name,
    async refundPayment(input) {
      calls.push(input);
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (options.fail) throw new PaymentProviderError("card issuer unavailable");
      return sandbox.refundPayment(input);
    },
  };
  return { provider, calls };
}

async function adminWithSession() {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role: "admin", emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: "Shop Owner", email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A paid order (total £30.29) of two lines on two variants with stock 10 each; stock already taken at checkout is not modelled. */
async function paidOrder(status = "completed", trackingNumber: string | null = null) {
  const customer = await fx.customer();
  const a = await fx.product({ stock: 10 });
  const b = await fx.product({ stock: 10 });
  const order = await insertOrder(db, {
    userId: customer.id,
    status,
    trackingNumber,
    email: customer.email,
    items: [
      { variantId: a.variantId, productName: a.name, quantity: 2, unitPrice: 1000 },
      { variantId: b.variantId, productName: b.name, quantity: 1, unitPrice: 1000 },
    ],
  });
  await db.update(orders).set({ totalAmount: 3029, subtotalAmount: 3000, paidAt: new Date(), paymentSessionId: `cs_sbx_${randomUUID()}` }).where(eq(orders.id, order.id));
  return { orderId: order.id, userId: customer.id, variants: [a.variantId, b.variantId] };
}

async function stockOf(variantId: number) {
  const [row] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  return row!.stock;
}
async function ledgerSum(variantId: number) {
  const [row] = await db.select({ s: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` }).from(stockMovements).where(eq(stockMovements.variantId, variantId));
  return Number(row!.s);
}
async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
const refundRows = (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId));
const emailsFor = (orderId: number, kind: string) => db.select().from(outbox).where(and(eq(outbox.kind, kind), like(outbox.dedupeKey, `%:${orderId}%`)));
const key = () => randomUUID();

describe("cancel", () => {
  it("puts every line back through the ledger (one cancel_restock row per line), cancels, emails and audits", async () => {
    const admin = await adminWithSession();
    const { orderId, variants } = await paidOrder();
    const outcome = await cancelOrder(db, sandbox, { orderId, reason: "Customer asked", refund: "none", requestKey: key(), adminId: admin.id });
    expect(outcome).toMatchObject({ status: "cancelled", changed: true, refund: null });

    expect(await stockOf(variants[0]!)).toBe(12);
    expect(await stockOf(variants[1]!)).toBe(11);
    for (const v of variants) expect(await ledgerSum(v)).toBe(await stockOf(v));
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(asc(stockMovements.id));
    expect(moves.map((m) => [m.variantId, m.delta, m.reason, m.actorId])).toEqual([
      [variants[0], 2, "cancel_restock", admin.id],
      [variants[1], 1, "cancel_restock", admin.id],
    ]);

    const row = await orderRow(orderId);
    expect(row.status).toBe("cancelled");
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(row.cancelReason).toBe("Customer asked");
    expect(await emailsFor(orderId, "order-cancelled")).toHaveLength(1);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, "order.cancelled")));
    expect(audit!.details).toMatchObject({ before: { status: "completed" }, after: { status: "cancelled" } });

    // Again: nothing more goes back and no second email.
    const again = await cancelOrder(db, sandbox, { orderId, reason: "Again", refund: "none", requestKey: key(), adminId: admin.id });
    expect(again).toMatchObject({ status: "cancelled", changed: false });
    expect(await stockOf(variants[0]!)).toBe(12);
    expect(await emailsFor(orderId, "order-cancelled")).toHaveLength(1);
    // The customer's history says so.
    const history = await listOrderHistory(db, row.userId);
    expect(history.find((o) => o.id === orderId)).toMatchObject({ status: "cancelled", refundedAmount: 0 });
  });

  it("refuses a dispatched order, and a paid one that already has a tracking number, changing nothing", async () => {
    for (const [status, tracking] of [["dispatched", "AB123456789GB"], ["completed", "AB123456789GB"], ["pending", null], ["refunded", null]] as const) {
      const { orderId, variants } = await paidOrder(status, tracking);
      const outcome = await cancelOrder(db, sandbox, { orderId, reason: "Too late", refund: "full", requestKey: key(), adminId: null });
      expect(outcome.status).toBe("not_cancellable");
      expect((await orderRow(orderId)).status).toBe(status);
      expect(await stockOf(variants[0]!)).toBe(10);
      expect(await refundRows(orderId)).toHaveLength(0);
    }
  });

  it("with a refund it cannot make (more than was paid), cancels nothing", async () => {
    const { orderId, variants } = await paidOrder();
    const outcome = await cancelOrder(db, sandbox, { orderId, reason: "Oops", refund: "amount", amount: 3030, requestKey: key(), adminId: null });
    expect(outcome).toMatchObject({ status: "refund_refused", refusal: { reason: "over_remaining", remaining: 3029 } });
    expect((await orderRow(orderId)).status).toBe("completed");
    expect(await stockOf(variants[0]!)).toBe(10);
    expect(await emailsFor(orderId, "order-cancelled")).toHaveLength(0);
  });

  it("refunds in the same step, less the 5% fee when asked", async () => {
    const { orderId } = await paidOrder();
    const outcome = await cancelOrder(db, sandbox, { orderId, reason: "Out of stock", refund: "less-fee", requestKey: key(), adminId: null });
    // 3029 − floor(3029 × 5 %) = 3029 − 151
    expect(outcome).toMatchObject({ status: "cancelled", refund: { status: "refunded", amount: 2878, refundedAmount: 2878, orderStatus: "cancelled" } });
    expect((await orderRow(orderId)).refundedAmount).toBe(2878);
    const [email] = await emailsFor(orderId, "order-refunded");
    expect(email!.textBody).toContain("£28.78");
    expect(email!.textBody).toContain("cancellation fee of £1.51");
    // The rest can still go back later; then the order is refunded in full.
    const rest = await refundOrder(db, sandbox, { orderId, mode: "full", requestKey: key(), adminId: null });
    expect(rest).toMatchObject({ status: "refunded", amount: 151, refundedAmount: 3029, orderStatus: "refunded" });
  });
});

describe("refund", () => {
  it("a refund the provider made but whose record was lost is not paid twice, even from a reloaded page (a new form key)", async () => {
    const { orderId } = await paidOrder();
    const made: string[] = [];
    // The provider refunds, then our side fails before the commit: the transaction rolls back.
    const losing: PaymentProvider = {
      ...sandbox,
      name: sandbox.name,
      async refundPayment(input) {
        made.push((await sandbox.refundPayment(input)).id);
        throw new Error("connection to the database lost");
      },
    };
    await expect(refundOrder(db, losing, { orderId, mode: "amount", amount: 700, requestKey: key(), adminId: null })).rejects.toThrow("connection to the database lost");
    expect(await refundRows(orderId)).toHaveLength(0);
    // The admin reloads the page (a new request key) and refunds the same amount again.
    const retried = await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 700, requestKey: key(), adminId: null });
    expect(retried).toMatchObject({ status: "refunded", amount: 700, refundedAmount: 700 });
    // The provider answered with the refund it had already made: one refund, paid once.
    expect(retried.status === "refunded" && retried.refundId).toBe(made[0]);
    expect(await refundRows(orderId)).toHaveLength(1);
    // A second, real refund of the same amount is a new one (the order's refunded amount moved on).
    const second = await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 700, requestKey: key(), adminId: null });
    expect(second).toMatchObject({ status: "refunded", refundedAmount: 1400 });
    expect(second.status === "refunded" && second.refundId).not.toBe(made[0]);
  });

  it("is idempotent: the same request key twice pays once, records once and emails once", async () => {
    const { orderId } = await paidOrder();
    const { provider, calls } = countingProvider();
    const requestKey = key();
    const first = await refundOrder(db, provider, { orderId, mode: "amount", amount: 1000, requestKey, adminId: null });
    const replay = await refundOrder(db, provider, { orderId, mode: "amount", amount: 1000, requestKey, adminId: null });
    expect(first).toMatchObject({ status: "refunded", amount: 1000, orderStatus: "completed" });
    expect(replay).toEqual({ status: "replayed", orderId, amount: 1000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`order-refund-payment:${orderId}:after-0:1000`);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).refundedAmount).toBe(1000);
    expect(await emailsFor(orderId, "order-refunded")).toHaveLength(1);
  });

  it("a double-submit at the same moment pays once", async () => {
    const { orderId } = await paidOrder();
    const { provider, calls } = countingProvider({ delayMs: 50 });
    const requestKey = key();
    const results = await Promise.all([1, 2].map(() => refundOrder(db, provider, { orderId, mode: "full", requestKey, adminId: null })));
    expect(results.map((r) => r.status).sort()).toEqual(["refunded", "replayed"]);
    expect(calls).toHaveLength(1);
    expect((await orderRow(orderId)).refundedAmount).toBe(3029);
  });

  it("two concurrent partial refunds never pass the total", async () => {
    const { orderId } = await paidOrder();
    const { provider, calls } = countingProvider({ delayMs: 50 });
    const results = await Promise.all([1, 2].map(() => refundOrder(db, provider, { orderId, mode: "amount", amount: 2000, requestKey: key(), adminId: null })));
    expect(results.map((r) => r.status).sort()).toEqual(["refunded", "refused"]);
    expect(results.find((r) => r.status === "refused")).toMatchObject({ reason: "over_remaining", remaining: 1029 });
    expect(calls).toHaveLength(1);
    const row = await orderRow(orderId);
    expect(row.refundedAmount).toBe(2000);
    expect((await refundRows(orderId)).reduce((s, r) => s + r.amount, 0)).toBe(2000);
  });

  it("refuses more than is left, the fee on a posted order, and anything on an unpaid order", async () => {
    const { orderId } = await paidOrder("dispatched", "AB123456789GB");
    expect(await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 3030, requestKey: key(), adminId: null })).toMatchObject({ status: "refused", reason: "over_remaining", remaining: 3029 });
    expect(await refundOrder(db, sandbox, { orderId, mode: "less-fee", requestKey: key(), adminId: null })).toMatchObject({ status: "refused", reason: "fee_not_allowed" });
    const partial = await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 29, requestKey: key(), adminId: null });
    expect(partial).toMatchObject({ status: "refunded", orderStatus: "dispatched", refundedAmount: 29 });
    expect(await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 3001, requestKey: key(), adminId: null })).toMatchObject({ status: "refused", reason: "over_remaining", remaining: 3000 });
    const full = await refundOrder(db, sandbox, { orderId, mode: "full", requestKey: key(), adminId: null });
    expect(full).toMatchObject({ status: "refunded", amount: 3000, refundedAmount: 3029, orderStatus: "refunded" });
    expect(await refundOrder(db, sandbox, { orderId, mode: "full", requestKey: key(), adminId: null })).toMatchObject({ status: "refused", reason: "nothing_left" });
    const history = await listOrderHistory(db, (await orderRow(orderId)).userId);
    expect(history.find((o) => o.id === orderId)).toMatchObject({ status: "refunded", refundedAmount: 3029 });

    const pending = await paidOrder("pending");
    expect(await refundOrder(db, sandbox, { orderId: pending.orderId, mode: "full", requestKey: key(), adminId: null })).toMatchObject({ status: "refused", reason: "nothing_left" });
  });

  it("records nothing when the provider fails", async () => {
    const { orderId } = await paidOrder();
    const { provider } = countingProvider({ fail: true });
    const outcome = await refundOrder(db, provider, { orderId, mode: "full", requestKey: key(), adminId: null });
    expect(outcome).toMatchObject({ status: "provider_failed" });
    expect((await orderRow(orderId)).refundedAmount).toBe(0);
    expect(await refundRows(orderId)).toHaveLength(0);
    expect(await emailsFor(orderId, "order-refunded")).toHaveLength(0);
  });

  it("puts chosen lines of an unshipped order back with refund_restock, once", async () => {
    const { orderId, variants } = await paidOrder();
    const detail = await orderDetailForAdmin(db, orderId);
    const lineB = detail!.lines.find((l) => l.variantId === variants[1])!;
    const outcome = await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 1000, restockLineIds: [lineB.id], requestKey: key(), adminId: null });
    expect(outcome).toMatchObject({ status: "refunded" });
    expect(await stockOf(variants[1]!)).toBe(11);
    expect(await ledgerSum(variants[1]!)).toBe(11);
    const again = await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 100, restockLineIds: [lineB.id], requestKey: key(), adminId: null });
    expect(again).toMatchObject({ status: "refused", reason: "restock_not_allowed" });
    // A later cancel returns only what is still out.
    await cancelOrder(db, sandbox, { orderId, reason: "Rest unavailable", refund: "none", requestKey: key(), adminId: null });
    expect(await stockOf(variants[0]!)).toBe(12);
    expect(await stockOf(variants[1]!)).toBe(11);
    for (const v of variants) expect(await ledgerSum(v)).toBe(await stockOf(v));
    const after = await orderDetailForAdmin(db, orderId);
    expect(after!.lines.map((l) => l.restocked)).toEqual([2, 1]);
  });
});

describe("through Stripe (the local fake)", () => {
  it("refunds partly then fully with the request key as Stripe's idempotency key; a replay sends nothing", async () => {
    const fake = await startStripeFake();
    try {
      const stripe = paymentProviderFor(testContext(db, { STRIPE_SECRET_KEY: "sk_test_nearmint", STRIPE_WEBHOOK_SECRET: "whsec_test", STRIPE_API_BASE: fake.url, STRIPE_PRICE_MONTHLY: "price_monthly_test" }));
      expect(stripe.name).toBe("stripe");
      const { orderId } = await paidOrder();
      const session = await stripe.createCheckoutSession({
        lineItems: [{ name: "Box", quantity: 1, unitAmount: 3029 }],
        amountTotal: 3029,
        discountAmount: 0,
        customerEmail: "buyer@example.test",
        clientReferenceId: String(orderId),
        metadata: { orderId: String(orderId) },
        successUrl: "https://shop.test/order/success?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "https://shop.test/checkout/cancel",
        expiresAt: new Date(Date.now() + 30 * 60_000),
        idempotencyKey: `checkout-${orderId}`,
        userId: (await orderRow(orderId)).userId,
      });
      const paid = fake.completeSession(session.id);
      await db.update(orders).set({ paymentProvider: "stripe", paymentSessionId: session.id, paymentIntentId: paid.payment_intent }).where(eq(orders.id, orderId));

      const requestKey = key();
      const first = await refundOrder(db, stripe, { orderId, mode: "amount", amount: 1000, requestKey, adminId: null });
      expect(first).toMatchObject({ status: "refunded", amount: 1000 });
      expect(await refundOrder(db, stripe, { orderId, mode: "amount", amount: 1000, requestKey, adminId: null })).toMatchObject({ status: "replayed" });
      const calls = fake.requests.filter((r) => r.path === "/v1/refunds");
      expect(calls).toHaveLength(1);
      expect(calls[0]!.headers["idempotency-key"]).toBe(`order-refund-payment:${orderId}:after-0:1000`);
      // Had our commit been lost, Stripe gives the same refund back for the same key: recorded once.
      const again = await stripe.refundPayment({ paymentIntentId: paid.payment_intent, sessionId: session.id, amount: 1000, reason: "admin_refund", idempotencyKey: `order-refund-payment:${orderId}:after-0:1000` });
      expect(again.id).toBe(first.status === "refunded" ? first.refundId : "");

      const rest = await refundOrder(db, stripe, { orderId, mode: "full", requestKey: key(), adminId: null });
      expect(rest).toMatchObject({ status: "refunded", amount: 2029, refundedAmount: 3029, orderStatus: "refunded" });
      const atStripe = [...fake.objects.values()].filter((o) => o.object === "refund" && o.payment_intent === paid.payment_intent);
      expect(atStripe.reduce((sum, r) => sum + r.amount, 0)).toBe(3029);
      expect((await refundRows(orderId)).map((r) => r.provider)).toEqual(["stripe", "stripe"]);
    } finally {
      await fake.close();
    }
  });
});

describe("dispatch and the order page", () => {
  it("dispatch sets dispatched_at once; the page's timeline lists payment, dispatch, refunds, emails and the audit trail", async () => {
    const admin = await adminWithSession();
    const { orderId } = await paidOrder();
    await dispatchOrder(db, { orderId, trackingNumber: "AB123456789GB", adminId: admin.id });
    const first = (await orderRow(orderId)).dispatchedAt;
    expect(first).toBeInstanceOf(Date);
    await dispatchOrder(db, { orderId, trackingNumber: "CD123456789GB", adminId: admin.id });
    expect((await orderRow(orderId)).dispatchedAt).toEqual(first);
    await refundOrder(db, sandbox, { orderId, mode: "amount", amount: 500, requestKey: key(), adminId: admin.id });

    const detail = await orderDetailForAdmin(db, orderId);
    expect(detail!.can).toMatchObject({ cancel: false, refund: true, keepFee: false, restock: false });
    const kinds = detail!.timeline.map((e) => e.kind);
    for (const kind of ["created", "paid", "dispatched", "refund", "email", "audit"]) expect(kinds).toContain(kind);
    expect(detail!.timeline.filter((e) => e.kind === "email")).toHaveLength(3); // two dispatch emails, one refund
  });

  it("lists by order number, email, customer, product and UK dates", async () => {
    const { orderId } = await paidOrder();
    const row = await orderRow(orderId);
    const find = async (query: string) => {
      const { search, errors } = parseOrderSearch(new URLSearchParams(query));
      return { ids: (await listOrdersForAdmin(db, { filter: "all", search, errors, pageSize: 500 })).orders.map((o) => o.id), errors };
    };
    expect((await find(`q=%23${orderId}`)).ids).toEqual([orderId]);
    expect((await find(`q=${encodeURIComponent(row.email)}`)).ids).toContain(orderId);
    expect((await find(`product=${encodeURIComponent("Test product")}`)).ids).toContain(orderId);
    expect((await find(`customer=no-such-customer-anywhere`)).ids).toEqual([]);
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());
    expect((await find(`q=${orderId}&from=${today}&to=${today}`)).ids).toEqual([orderId]);
    expect((await find(`q=${orderId}&from=01/01/2001&to=31/12/2001`)).ids).toEqual([]);
    const bad = await find(`q=${orderId}&from=31/02/2026`);
    expect(bad.errors.from).toMatch(/UK date/);
    expect(bad.ids).toEqual([orderId]);
  });
});

describe("the route", () => {
  const context = () => testContext(db);
  const post = (orderId: number, fields: Record<string, string>, cookie?: string) =>
    new Request(`https://shop.test/admin/orders/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const act = (request: Request, id: number) =>
    settle(() => adminOrder.action({ request, context: context(), params: { id: String(id) } } as unknown as Parameters<typeof adminOrder.action>[0]));

  it("a replayed refund post pays nothing more; bad input is refused and given back", async () => {
    const admin = await adminWithSession();
    const { orderId } = await paidOrder();
    const form = { intent: "refund", requestKey: key(), mode: "amount", amount: "12.50" };
    const first = await act(post(orderId, form, admin.cookie), orderId);
    const replay = await act(post(orderId, form, admin.cookie), orderId);
    expect(first).toMatchObject({ status: 200, body: { ok: true, message: `Refunded £12.50 for order #${orderId}. The customer's email is queued.` } });
    expect(replay).toMatchObject({ status: 200, body: { ok: true, message: expect.stringContaining("already made") } });
    expect((await orderRow(orderId)).refundedAmount).toBe(1250);

    const over = await act(post(orderId, { ...form, requestKey: key(), amount: "30.00" }, admin.cookie), orderId);
    expect(over).toMatchObject({ status: 409, body: { ok: false, field: "amount", message: "That is more than is left to refund (£17.79).", values: { amount: "30.00" } } });
    const junk = await act(post(orderId, { ...form, requestKey: key(), amount: "12.5.0" }, admin.cookie), orderId);
    expect(junk).toMatchObject({ status: 400, body: { ok: false, field: "amount", values: { amount: "12.5.0" } } });
    const noReason = await act(post(orderId, { intent: "cancel", requestKey: key(), reason: " ", refund: "none" }, admin.cookie), orderId);
    expect(noReason).toMatchObject({ status: 400, body: { ok: false, field: "reason" } });
    const noKey = await act(post(orderId, { ...form, requestKey: "x" }, admin.cookie), orderId);
    expect(noKey).toMatchObject({ status: 400 });
    expect((await orderRow(orderId)).refundedAmount).toBe(1250);
  });

  it("refuses guests (401) and customers (403) before reading the form", async () => {
    const { orderId, userId } = await paidOrder();
    const token = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId, expiresAt: new Date(Date.now() + 3_600_000) });
    const form = { intent: "refund", requestKey: key(), mode: "full" };
    expect((await act(post(orderId, form), orderId)).status).toBe(401);
    expect((await act(post(orderId, form, `${SESSION_COOKIE}=${token}`), orderId)).status).toBe(403);
    expect((await orderRow(orderId)).refundedAmount).toBe(0);
  });
});
