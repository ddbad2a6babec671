import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coupons, dropEntries, drops, orders, paymentEvents, profiles, refunds } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { loadOrderConfirmation } from "~/modules/checkout/confirmation.server";
import { cancelOrderCheckout } from "~/modules/checkout/cancel.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { stripeExpiresAt } from "~/modules/payments/stripe-provider.server";
import { action as webhookAction } from "~/routes/api-stripe-webhook";
import { startStripeFake, type StripeFake } from "../fakes/stripe-fake";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { settle, testContext } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const WEBHOOK_SECRET = "whsec_test_nearmint";
let database: TestDatabase;
let fake: StripeFake;
let fx: ReturnType<typeof checkoutFixtures>;
let context: AppLoadContext;
let stripe: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "https://shop.test", reservationMinutes: 30 };

beforeAll(async () => {
  [database, fake] = await Promise.all([createTestDatabase(), startStripeFake()]);
  fx = checkoutFixtures(database.db);
  context = testContext(database.db, {
    STRIPE_SECRET_KEY: "sk_test_nearmint",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICE_MONTHLY: "price_monthly_test",
  });
  stripe = paymentProviderFor(context);
});
afterAll(async () => {
  await Promise.all([database?.destroy(), fake?.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

async function checkedOut(opts: { stock?: number; quantity?: number; couponCode?: string; now?: Date } = {}) {
  const user = await fx.customer();
  const product = await fx.product({ stock: opts.stock ?? 5, price: 1999, name: `Booster ${Math.random().toString(36).slice(2, 7)}` });
  await fx.cart(user.id, [{ variantId: product.variantId, quantity: opts.quantity ?? 2 }]);
  const result = await createCheckout(database.db, { userId: user.id, couponCode: opts.couponCode }, stripe, { ...config, now: opts.now });
  if (!result.ok) throw new Error(result.message);
  return { user, product, ...result };
}

async function order(orderId: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** A delivery to the real webhook route, as Stripe would make it. */
function deliver(payload: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const request = new Request("https://shop.test/api/stripe/webhook", { method: "POST", body: payload, headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return settle(() => webhookAction({ request, context, params: {} } as any));
}

describe("Stripe provider against the local fake", () => {
  it("is chosen when STRIPE_SECRET_KEY is set", () => {
    expect(stripe.name).toBe("stripe");
    expect(paymentProviderFor(testContext(database.db)).name).toBe("sandbox");
  });

  it("creates a payment-mode Checkout Session from the order, with an idempotency key and the reservation's expiry", async () => {
    const now = new Date();
    const { user, orderId, sessionId, url } = await checkedOut({ now });
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const call = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
    expect(call.headers["idempotency-key"]).toBe(`checkout-order-${orderId}`);
    expect(call.headers.authorization).toBe("Bearer sk_test_nearmint");
    const body = call.body;
    expect(body.mode).toBe("payment");
    expect(body.line_items).toEqual([
      { quantity: "2", price_data: { currency: "gbp", unit_amount: "1999", product_data: { name: expect.stringMatching(/^Booster /) } } },
      { quantity: "1", price_data: { currency: "gbp", unit_amount: "529", product_data: { name: "Large Shipping" } } },
    ]);
    expect(body.customer_email).toBe(user.email);
    // Not a drop: whatever payment methods the shop enables at Stripe.
    expect(body).not.toHaveProperty("payment_method_types");
    expect(body.client_reference_id).toBe(String(orderId));
    expect(body.metadata).toEqual({ orderId: String(orderId), userId: user.id });
    expect(body.payment_intent_data).toEqual({ metadata: { orderId: String(orderId), userId: user.id } });
    expect(body.success_url).toBe("https://shop.test/order/success?session_id={CHECKOUT_SESSION_ID}");
    const o = await order(orderId);
    expect(body.cancel_url).toBe(`https://shop.test/checkout/cancel?order=${orderId}&token=${o.cancelToken}`);
    // The provider clamps with its own clock a moment after the test's `now`: the same second, or the next one.
    expect(Number(body.expires_at) - stripeExpiresAt(o.reservationExpiresAt, now)).toBeOneOf([0, 1]);
    expect(Number(body.expires_at) * 1000).toBeGreaterThanOrEqual(o.reservationExpiresAt.getTime());
    expect(fake.session(sessionId).amount_total).toBe(o.totalAmount);
    expect(o).toMatchObject({ paymentProvider: "stripe", paymentSessionId: sessionId, status: "pending" });
  });

  it("clamps expires_at into Stripe's 30 minutes .. 24 hours window", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const at = (minutes: number) => stripeExpiresAt(new Date(now.getTime() + minutes * 60_000), now) - now.getTime() / 1000;
    expect(at(10)).toBe(31 * 60);
    expect(at(45)).toBe(45 * 60);
    expect(at(48 * 60)).toBe(24 * 3600 - 60);
  });

  it("passes a coupon discount to Stripe as a single-use coupon so Stripe's total equals ours", async () => {
    await database.db.insert(coupons).values({ code: "STRIPE15", percentOff: 15 }).onConflictDoNothing();
    const { orderId, sessionId } = await checkedOut({ couponCode: "stripe15" });
    const o = await order(orderId);
    expect(o.discountAmount).toBe(Math.round(2 * 1999 * 0.15));
    const couponCall = fake.requests.find((r) => r.path === "/v1/coupons")!;
    expect(couponCall.body).toMatchObject({ amount_off: String(o.discountAmount), currency: "gbp", duration: "once", max_redemptions: "1" });
    expect(fake.session(sessionId).amount_total).toBe(o.totalAmount);
  });

  it("when Stripe fails, the reservation is released and the customer gets payment_unavailable", async () => {
    const user = await fx.customer();
    const product = await fx.product({ stock: 3 });
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 3 }]);
    fake.failNext("POST", /^\/v1\/checkout\/sessions$/, 500);
    const result = await createCheckout(database.db, { userId: user.id }, stripe, config);
    expect(result).toMatchObject({ ok: false, code: "payment_unavailable" });
    expect(await fx.stock(product.variantId)).toBe(3);
    // No retries against the fake (maxNetworkRetries 0): exactly one attempt.
    expect(fake.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(1);
  });

  it("retrieves sessions (null for an unknown id) and creates subscription and portal sessions", async () => {
    const { sessionId } = await checkedOut({ quantity: 1 });
    expect(await stripe.retrieveCheckoutSession(sessionId)).toMatchObject({ id: sessionId, mode: "payment", status: "open", paymentStatus: "unpaid" });
    expect(await stripe.retrieveCheckoutSession("cs_test_nope")).toBeNull();

    const sub = await stripe.createSubscriptionSession({
      userId: "u1",
      planType: "monthly",
      customerEmail: "pro@example.test",
      clientReferenceId: "u1",
      metadata: { userId: "u1", planType: "monthly" },
      successUrl: "https://shop.test/account?subscribed=1",
      cancelUrl: "https://shop.test/pro",
      idempotencyKey: "sub-u1-1",
    });
    const subCall = fake.requests.find((r) => r.path === "/v1/checkout/sessions" && r.body.mode === "subscription")!;
    expect(subCall.body.line_items).toEqual([{ price: "price_monthly_test", quantity: "1" }]);
    expect(subCall.body.metadata).toEqual({ userId: "u1", planType: "monthly" });
    expect(subCall.body.subscription_data).toEqual({ metadata: { userId: "u1", planType: "monthly" } });
    expect(sub.url).toContain(sub.id);
    const quarterly = await stripe.createSubscriptionSession({
      userId: "u1",
      planType: "quarterly",
      customerEmail: "pro@example.test",
      customerId: "cus_existing",
      clientReferenceId: "u1",
      metadata: { userId: "u1", planType: "quarterly" },
      successUrl: "https://shop.test/account",
      cancelUrl: "https://shop.test/pro",
      idempotencyKey: "sub-u1-2",
    });
    expect(fake.session(quarterly.id).customer).toBe("cus_existing");
    const q = fake.requests.find((r) => r.body.mode === "subscription" && r.body.customer === "cus_existing")!;
    expect(q.body.line_items[0].price_data).toMatchObject({ unit_amount: "1299", recurring: { interval: "month", interval_count: "3" } });

    const portal = await stripe.createPortalSession({ customerId: "cus_existing", returnUrl: "https://shop.test/account" });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });
});

describe("the Stripe webhook route", () => {
  it("refuses a bad, missing or mismatched signature with 400 and changes nothing", async () => {
    const { orderId, sessionId } = await checkedOut();
    const paid = fake.completeSession(sessionId);
    const good = fake.signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET);
    const forged = fake.signedEvent("checkout.session.completed", paid, "whsec_wrong");
    const eventsBefore = await database.db.$count(paymentEvents);

    expect((await deliver(good.payload, forged.header)).status).toBe(400);
    expect((await deliver(good.payload, null)).status).toBe(400);
    expect((await deliver(good.payload, "t=1,v1=deadbeef")).status).toBe(400);
    // A body changed after signing (e.g. the amount) no longer matches its signature.
    expect((await deliver(good.payload.replace('"amount_total":', '"amount_total":1,"x":'), good.header)).status).toBe(400);
    // A correctly signed but stale delivery (replayed hours later) is refused too.
    const stale = fake.signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(stale.payload, stale.header)).status).toBe(400);

    expect((await order(orderId)).status).toBe("pending");
    expect(await database.db.$count(paymentEvents)).toBe(eventsBefore);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(0);
  });

  it("fulfils on checkout.session.completed; 5 replays answer 200 and change nothing; one email", async () => {
    const { product, orderId, sessionId } = await checkedOut();
    const event = fake.signedEvent("checkout.session.completed", fake.completeSession(sessionId), WEBHOOK_SECRET);
    const first = await deliver(event.payload, event.header);
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: "processed" } });
    for (let i = 0; i < 5; i++) {
      expect(await deliver(event.payload, event.header)).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    }
    const o = await order(orderId);
    expect(o.status).toBe("completed");
    expect(o.paymentIntentId).toBe(fake.session(sessionId).payment_intent);
    expect(await fx.stock(product.variantId)).toBe(3);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(1);
  });

  it("webhook and success page racing: one fulfilment, one email", async () => {
    const { user, orderId, sessionId } = await checkedOut({ quantity: 1 });
    const events = [1, 2].map(() => fake.signedEvent("checkout.session.completed", fake.completeSession(sessionId), WEBHOOK_SECRET));
    const results = await Promise.all([
      ...events.map((e) => deliver(e.payload, e.header)),
      ...[1, 2, 3].map(() => loadOrderConfirmation(database.db, stripe, { userId: user.id, sessionId })),
    ]);
    expect(results.slice(0, 2).every((r) => (r as { status: number }).status === 200)).toBe(true);
    expect(results.slice(2).every((r) => (r as { state: string }).state === "completed")).toBe(true);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(1);
  });

  it("the success page alone confirms a paid session when the webhook is late, and not an unpaid one", async () => {
    const { user, orderId, sessionId } = await checkedOut({ quantity: 1 });
    expect((await loadOrderConfirmation(database.db, stripe, { userId: user.id, sessionId }))?.state).toBe("processing");
    expect((await order(orderId)).status).toBe("pending");
    fake.completeSession(sessionId);
    expect(await loadOrderConfirmation(database.db, stripe, { userId: user.id, sessionId })).toMatchObject({ state: "completed", cartCleared: true });
    const stranger = await fx.customer();
    expect(await loadOrderConfirmation(database.db, stripe, { userId: stranger.id, sessionId })).toBeNull();
  });

  it("checkout.session.expired releases the stock and expires the order", async () => {
    const { product, orderId, sessionId } = await checkedOut({ stock: 2, quantity: 2 });
    const session = fake.session(sessionId);
    session.status = "expired";
    const expired = fake.signedEvent("checkout.session.expired", session, WEBHOOK_SECRET);
    expect((await deliver(expired.payload, expired.header)).status).toBe(200);
    expect((await order(orderId)).status).toBe("expired");
    expect(await fx.stock(product.variantId)).toBe(2);
  });

  it("a late payment with the stock gone is refunded through Stripe exactly once, retried if Stripe fails", async () => {
    const t0 = new Date();
    const { product, orderId, sessionId } = await checkedOut({ stock: 2, quantity: 2, now: t0 });
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    // The units sell to someone else.
    const rival = await fx.customer();
    await fx.cart(rival.id, [{ variantId: product.variantId, quantity: 2 }]);
    expect((await createCheckout(database.db, { userId: rival.id }, stripe, config)).ok).toBe(true);

    const paid = fake.completeSession(sessionId);
    const event = fake.signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET);
    fake.failNext("POST", /^\/v1\/refunds$/, 500);
    // Stripe is down for the refund: 500, so Stripe will deliver the event again.
    expect((await deliver(event.payload, event.header)).status).toBe(500);
    expect((await order(orderId)).status).toBe("refunded");
    expect(await database.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(0);

    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", paymentIntentId: paid.payment_intent, amount: paid.amount_total });
    const refundCalls = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(refundCalls.every((r) => r.headers["idempotency-key"] === `refund-order-${orderId}`)).toBe(true);
    expect([...fake.objects.values()].filter((o) => o.object === "refund" && o.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await fx.stock(product.variantId)).toBe(0);
    expect(await fx.emails(`order-refunded:${orderId}`)).toHaveLength(1);
  });

  it("a repeated checkout closes the replaced Stripe session; a payment that still lands there is a late payment", async () => {
    const { user, product, orderId, sessionId } = await checkedOut({ stock: 3, quantity: 2 });
    const again = await createCheckout(database.db, { userId: user.id }, stripe, config);
    if (!again.ok) throw new Error(again.message);
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(fake.session(sessionId).status).toBe("expired");
    expect((await order(orderId)).status).toBe("failed");
    expect(await fx.stock(product.variantId)).toBe(1);

    // Stripe reports the expiry: nothing changes.
    const expired = fake.signedEvent("checkout.session.expired", fake.session(sessionId), WEBHOOK_SECRET);
    expect((await deliver(expired.payload, expired.header)).status).toBe(200);
    expect(await fx.stock(product.variantId)).toBe(1);

    // The customer had paid on the old page a moment before it closed: only 1 unit is left for
    // its 2, so the money goes back and nothing is oversold.
    const paid = fake.completeSession(sessionId);
    const completed = fake.signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET);
    expect((await deliver(completed.payload, completed.header)).status).toBe(200);
    expect((await order(orderId)).status).toBe("refunded");
    expect(await database.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(1);
    expect(await fx.stock(product.variantId)).toBe(1);
    expect((await order(again.orderId)).status).toBe("pending");
  });

  it("cancel closes the Stripe session and releases the stock", async () => {
    const { user, product, orderId, sessionId } = await checkedOut();
    await cancelOrderCheckout(database.db, stripe, { orderId, userId: user.id, cancelToken: (await order(orderId)).cancelToken! });
    expect(fake.session(sessionId).status).toBe("expired");
    expect((await order(orderId)).status).toBe("failed");
    expect(await fx.stock(product.variantId)).toBe(5);
  });
});

describe("the paying card's fingerprint (drops: one card, one buyer; decision 0053)", () => {
  /** A live queue drop of a fresh product, and `count` accounts at different addresses, each admitted to buy 2. */
  async function dropWithBuyers(count: number) {
    const product = await fx.product({ stock: 10, price: 1999, name: `Drop box ${Math.random().toString(36).slice(2, 7)}` });
    const now = Date.now();
    const [drop] = await database.db
      .insert(drops)
      .values({ productId: product.id, mode: "queue", opensAt: new Date(now - 7_200_000), startsAt: new Date(now - 1_800_000), unitsPerPerson: 2 })
      .returning();
    const buyers = [];
    for (let i = 0; i < count; i++) {
      const user = await fx.customer();
      await database.db.update(profiles).set({ addressLine1: `${i + 1} Card Street ${product.id}` }).where(eq(profiles.id, user.id));
      await database.db.insert(dropEntries).values({
        dropId: drop!.id,
        userId: user.id,
        personKey: user.email,
        addressKey: user.id,
        state: "admitted",
        rightFrom: new Date(now - 60_000),
        rightUntil: new Date(now + 600_000),
      });
      await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
      const result = await createCheckout(database.db, { userId: user.id }, stripe, config);
      if (!result.ok) throw new Error(result.message);
      buyers.push({ user, ...result });
    }
    return { product, buyers };
  }

  it("the webhook asks Stripe for the payment method; a second account paying with the same card is refunded through Stripe", async () => {
    const { product, buyers } = await dropWithBuyers(2);
    const [a, b] = buyers as [(typeof buyers)[0], (typeof buyers)[0]];
    const first = fake.signedEvent("checkout.session.completed", fake.completeSession(a.sessionId, { cardFingerprint: "fpSameCard000001" }), WEBHOOK_SECRET);
    expect(await deliver(first.payload, first.header)).toMatchObject({ status: 200, body: { outcome: "processed" } });
    const piA = fake.session(a.sessionId).payment_intent as string;
    const lookup = fake.requests.find((r) => r.method === "GET" && r.path === `/v1/payment_intents/${piA}`);
    expect(lookup?.body.expand).toEqual(["payment_method"]);
    expect((await order(a.orderId)).status).toBe("completed");
    expect(await stripe.retrieveCheckoutSession(a.sessionId)).toMatchObject({ cardFingerprint: "fpSameCard000001" });

    const second = fake.signedEvent("checkout.session.completed", fake.completeSession(b.sessionId, { cardFingerprint: "fpSameCard000001" }), WEBHOOK_SECRET);
    expect(await deliver(second.payload, second.header)).toMatchObject({ status: 200, body: { outcome: "processed" } });
    expect((await order(b.orderId)).status).toBe("refunded");
    const refundCalls = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.body).toMatchObject({ payment_intent: fake.session(b.sessionId).payment_intent, amount: String((await order(b.orderId)).totalAmount) });
    expect(await database.db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.orderId, b.orderId))).toEqual([{ reason: "drop_person_limit_after_payment" }]);
    expect(await fx.stock(product.variantId)).toBe(8);
    // Redelivered: answered, nothing more refunded.
    expect(await deliver(second.payload, second.header)).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds")).toHaveLength(1);
  });

  it("a drop's checkout session takes cards only: a wallet or pay-later method would have no fingerprint", async () => {
    const { buyers } = await dropWithBuyers(1);
    const [a] = buyers as [(typeof buyers)[0]];
    const call = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.headers["idempotency-key"] === `checkout-order-${a.orderId}`)!;
    expect(call.body.payment_method_types).toEqual(["card"]);
  });

  it("Stripe not answering the payment-intent lookup answers 500 and changes nothing; the redelivery fulfils", async () => {
    const { buyers } = await dropWithBuyers(1);
    const [a] = buyers as [(typeof buyers)[0]];
    const event = fake.signedEvent("checkout.session.completed", fake.completeSession(a.sessionId), WEBHOOK_SECRET);
    fake.failNext("GET", /^\/v1\/payment_intents\//, 500);
    expect((await deliver(event.payload, event.header)).status).toBe(500);
    expect((await order(a.orderId)).status).toBe("pending");
    expect(await deliver(event.payload, event.header)).toMatchObject({ status: 200, body: { outcome: "processed" } });
    expect((await order(a.orderId)).status).toBe("completed");
  });
});
