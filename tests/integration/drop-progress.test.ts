/**
 * The back office's view of a drop under way (/admin/drops/:id, "How the drop is going"): units
 * sold, held and left, where people are in the queue, and the chart's running totals, read from
 * real checkouts and payments on a real database; and only for admins.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropEntries, drops } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { getDropProgress } from "~/modules/drops/progress.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { loader as adminDropLoader } from "~/routes/admin-drop";
import { paymentEventDispatcher } from "~/web/payments.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { dropFixtures } from "../support/drop-fixtures";
import { cookieFor } from "../support/shop-world";

let database: TestDatabase;
let fx: ReturnType<typeof checkoutFixtures>;
let dx: ReturnType<typeof dropFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };
const MINUTE = 60_000;
const ADMIN = "boss@shop.test";

beforeAll(async () => {
  database = await createTestDatabase();
  fx = checkoutFixtures(database.db);
  dx = dropFixtures(database.db, fx);
  sandbox = createSandboxProvider(database.db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

async function checkedOut(userId: string, variantId: number, quantity: number) {
  await fx.cart(userId, [{ variantId, quantity }]);
  const result = await createCheckout(database.db, { userId }, sandbox, config);
  if (!result.ok) throw new Error(result.message);
  return result;
}

const pay = (sessionId: string, viewerId: string) =>
  paySandboxSession(database.db, sessionId, "4242 4242 4242 4242", { dispatch: paymentEventDispatcher(database.db, { provider: sandbox }), viewerId });

/**
 * A queue drop that started 30 minutes ago with 10 units: one buyer paid for 2, one holds 1
 * unpaid, one's turn ended unused, one waits for a place and one has a place whose turn is ahead.
 */
async function dropUnderWay() {
  const { product, drop } = await dx.liveDrop({ stock: 10, startsIn: -30 });
  const [paid, holding, late, waiting, ahead] = await Promise.all(Array.from({ length: 5 }, () => dx.buyer()));
  await dx.admit(drop.id, paid!.id, { from: -5, until: 10 });
  await dx.admit(drop.id, holding!.id, { from: -5, until: 10 });
  await dx.admit(drop.id, late!.id, { from: -25, until: -15 });
  await dx.admit(drop.id, ahead!.id, { from: 5, until: 15 });
  await database.db.insert(dropEntries).values({ dropId: drop.id, userId: waiting!.id, personKey: `test:${waiting!.id}`, addressKey: `test:${waiting!.id}`, state: "waiting" });

  const bought = await checkedOut(paid!.id, product.variantId, 2);
  expect((await pay(bought.sessionId, paid!.id)).status).toBe("paid");
  await checkedOut(holding!.id, product.variantId, 1);
  return { product, drop };
}

describe("how a drop is going", () => {
  it("counts units sold, held and left, and people waiting, buying and done, from real checkouts", async () => {
    const { drop } = await dropUnderWay();
    const now = new Date();
    const progress = await getDropProgress(database.db, drop, now);
    expect(progress).toMatchObject({ stockLeft: 7, held: 1, sold: 2, paidOrders: 1, buyers: 1, soldOutAt: null, running: true });
    expect(progress.people).toMatchObject({ mode: "queue", joined: 5, waiting: 2, buyingNow: 2, turnsOver: 1 });
    const lastTurn = new Date((progress.people as { lastTurnFrom: string }).lastTurnFrom).getTime();
    expect(lastTurn - now.getTime()).toBeGreaterThan(4 * MINUTE);
    expect(lastTurn - now.getTime()).toBeLessThanOrEqual(5 * MINUTE);

    // The chart runs from the start to now in minutes: the unused turn 25 minutes ago, the two
    // open ones 5 minutes ago (the one ahead not yet), and the 2 units paid for just now.
    const timeline = progress.timeline!;
    expect(timeline.bucketMinutes).toBe(1);
    expect(timeline.startsAt).toBe(drop.startsAt.toISOString());
    expect(timeline.endsAt).toBe(now.toISOString());
    const totalsBy = (minutes: number) => timeline.points.filter((p) => new Date(p.at).getTime() <= drop.startsAt.getTime() + minutes * MINUTE).at(-1)!;
    expect(totalsBy(4)).toMatchObject({ sold: 0, turns: 0 });
    expect(totalsBy(6)).toMatchObject({ sold: 0, turns: 1 });
    expect(totalsBy(26)).toMatchObject({ sold: 0, turns: 3 });
    expect(timeline.points.at(-1)).toMatchObject({ sold: 2, turns: 3 });
  });

  it("charts a payment committed after the page took its time (before the read) in the last bucket, as the tiles count it", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 10, startsIn: -30 });
    const buyer = await dx.buyer();
    await dx.admit(drop.id, buyer.id, { from: -5, until: 10 });
    const takenBefore = new Date(Date.now() - 2000);
    const bought = await checkedOut(buyer.id, product.variantId, 1);
    expect((await pay(bought.sessionId, buyer.id)).status).toBe("paid");
    const progress = await getDropProgress(database.db, drop, takenBefore);
    expect(progress).toMatchObject({ sold: 1, running: true });
    expect(progress.timeline!.points.at(-1)).toMatchObject({ sold: 1 });
  });

  it("once sold out and nothing held, says when, and charts the drop's own minutes however late it is looked at", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 2, startsIn: -30 });
    const buyer = await dx.buyer();
    await dx.admit(drop.id, buyer.id, { from: -5, until: 10 });
    const bought = await checkedOut(buyer.id, product.variantId, 2);
    expect((await pay(bought.sessionId, buyer.id)).status).toBe("paid");

    const weekLater = new Date(Date.now() + 7 * 24 * 60 * MINUTE);
    const progress = await getDropProgress(database.db, drop, weekLater);
    expect(progress).toMatchObject({ stockLeft: 0, held: 0, sold: 2, running: false });
    expect(progress.soldOutAt).not.toBeNull();
    // The chart ends with the minute of the sale, 30 minutes after the start, not a week later.
    const endsAt = new Date(progress.timeline!.endsAt).getTime();
    const soldOutAt = new Date(progress.soldOutAt!).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(soldOutAt);
    expect(endsAt - soldOutAt).toBeLessThanOrEqual(MINUTE);
    expect(progress.timeline!.bucketMinutes).toBe(1);
    expect(progress.timeline!.points.at(-1)).toMatchObject({ sold: 2, turns: 1 });
  });

  it("has no chart before the start, and counts nothing of another drop; it runs from its opening", async () => {
    await dropUnderWay();
    // Opens in an hour, starts in two.
    const { drop } = await dx.liveDrop({ stock: 4, startsIn: 120 });
    const progress = await getDropProgress(database.db, drop);
    expect(progress).toMatchObject({ stockLeft: 4, held: 0, sold: 0, paidOrders: 0, running: false, timeline: null });
    expect(progress.people).toMatchObject({ joined: 0, waiting: 0 });
    // Once open, people join before the start: the page keeps itself up to date.
    expect(await getDropProgress(database.db, drop, new Date(Date.now() + 61 * MINUTE))).toMatchObject({ running: true, timeline: null });
  });

  it("is on the drop's back-office page for admins only", async () => {
    const { drop } = await dropUnderWay();
    const context = testContext(database.db);
    const admin = await createUser(database.db, { email: ADMIN, adminEmails: new Set([ADMIN]) });
    const customer = await dx.buyer();
    const load = (cookie?: string) =>
      settle(() =>
        adminDropLoader({ request: new Request(`https://shop.test/admin/drops/${drop.id}`, { headers: cookie ? { Cookie: cookie } : {} }), context, params: { id: String(drop.id) } } as never),
      );
    expect((await load()).status).toBe(401);
    expect((await load(await cookieFor(database.db, customer.id))).status).toBe(403);
    const page = await load(await cookieFor(database.db, admin.id));
    expect(page.status).toBe(200);
    const body = page.body as { drop: { sold: number }; progress: { sold: number } };
    expect(body.progress).toMatchObject({ sold: 2, held: 1, stockLeft: 7 });
    // The header's "N sold" and the panel's count the same orders.
    expect(body.drop.sold).toBe(body.progress.sold);
  });
});

describe("how a draw is going", () => {
  /** A draw of a fresh product, its entry closed `startedAgo` minutes ago, drawn unless `drawn` is false. */
  async function draw(opts: { drawn?: boolean; places?: number } = {}) {
    const { product, drop } = await dx.liveDrop({ stock: 6 });
    const [row] = await database.db
      .update(drops)
      .set({ mode: "draw", places: opts.places ?? 2, orderedAt: opts.drawn === false ? null : new Date(Date.now() - 25 * MINUTE), seed: opts.drawn === false ? null : "ab".repeat(32) })
      .where(eq(drops.id, drop.id))
      .returning();
    return { product, drop: row! };
  }
  async function entry(dropId: number, state: "entered" | "won" | "purchased" | "lapsed" | "lost", window?: { from: number; until: number }) {
    const user = await dx.buyer();
    await database.db.insert(dropEntries).values({
      dropId,
      userId: user.id,
      personKey: `test:${user.id}`,
      addressKey: `test:${user.id}`,
      state,
      rightFrom: window ? new Date(Date.now() + window.from * MINUTE) : null,
      rightUntil: window ? new Date(Date.now() + window.until * MINUTE) : null,
    });
    return user;
  }

  it("counts entries by the draw's states, and turns to buy given (a place passed on is a second turn)", async () => {
    const { product, drop } = await draw();
    const winner = await entry(drop.id, "won", { from: -5, until: 10 });
    await entry(drop.id, "purchased", { from: -25, until: -15 });
    await entry(drop.id, "lapsed", { from: -25, until: -15 });
    await entry(drop.id, "lost");
    await entry(drop.id, "lost");
    const bought = await checkedOut(winner.id, product.variantId, 2);
    expect((await pay(bought.sessionId, winner.id)).status).toBe("paid");

    const progress = await getDropProgress(database.db, drop);
    expect(progress.people).toEqual({ mode: "draw", entered: 5, awaitingDraw: 0, winning: 1, bought: 1, missedTurn: 1, notDrawn: 2 });
    expect(progress).toMatchObject({ sold: 2, stockLeft: 4, running: true });
    expect(progress.timeline!.points.at(-1)).toMatchObject({ sold: 2, turns: 3 });
  });

  it("runs between the close and the draw (nobody has a turn yet), with a chart of nothing so far", async () => {
    const { drop } = await draw({ drawn: false });
    await entry(drop.id, "entered");
    await entry(drop.id, "entered");
    const progress = await getDropProgress(database.db, drop);
    expect(progress.people).toMatchObject({ entered: 2, awaitingDraw: 2, winning: 0 });
    expect(progress.running).toBe(true);
    expect(progress.timeline!.points.at(-1)).toMatchObject({ sold: 0, turns: 0 });
  });

  it("keeps running while the job may pass a place on (units back, entries not drawn, places owed), and stops once all places are bought", async () => {
    const { drop } = await draw({ places: 1 });
    await entry(drop.id, "lapsed", { from: -25, until: -15 });
    await entry(drop.id, "lost");
    expect((await getDropProgress(database.db, drop)).running).toBe(true);
    await entry(drop.id, "purchased", { from: -12, until: -2 });
    expect((await getDropProgress(database.db, drop)).running).toBe(false);
  });
});

describe("a drop called off", () => {
  it("is not running, charts up to the call-off only, and never says sold out (later sales are ordinary)", async () => {
    const { product, drop } = await dx.liveDrop({ stock: 2, startsIn: -30 });
    const buyer = await dx.buyer();
    await dx.admit(drop.id, buyer.id, { from: -5, until: 10 });
    const bought = await checkedOut(buyer.id, product.variantId, 2);
    expect((await pay(bought.sessionId, buyer.id)).status).toBe("paid");
    const cancelledAt = new Date(Date.now() + 1000);
    const [off] = await database.db.update(drops).set({ cancelledAt }).where(eq(drops.id, drop.id)).returning();

    const progress = await getDropProgress(database.db, off!, new Date(Date.now() + 10 * MINUTE));
    expect(progress).toMatchObject({ sold: 2, stockLeft: 0, held: 0, running: false, soldOutAt: null });
    expect(new Date(progress.timeline!.endsAt).getTime()).toBeLessThanOrEqual(cancelledAt.getTime());
    expect(progress.timeline!.points.at(-1)).toMatchObject({ sold: 2 });
  });
});
