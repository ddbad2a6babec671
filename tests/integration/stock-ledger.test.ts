import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockMovements } from "~/db/schema";
import { adjustStock, setStock, stockHistory } from "~/modules/catalog/inventory.server";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { cancelCheckout, fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import type { CheckoutSessionInfo, PaymentProvider } from "~/modules/payments/provider";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The stock ledger (issue 14): every change of a variant's stock is a row, written by the same
 * statement as the change, so summing a variant's rows gives its stock — after checkouts,
 * releases, expiry, late payments, adjustments and races alike.
 */
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

/** Variants whose ledger does not sum to their stock (should be none, ever). */
async function ledgerDisagreements() {
  const result = (await database.db.execute(sql`
    SELECT v.id, v.stock, coalesce(sum(m.delta), 0)::int AS ledger
    FROM product_variants v LEFT JOIN stock_movements m ON m.variant_id = v.id
    GROUP BY v.id HAVING v.stock <> coalesce(sum(m.delta), 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

/** A checkout session as the provider reports it once paid. */
function paidSession(id: string): CheckoutSessionInfo {
  return {
    id,
    mode: "payment",
    status: "complete",
    paymentStatus: "paid",
    amountTotal: null,
    currency: "gbp",
    clientReferenceId: null,
    metadata: {},
    paymentIntentId: `pi_${id}`,
    customerId: null,
    subscriptionId: null,
    customerEmail: null,
    expiresAt: null,
    cardFingerprint: null,
  };
}

async function reasons(variantId: number) {
  return (await stockHistory(database.db, variantId)).reverse().map((m) => [m.reason, m.delta, m.stockAfter, m.orderId !== null]);
}

describe("the stock ledger", () => {
  it("records a hold, its release on cancel, and a late payment that takes the units again", async () => {
    const user = await fx.customer();
    const product = await fx.product({ stock: 5 });
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    const checkout = await createCheckout(database.db, { userId: user.id }, sandbox, config);
    expect(checkout.ok).toBe(true);
    if (!checkout.ok) return;
    await cancelCheckout(database.db, { orderId: checkout.orderId }, "failed");
    // The payment lands after the cancel: the units are taken again at payment.
    const paid = await fulfilCheckout(database.db, checkout.sessionId, { provider: sandbox, session: paidSession(checkout.sessionId) });
    expect(paid).toMatchObject({ status: "completed", changed: true });
    expect(await reasons(product.variantId)).toEqual([
      ["opening", 5, 5, false],
      ["checkout_hold", -2, 3, true],
      ["hold_released", 2, 5, true],
      ["late_payment", -2, 3, true],
    ]);
    const history = await stockHistory(database.db, product.variantId);
    expect(history[1]).toMatchObject({ orderId: checkout.orderId, stockBefore: 3, stockAfter: 5 });
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("records the expiry sweep's releases, one row per order and variant", async () => {
    const t0 = new Date();
    const a = await fx.product({ stock: 4 });
    const b = await fx.product({ stock: 4 });
    for (const name of ["Ash", "Misty"]) {
      const user = await fx.customer(name);
      await fx.cart(user.id, [
        { variantId: a.variantId, quantity: 1 },
        { variantId: b.variantId, quantity: 2 },
      ]);
      expect((await createCheckout(database.db, { userId: user.id }, sandbox, { ...config, now: t0 })).ok).toBe(true);
    }
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    const released = await database.db.select().from(stockMovements).where(eq(stockMovements.reason, "hold_released"));
    expect(released.filter((m) => m.variantId === b.variantId).map((m) => m.delta)).toEqual([2, 2]);
    expect(await fx.stock(a.variantId)).toBe(4);
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("adjusts with a reason and who did it, refuses to go below zero without writing a row, and sets absolute figures as their difference", async () => {
    const product = await fx.product({ stock: 3 });
    const admin = await fx.customer("Professor Oak");
    expect(await adjustStock(database.db, product.variantId, -2, { reason: "adjustment", actorId: admin.id, note: "Two damaged in storage" })).toBe(1);
    expect(await adjustStock(database.db, product.variantId, -5, { reason: "adjustment", actorId: admin.id, note: "Too many" })).toBeNull();
    expect(await setStock(database.db, product.variantId, 10, { reason: "import", actorId: admin.id, note: "stock.csv" })).toEqual({ before: 1, after: 10 });
    expect(await setStock(database.db, product.variantId, 10, { reason: "import", actorId: admin.id, note: "stock.csv" })).toEqual({ before: 10, after: 10 });
    const history = await stockHistory(database.db, product.variantId);
    expect(history.map((m) => [m.reason, m.delta, m.stockBefore, m.stockAfter, m.note])).toEqual([
      ["import", 9, 1, 10, "stock.csv"],
      ["adjustment", -2, 3, 1, "Two damaged in storage"],
      ["opening", 3, 0, 3, "test fixture"],
    ]);
    expect(history[1]!.actorId).toBe(admin.id);
    await expect(adjustStock(database.db, product.variantId, 0, { reason: "adjustment" })).rejects.toThrow(RangeError);
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("never disagrees with the stock after 30 customers race for 5 units, paying, cancelling and expiring", async () => {
    const t0 = new Date();
    const product = await fx.product({ stock: 5 });
    const customers = await Promise.all(Array.from({ length: 30 }, (_, i) => fx.customer(`Racer ${i}`)));
    for (const c of customers) await fx.cart(c.id, [{ variantId: product.variantId, quantity: 1 }]);
    const results = await Promise.all(customers.map((c) => createCheckout(database.db, { userId: c.id }, sandbox, { ...config, now: t0 })));
    const held = results.filter((r) => r.ok);
    expect(held).toHaveLength(5);
    const [first, second] = held as Array<Extract<(typeof results)[number], { ok: true }>>;
    await cancelCheckout(database.db, { orderId: second!.orderId }, "failed");
    await fulfilCheckout(database.db, first!.sessionId, { provider: sandbox, session: paidSession(first!.sessionId) });
    await releaseExpiredReservations(database.db, new Date(t0.getTime() + 31 * 60_000));
    expect(await fx.stock(product.variantId)).toBe(4);
    expect(await ledgerDisagreements()).toEqual([]);
  });
});
