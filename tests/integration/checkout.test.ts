import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, coupons, orderItems, orders, products, productVariants, profiles, refunds, rateLimits, sandboxSessions, stockReservations, users } from "~/db/schema";
import type { Tx } from "~/db/client.server";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { cancelCheckout, fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { paymentEventDispatcher } from "~/web/payments.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, usingPostgresServer, type TestDatabase } from "../setup/database";

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

/** What the hosted sandbox page gets: the shop's event dispatch (sandbox provider) and who pays. */
const pageDeps = (viewerId: string) => ({ dispatch: paymentEventDispatcher(database.db, { provider: sandbox }), viewerId });

async function orderOf(orderId: number) {
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const reservations = await database.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
  return { order: order!, items, reservations };
}

describe("createCheckout", () => {
  it("re-prices the cart from the database, reserves stock and creates a pending order and a hosted session", async () => {
    const user = await fx.customer();
    const a = await fx.product({ price: 2499, stock: 5 });
    const b = await fx.product({ price: 350, stock: 3, premiumPrice: 300 });
    await fx.cart(user.id, [
      { variantId: a.variantId, quantity: 2 },
      { variantId: b.variantId, quantity: 1 },
    ]);
    const now = new Date();
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, { ...config, now });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url).toBe(`http://shop.test/sandbox/checkout/${result.sessionId}`);

    const { order, items, reservations } = await orderOf(result.orderId);
    expect(order).toMatchObject({
      userId: user.id,
      status: "pending",
      subtotalAmount: 2 * 2499 + 350,
      shippingAmount: 529,
      discountAmount: 0,
      totalAmount: 2 * 2499 + 350 + 529,
      normalSubtotalAmount: 2 * 2499 + 350,
      paymentProvider: "sandbox",
      paymentSessionId: result.sessionId,
      email: user.email,
      shippingName: "Ash Ketchum",
    });
    expect(order.reservationExpiresAt.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(items.map((i) => [i.productId, i.quantity, i.unitPrice]).sort()).toEqual(
      [
        [a.id, 2, 2499],
        [b.id, 1, 350],
      ].sort(),
    );
    expect(reservations.every((r) => r.status === "held")).toBe(true);
    expect(await fx.stock(a.variantId)).toBe(3);
    expect(await fx.stock(b.variantId)).toBe(2);

    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, result.sessionId));
    expect(session).toMatchObject({ kind: "payment", status: "open", amount: order.totalAmount, clientReferenceId: String(order.id) });
    expect(session!.lineItems).toContainEqual({ name: "Large Shipping", quantity: 1, unitAmount: 529 });
    expect(session!.successUrl).toBe("http://shop.test/order/success?session_id={CHECKOUT_SESSION_ID}");
    // The cancel link carries the order's own unguessable token (128 bits, base64url).
    expect(order.cancelToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(session!.cancelUrl).toBe(`http://shop.test/checkout/cancel?order=${order.id}&token=${order.cancelToken}`);
    expect(session!.expiresAt.getTime()).toBe(order.reservationExpiresAt.getTime());
    // The cart stays until the payment is confirmed.
    expect(await fx.stock(a.variantId)).toBe(3);
  });

  it("charges Pro members the premium price and records the normal price for the saving", async () => {
    const user = await fx.customer();
    await fx.premium(user.id);
    const p = await fx.product({ price: 5000, premiumPrice: 4500 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    const { order, items } = await orderOf(result.orderId);
    expect(items[0]).toMatchObject({ unitPrice: 4500, normalUnitPrice: 5000 });
    expect(order).toMatchObject({ subtotalAmount: 9000, normalSubtotalAmount: 10000, totalAmount: 9529 });
  });

  it("applies a valid coupon (case-insensitive) and refuses an unknown, inactive or expired one", async () => {
    await database.db.insert(coupons).values([
      { code: "SPRING10", percentOff: 10 },
      { code: "FIVEOFF", amountOff: 500 },
      { code: "OLD", percentOff: 50, validUntil: new Date(Date.now() - 1000) },
      { code: "OFF", percentOff: 50, active: false },
    ]);
    const user = await fx.customer();
    const p = await fx.product({ price: 1999, stock: 50 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 1 }]);

    const ok = await createCheckout(database.db, { userId: user.id, couponCode: "  spring10 " }, sandbox, config);
    if (!ok.ok) throw new Error(ok.message);
    const { order } = await orderOf(ok.orderId);
    expect(order).toMatchObject({ couponCode: "SPRING10", discountAmount: 200, totalAmount: 1999 - 200 + 529 });
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, ok.sessionId));
    expect(session!.amount).toBe(order.totalAmount);
    await cancelCheckout(database.db, { orderId: ok.orderId }, "failed");

    const flat = await createCheckout(database.db, { userId: user.id, couponCode: "fiveoff" }, sandbox, config);
    if (!flat.ok) throw new Error(flat.message);
    expect((await orderOf(flat.orderId)).order.totalAmount).toBe(1999 - 500 + 529);
    await cancelCheckout(database.db, { orderId: flat.orderId }, "failed");

    const stockBefore = await fx.stock(p.variantId);
    for (const code of ["NOPE", "OLD", "OFF"]) {
      const refused = await createCheckout(database.db, { userId: user.id, couponCode: code }, sandbox, config);
      expect(refused).toMatchObject({ ok: false, code: "invalid_coupon" });
    }
    expect(await fx.stock(p.variantId)).toBe(stockBefore);
  });

  it("refuses an empty cart", async () => {
    const user = await fx.customer();
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "empty_cart" });
  });

  it("refuses a customer without a delivery address before holding any stock", async () => {
    const product = await fx.product({ stock: 5 });
    const user = await fx.customer();
    await database.db.update(profiles).set({ addressLine1: null, city: "  " }).where(eq(profiles.id, user.id));
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "missing_address" });
    expect(await fx.stock(product.variantId)).toBe(5);
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(0);

    await database.db.update(profiles).set({ addressLine1: "1 Pallet Road", city: "Leeds" }).where(eq(profiles.id, user.id));
    const ok = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(ok).toMatchObject({ ok: true });
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order!.shippingAddress).toMatchObject({ line1: "1 Pallet Road", city: "Leeds", postalCode: "LS1 1AA" });
  });

  it("refuses a hidden product and takes no stock for any line", async () => {
    const user = await fx.customer();
    const visible = await fx.product({ stock: 5 });
    const hidden = await fx.product({ stock: 5, isVisible: false });
    await fx.cart(user.id, [
      { variantId: visible.variantId, quantity: 1 },
      { variantId: hidden.variantId, quantity: 1 },
    ]);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(result).toMatchObject({ ok: false, code: "unavailable", productName: hidden.name });
    expect(await fx.stock(visible.variantId)).toBe(5);
    expect(await fx.stock(hidden.variantId)).toBe(5);
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
  });

  it("refuses more than the stock and rolls back the lines already reserved", async () => {
    const user = await fx.customer();
    const plenty = await fx.product({ stock: 10 });
    const scarce = await fx.product({ stock: 1 });
    await fx.cart(user.id, [
      { variantId: plenty.variantId, quantity: 2 },
      { variantId: scarce.variantId, quantity: 2 },
    ]);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(result).toMatchObject({ ok: false, code: "out_of_stock", productName: scarce.name });
    expect(await fx.stock(plenty.variantId)).toBe(10);
    expect(await fx.stock(scarce.variantId)).toBe(1);
  });

  it("counts paid and pending orders against the per-customer limit, not failed or expired ones", async () => {
    const user = await fx.customer();
    const p = await fx.product({ stock: 50, limitPerCustomer: 3 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 4 }]);
    // Quantity over the limit straight from the cart (a tampered cart row): refused.
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "limit_exceeded" });

    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    const first = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!first.ok) throw new Error(first.message);
    // Checking out again replaces the pending order instead of adding to it: 2, not 2 + 2.
    const second = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!second.ok) throw new Error(second.message);
    expect((await orderOf(first.orderId)).order.status).toBe("failed");
    await database.db.update(orders).set({ status: "completed" }).where(eq(orders.id, second.orderId));
    await database.db.update(stockReservations).set({ status: "sold" }).where(eq(stockReservations.orderId, second.orderId));
    // 2 paid + 2 more > 3; the failed first order does not count.
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "limit_exceeded" });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 1 }]);
    const third = await createCheckout(database.db, { userId: user.id }, sandbox, config); // 2 paid + 1 = 3
    if (!third.ok) throw new Error(third.message);
    // A refused checkout changes nothing: the pending order it would have replaced stays.
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "limit_exceeded" });
    expect((await orderOf(third.orderId)).order.status).toBe("pending");
    expect(await fx.stock(p.variantId)).toBe(50 - 2 - 1);
  });

  it("only ever uses the signed-in customer's own cart rows and the database prices", async () => {
    const me = await fx.customer();
    const other = await fx.customer();
    const mine = await fx.product({ price: 1200 });
    const theirs = await fx.product({ price: 9900 });
    await fx.cart(me.id, [{ variantId: mine.variantId, quantity: 1 }]);
    await fx.cart(other.id, [{ variantId: theirs.variantId, quantity: 3 }]);
    // The request type has no price, product or quantity: there is nothing a client can send.
    const tampered = { userId: me.id, couponCode: null, price: 1, items: [{ variantId: theirs.variantId, quantity: 1 }] };
    const result = await createCheckout(database.db, tampered, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    const { order, items } = await orderOf(result.orderId);
    expect(order.userId).toBe(me.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ variantId: mine.variantId, quantity: 1, unitPrice: 1200 });
    expect(await fx.stock(theirs.variantId)).toBe(10);
  });

  it("releases the reservation and fails the order when the provider cannot create a session", async () => {
    const user = await fx.customer();
    const p = await fx.product({ stock: 4 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 3 }]);
    const broken: PaymentProvider = {
      ...sandbox,
      name: "sandbox",
      createCheckoutSession: async () => {
        throw new Error("provider down");
      },
    };
    const result = await createCheckout(database.db, { userId: user.id }, broken, config);
    expect(result).toMatchObject({ ok: false, code: "payment_unavailable" });
    expect(await fx.stock(p.variantId)).toBe(4);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order!.status).toBe("failed");
    const reservations = await database.db.select().from(stockReservations).where(eq(stockReservations.orderId, order!.id));
    expect(reservations.map((r) => r.status)).toEqual(["released"]);
  });
});

describe("repeated checkouts by one customer", () => {
  /** The customer's orders, oldest first, with their reservations' statuses. */
  async function ordersOf(userId: string) {
    const rows = await database.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
    return Promise.all(rows.map(async (o) => ({ ...o, reservations: (await orderOf(o.id)).reservations.map((r) => r.status) })));
  }
  async function sessionStatus(sessionId: string) {
    const [row] = await database.db.select({ status: sandboxSessions.status }).from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    return row!.status;
  }

  it("never hold more than one cart's worth: each checkout replaces the last one, whose stock comes back", async () => {
    // The reported case: 6 of a product with stock 12 and no limit, checked out three times.
    const user = await fx.customer();
    const p = await fx.product({ stock: 12 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 6 }]);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await createCheckout(database.db, { userId: user.id }, sandbox, config));
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(await fx.stock(p.variantId)).toBe(6);
    expect(await fx.heldUnits(p.variantId)).toBe(6);

    const history = await ordersOf(user.id);
    expect(history.map((o) => [o.status, o.reservations])).toEqual([
      ["failed", ["released"]],
      ["failed", ["released"]],
      ["pending", ["held"]],
    ]);
    // The replaced payment pages are closed; the newest one is the only one open.
    const sessions = results.map((r) => (r.ok ? r.sessionId : ""));
    expect(await Promise.all(sessions.map(sessionStatus))).toEqual(["cancelled", "cancelled", "open"]);

    // Everyone else can still buy the other 6.
    const other = await fx.customer();
    await fx.cart(other.id, [{ variantId: p.variantId, quantity: 6 }]);
    expect((await createCheckout(database.db, { userId: other.id }, sandbox, config)).ok).toBe(true);
    expect(await fx.stock(p.variantId)).toBe(0);

    // Cancel links and the sweep of the replaced orders give nothing back a second time.
    const first = history[0]!;
    expect(await cancelCheckout(database.db, { orderId: first.id, userId: user.id }, "failed")).toEqual({ orderId: first.id, changed: false });
    await releaseExpiredReservations(database.db, new Date(Date.now() + 31 * 60_000));
    expect(await fx.stock(p.variantId)).toBe(12);
    expect(await fx.heldUnits(p.variantId)).toBe(0);
  });

  it("replaces every earlier pending order across products, and releases each of them exactly once", async () => {
    const user = await fx.customer();
    const a = await fx.product({ stock: 5 });
    const b = await fx.product({ stock: 5 });
    await fx.cart(user.id, [{ variantId: b.variantId, quantity: 2 }]);
    const old = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!old.ok) throw new Error(old.message);
    // The cart changed meanwhile: the new checkout takes a, the old one's b comes back.
    await fx.cart(user.id, [{ variantId: a.variantId, quantity: 3 }]);
    const now = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!now.ok) throw new Error(now.message);
    expect(await fx.stock(a.variantId)).toBe(2);
    expect(await fx.stock(b.variantId)).toBe(5);
    expect((await orderOf(old.orderId)).order.status).toBe("failed");
    expect((await orderOf(now.orderId)).order.status).toBe("pending");
  });

  it("20 parallel checkouts by one customer leave one pending order and one cart's worth held", async () => {
    const user = await fx.customer();
    const p = await fx.product({ stock: 12 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 6 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => createCheckout(database.db, { userId: user.id }, sandbox, config)));
    expect(results.every((r) => r.ok)).toBe(true);
    const history = await ordersOf(user.id);
    expect(history.filter((o) => o.status === "pending")).toHaveLength(1);
    expect(history.filter((o) => o.status === "failed")).toHaveLength(19);
    expect(await fx.stock(p.variantId)).toBe(6);
    expect(await fx.heldUnits(p.variantId)).toBe(6);
  });

  it("customers replacing their checkouts of the same products in opposite orders do not deadlock", async () => {
    const a = await fx.product({ stock: 100 });
    const b = await fx.product({ stock: 100 });
    const customers = [];
    for (let i = 0; i < 10; i++) customers.push(await fx.customer(`Swapper ${i}`));
    // Each customer holds one product, then checks out the other: release one, take the other.
    for (const [i, c] of customers.entries()) {
      await fx.cart(c.id, [{ variantId: i % 2 ? a.variantId : b.variantId, quantity: 1 }]);
      expect((await createCheckout(database.db, { userId: c.id }, sandbox, config)).ok).toBe(true);
      await fx.cart(c.id, [{ variantId: i % 2 ? b.variantId : a.variantId, quantity: 1 }]);
    }
    const results = await Promise.all(customers.flatMap((c) => [c, c]).map((c) => createCheckout(database.db, { userId: c.id }, sandbox, config)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await fx.stock(a.variantId)) + (await fx.stock(b.variantId))).toBe(200 - 10);
    expect((await fx.heldUnits(a.variantId)) + (await fx.heldUnits(b.variantId))).toBe(10);
  });

  it("a replaced sandbox session can no longer be paid", async () => {
    const user = await fx.customer();
    const p = await fx.product({ stock: 4 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    const old = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    const current = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!old.ok || !current.ok) throw new Error("checkout failed");
    expect(await paySandboxSession(database.db, old.sessionId, "4242424242424242", pageDeps(user.id))).toEqual({
      status: "closed",
      state: "cancelled",
    });
    expect((await orderOf(old.orderId)).order.status).toBe("failed");
    expect(await fx.stock(p.variantId)).toBe(2);
    // The current one still pays normally.
    expect((await paySandboxSession(database.db, current.sessionId, "4242424242424242", pageDeps(user.id))).status).toBe("paid");
    expect((await orderOf(current.orderId)).order.status).toBe("completed");
    expect(await fx.stock(p.variantId)).toBe(2);
  });

  describe("a payment that still lands on a replaced session (the provider could not close it)", () => {
    /** A provider whose session expiry fails, so the replaced session stays payable. */
    const unclosable = (): PaymentProvider => ({
      ...sandbox,
      name: "sandbox",
      expireCheckoutSession: async () => {
        throw new Error("provider unreachable");
      },
    });

    async function replacedButOpen(product: { stock: number; limitPerCustomer?: number | null }, quantity: number) {
      const user = await fx.customer();
      const p = await fx.product(product);
      await fx.cart(user.id, [{ variantId: p.variantId, quantity }]);
      const provider = unclosable();
      const old = await createCheckout(database.db, { userId: user.id }, provider, config);
      const current = await createCheckout(database.db, { userId: user.id }, provider, config);
      if (!old.ok || !current.ok) throw new Error("checkout failed");
      expect(await sessionStatus(old.sessionId)).toBe("open");
      return { user, p, old, current };
    }
    const pay = (sessionId: string, userId: string) =>
      paySandboxSession(database.db, sessionId, "4242424242424242", pageDeps(userId));

    it("takes the stock again when it is there (a second, paid order; never oversold)", async () => {
      const { user, p, old, current } = await replacedButOpen({ stock: 5 }, 2);
      expect(await fx.stock(p.variantId)).toBe(3);
      expect((await pay(old.sessionId, user.id)).status).toBe("paid");
      expect((await orderOf(old.orderId)).order.status).toBe("completed");
      expect((await orderOf(current.orderId)).order.status).toBe("pending");
      expect(await fx.stock(p.variantId)).toBe(1);
      expect(await database.db.$count(refunds, eq(refunds.orderId, old.orderId))).toBe(0);
    });

    it("refunds when the stock has gone to someone else", async () => {
      const { user, p, old } = await replacedButOpen({ stock: 4 }, 2);
      const rival = await fx.customer();
      await fx.cart(rival.id, [{ variantId: p.variantId, quantity: 2 }]);
      expect((await createCheckout(database.db, { userId: rival.id }, sandbox, config)).ok).toBe(true);
      expect(await fx.stock(p.variantId)).toBe(0);
      expect((await pay(old.sessionId, user.id)).status).toBe("paid");
      expect((await orderOf(old.orderId)).order.status).toBe("refunded");
      expect(await fx.stock(p.variantId)).toBe(0);
      expect(await database.db.$count(refunds, eq(refunds.orderId, old.orderId))).toBe(1);
      expect(await fx.emails(`order-refunded:${old.orderId}`)).toHaveLength(1);
    });

    it("refunds when the current checkout already holds the customer's limit", async () => {
      const { user, p, old, current } = await replacedButOpen({ stock: 10, limitPerCustomer: 2 }, 2);
      expect((await pay(old.sessionId, user.id)).status).toBe("paid");
      expect((await orderOf(old.orderId)).order.status).toBe("refunded");
      expect(await fx.stock(p.variantId)).toBe(8);
      // Replays of the payment change nothing; the current checkout is unaffected.
      expect(await fulfilCheckout(database.db, old.sessionId, { provider: sandbox })).toEqual({ status: "refunded", orderId: old.orderId, changed: false });
      expect(await database.db.$count(refunds, eq(refunds.orderId, old.orderId))).toBe(1);
      expect((await orderOf(current.orderId)).order.status).toBe("pending");
    });
  });
});

describe("cancel and expiry", () => {
  it("a cancelled checkout gives its stock back once and leaves completed orders alone", async () => {
    const user = await fx.customer();
    const p = await fx.product({ stock: 5 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    expect(await fx.stock(p.variantId)).toBe(3);
    // Another customer's id cannot cancel it.
    const stranger = await fx.customer();
    expect(await cancelCheckout(database.db, { orderId: result.orderId, userId: stranger.id }, "failed")).toBeNull();
    expect(await fx.stock(p.variantId)).toBe(3);

    expect(await cancelCheckout(database.db, { orderId: result.orderId, userId: user.id }, "failed")).toEqual({ orderId: result.orderId, changed: true });
    expect(await cancelCheckout(database.db, { sessionId: result.sessionId }, "expired")).toEqual({ orderId: result.orderId, changed: false });
    expect(await fx.stock(p.variantId)).toBe(5);
    expect((await orderOf(result.orderId)).order.status).toBe("failed");
  });

  it("the sweep expires only overdue pending orders, returning each unit exactly once", async () => {
    const [user, other] = [await fx.customer(), await fx.customer()];
    const p = await fx.product({ stock: 6 });
    await fx.cart(user.id, [{ variantId: p.variantId, quantity: 2 }]);
    await fx.cart(other.id, [{ variantId: p.variantId, quantity: 2 }]);
    const t0 = new Date();
    const early = await createCheckout(database.db, { userId: user.id }, sandbox, { ...config, now: t0 });
    const late = await createCheckout(database.db, { userId: other.id }, sandbox, { ...config, now: new Date(t0.getTime() + 10 * 60_000) });
    if (!early.ok || !late.ok) throw new Error("checkout failed");
    expect(await fx.stock(p.variantId)).toBe(2);

    const at = new Date(t0.getTime() + 31 * 60_000);
    const [first, second] = await Promise.all([releaseExpiredReservations(database.db, at), releaseExpiredReservations(database.db, at)]);
    expect([...first.orderIds, ...second.orderIds].filter((id) => id === early.orderId)).toHaveLength(1);
    expect((await releaseExpiredReservations(database.db, at)).orderIds).not.toContain(early.orderId);
    expect(await fx.stock(p.variantId)).toBe(4);
    expect((await orderOf(early.orderId)).order.status).toBe("expired");
    expect((await orderOf(late.orderId)).order.status).toBe("pending");
    expect(first.sessions.concat(second.sessions)).toContainEqual({ orderId: early.orderId, provider: "sandbox", sessionId: early.sessionId });
  });

  it("the sweep frees a stray held reservation even behind a full batch of overdue pending ones", async () => {
    const p = await fx.product({ stock: 10 });
    const t0 = new Date(Date.now() - 60 * 60_000);
    const checkouts = [];
    for (let i = 0; i < 4; i++) {
      const user = await fx.customer();
      await fx.cart(user.id, [{ variantId: p.variantId, quantity: 1 }]);
      const result = await createCheckout(database.db, { userId: user.id }, sandbox, { ...config, now: t0 });
      if (!result.ok) throw new Error(result.message);
      checkouts.push(result);
    }
    expect(await fx.stock(p.variantId)).toBe(6);
    // The newest order is no longer pending yet its reservation is still held: a stray.
    const stray = checkouts[3]!;
    await database.db.update(orders).set({ status: "failed" }).where(eq(orders.id, stray.orderId));

    // A batch of one: the order sweep expires one pending order; the stray sweep must page past
    // the other two pending orders' overdue reservations to reach the stray one.
    await releaseExpiredReservations(database.db, new Date(), 1);
    expect((await orderOf(stray.orderId)).reservations.map((r) => r.status)).toEqual(["released"]);
    expect(await fx.stock(p.variantId)).toBe(8);
    expect(await fx.heldUnits(p.variantId)).toBe(2);
  });
});

describe("concurrency on the real database", () => {
  it("200 concurrent checkouts by 100 customers for stock 20, limit 2: exactly 20 reserved, nobody above 2, then all back", async () => {
    if (!(await usingPostgresServer())) console.warn("(running on PGlite: concurrency is serialised there)");
    const product = await fx.product({ stock: 20, limitPerCustomer: 2, price: 1500 });
    const customers = [];
    for (let i = 0; i < 100; i++) customers.push(await fx.customer(`Customer ${i}`));
    // Half want 1 unit, half want 2: two parallel checkouts of 1 may both succeed, of 2 never.
    for (const [i, c] of customers.entries()) await fx.cart(c.id, [{ variantId: product.variantId, quantity: 1 + (i % 2) }]);

    const t0 = new Date();
    const attempts = customers.flatMap((c) => [c, c]).map((c) => createCheckout(database.db, { userId: c.id }, sandbox, { ...config, now: t0 }));
    const results = await Promise.all(attempts);

    const okOrders = results.flatMap((r) => (r.ok ? [r.orderId] : []));
    const refusals = results.flatMap((r) => (r.ok ? [] : [r.code]));
    expect(new Set(refusals)).toEqual(new Set(refusals.filter((c) => c === "out_of_stock" || c === "limit_exceeded")));

    expect(await fx.stock(product.variantId)).toBe(0);
    expect(await fx.heldUnits(product.variantId)).toBe(20);
    const perCustomer = await database.db
      .select({ userId: orders.userId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, product.id), eq(orders.status, "pending")))
      .groupBy(orders.userId);
    expect(perCustomer.reduce((s, r) => s + Number(r.units), 0)).toBe(20);
    expect(Math.max(...perCustomer.map((r) => Number(r.units)))).toBeLessThanOrEqual(2);
    expect(okOrders.length).toBeGreaterThanOrEqual(10);

    // Every reservation runs out: all 20 units come back, exactly once.
    const later = new Date(t0.getTime() + 31 * 60_000);
    await Promise.all([releaseExpiredReservations(database.db, later), releaseExpiredReservations(database.db, later)]);
    await releaseExpiredReservations(database.db, later);
    expect(await fx.stock(product.variantId)).toBe(20);
    expect(await fx.heldUnits(product.variantId)).toBe(0);
    // A customer's second checkout replaced their first (failed); every other one expired.
    const statuses = await database.db
      .select({ userId: orders.userId, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, okOrders));
    expect(statuses.every((s) => s.status === "expired" || s.status === "failed")).toBe(true);
    const expiredPerCustomer = new Map<string, number>();
    for (const s of statuses) if (s.status === "expired") expiredPerCustomer.set(s.userId, (expiredPerCustomer.get(s.userId) ?? 0) + 1);
    expect(Math.max(...expiredPerCustomer.values())).toBe(1);
    const [{ min }] = (await database.db.select({ min: sql<number>`min(${productVariants.stock})`}).from(productVariants)) as [{ min: number }];
    expect(Number(min)).toBeGreaterThanOrEqual(0);
  }, 120_000);
});

describe("variants: what is sold is a condition of a card, not the card", () => {
  async function single(name: string) {
    const nm = await fx.product({ name, price: 3000, stock: 2, condition: "nm", printing: "holo", language: "en" });
    const lp = await fx.variant(nm.id, { price: 2200, stock: 1, condition: "lp", printing: "holo", language: "en" });
    const mp = await fx.variant(nm.id, { price: 1500, stock: 3, condition: "mp", printing: "holo", language: "en" });
    return { product: nm, nm, lp, mp };
  }

  it("checks out the LP copy at its own price: only that variant's stock is taken, and the order line says which", async () => {
    const user = await fx.customer();
    const { nm, lp, mp } = await single("Charizard 4/102 · Base Set");
    await fx.cart(user.id, [{ variantId: lp.variantId, quantity: 1 }]);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await fx.stock(lp.variantId)).toBe(0);
    expect(await fx.stock(nm.variantId)).toBe(2);
    expect(await fx.stock(mp.variantId)).toBe(3);
    const { order, items, reservations } = await orderOf(result.orderId);
    expect(order.subtotalAmount).toBe(2200);
    expect(items).toEqual([expect.objectContaining({ productId: nm.id, variantId: lp.variantId, variantLabel: "Lightly Played · Holo · English", unitPrice: 2200 })]);
    expect(reservations.map((r) => [r.variantId, r.quantity, r.status])).toEqual([[lp.variantId, 1, "held"]]);
  });

  it("two buyers, one last LP copy: exactly one checkout holds it, the other is told it is out of stock", async () => {
    const { lp, nm } = await single("Blastoise 2/102 · Base Set");
    const buyers = [await fx.customer("Misty"), await fx.customer("Brock")];
    for (const b of buyers) await fx.cart(b.id, [{ variantId: lp.variantId, quantity: 1 }]);
    const results = await Promise.all(buyers.map((b) => createCheckout(database.db, { userId: b.id }, sandbox, config)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, code: "out_of_stock", message: "Blastoise 2/102 · Base Set (Lightly Played · Holo · English) is out of stock." });
    expect(await fx.stock(lp.variantId)).toBe(0);
    expect(await fx.stock(nm.variantId)).toBe(2);
  });

  it("a product's limit counts its variants together: 1 NM + 1 LP against a limit of 2 is the limit, a third copy in any condition is refused", async () => {
    const user = await fx.customer();
    const { product, nm, lp, mp } = await single("Venusaur 15/102 · Base Set");
    await database.db.update(products).set({ limitPerCustomer: 2 }).where(eq(products.id, product.id));
    await fx.cart(user.id, [
      { variantId: nm.variantId, quantity: 1 },
      { variantId: lp.variantId, quantity: 1 },
      { variantId: mp.variantId, quantity: 1 },
    ]);
    const over = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(over).toMatchObject({ ok: false, code: "limit_exceeded", productName: "Venusaur 15/102 · Base Set" });
    expect(await fx.stock(mp.variantId)).toBe(3);

    await fx.cart(user.id, [
      { variantId: nm.variantId, quantity: 1 },
      { variantId: lp.variantId, quantity: 1 },
    ]);
    const first = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, first.sessionId));
    expect(await paySandboxSession(database.db, session!.id, "4242424242424242", pageDeps(user.id))).toMatchObject({ status: "paid" });
    // Paid: the two copies count; one more in another condition is over the limit.
    await fx.cart(user.id, [{ variantId: mp.variantId, quantity: 1 }]);
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "limit_exceeded" });
  });

  it("a variant with a limit of its own is counted alone, and leaves the product's limit to the other variants", async () => {
    const user = await fx.customer();
    const { product, nm, lp } = await single("Mewtwo 10/102 · Base Set");
    await database.db.update(products).set({ limitPerCustomer: 1 }).where(eq(products.id, product.id));
    await database.db.update(productVariants).set({ limitPerCustomer: 1 }).where(eq(productVariants.id, lp.variantId));
    // One NM (the product's limit of 1) and one LP (its own limit of 1): both allowed together.
    await fx.cart(user.id, [
      { variantId: nm.variantId, quantity: 1 },
      { variantId: lp.variantId, quantity: 1 },
    ]);
    expect((await createCheckout(database.db, { userId: user.id }, sandbox, config)).ok).toBe(true);
    await fx.cart(user.id, [{ variantId: nm.variantId, quantity: 2 }]);
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({ ok: false, code: "limit_exceeded" });
  });
});

describe("an edit committing while a checkout is under way (decision 0059)", () => {
  /**
   * The customer's checkout, started while `edit` is written but not committed: the edit commits
   * once the checkout waits for a row the edit holds (its stock update), and the checkout's
   * answer is returned.
   */
  async function checkoutDuring(userId: string, edit: (tx: Tx) => Promise<unknown>) {
    let checkout: ReturnType<typeof createCheckout> | undefined;
    await database.db.transaction(async (tx) => {
      await edit(tx);
      checkout = createCheckout(database.db, { userId }, sandbox, config);
      await untilWaitingOnALock();
    });
    return checkout!;
  }
  /** Resolves once some statement of this test database is waiting for a row lock (the checkout's stock update). */
  async function untilWaitingOnALock() {
    for (let i = 0; i < 200; i++) {
      const waiting = await database.db.execute(
        sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' LIMIT 1`,
      );
      if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the checkout never waited for the variant's row");
  }
  /** The next order id the sequence would give: a run that inserted an order and rolled back used one up. */
  async function nextOrderId() {
    const result = await database.db.execute(sql`SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END AS next FROM orders_id_seq`);
    return Number((result as unknown as { rows: { next: string }[] }).rows[0]!.next);
  }

  it("a price changed by an admin or a repricing run is waited for and charged: the order never carries a replaced price", async () => {
    if (!(await usingPostgresServer())) return; // PGlite runs one transaction at a time: no race to arrange
    const user = await fx.customer();
    const product = await fx.product({ price: 100, stock: 5 });
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    const result = await checkoutDuring(user.id, (tx) => tx.update(productVariants).set({ price: 22999 }).where(eq(productVariants.id, product.variantId)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { order, items } = await orderOf(result.orderId);
    expect(items[0]!.unitPrice).toBe(22999);
    expect(order.subtotalAmount).toBe(22999);
  });

  it("a member price changed meanwhile is charged: the first run's take is refused, it rolls back and runs again", async () => {
    if (!(await usingPostgresServer())) return;
    const user = await fx.customer();
    await fx.premium(user.id);
    const product = await fx.product({ price: 1000, premiumPrice: 900, stock: 5 });
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    const firstId = await nextOrderId();
    // The checkout reads the cart (900), writes its order and waits at the stock update.
    const result = await checkoutDuring(user.id, (tx) => tx.update(productVariants).set({ premiumPrice: 850 }).where(eq(productVariants.id, product.variantId)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { items } = await orderOf(result.orderId);
    expect(items[0]!.unitPrice).toBe(850);
    // The second run's order: the first run's was written and rolled back whole.
    expect(result.orderId).toBe(firstId + 1);
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await fx.stock(product.variantId)).toBe(4);
  });

  it("a line removed from another tab meanwhile is no change of a product: no second run, the order is the cart it priced", async () => {
    if (!(await usingPostgresServer())) return;
    const user = await fx.customer();
    const a = await fx.product({ price: 500, stock: 5 });
    const b = await fx.product({ price: 700, stock: 5 });
    await fx.cart(user.id, [
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 1 },
    ]);
    const firstId = await nextOrderId();
    const result = await checkoutDuring(user.id, async (tx) => {
      await tx.update(productVariants).set({ updatedAt: new Date() }).where(eq(productVariants.id, Math.min(a.variantId, b.variantId)));
      await tx.delete(cartItems).where(and(eq(cartItems.userId, user.id), eq(cartItems.variantId, b.variantId)));
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.orderId).toBe(firstId);
    expect((await orderOf(result.orderId)).items).toHaveLength(2);
  });

  it.each([
    ["a limit given to the variant", "variant", { limitPerCustomer: 1 }, "limit_exceeded"],
    ["a product limit lowered below the cart, by an edit that also holds the variant (a CSV import, say)", "product", { limitPerCustomer: 1 }, "limit_exceeded"],
    ["the product hidden, by an edit that also holds the variant", "product", { isVisible: false }, "unavailable"],
  ] as const)("%s is applied: the cart above it is refused and nothing is held", async (_label, row, change, code) => {
    if (!(await usingPostgresServer())) return;
    const user = await fx.customer();
    const product = await fx.product({ price: 500, stock: 5 });
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    const result = await checkoutDuring(user.id, async (tx) => {
      if (row === "product") await tx.update(products).set(change).where(eq(products.id, product.id));
      const variantChange = row === "variant" ? change : { updatedAt: new Date() };
      await tx.update(productVariants).set(variantChange).where(eq(productVariants.id, product.variantId));
    });
    expect(result).toMatchObject({ ok: false, code });
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
    expect(await fx.stock(product.variantId)).toBe(5);
  });
});

/**
 * The customer's checkout while another transaction holds the lock `hold` takes: its answer, or
 * undefined when none came within 2 s (it queued behind the lock).
 */
async function checkoutWhileHolding(userId: string, hold: (tx: Tx) => Promise<unknown>) {
  let result: Awaited<ReturnType<typeof createCheckout>> | undefined;
  await database.db.transaction(async (tx) => {
    await hold(tx);
    result = await Promise.race([createCheckout(database.db, { userId }, sandbox, config), new Promise<undefined>((resolve) => setTimeout(resolve, 2000))]);
  });
  return result;
}

describe("a drop: checkouts after the stock is gone", () => {
  it("are refused from the committed stock without queueing behind the reserving checkout's lock", async () => {
    if (!(await usingPostgresServer())) return; // PGlite runs one transaction at a time: no lock to queue behind
    const product = await fx.product({ price: 100, stock: 0 });
    const user = await fx.customer();
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    // Another checkout (or an admin) holds the variant's row, and the sold-out refusal still comes at once.
    const result = await checkoutWhileHolding(user.id, (tx) =>
      tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.id, product.variantId)).for("no key update"),
    );
    expect(result !== undefined).toBe(true);
    expect(result).toMatchObject({ ok: false, code: "out_of_stock", message: `${product.name} is out of stock.` });
  });

  it("are refused before any transaction: not even the customer's own row is waited for", async () => {
    if (!(await usingPostgresServer())) return; // PGlite runs one transaction at a time: no lock to queue behind
    const product = await fx.product({ price: 100, stock: 0 });
    const user = await fx.customer();
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    // The customer's other checkout (another tab) holds their row, as the full path would take it,
    // and the sold-out answer does not queue behind it.
    const result = await checkoutWhileHolding(user.id, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update"));
    expect(result).toMatchObject({ ok: false, code: "out_of_stock", message: `${product.name} is out of stock.` });
  });

  it("that passed the first read are refused inside the transaction, without queueing for the variant's lock, when the stock went meanwhile", async () => {
    if (!(await usingPostgresServer())) return; // PGlite runs one transaction at a time: no race to arrange
    const product = await fx.product({ price: 100, stock: 1 });
    const user = await fx.customer();
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    // The customer's other tab holds their row: this checkout reads the stock (1 left, so it goes
    // on) and then waits for that row inside its transaction.
    let releaseCustomer!: () => void;
    let customerLocked!: () => void;
    const locked = new Promise<void>((resolve) => (customerLocked = resolve));
    const otherTab = database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      customerLocked();
      await new Promise<void>((resolve) => (releaseCustomer = resolve));
    });
    await locked;
    const checkout = createCheckout(database.db, { userId: user.id }, sandbox, config);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Meanwhile the last unit goes to someone else, whose transaction still holds the variant.
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, product.variantId));
    let result: Awaited<typeof checkout> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.id, product.variantId)).for("no key update");
      releaseCustomer();
      await otherTab;
      // Answered from the cart read under the customer's lock: the variant's lock is never queued for.
      result = await Promise.race([checkout, new Promise<undefined>((resolve) => setTimeout(resolve, 2000))]);
    });
    expect(result).toMatchObject({ ok: false, code: "out_of_stock", message: `${product.name} is out of stock.` });
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
  });

  it("still lets a customer whose own pending order holds the last units check out again (they are released first)", async () => {
    const product = await fx.product({ price: 100, stock: 2 });
    const user = await fx.customer();
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    const first = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(first.ok).toBe(true);
    const [variant] = await database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, product.variantId));
    expect(variant!.stock).toBe(0);
    const again = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect((await orderOf(first.orderId)).order.status).toBe("failed");
    expect((await orderOf(again.orderId)).reservations).toMatchObject([{ status: "held", quantity: 2 }]);
  });

  it("are told out of stock before anything else: no coupon attempt counted, no address asked for", async () => {
    const product = await fx.product({ price: 100, stock: 0 });
    const user = await fx.customer();
    await database.db.update(profiles).set({ addressLine1: null }).where(eq(profiles.id, user.id));
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    const attemptsBefore = await database.db.$count(rateLimits);
    for (const couponCode of ["GUESS1", "GUESS2", "GUESS3"]) {
      expect(await createCheckout(database.db, { userId: user.id, couponCode, ipAddress: "198.51.100.7" }, sandbox, config)).toMatchObject({
        ok: false,
        code: "out_of_stock",
      });
    }
    expect(await database.db.$count(rateLimits)).toBe(attemptsBefore);
    expect(await database.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
  });

  it("says how many are left when fewer than asked for remain", async () => {
    const product = await fx.product({ price: 100, stock: 1 });
    const user = await fx.customer();
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    expect(await createCheckout(database.db, { userId: user.id }, sandbox, config)).toMatchObject({
      ok: false,
      code: "out_of_stock",
      message: `Only 1 of ${product.name} left in stock.`,
    });
  });
});
