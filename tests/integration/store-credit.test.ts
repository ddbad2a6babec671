import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders, outbox, refunds, sandboxSessions, storeCreditBalances, storeCreditEntries } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { STORE_CREDIT_PROVIDER } from "~/modules/credit/credit-rules";
import { loadOrderConfirmation } from "~/modules/checkout/confirmation.server";
import { cancelCheckout, fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import { adjustCustomerCredit } from "~/modules/credit/admin-credit.server";
import { creditBalance, creditHistory, moveCredit } from "~/modules/credit/ledger.server";
import { cancelOrder, refundOrder } from "~/modules/orders/admin-order.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { formatPence } from "~/utils/money";
import { paymentEventDispatcher } from "~/web/payments.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let fx: ReturnType<typeof checkoutFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };
const SHIPPING = 529;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = checkoutFixtures(database.db);
  sandbox = createSandboxProvider(database.db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

const pay = (sessionId: string, viewerId: string) =>
  paySandboxSession(database.db, sessionId, "4242424242424242", { dispatch: paymentEventDispatcher(database.db, { provider: sandbox }), viewerId });

async function grant(userId: string, amount: number) {
  const moved = await database.db.transaction((tx) => moveCredit(tx, { userId, amount, kind: "grant", note: "test" }));
  if (!moved.ok) throw new Error(moved.reason);
}

/** The balance row and the ledger's sum, which must always agree. */
async function ledger(userId: string) {
  const [sum] = await database.db
    .select({ total: sql<string>`coalesce(sum(${storeCreditEntries.amount}), 0)` })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId));
  return { balance: await creditBalance(database.db, userId), sum: Number(sum!.total) };
}

async function orderRow(orderId: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** A customer with `credit` pence of store credit and one product at `price` in their cart. */
async function customerWithCart(credit: number, price: number, quantity = 1, stock = 5) {
  const user = await fx.customer();
  if (credit > 0) await grant(user.id, credit);
  const product = await fx.product({ price, stock });
  await fx.cart(user.id, [{ variantId: product.variantId, quantity }]);
  return { user, product, total: price * quantity + SHIPPING };
}

describe("the credit ledger", () => {
  it("adds, spends, refuses a spend below zero and a repeated key, and the balance is the sum", async () => {
    const user = await fx.customer();
    await grant(user.id, 1_000);
    const spend = await database.db.transaction((tx) => moveCredit(tx, { userId: user.id, amount: -400, kind: "correction", dedupeKey: "k-1" }));
    expect(spend).toMatchObject({ ok: true, balance: 600 });
    expect(await database.db.transaction((tx) => moveCredit(tx, { userId: user.id, amount: -400, kind: "correction", dedupeKey: "k-1" }))).toEqual({
      ok: false,
      reason: "duplicate",
      balance: 600,
    });
    expect(await database.db.transaction((tx) => moveCredit(tx, { userId: user.id, amount: -601, kind: "correction" }))).toEqual({
      ok: false,
      reason: "insufficient",
      balance: 600,
    });
    expect(await ledger(user.id)).toEqual({ balance: 600, sum: 600 });
    expect((await creditHistory(database.db, user.id)).map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ["correction", -400, 600],
      ["grant", 1_000, 1_000],
    ]);
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    const user = await fx.customer();
    await grant(user.id, 500);
    await expect(database.db.update(storeCreditEntries).set({ amount: 5_000 }).where(eq(storeCreditEntries.userId, user.id))).rejects.toThrow();
    await expect(database.db.delete(storeCreditEntries).where(eq(storeCreditEntries.userId, user.id))).rejects.toThrow();
    // Nor can a balance be written below zero, whoever tries.
    await expect(database.db.update(storeCreditBalances).set({ balance: -1 }).where(eq(storeCreditBalances.userId, user.id))).rejects.toThrow();
    expect(await ledger(user.id)).toEqual({ balance: 500, sum: 500 });
  });

  it("twenty spends at once of a balance that covers three: exactly three succeed", async () => {
    const user = await fx.customer();
    await grant(user.id, 1_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => database.db.transaction((tx) => moveCredit(tx, { userId: user.id, amount: -300, kind: "correction" }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await ledger(user.id)).toEqual({ balance: 100, sum: 100 });
  });
});

describe("spending credit at checkout", () => {
  it("an order paid wholly with credit needs no payment page: completed at once, stock sold, cart cleared, confirmation queued", async () => {
    const { user, product, total } = await customerWithCart(5_000, 1_000, 2);
    const result = await createCheckout(database.db, { userId: user.id, credit: { use: true, amount: null } }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toBe(`http://shop.test/order/success?session_id=${result.sessionId}`);
    const order = await orderRow(result.orderId);
    expect(order).toMatchObject({ status: "completed", totalAmount: total, creditAmount: total, paymentProvider: STORE_CREDIT_PROVIDER });
    expect(await database.db.$count(sandboxSessions, eq(sandboxSessions.clientReferenceId, String(result.orderId)))).toBe(0);
    expect(await fx.stock(product.variantId)).toBe(3);
    expect(await fx.emails(`order-confirmation:${result.orderId}`)).toHaveLength(1);
    expect(await ledger(user.id)).toEqual({ balance: 5_000 - total, sum: 5_000 - total });
    const confirmation = await loadOrderConfirmation(database.db, sandbox, { userId: user.id, sessionId: result.sessionId });
    expect(confirmation).toMatchObject({ orderId: result.orderId, state: "completed" });
    // Someone else cannot look it up.
    const stranger = await fx.customer();
    expect(await loadOrderConfirmation(database.db, sandbox, { userId: stranger.id, sessionId: result.sessionId })).toBeNull();
  });

  it("part credit, the rest by card: the payment page asks for the rest, and paying completes the order", async () => {
    const { user, total } = await customerWithCart(1_000, 2_000);
    const result = await createCheckout(database.db, { userId: user.id, credit: { use: true, amount: null } }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, result.sessionId));
    expect(session).toMatchObject({ amount: total - 1_000 });
    expect(session!.lineItems).toContainEqual({ name: "Store credit", quantity: 1, unitAmount: -1_000 });
    expect(await creditBalance(database.db, user.id)).toBe(0);
    expect((await pay(result.sessionId, user.id)).status).toBe("paid");
    expect(await orderRow(result.orderId)).toMatchObject({ status: "completed", creditAmount: 1_000, paymentProvider: "sandbox" });
    expect(await ledger(user.id)).toEqual({ balance: 0, sum: 0 });
  });

  it("uses a typed amount, and refuses more than the balance without charging anything", async () => {
    const { user, total } = await customerWithCart(3_000, 2_000);
    const over = await createCheckout(database.db, { userId: user.id, credit: { use: true, amount: 3_001 } }, sandbox, config);
    expect(over).toMatchObject({ ok: false, code: "credit_not_enough" });
    expect(await creditBalance(database.db, user.id)).toBe(3_000);
    const part = await createCheckout(database.db, { userId: user.id, credit: { use: true, amount: 750 } }, sandbox, config);
    if (!part.ok) throw new Error(part.message);
    expect(await orderRow(part.orderId)).toMatchObject({ status: "pending", creditAmount: 750, totalAmount: total });
    expect(await creditBalance(database.db, user.id)).toBe(2_250);
  });

  it("without the box ticked, no credit is used", async () => {
    const { user } = await customerWithCart(3_000, 2_000);
    const result = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    expect((await orderRow(result.orderId)).creditAmount).toBe(0);
    expect(await creditBalance(database.db, user.id)).toBe(3_000);
  });

  it("two checkouts at once spending the same credit never take the balance below zero", async () => {
    // Part credit: each checkout would use all 1,000p; the second replaces the first, whose credit goes back first.
    const { user } = await customerWithCart(1_000, 2_000);
    const results = await Promise.all([0, 1].map(() => createCheckout(database.db, { userId: user.id, credit: { use: true, amount: null } }, sandbox, config)));
    expect(results.every((r) => r.ok)).toBe(true);
    const statuses = await Promise.all(results.map((r) => (r.ok ? orderRow(r.orderId) : null)));
    expect(statuses.map((o) => o!.status).sort()).toEqual(["failed", "pending"]);
    expect(await ledger(user.id)).toEqual({ balance: 0, sum: 0 });
    const entries = await creditHistory(database.db, user.id);
    expect(entries.every((e) => e.balanceAfter >= 0)).toBe(true);
    // The pending one holds the credit; the failed one gave it back.
    const pending = statuses.find((o) => o!.status === "pending")!;
    expect(pending.creditAmount).toBe(1_000);

    // Whole-order credit: one order is paid with it; the other then finds the cart's lines paid for and gone.
    const second = await customerWithCart(3_000, 1_000, 1, 10);
    const both = await Promise.all([0, 1].map(() => createCheckout(database.db, { userId: second.user.id, credit: { use: true, amount: null } }, sandbox, config)));
    const paid = both.filter((r) => r.ok);
    expect(paid).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ code: "empty_cart" });
    expect(await ledger(second.user.id)).toEqual({ balance: 3_000 - second.total, sum: 3_000 - second.total });
  });

  it("ten checkouts at once by ten tabs that each type the whole balance: the balance ends at zero or above, the ledger agrees", async () => {
    const user = await fx.customer();
    await grant(user.id, 2_000);
    const products = await Promise.all(Array.from({ length: 10 }, () => fx.product({ price: 1_500, stock: 3 })));
    await fx.cart(
      user.id,
      products.map((p) => ({ variantId: p.variantId, quantity: 1 })),
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => createCheckout(database.db, { userId: user.id, credit: { use: true, amount: 2_000 } }, sandbox, config)));
    // Every one ran (each replacing the one before); a refusal would be for credit only.
    for (const r of results) if (!r.ok) expect(r.code).toBe("credit_not_enough");
    const { balance, sum } = await ledger(user.id);
    expect(balance).toBe(sum);
    expect(balance).toBeGreaterThanOrEqual(0);
    const held = await database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(held.filter((o) => o.status === "pending")).toHaveLength(1);
    expect(balance + held.filter((o) => o.status === "pending").reduce((s, o) => s + o.creditAmount, 0)).toBe(2_000);
  });

  it("a cancelled or expired checkout gives its credit back, once", async () => {
    const a = await customerWithCart(1_000, 2_000);
    const first = await createCheckout(database.db, { userId: a.user.id, credit: { use: true, amount: null } }, sandbox, config);
    if (!first.ok) throw new Error(first.message);
    expect(await creditBalance(database.db, a.user.id)).toBe(0);
    await cancelCheckout(database.db, { orderId: first.orderId, userId: a.user.id }, "failed");
    await cancelCheckout(database.db, { orderId: first.orderId, userId: a.user.id }, "failed");
    expect(await ledger(a.user.id)).toEqual({ balance: 1_000, sum: 1_000 });

    const t0 = new Date();
    const b = await customerWithCart(1_000, 2_000);
    const second = await createCheckout(database.db, { userId: b.user.id, credit: { use: true, amount: null } }, sandbox, { ...config, now: t0 });
    if (!second.ok) throw new Error(second.message);
    const later = new Date(t0.getTime() + 31 * 60_000);
    await Promise.all([releaseExpiredReservations(database.db, later), releaseExpiredReservations(database.db, later)]);
    expect((await orderRow(second.orderId)).status).toBe("expired");
    expect(await ledger(b.user.id)).toEqual({ balance: 1_000, sum: 1_000 });
  });

  it("a late payment takes the credit again; if it was spent meanwhile, the card's payment is refunded", async () => {
    const t0 = new Date();
    const a = await customerWithCart(1_000, 2_000);
    const result = await createCheckout(database.db, { userId: a.user.id, credit: { use: true, amount: null } }, sandbox, { ...config, now: t0 });
    if (!result.ok) throw new Error(result.message);
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    expect(await creditBalance(database.db, a.user.id)).toBe(1_000);
    expect((await pay(result.sessionId, a.user.id)).status).toBe("paid");
    expect(await orderRow(result.orderId)).toMatchObject({ status: "completed", creditAmount: 1_000 });
    expect(await ledger(a.user.id)).toEqual({ balance: 0, sum: 0 });

    const b = await customerWithCart(1_000, 2_000);
    const late = await createCheckout(database.db, { userId: b.user.id, credit: { use: true, amount: null } }, sandbox, { ...config, now: t0 });
    if (!late.ok) throw new Error(late.message);
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    // The customer spends the returned credit elsewhere before the old payment page is paid.
    await database.db.transaction((tx) => moveCredit(tx, { userId: b.user.id, amount: -600, kind: "correction" }));
    expect((await pay(late.sessionId, b.user.id)).status).toBe("paid");
    const refunded = await orderRow(late.orderId);
    expect(refunded.status).toBe("refunded");
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, late.orderId));
    expect(rows).toEqual([expect.objectContaining({ provider: "sandbox", amount: refunded.totalAmount - 1_000 })]);
    expect(await ledger(b.user.id)).toEqual({ balance: 400, sum: 400 });
    expect(await fx.stock(b.product.variantId)).toBe(5);
  });
});

describe("refunds of orders paid with credit", () => {
  async function paidWithCredit(credit: number, price: number) {
    const c = await customerWithCart(credit, price);
    const result = await createCheckout(database.db, { userId: c.user.id, credit: { use: true, amount: null } }, sandbox, config);
    if (!result.ok) throw new Error(result.message);
    if (result.url.includes("/sandbox/")) expect((await pay(result.sessionId, c.user.id)).status).toBe("paid");
    return { ...c, orderId: result.orderId };
  }
  const key = () => randomUUID().replaceAll("-", "");

  it("to the original payment: the card first up to what it paid, the rest back as credit", async () => {
    const { user, orderId, total } = await paidWithCredit(1_000, 2_000);
    const first = await refundOrder(database.db, sandbox, { orderId, mode: "amount", amount: 500, requestKey: key(), adminId: null });
    expect(first).toMatchObject({ status: "refunded", amount: 500, toCredit: 0 });
    const rest = await refundOrder(database.db, sandbox, { orderId, mode: "full", requestKey: key(), adminId: null });
    expect(rest).toMatchObject({ status: "refunded", amount: total - 500, toCredit: 1_000 });
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refundedAmount: total, creditRefundedAmount: 1_000 });
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => [r.provider, r.amount]).sort()).toEqual(
      [
        ["sandbox", 500],
        ["sandbox", total - 1_000 - 500],
        ["store_credit", 1_000],
      ].sort(),
    );
    expect(await ledger(user.id)).toEqual({ balance: 1_000, sum: 1_000 });
    const mail = await database.db.select().from(outbox).where(sql`${outbox.dedupeKey} LIKE ${`order-refund:${orderId}:%`}`);
    expect(mail).toHaveLength(2);
    expect(mail.map((m) => m.textBody).join("\n")).toContain(`${formatPence(total - 1_500)} to your card (it usually shows within 5-10 business days) and £10.00 as store credit`);
  });

  it("as store credit: no card refund; a replayed form adds nothing", async () => {
    const { user, orderId, total } = await paidWithCredit(0, 2_000);
    const requestKey = key();
    const refund = await refundOrder(database.db, sandbox, { orderId, mode: "full", destination: "credit", requestKey, adminId: null });
    expect(refund).toMatchObject({ status: "refunded", amount: total, toCredit: total });
    expect(await refundOrder(database.db, sandbox, { orderId, mode: "full", destination: "credit", requestKey, adminId: null })).toMatchObject({ status: "replayed" });
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => r.provider)).toEqual(["store_credit"]);
    expect(await ledger(user.id)).toEqual({ balance: total, sum: total });
  });

  it("a delayed payment event for an order the shop cancelled and refunded to credit changes nothing", async () => {
    const { user, orderId, total, product } = await paidWithCredit(1_000, 2_000);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    // Less the fee: the order stays "cancelled" (a full refund would make it "refunded").
    const outcome = await cancelOrder(database.db, sandbox, { orderId, reason: "Customer asked", refund: "less-fee", destination: "credit", requestKey: key(), adminId: null });
    const back = total - Math.floor(total * 0.05);
    expect(outcome).toMatchObject({ status: "cancelled", refund: { status: "refunded", toCredit: back } });
    // The payment's webhook, delivered late (say, after an outage), and the success page again.
    expect(await fulfilCheckout(database.db, row!.paymentSessionId!, { provider: sandbox })).toMatchObject({ orderId, changed: false });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", refundedAmount: back });
    expect(await fx.stock(product.variantId)).toBe(5);
    expect(await ledger(user.id)).toEqual({ balance: back, sum: back });
  });

  it("a refund with restock of an order paid partly with credit: stock and credit back, card first", async () => {
    const { user, orderId, total, product } = await paidWithCredit(1_000, 2_000);
    const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const refund = await refundOrder(database.db, sandbox, { orderId, mode: "full", restockLineIds: [line!.id], requestKey: key(), adminId: null });
    expect(refund).toMatchObject({ status: "refunded", amount: total, toCredit: 1_000 });
    expect(await fx.stock(product.variantId)).toBe(5);
    expect(await ledger(user.id)).toEqual({ balance: 1_000, sum: 1_000 });
  });

  it("cancelling an order paid wholly with credit returns the credit", async () => {
    const { user, orderId, total, product } = await paidWithCredit(9_000, 2_000);
    expect(await creditBalance(database.db, user.id)).toBe(9_000 - total);
    const outcome = await cancelOrder(database.db, sandbox, { orderId, reason: "Out of stock at the warehouse", refund: "full", requestKey: key(), adminId: null });
    expect(outcome).toMatchObject({ status: "cancelled", refund: { status: "refunded", amount: total, toCredit: total } });
    expect(await ledger(user.id)).toEqual({ balance: 9_000, sum: 9_000 });
    expect(await fx.stock(product.variantId)).toBe(5);
  });
});

describe("the admin's grants and corrections", () => {
  it("adds with a reason, refuses to go below zero, counts a replayed form once, and audits", async () => {
    const user = await fx.customer();
    const admin = await fx.customer("Admin");
    const requestKey = key16();
    expect(await adjustCustomerCredit(database.db, { userId: user.id, amount: 2_500, reason: "Price match", requestKey, adminId: admin.id })).toEqual({
      status: "adjusted",
      amount: 2_500,
      balance: 2_500,
    });
    expect(await adjustCustomerCredit(database.db, { userId: user.id, amount: 2_500, reason: "Price match", requestKey, adminId: admin.id })).toEqual({
      status: "replayed",
      balance: 2_500,
    });
    expect(await adjustCustomerCredit(database.db, { userId: user.id, amount: -3_000, reason: "Typo", requestKey: key16(), adminId: admin.id })).toEqual({
      status: "below_zero",
      balance: 2_500,
    });
    expect(await adjustCustomerCredit(database.db, { userId: user.id, amount: -500, reason: "Typo", requestKey: key16(), adminId: admin.id })).toMatchObject({
      status: "adjusted",
      balance: 2_000,
    });
    expect(await adjustCustomerCredit(database.db, { userId: randomUUID(), amount: 100, reason: "x", requestKey: key16(), adminId: admin.id })).toEqual({ status: "not_found" });
    const history = await creditHistory(database.db, user.id);
    expect(history.map((e) => [e.kind, e.amount, e.note])).toEqual([
      ["correction", -500, "Typo"],
      ["grant", 2_500, "Price match"],
    ]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((a) => [a.action, a.actorUserId, (a.details as { amount: number }).amount]).sort()).toEqual(
      [
        ["credit.corrected", admin.id, -500],
        ["credit.granted", admin.id, 2_500],
      ].sort(),
    );
  });

  it("refuses an admin's own credit, and a key used on one customer does not block another", async () => {
    const admin = await fx.customer("Admin");
    expect(await adjustCustomerCredit(database.db, { userId: admin.id, amount: 100_000, reason: "Mine", requestKey: key16(), adminId: admin.id })).toEqual({ status: "self" });
    expect(await creditBalance(database.db, admin.id)).toBe(0);
    const [a, b] = [await fx.customer(), await fx.customer()];
    const requestKey = key16();
    expect(await adjustCustomerCredit(database.db, { userId: a.id, amount: 100, reason: "x", requestKey, adminId: admin.id })).toMatchObject({ status: "adjusted" });
    expect(await adjustCustomerCredit(database.db, { userId: b.id, amount: 100, reason: "x", requestKey, adminId: admin.id })).toMatchObject({ status: "adjusted" });
  });
});

function key16() {
  return randomUUID().replaceAll("-", "").slice(0, 20);
}
