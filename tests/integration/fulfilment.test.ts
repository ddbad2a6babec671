import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orders, outbox, paymentEvents, refunds, sandboxSessions, stockReservations } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { loadOrderConfirmation } from "~/modules/checkout/confirmation.server";
import { setTrackingNumber } from "~/modules/orders/dispatch.server";
import { fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import type { PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider, getSandboxSession, sandboxSessionObject } from "~/modules/payments/sandbox/provider.server";
import { dispatchPaymentEvent, paymentEventDispatcher } from "~/web/payments.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let fx: ReturnType<typeof checkoutFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };

beforeAll(async () => {
  database = await createTestDatabase();
  fx = checkoutFixtures(database.db);
  sandbox = createSandboxProvider(database.db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

/** A customer with `quantity` of a fresh product in their cart, checked out. */
async function checkedOut(opts: { stock?: number; quantity?: number; limit?: number | null; now?: Date } = {}) {
  const user = await fx.customer();
  const product = await fx.product({ stock: opts.stock ?? 5, price: 1250, limitPerCustomer: opts.limit ?? null });
  await fx.cart(user.id, [{ variantId: product.variantId, quantity: opts.quantity ?? 2 }]);
  const result = await createCheckout(database.db, { userId: user.id }, sandbox, { ...config, now: opts.now });
  if (!result.ok) throw new Error(result.message);
  return { user, product, ...result };
}

async function order(orderId: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function reservationStatuses(orderId: number) {
  const rows = await database.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
  return rows.map((r) => r.status).sort();
}

/** The event the sandbox would deliver for its session in its current state. */
async function sandboxEvent(sessionId: string, type: string, id: string): Promise<PaymentEvent> {
  const row = await getSandboxSession(database.db, sessionId);
  const object = sandboxSessionObject(row!);
  return { id, provider: "sandbox", type, created: Math.floor(Date.now() / 1000), object, raw: { id, type, data: { object } } };
}

const pay = (sessionId: string, card: string, viewerId: string) =>
  paySandboxSession(database.db, sessionId, card, { dispatch: paymentEventDispatcher(database.db, { provider: sandbox }), viewerId });

describe("sandbox payment → fulfilment", () => {
  it("4242 4242 4242 4242 pays: order completed, stock sold, cart cleared, one confirmation email", async () => {
    const { user, product, orderId, sessionId } = await checkedOut();
    const other = await fx.product();
    await database.db.insert(cartItems).values({ userId: user.id, variantId: other.variantId, quantity: 1 });

    expect(await pay(sessionId, "4242 4242 4242 4242", user.id)).toEqual({
      status: "paid",
      redirectTo: `http://shop.test/order/success?session_id=${sessionId}`,
    });
    const paid = await order(orderId);
    expect(paid.status).toBe("completed");
    expect(paid.paidAt).not.toBeNull();
    expect(paid.paymentIntentId).toMatch(/^pi_sbx_/);
    expect(await reservationStatuses(orderId)).toEqual(["sold"]);
    expect(await fx.stock(product.variantId)).toBe(3);
    // Only the ordered product left the cart.
    const cart = await database.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(cart.map((c) => c.variantId)).toEqual([other.variantId]);
    const emails = await fx.emails(`order-confirmation:${orderId}`);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe(user.email);
    expect(emails[0]!.textBody).toContain(`#${orderId}`);
    expect(emails[0]!.textBody).toContain("£30.29");

    // Paying again is refused; the success page finds it done.
    expect(await pay(sessionId, "4242424242424242", user.id)).toEqual({ status: "closed", state: "complete" });
    expect(await fulfilCheckout(database.db, sessionId, { provider: sandbox })).toEqual({ status: "completed", orderId, changed: false });
  });

  it("4000 0000 0000 0002 is declined: nothing charged or fulfilled, the stock comes back, the cart stays", async () => {
    const { user, product, orderId, sessionId } = await checkedOut();
    expect(await fx.stock(product.variantId)).toBe(3);
    expect(await pay(sessionId, "4000000000000002", user.id)).toEqual({ status: "declined" });
    expect((await order(orderId)).status).toBe("failed");
    expect(await reservationStatuses(orderId)).toEqual(["released"]);
    expect(await fx.stock(product.variantId)).toBe(5);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(0);
    expect(await database.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(1);
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(session!.status).toBe("declined");
    // A declined session cannot be paid afterwards, and the success page does not fulfil it.
    expect(await pay(sessionId, "4242424242424242", user.id)).toEqual({ status: "closed", state: "declined" });
    expect(await fulfilCheckout(database.db, sessionId, { provider: sandbox })).toMatchObject({ status: "unpaid" });
  });

  it("other card numbers get a message and change nothing; another customer cannot pay or see it", async () => {
    const { user, product, orderId, sessionId } = await checkedOut();
    for (const [card, message] of [
      ["", "Enter a card number."],
      ["4242 4242 abcd", "digits only"],
      ["4242 4242 4242 4241", "incorrect"],
      ["5555 5555 5555 4444", "4242 4242 4242 4242"],
    ] as const) {
      const result = await pay(sessionId, card, user.id);
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.message).toContain(message);
    }
    const stranger = await fx.customer();
    expect(await pay(sessionId, "4242424242424242", stranger.id)).toEqual({ status: "not_found" });
    expect(await pay(sessionId, "4242424242424242", "00000000-0000-0000-0000-000000000000")).toEqual({ status: "not_found" });
    expect((await order(orderId)).status).toBe("pending");
    expect(await fx.stock(product.variantId)).toBe(3);
  });
});

describe("replays, reordering and races", () => {
  it("the same event delivered 5 times (and 5 more at once) fulfils once and writes one email", async () => {
    const { user, orderId, sessionId } = await checkedOut();
    await database.db.update(sandboxSessions).set({ status: "complete", completedAt: new Date() }).where(eq(sandboxSessions.id, sessionId));
    const event = await sandboxEvent(sessionId, "checkout.session.completed", `evt_replay_${orderId}`);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await dispatchPaymentEvent(database.db, event, { provider: sandbox }));
    expect(outcomes).toEqual(["processed", "duplicate", "duplicate", "duplicate", "duplicate"]);
    await Promise.all(Array.from({ length: 5 }, () => dispatchPaymentEvent(database.db, event, { provider: sandbox })));
    expect((await order(orderId)).status).toBe("completed");
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(1);
    expect(await database.db.$count(outbox, eq(outbox.toAddress, user.email))).toBe(1);
    const [logged] = await database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(logged!.processedAt).not.toBeNull();
  });

  it("distinct events, the success page and the webhook racing each other: one fulfilment, one email", async () => {
    const { user, product, orderId, sessionId } = await checkedOut({ quantity: 1 });
    await database.db.update(sandboxSessions).set({ status: "complete", completedAt: new Date() }).where(eq(sandboxSessions.id, sessionId));
    const events = await Promise.all(
      ["a", "b", "c"].map((s) => sandboxEvent(sessionId, "checkout.session.completed", `evt_race_${orderId}_${s}`)),
    );
    const results = await Promise.all([
      ...events.map((e) => dispatchPaymentEvent(database.db, e, { provider: sandbox })),
      ...Array.from({ length: 5 }, () => fulfilCheckout(database.db, sessionId, { provider: sandbox })),
      ...Array.from({ length: 3 }, () => loadOrderConfirmation(database.db, sandbox, { userId: user.id, sessionId })),
    ]);
    const fulfils = results.slice(3, 8) as { status: string; changed?: boolean }[];
    const confirmations = results.slice(8) as { state: string; cartCleared: boolean }[];
    expect(fulfils.every((r) => r.status === "completed")).toBe(true);
    expect(confirmations.every((c) => c.state === "completed")).toBe(true);
    const changedCount = fulfils.filter((r) => r.changed).length + confirmations.filter((c) => c.cartCleared).length;
    expect(changedCount).toBeLessThanOrEqual(1);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(1);
    expect(await reservationStatuses(orderId)).toEqual(["sold"]);
    expect(await fx.stock(product.variantId)).toBe(4);
  });

  it("an expiry event after the payment changes nothing; a payment event after an expiry event is a late payment", async () => {
    const first = await checkedOut({ quantity: 1 });
    await pay(first.sessionId, "4242424242424242", first.user.id);
    const expired = await sandboxEvent(first.sessionId, "checkout.session.expired", `evt_late_expiry_${first.orderId}`);
    expect(await dispatchPaymentEvent(database.db, expired, { provider: sandbox })).toBe("processed");
    expect((await order(first.orderId)).status).toBe("completed");
    expect(await reservationStatuses(first.orderId)).toEqual(["sold"]);
    expect(await fx.stock(first.product.variantId)).toBe(4);

    // Reordered: "expired" is delivered before "completed" (stock still there → taken again).
    const second = await checkedOut({ quantity: 2 });
    await dispatchPaymentEvent(database.db, await sandboxEvent(second.sessionId, "checkout.session.expired", `evt_early_expiry_${second.orderId}`), { provider: sandbox });
    expect((await order(second.orderId)).status).toBe("expired");
    expect(await fx.stock(second.product.variantId)).toBe(5);
    await database.db.update(sandboxSessions).set({ status: "complete" }).where(eq(sandboxSessions.id, second.sessionId));
    const completed = await sandboxEvent(second.sessionId, "checkout.session.completed", `evt_after_expiry_${second.orderId}`);
    await dispatchPaymentEvent(database.db, completed, { provider: sandbox });
    expect((await order(second.orderId)).status).toBe("completed");
    expect(await fx.stock(second.product.variantId)).toBe(3);
    expect(await reservationStatuses(second.orderId)).toEqual(["released", "sold"]);
    expect(await fx.emails(`order-confirmation:${second.orderId}`)).toHaveLength(1);
  });
});

describe("payments that arrive after the reservation expired", () => {
  it("re-reserves when the stock is still there, then completes", async () => {
    const t0 = new Date();
    const { user, product, orderId, sessionId } = await checkedOut({ stock: 5, quantity: 2, now: t0 });
    // The sweep ran (its clock is past the expiry) while the customer was still on the payment page.
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    expect((await order(orderId)).status).toBe("expired");
    expect(await fx.stock(product.variantId)).toBe(5);

    expect((await pay(sessionId, "4242424242424242", user.id)).status).toBe("paid");
    expect((await order(orderId)).status).toBe("completed");
    expect(await fx.stock(product.variantId)).toBe(3);
    expect(await fx.emails(`order-confirmation:${orderId}`)).toHaveLength(1);
    expect(await database.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(0);
  });

  it("refunds (once) when the stock has gone meanwhile: never oversold", async () => {
    const t0 = new Date();
    const late = await checkedOut({ stock: 2, quantity: 2, now: t0 });
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    // Someone else buys the released units.
    const rival = await fx.customer();
    await fx.cart(rival.id, [{ variantId: late.product.variantId, quantity: 1 }]);
    expect((await createCheckout(database.db, { userId: rival.id }, sandbox, config)).ok).toBe(true);
    expect(await fx.stock(late.product.variantId)).toBe(1);

    expect((await pay(late.sessionId, "4242424242424242", late.user.id)).status).toBe("paid");
    const refunded = await order(late.orderId);
    expect(refunded.status).toBe("refunded");
    expect(await fx.stock(late.product.variantId)).toBe(1); // not touched: no partial re-reservation
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, late.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "sandbox", amount: refunded.totalAmount, reason: "stock_unavailable_after_payment" });
    expect(await fx.emails(`order-confirmation:${late.orderId}`)).toHaveLength(0);
    expect(await fx.emails(`order-refunded:${late.orderId}`)).toHaveLength(1);

    // Replays and the success page change nothing.
    for (let i = 0; i < 3; i++) {
      expect(await fulfilCheckout(database.db, late.sessionId, { provider: sandbox })).toEqual({ status: "refunded", orderId: late.orderId, changed: false });
    }
    expect(await database.db.$count(refunds, eq(refunds.orderId, late.orderId))).toBe(1);
    expect((await loadOrderConfirmation(database.db, sandbox, { userId: late.user.id, sessionId: late.sessionId }))?.state).toBe("refunded");
  });

  it("refunds when taking the stock again would break the per-customer limit", async () => {
    const t0 = new Date();
    const first = await checkedOut({ stock: 10, quantity: 2, limit: 2, now: t0 });
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    // The customer checks out the same 2 again and pays for that one.
    const second = await createCheckout(database.db, { userId: first.user.id }, sandbox, config);
    if (!second.ok) throw new Error(second.message);
    expect((await pay(second.sessionId, "4242424242424242", first.user.id)).status).toBe("paid");
    // Then the old tab's payment arrives as well.
    expect((await pay(first.sessionId, "4242424242424242", first.user.id)).status).toBe("paid");
    expect((await order(first.orderId)).status).toBe("refunded");
    expect(await fx.stock(first.product.variantId)).toBe(8);
  });
});

describe("dispatch", () => {
  it("setTrackingNumber marks a paid order dispatched and writes one dispatch email per tracking number", async () => {
    const { user, orderId, sessionId } = await checkedOut({ quantity: 1 });
    expect(await setTrackingNumber(database.db, orderId, "AB123456789GB")).toEqual({ ok: false, reason: "not_paid" });
    await pay(sessionId, "4242424242424242", user.id);
    expect(await setTrackingNumber(database.db, orderId, "<script>")).toEqual({ ok: false, reason: "invalid_tracking" });
    expect(await setTrackingNumber(database.db, 999_999_999, "AB123456789GB")).toEqual({ ok: false, reason: "not_found" });
    expect(await setTrackingNumber(database.db, orderId, " ab123456789gb ")).toEqual({ ok: true, changed: true });
    expect(await setTrackingNumber(database.db, orderId, "AB123456789GB")).toEqual({ ok: true, changed: false });
    const row = await order(orderId);
    expect(row).toMatchObject({ status: "dispatched", trackingNumber: "AB123456789GB" });
    const emails = await fx.emails(`order-dispatched:${orderId}:AB123456789GB`);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain("https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB");
    // A dispatched order is still "paid" for fulfilment: replays leave it alone.
    expect(await fulfilCheckout(database.db, sessionId, { provider: sandbox })).toEqual({ status: "completed", orderId, changed: false });
  });
});
