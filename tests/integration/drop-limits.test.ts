/**
 * Issue 16's per-person limits across accounts, end to end on a real database: the right to buy
 * at the cart, the person limit at checkout (email modulo Gmail's dots and +tags, the delivery
 * address however it is typed, two accounts at the same moment) and again at payment with the
 * card's fingerprint (decision 0053).
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropOrderKeys, orders, outbox, paymentEvents, refunds, stockReservations } from "~/db/schema";
import { applyCartChange } from "~/modules/cart/intents.server";
import { creditBalance, moveCredit } from "~/modules/credit/ledger.server";
import { cancelCheckout, fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { loadOrderConfirmation } from "~/modules/checkout/confirmation.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import { dropAddRefusal } from "~/modules/drops/rights.server";
import type { PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider, getSandboxSession, sandboxCardFingerprint, sandboxSessionObject } from "~/modules/payments/sandbox/provider.server";
import { dispatchPaymentEvent, paymentEventDispatcher } from "~/web/payments.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { dropFixtures } from "../support/drop-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let fx: ReturnType<typeof checkoutFixtures>;
let dx: ReturnType<typeof dropFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };
const MINUTE = 60_000;
const VISA = "4242 4242 4242 4242";
const VISA_DEBIT = "4000 0566 5566 5556";

beforeAll(async () => {
  database = await createTestDatabase();
  fx = checkoutFixtures(database.db);
  dx = dropFixtures(database.db, fx);
  sandbox = createSandboxProvider(database.db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

async function checkout(userId: string, variantId: number, quantity: number, now?: Date) {
  await fx.cart(userId, [{ variantId, quantity }]);
  return createCheckout(database.db, { userId }, sandbox, { ...config, now });
}

async function checkedOut(userId: string, variantId: number, quantity: number, now?: Date) {
  const result = await checkout(userId, variantId, quantity, now);
  if (!result.ok) throw new Error(result.message);
  return result;
}

const pay = (sessionId: string, card: string, viewerId: string) =>
  paySandboxSession(database.db, sessionId, card, { dispatch: paymentEventDispatcher(database.db, { provider: sandbox }), viewerId });

/**
 * A payment made on the payment page at `paidAt` whose event reaches the shop at `deliveredAt`
 * (a delayed webhook): what a late payment is.
 */
async function payLate(sessionId: string, card: string, viewerId: string, paidAt: Date, deliveredAt: Date) {
  const held: PaymentEvent[] = [];
  const paid = await paySandboxSession(database.db, sessionId, card, {
    // Held back, as a delayed webhook is: delivered below.
    dispatch: async (event) => {
      held.push(event);
      return "ignored" as const;
    },
    viewerId,
    now: paidAt,
  });
  expect(paid.status).toBe("paid");
  return dispatchPaymentEvent(database.db, held[0]!, { provider: sandbox, now: deliveredAt });
}

async function statusOf(orderId: number) {
  const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

describe("the right to buy at the cart (e)", () => {
  const add = (variantId: number) => ({ ok: true as const, intent: "add" as const, variantId, quantity: 1, redirectTo: null });

  it("refuses a guest, anyone before the start, an account without an entry or past its window; allows inside the window", async () => {
    const { product, drop } = await dx.liveDrop();
    let guestCartsMade = 0;
    const asGuest = await applyCartChange(database.db, add(product.variantId), async (create) => {
      if (create) guestCartsMade++;
      return create ? { guestId: randomUUID() } : null;
    });
    expect(asGuest).toMatchObject({ ok: false, status: 409 });
    expect(guestCartsMade).toBe(0);
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, null)).toMatch(/sign in to take part/);

    const stranger = await dx.buyer();
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, stranger.id)).toMatch(/join the queue/);

    const late = await dx.buyer();
    await dx.admit(drop.id, late.id, { from: -20, until: -1 });
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, late.id)).toMatch(/time to buy .* has run out/);

    const early = await dx.buyer();
    await dx.admit(drop.id, early.id, { from: 3, until: 13 });
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, early.id)).toMatch(/has not come up yet/);

    const admitted = await dx.buyer();
    await dx.admit(drop.id, admitted.id);
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, admitted.id)).toBeNull();
    expect(await applyCartChange(database.db, add(product.variantId), async () => ({ userId: admitted.id }))).toMatchObject({ ok: true });

    // Before the drop starts nobody may buy, entry or not.
    const upcoming = await dx.liveDrop({ startsIn: 30 });
    await dx.admit(upcoming.drop.id, admitted.id);
    expect(await dropAddRefusal(database.db, { productId: upcoming.product.id, name: upcoming.product.name }, admitted.id)).toMatch(/not on sale yet/);
    expect(await dropAddRefusal(database.db, { productId: upcoming.product.id, name: upcoming.product.name }, null)).toMatch(/not on sale yet/);
  });

  it("checkout refuses an account whose window closed while the item sat in the cart", async () => {
    const { product, drop } = await dx.liveDrop();
    const user = await dx.buyer();
    await dx.admit(drop.id, user.id, { from: -20, until: -1 });
    const result = await checkout(user.id, product.variantId, 1);
    expect(result).toMatchObject({ ok: false, code: "drop_not_open" });
    expect(await fx.heldUnits(product.variantId)).toBe(0);
  });
});

describe("one person across accounts at checkout", () => {
  it("(a) the same Gmail modulo dots and +tag: the second account is refused once the first holds 2", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const tag = randomUUID().slice(0, 8);
    const first = await dx.buyer({ email: `ash.ketchum.${tag}+drops@gmail.com` });
    const second = await dx.buyer({ email: `ASHKETCHUM${tag}@googlemail.com` });
    const other = await dx.buyer({ email: `misty.${tag}@gmail.com` });
    for (const u of [first, second, other]) await dx.admit(drop.id, u.id);

    const paid = await checkedOut(first.id, product.variantId, 2);
    expect((await pay(paid.sessionId, VISA, first.id)).status).toBe("paid");
    expect(await statusOf(paid.orderId)).toBe("completed");

    const refused = await checkout(second.id, product.variantId, 1);
    expect(refused).toMatchObject({ ok: false, code: "drop_person_limit" });
    if (!refused.ok) expect(refused.message).toContain("limited to 2 per person");
    expect(await fx.stock(product.variantId)).toBe(8);
    expect(await database.db.$count(orders, eq(orders.userId, second.id))).toBe(0);

    // Another mailbox is another person.
    expect((await checkout(other.id, product.variantId, 2)).ok).toBe(true);
  });

  it("a pending (unpaid) order counts too: the first account's 1 leaves the second 1", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const tag = randomUUID().slice(0, 8);
    const first = await dx.buyer({ email: `brock${tag}@gmail.com` });
    const second = await dx.buyer({ email: `b.r.o.c.k${tag}+x@gmail.com` });
    for (const u of [first, second]) await dx.admit(drop.id, u.id);
    await checkedOut(first.id, product.variantId, 1);
    expect(await checkout(second.id, product.variantId, 2)).toMatchObject({ ok: false, code: "drop_person_limit" });
    expect((await checkout(second.id, product.variantId, 1)).ok).toBe(true);
  });

  it("(b) the same postcode and first line, typed differently: one buyer once an order there is paid", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const street = `Acacia${randomUUID().slice(0, 6)}`;
    const first = await dx.buyer({ line1: `12 ${street} Avenue`, postcode: "LS6 2QT" });
    const second = await dx.buyer({ line1: `12, ${street.toUpperCase()} AVE.`, postcode: "ls62qt" });
    const neighbour = await dx.buyer({ line1: `14 ${street} Avenue`, postcode: "LS6 2QT" });
    for (const u of [first, second, neighbour]) await dx.admit(drop.id, u.id);

    const bought = await checkedOut(first.id, product.variantId, 2);
    expect((await pay(bought.sessionId, VISA, first.id)).status).toBe("paid");
    expect(await checkout(second.id, product.variantId, 1)).toMatchObject({ ok: false, code: "drop_person_limit" });
    expect((await checkout(neighbour.id, product.variantId, 2)).ok).toBe(true);
    expect(await fx.stock(product.variantId)).toBe(6);
  });

  it("a rival's unpaid checkout with someone's postcode and first line does not block them; paid, it does", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const street = `Rowan${randomUUID().slice(0, 6)}`;
    const victim = await dx.buyer({ line1: `3 ${street} Road`, postcode: "BS1 4DJ" });
    const rival = await dx.buyer({ line1: `3 ${street} Rd`, postcode: "BS14DJ" });
    for (const u of [victim, rival]) await dx.admit(drop.id, u.id);

    // The grief: the rival holds 2 unpaid under the victim's address for the whole reservation.
    const held = await checkedOut(rival.id, product.variantId, 2);
    expect(await statusOf(held.orderId)).toBe("pending");
    const own = await checkedOut(victim.id, product.variantId, 2);
    expect(await fx.heldUnits(product.variantId)).toBe(4);

    // The victim pays and is served; from then on the address is theirs: the rival's payment
    // meets a paid order there and is refunded, and a new checkout is refused.
    expect((await pay(own.sessionId, VISA, victim.id)).status).toBe("paid");
    expect(await statusOf(own.orderId)).toBe("completed");
    expect((await pay(held.sessionId, VISA_DEBIT, rival.id)).status).toBe("paid");
    expect(await statusOf(held.orderId)).toBe("refunded");
    expect(await fx.stock(product.variantId)).toBe(8);
    expect(await checkout(rival.id, product.variantId, 1)).toMatchObject({ ok: false, code: "drop_person_limit" });
  });

  it("(c) two accounts at one address: both may check out, but paying 2 each at the same moment, exactly one is fulfilled (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const { product, drop } = await dx.liveDrop({ stock: 10 });
      const line1 = `${round + 1} Shared Court ${randomUUID().slice(0, 6)}`;
      const a = await dx.buyer({ line1, postcode: "M1 1AE" });
      const b = await dx.buyer({ line1: line1.toLowerCase(), postcode: "m1 1ae" });
      await dx.admit(drop.id, a.id);
      await dx.admit(drop.id, b.id);
      await fx.cart(a.id, [{ variantId: product.variantId, quantity: 2 }]);
      await fx.cart(b.id, [{ variantId: product.variantId, quantity: 2 }]);
      const results = await Promise.all([a, b].map((u) => createCheckout(database.db, { userId: u.id }, sandbox, config)));
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(await fx.heldUnits(product.variantId)).toBe(4);
      const [ca, cb] = results.map((r) => {
        if (!r.ok) throw new Error(r.message);
        return r;
      });
      // Different cards: only the address ties them. The key locks make the payments take turns.
      const paid = await Promise.all([pay(ca!.sessionId, VISA, a.id), pay(cb!.sessionId, VISA_DEBIT, b.id)]);
      expect(paid.map((p) => p.status)).toEqual(["paid", "paid"]);
      expect([await statusOf(ca!.orderId), await statusOf(cb!.orderId)].sort()).toEqual(["completed", "refunded"]);
      expect(await fx.stock(product.variantId)).toBe(8);
      expect(await fx.heldUnits(product.variantId)).toBe(0);
      const refunded = (await statusOf(ca!.orderId)) === "refunded" ? ca! : cb!;
      const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, refunded.orderId));
      expect(refund?.reason).toBe("drop_person_limit_after_payment");
    }
  });

  it("(g) failed and expired orders do not count", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const tag = randomUUID().slice(0, 8);
    const first = await dx.buyer({ email: `gary.oak${tag}@gmail.com` });
    const second = await dx.buyer({ email: `garyoak${tag}+alt@gmail.com` });
    for (const u of [first, second]) await dx.admit(drop.id, u.id);

    // Declined card: the order fails.
    const declined = await checkedOut(first.id, product.variantId, 2);
    expect((await pay(declined.sessionId, "4000 0000 0000 0002", first.id)).status).toBe("declined");
    expect(await statusOf(declined.orderId)).toBe("failed");
    // Not paid in time: the order expires.
    const t0 = new Date();
    const lapsed = await checkedOut(first.id, product.variantId, 2, t0);
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * MINUTE));
    expect(await statusOf(lapsed.orderId)).toBe("expired");
    // Cancelled from the payment page.
    const cancelled = await checkedOut(first.id, product.variantId, 2);
    await cancelCheckout(database.db, { orderId: cancelled.orderId }, "failed");

    const bought = await checkedOut(second.id, product.variantId, 2);
    expect((await pay(bought.sessionId, VISA_DEBIT, second.id)).status).toBe("paid");
    expect(await statusOf(bought.orderId)).toBe("completed");

    // The expired order paid late now takes the person over: refunded, not re-reserved.
    expect((await pay(lapsed.sessionId, VISA, first.id)).status).toBe("paid");
    expect(await statusOf(lapsed.orderId)).toBe("refunded");
    expect(await fx.stock(product.variantId)).toBe(8);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, lapsed.orderId));
    expect(refund?.reason).toBe("drop_person_limit_after_payment");
    // Tied by the email, not the card (the other account paid with another one).
    const [email] = await fx.emails(`order-refunded:${lapsed.orderId}`);
    expect(email?.textBody).toContain("orders of yours already reach that limit");
    expect(email?.textBody).not.toContain("same card");
  });
});

describe("the card at payment (d)", () => {
  it("the sandbox's event carries one fingerprint per card number, never the number", async () => {
    const { product, drop } = await dx.liveDrop();
    const [a, b] = [await dx.buyer(), await dx.buyer()];
    for (const u of [a, b]) await dx.admit(drop.id, u.id);
    const first = await checkedOut(a.id, product.variantId, 1);
    const second = await checkedOut(b.id, product.variantId, 1);
    await pay(first.sessionId, VISA, a.id);
    await pay(second.sessionId, "4242-4242-4242-4242", b.id);
    const objects = await Promise.all([first, second].map(async (c) => sandboxSessionObject((await getSandboxSession(database.db, c.sessionId))!)));
    const fingerprints = objects.map((o) => (o.payment_intent as { payment_method: { card: { fingerprint: string } } }).payment_method.card.fingerprint);
    expect(fingerprints[0]).toBe(sandboxCardFingerprint("4242424242424242"));
    expect(fingerprints[1]).toBe(fingerprints[0]);
    expect(sandboxCardFingerprint("4000056655665556")).not.toBe(fingerprints[0]);
    expect(JSON.stringify(objects)).not.toContain("4242424242424242");
    expect(await sandbox.retrieveCheckoutSession(first.sessionId)).toMatchObject({ cardFingerprint: fingerprints[0] });
  });

  it("a second account paying with the same card is refunded, its stock released, told why; replays change nothing", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const [first, second, third] = [await dx.buyer(), await dx.buyer(), await dx.buyer()];
    for (const u of [first, second, third]) await dx.admit(drop.id, u.id);

    const a = await checkedOut(first.id, product.variantId, 2);
    expect((await pay(a.sessionId, VISA, first.id)).status).toBe("paid");
    expect(await statusOf(a.orderId)).toBe("completed");

    // Nothing ties the second account to the first at checkout: no shared email or address.
    const b = await checkedOut(second.id, product.variantId, 2);
    expect(await fx.stock(product.variantId)).toBe(6);
    expect((await pay(b.sessionId, VISA, second.id)).status).toBe("paid");

    expect(await statusOf(b.orderId)).toBe("refunded");
    expect(await fx.stock(product.variantId)).toBe(8);
    expect(await fx.heldUnits(product.variantId)).toBe(0);
    const reservations = await database.db.select().from(stockReservations).where(eq(stockReservations.orderId, b.orderId));
    expect(reservations.map((r) => r.status)).toEqual(["released"]);
    const refundRows = await database.db.select().from(refunds).where(eq(refunds.orderId, b.orderId));
    expect(refundRows).toHaveLength(1);
    const [bOrder] = await database.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(refundRows[0]).toMatchObject({ amount: bOrder!.totalAmount, reason: "drop_person_limit_after_payment" });
    expect(await fx.emails(`order-confirmation:${b.orderId}`)).toHaveLength(0);
    const emails = await fx.emails(`order-refunded:${b.orderId}`);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(`${product.name} is limited to 2 per person`);
    expect(emails[0]!.textBody).toContain("the same card was used by another account");
    // Both orders now carry the card's key.
    const cardKeys = await database.db
      .select({ orderId: dropOrderKeys.orderId })
      .from(dropOrderKeys)
      .where(and(eq(dropOrderKeys.dropId, drop.id), eq(dropOrderKeys.key, `card:sandbox:${sandboxCardFingerprint("4242424242424242")}`)));
    expect(cardKeys.map((k) => k.orderId).sort()).toEqual([a.orderId, b.orderId].sort());
    // The success page says why.
    expect(await loadOrderConfirmation(database.db, sandbox, { userId: second.id, sessionId: b.sessionId })).toMatchObject({
      state: "refunded",
      refundCause: "person_limit",
    });

    // Replays: the same event again, a redelivery under a new id, the success page.
    const row = await getSandboxSession(database.db, b.sessionId);
    const object = sandboxSessionObject(row!);
    const [recorded] = await database.db.select().from(paymentEvents).where(eq(paymentEvents.id, `evt_sbx_${b.sessionId.replace("cs_sbx_", "")}_completed`));
    expect(recorded?.processedAt).not.toBeNull();
    const replay: PaymentEvent = { id: recorded!.id, provider: "sandbox", type: "checkout.session.completed", created: 1, object, raw: {} };
    expect(await dispatchPaymentEvent(database.db, replay, { provider: sandbox })).toBe("duplicate");
    const redelivery: PaymentEvent = { ...replay, id: `evt_redelivery_${b.orderId}` };
    expect(await dispatchPaymentEvent(database.db, redelivery, { provider: sandbox })).toBe("processed");
    expect(await fulfilCheckout(database.db, b.sessionId, { provider: sandbox })).toEqual({ status: "refunded", orderId: b.orderId, changed: false });
    expect(await statusOf(b.orderId)).toBe("refunded");
    expect(await statusOf(a.orderId)).toBe("completed");
    expect(await fx.stock(product.variantId)).toBe(8);
    expect(await database.db.$count(refunds, eq(refunds.orderId, b.orderId))).toBe(1);
    expect(await database.db.$count(outbox, eq(outbox.dedupeKey, `order-refunded:${b.orderId}`))).toBe(1);

    // Another card is another buyer.
    const c = await checkedOut(third.id, product.variantId, 2);
    expect((await pay(c.sessionId, VISA_DEBIT, third.id)).status).toBe("paid");
    expect(await statusOf(c.orderId)).toBe("completed");
    expect(await fx.stock(product.variantId)).toBe(6);
  });
});

describe("a card once used is the account's key from then on", () => {
  it("an account that paid with a card shared by another account cannot buy past the limit by switching cards", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const [first, second] = [await dx.buyer(), await dx.buyer()];
    for (const u of [first, second]) await dx.admit(drop.id, u.id);
    const a = await checkedOut(first.id, product.variantId, 1);
    expect((await pay(a.sessionId, VISA, first.id)).status).toBe("paid");
    // 1 + 1 with one card: within the limit of 2.
    const b = await checkedOut(second.id, product.variantId, 1);
    expect((await pay(b.sessionId, VISA, second.id)).status).toBe("paid");
    expect([await statusOf(a.orderId), await statusOf(b.orderId)]).toEqual(["completed", "completed"]);

    // A third unit for the same person, whatever card would pay: refused at checkout already.
    const refused = await checkout(second.id, product.variantId, 1);
    expect(refused).toMatchObject({ ok: false, code: "drop_person_limit" });
    expect(await fx.stock(product.variantId)).toBe(8);
  });
});

describe("the card at payment, with store credit", () => {
  it("an over-limit order that used store credit gets the credit back and only the card's part refunded", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const [first, second] = [await dx.buyer(), await dx.buyer()];
    for (const u of [first, second]) await dx.admit(drop.id, u.id);
    const a = await checkedOut(first.id, product.variantId, 2);
    expect((await pay(a.sessionId, VISA, first.id)).status).toBe("paid");

    const granted = await database.db.transaction((tx) => moveCredit(tx, { userId: second.id, amount: 1000, kind: "grant", note: "test" }));
    expect(granted.ok).toBe(true);
    await fx.cart(second.id, [{ variantId: product.variantId, quantity: 2 }]);
    const b = await createCheckout(database.db, { userId: second.id, credit: { use: true, amount: null } }, sandbox, config);
    if (!b.ok) throw new Error(b.message);
    expect(await creditBalance(database.db, second.id)).toBe(0);
    expect((await pay(b.sessionId, VISA, second.id)).status).toBe("paid");

    expect(await statusOf(b.orderId)).toBe("refunded");
    expect(await creditBalance(database.db, second.id)).toBe(1000);
    const [bOrder] = await database.db.select().from(orders).where(eq(orders.id, b.orderId));
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, b.orderId));
    expect(refund?.amount).toBe(bOrder!.totalAmount - 1000);
    expect(await fx.stock(product.variantId)).toBe(8);
  });
});

describe("the card at payment, at the same moment", () => {
  it("two accounts paying 2 each with one card at once: exactly one is fulfilled, the other refunded (5 rounds)", async () => {
    for (let round = 0; round < 5; round++) {
      const { product, drop } = await dx.liveDrop({ stock: 10 });
      const [a, b] = [await dx.buyer(), await dx.buyer()];
      for (const u of [a, b]) await dx.admit(drop.id, u.id);
      const [ca, cb] = [await checkedOut(a.id, product.variantId, 2), await checkedOut(b.id, product.variantId, 2)];
      const paid = await Promise.all([pay(ca.sessionId, VISA, a.id), pay(cb.sessionId, VISA, b.id)]);
      expect(paid.map((p) => p.status)).toEqual(["paid", "paid"]);
      expect([await statusOf(ca.orderId), await statusOf(cb.orderId)].sort()).toEqual(["completed", "refunded"]);
      expect(await fx.stock(product.variantId)).toBe(8);
      expect(await fx.heldUnits(product.variantId)).toBe(0);
    }
  });
});

describe("the right to buy at payment (a late payment)", () => {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

  it("refunds a queue buyer whose late payment lands after their window: units kept for those behind, told why", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const late = await dx.buyer();
    await dx.admit(drop.id, late.id, { from: -5, until: 10 });
    const base = new Date();
    const order = await checkedOut(late.id, product.variantId, 2, base);
    // The checkout's hold ends (30 minutes) and the sweep expires the order; the payment made
    // just before that reaches the shop afterwards, 22 minutes after the window closed.
    await releaseExpiredReservations(database.db, at(base, 31));
    expect(await statusOf(order.orderId)).toBe("expired");
    expect(await payLate(order.sessionId, VISA, late.id, at(base, 29), at(base, 32))).toBe("processed");

    expect(await statusOf(order.orderId)).toBe("refunded");
    expect(await fx.stock(product.variantId)).toBe(10);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(refund?.reason).toBe("drop_right_lapsed_after_payment");
    const [email] = await fx.emails(`order-refunded:${order.orderId}`);
    expect(email?.textBody).toContain(`your time to buy ${product.name} had run out`);
    expect(email?.textBody).not.toContain("per person");
    expect(await fx.emails(`order-confirmation:${order.orderId}`)).toHaveLength(0);
    // The success page says why: the time to buy had run out.
    expect(await loadOrderConfirmation(database.db, sandbox, { userId: late.id, sessionId: order.sessionId })).toMatchObject({ state: "refunded", refundCause: "drop_right" });
  });

  it("accepts a late payment while the buyer's window is still open (the units are taken again)", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const slow = await dx.buyer();
    await dx.admit(drop.id, slow.id, { from: -5, until: 60 });
    const base = new Date();
    const order = await checkedOut(slow.id, product.variantId, 2, base);
    await releaseExpiredReservations(database.db, at(base, 31));
    expect(await fx.stock(product.variantId)).toBe(10);
    expect(await payLate(order.sessionId, VISA, slow.id, at(base, 29), at(base, 32))).toBe("processed");
    expect(await statusOf(order.orderId)).toBe("completed");
    expect(await fx.stock(product.variantId)).toBe(8);
  });

  it("a pending checkout made in the window is paid after it closes while its hold runs; once the hold has ended it needs the right", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10 });
    const [inTime, holdOver] = [await dx.buyer(), await dx.buyer()];
    for (const u of [inTime, holdOver]) await dx.admit(drop.id, u.id, { from: -5, until: 10 });
    const base = new Date();
    const kept = await checkedOut(inTime.id, product.variantId, 2, base);
    const lapsed = await checkedOut(holdOver.id, product.variantId, 2, base);
    expect(await fx.heldUnits(product.variantId)).toBe(4);

    // 20 minutes in: the window has closed, the reservation still holds the units: paid.
    expect(await payLate(kept.sessionId, VISA, inTime.id, at(base, 19), at(base, 20))).toBe("processed");
    expect(await statusOf(kept.orderId)).toBe("completed");

    // 32 minutes in, before the sweep has expired it: the hold is over, and so is the right.
    expect(await payLate(lapsed.sessionId, VISA_DEBIT, holdOver.id, at(base, 29), at(base, 32))).toBe("processed");
    expect(await statusOf(lapsed.orderId)).toBe("refunded");
    const reservations = await database.db.select().from(stockReservations).where(eq(stockReservations.orderId, lapsed.orderId));
    expect(reservations.map((r) => r.status)).toEqual(["released"]);
    expect(await fx.stock(product.variantId)).toBe(8);
    expect(await fx.heldUnits(product.variantId)).toBe(0);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, lapsed.orderId));
    expect(refund?.reason).toBe("drop_right_lapsed_after_payment");
    // A replay of the same payment changes nothing, and is refunded once.
    expect(await fulfilCheckout(database.db, lapsed.sessionId, { provider: sandbox, now: at(base, 40) })).toEqual({ status: "refunded", orderId: lapsed.orderId, changed: false });
    expect(await database.db.$count(refunds, eq(refunds.orderId, lapsed.orderId))).toBe(1);
  });
});

describe("a refund retried after the provider failed", () => {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

  it("keeps the reason of the moment it was refunded (sold out), though the buyer's time to buy has run out since", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 2 });
    const [slow, rival] = [await dx.buyer(), await dx.buyer()];
    for (const u of [slow, rival]) await dx.admit(drop.id, u.id, { from: -5, until: 60 });
    const base = new Date();
    const order = await checkedOut(slow.id, product.variantId, 2, base);
    // The hold ends and the sweep returns the units; the rival takes them.
    await releaseExpiredReservations(database.db, at(base, 31));
    await checkedOut(rival.id, product.variantId, 2, at(base, 31));
    expect(await fx.stock(product.variantId)).toBe(0);

    // The slow buyer's payment lands while their window is still open: sold out, so refunded,
    // but the provider is down and the refund call fails.
    const held: PaymentEvent[] = [];
    const dispatch = async (event: PaymentEvent) => (held.push(event), "ignored" as const);
    expect((await paySandboxSession(database.db, order.sessionId, VISA, { dispatch, viewerId: slow.id, now: at(base, 29) })).status).toBe("paid");
    const down: PaymentProvider = Object.assign(Object.create(sandbox) as PaymentProvider, {
      refundPayment: async () => {
        throw new Error("provider unavailable");
      },
    });
    await expect(fulfilCheckout(database.db, order.sessionId, { provider: down, now: at(base, 32) })).rejects.toThrow("provider unavailable");
    expect(await statusOf(order.orderId)).toBe("refunded");
    expect(await database.db.$count(refunds, eq(refunds.orderId, order.orderId))).toBe(0);

    // Retried after the buyer's window has closed: still refunded once, for the stock.
    expect(await fulfilCheckout(database.db, order.sessionId, { provider: sandbox, now: at(base, 70) })).toEqual({ status: "refunded", orderId: order.orderId, changed: false });
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(refund?.reason).toBe("stock_unavailable_after_payment");
  });
});

describe("a drop called off (f)", () => {
  it("sells as any other product: guests may add, no entry needed, no per-person limit", async () => {
    const { product } = await dx.liveDrop({ stock: 10, cancelled: true });
    expect(await dropAddRefusal(database.db, { productId: product.id, name: product.name }, null)).toBeNull();
    const tag = randomUUID().slice(0, 8);
    const first = await dx.buyer({ email: `jessie${tag}@gmail.com` });
    const second = await dx.buyer({ email: `j.essie${tag}@gmail.com` });
    const a = await checkedOut(first.id, product.variantId, 3);
    expect((await pay(a.sessionId, VISA, first.id)).status).toBe("paid");
    const b = await checkedOut(second.id, product.variantId, 3);
    expect((await pay(b.sessionId, VISA, second.id)).status).toBe("paid");
    expect([await statusOf(a.orderId), await statusOf(b.orderId)]).toEqual(["completed", "completed"]);
    expect(await fx.stock(product.variantId)).toBe(4);
  });
});
