import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, dropEntries, drops, orders, outbox, products, productVariants, profiles, refunds, sessions, users } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { releaseExpiredReservations } from "~/modules/checkout/reservations.server";
import { drawEmailKey } from "~/modules/drops/draw-emails.server";
import { entryRank, seededOrder } from "~/modules/drops/draw-order";
import { passLapsedPlaces, runDraw, runDrawJobs } from "~/modules/drops/draw.server";
import { DRAW_PAGE_SIZE, LAPSE_GRACE_MS } from "~/modules/drops/draw-rules";
import { dropViewFor } from "~/modules/drops/view.server";
import { listDrops } from "~/modules/drops/admin.server";
import { joinDrop } from "~/modules/drops/entries.server";
import { dropAddRefusal } from "~/modules/drops/rights.server";
import type { PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import { paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import * as adminDrawRoute from "~/routes/admin-drop-draw";
import * as drawRoute from "~/routes/drop-draw";
import { dispatchPaymentEvent, paymentEventDispatcher } from "~/web/payments.server";
import { settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The free prize draw (issue 16, decision 0047 "Draw"): made once from a recorded seed, places
 * from stock, only winners may buy, lapsed places pass on in draw order, every email once.
 */
let database: TestDatabase;
let db: Db;
let fx: ReturnType<typeof checkoutFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fx = checkoutFixtures(db);
  sandbox = createSandboxProvider(db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

let addressSeq = 0;

/** A draw whose entry closed a minute ago (so rights, which use the clock, are live now). */
async function arrangeDraw(options: { stock: number; entrants: number; places?: number | null; unitsPerPerson?: number; purchaseMinutes?: number; startsAt?: Date }) {
  const product = await fx.product({ stock: options.stock, price: 1500 });
  const startsAt = options.startsAt ?? new Date(Date.now() - MINUTE);
  const [drop] = await db
    .insert(drops)
    .values({
      productId: product.id,
      mode: "draw",
      opensAt: new Date(startsAt.getTime() - 120 * MINUTE),
      startsAt,
      places: options.places ?? null,
      unitsPerPerson: options.unitsPerPerson ?? 1,
      purchaseMinutes: options.purchaseMinutes ?? 10,
    })
    .returning();
  const people: { userId: string; entryId: number; email: string }[] = [];
  for (let i = 0; i < options.entrants; i++) {
    const user = await fx.customer(`Entrant ${i}`);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const joined = await joinDrop(db, { dropId: drop!.id, userId: user.id, clientAddress: `10.9.${++addressSeq % 250}.${addressSeq}`, now: new Date(startsAt.getTime() - 30 * MINUTE) });
    if (!joined.ok) throw new Error(`join refused: ${joined.refusal}`);
    people.push({ userId: user.id, entryId: joined.entryId, email: user.email });
  }
  return { product, drop: drop!, people };
}

async function entriesOf(dropId: number) {
  return db.select().from(dropEntries).where(eq(dropEntries.dropId, dropId)).orderBy(asc(dropEntries.position));
}

async function emailsTo(entryIds: number[]) {
  const rows = await db.select({ key: outbox.dedupeKey, to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody }).from(outbox).where(like(outbox.dedupeKey, "drop-%"));
  const ids = new Set(entryIds.map(String));
  return rows.filter((r) => ids.has(r.key!.split(":")[1]!));
}

describe("runDraw", () => {
  it("draws once under concurrency: one seed, recorded, and the order it gives", async () => {
    const { drop, people } = await arrangeDraw({ stock: 4, entrants: 6, unitsPerPerson: 2 });
    const now = new Date();
    const results = await Promise.all([runDraw(db, drop.id, now), runDraw(db, drop.id, now)]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.find((r) => !r.ran)).toEqual({ ran: false, refusal: "already_drawn" });
    const ran = results.find((r) => r.ran)!;

    const [stored] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(stored!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ran.ran && ran.seed).toBe(stored!.seed);
    expect(stored!.orderedAt!.getTime()).toBe(now.getTime());

    const entries = await entriesOf(drop.id);
    const recomputed = seededOrder(
      stored!.seed!,
      people.map((p) => p.entryId),
    );
    expect(entries.map((e) => e.id)).toEqual(recomputed);
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
    // Ranks ascend down the order: anyone can check it with HMAC-SHA256(seed, id).
    const ranks = entries.map((e) => entryRank(stored!.seed!, e.id));
    expect([...ranks].sort()).toEqual(ranks);

    // 4 in stock ÷ 2 each = 2 places.
    expect(ran).toMatchObject({ entries: 6, places: 2, winners: 2, stock: 4 });
    expect(entries.map((e) => e.state)).toEqual(["won", "won", "lost", "lost", "lost", "lost"]);
    for (const winner of entries.slice(0, 2)) {
      expect(winner.rightFrom!.getTime()).toBe(now.getTime());
      expect(winner.rightUntil!.getTime()).toBe(now.getTime() + 10 * MINUTE);
    }
    expect(entries.every((e) => e.notifiedAt?.getTime() === now.getTime())).toBe(true);

    // A third call (the job again, a second click) changes nothing.
    expect(await runDraw(db, drop.id, new Date(now.getTime() + 1000))).toEqual({ ran: false, refusal: "already_drawn" });
    expect((await db.select().from(drops).where(eq(drops.id, drop.id)))[0]!.seed).toBe(stored!.seed);

    const mails = await emailsTo(people.map((p) => p.entryId));
    expect(mails).toHaveLength(6);
    const won = mails.filter((m) => m.key!.startsWith("drop-draw-won:"));
    expect(won.map((m) => m.key).sort()).toEqual(entries.slice(0, 2).map((e) => drawEmailKey.won(e.id)).sort());
    expect(won[0]!.subject).toMatch(/^You won a place/);
    expect(won[0]!.text).toContain(`/drops/${drop.id}`);
    expect(won[0]!.text).toMatch(/buy it until /);
    const lost = mails.filter((m) => m.key!.startsWith("drop-draw-lost:"));
    expect(lost).toHaveLength(4);
    expect(lost[0]!.text).toMatch(/Not this time/);
    expect(lost[0]!.text).toMatch(/we'll email you if a place passes to you/);

    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, "drop.drawn"), eq(auditLog.entityId, String(drop.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ seed: stored!.seed, places: 2, winners: 2 });
  });

  it("does not run before entry closes, and entry is refused once it has", async () => {
    const startsAt = new Date(Date.now() + 60 * MINUTE);
    const { drop } = await arrangeDraw({ stock: 3, entrants: 2, startsAt });
    expect(await runDraw(db, drop.id, new Date(startsAt.getTime() - 1))).toEqual({ ran: false, refusal: "not_closed" });
    expect((await db.select().from(drops).where(eq(drops.id, drop.id)))[0]!.seed).toBeNull();

    const late = await fx.customer("Late");
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, late.id));
    expect(await joinDrop(db, { dropId: drop.id, userId: late.id, clientAddress: "10.1.1.1", now: startsAt })).toEqual({ ok: false, refusal: "closed" });
    expect(await runDraw(db, drop.id, startsAt)).toMatchObject({ ran: true, entries: 2 });
  });

  it("refuses an entry that waited behind the draw's lock, though the clock it started with said open", async () => {
    const { drop } = await arrangeDraw({ stock: 3, entrants: 2 });
    expect(await runDraw(db, drop.id, new Date())).toMatchObject({ ran: true });
    const late = await fx.customer("Behind the lock");
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, late.id));
    // `now` from before the draw closed: as a join that read the clock, then waited for the drop row.
    expect(await joinDrop(db, { dropId: drop.id, userId: late.id, clientAddress: "10.1.1.2", now: new Date(drop.startsAt.getTime() - 1000) })).toEqual({ ok: false, refusal: "closed" });
  });

  it("gives the drop's own number of places, never more winners than entries", async () => {
    const { drop } = await arrangeDraw({ stock: 50, entrants: 3, places: 2 });
    expect(await runDraw(db, drop.id, new Date())).toMatchObject({ ran: true, places: 2, winners: 2 });
    const few = await arrangeDraw({ stock: 50, entrants: 2, places: 5 });
    expect(await runDraw(db, few.drop.id, new Date())).toMatchObject({ ran: true, places: 5, winners: 2 });
    expect((await entriesOf(few.drop.id)).map((e) => e.state)).toEqual(["won", "won"]);
  });

  it("with no stock nobody wins, everyone is told", async () => {
    const { drop, people } = await arrangeDraw({ stock: 0, entrants: 3, places: 2 });
    expect(await runDraw(db, drop.id, new Date())).toMatchObject({ ran: true, places: 0, winners: 0 });
    expect((await entriesOf(drop.id)).every((e) => e.state === "lost" && e.rightFrom === null)).toBe(true);
    const mails = await emailsTo(people.map((p) => p.entryId));
    expect(mails.map((m) => m.key!.split(":")[0])).toEqual(["drop-draw-lost", "drop-draw-lost", "drop-draw-lost"]);
  });

  it("refuses a drop called off, and a queue", async () => {
    const { drop } = await arrangeDraw({ stock: 3, entrants: 1 });
    await db.update(drops).set({ cancelledAt: new Date() }).where(eq(drops.id, drop.id));
    expect(await runDraw(db, drop.id, new Date())).toEqual({ ran: false, refusal: "cancelled" });
    const other = await arrangeDraw({ stock: 3, entrants: 0 });
    await db.update(drops).set({ mode: "queue" }).where(eq(drops.id, other.drop.id));
    expect(await runDraw(db, other.drop.id, new Date())).toEqual({ ran: false, refusal: "not_draw" });
    expect(await runDraw(db, 2_000_000_000, new Date())).toEqual({ ran: false, refusal: "not_found" });
  });
});

describe("buying after the draw", () => {
  it("only winners may add to the cart and check out; a paid order marks the place purchased", async () => {
    const { drop, product, people } = await arrangeDraw({ stock: 5, entrants: 3, places: 1 });
    await runDraw(db, drop.id, new Date());
    const [first, second] = await entriesOf(drop.id);
    const winner = people.find((p) => p.entryId === first!.id)!;
    const loser = people.find((p) => p.entryId === second!.id)!;

    expect(await dropAddRefusal(db, { productId: product.id, name: product.name }, winner.userId)).toBeNull();
    expect(await dropAddRefusal(db, { productId: product.id, name: product.name }, loser.userId)).toMatch(/only entries drawn can buy it/);
    expect(await dropAddRefusal(db, { productId: product.id, name: product.name }, null)).toMatch(/sign in/);

    // The checkout checks again: a loser who got the line into the cart some other way is refused.
    await fx.cart(loser.userId, [{ variantId: product.variantId, quantity: 1 }]);
    const refused = await createCheckout(db, { userId: loser.userId }, sandbox, { ...config, now: new Date() });
    expect(refused).toMatchObject({ ok: false, code: "drop_not_open" });

    await fx.cart(winner.userId, [{ variantId: product.variantId, quantity: 1 }]);
    const checkout = await createCheckout(db, { userId: winner.userId }, sandbox, { ...config, now: new Date() });
    expect(checkout.ok).toBe(true);
    if (!checkout.ok) return;
    const paid = await paySandboxSession(db, checkout.sessionId, "4242424242424242", { dispatch: paymentEventDispatcher(db, { provider: sandbox }), viewerId: winner.userId });
    expect(paid.status).toBe("paid");

    expect(await passLapsedPlaces(db, drop.id, new Date())).toEqual({ purchased: 1, lapsed: 0, passed: 0 });
    // The admin list counts this drop's entries and its paid units (PAID_ORDER_STATUSES).
    expect((await listDrops(db)).find((d) => d.id === drop.id)).toMatchObject({ entries: 3, sold: 1 });
    const [after] = await db.select().from(dropEntries).where(eq(dropEntries.id, first!.id));
    expect(after).toMatchObject({ state: "purchased", orderId: checkout.orderId });
    // Long after the window, a bought place never lapses or passes on.
    expect(await passLapsedPlaces(db, drop.id, new Date(Date.now() + 60 * MINUTE))).toEqual({ purchased: 0, lapsed: 0, passed: 0 });
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["purchased", "lost", "lost"]);
  });

  it("a lapsed place passes to the next in draw order, with an email, once however often the job runs", async () => {
    const { drop, people } = await arrangeDraw({ stock: 5, entrants: 4, places: 2 });
    const drawnAt = new Date();
    await runDraw(db, drop.id, drawnAt);
    const order = await entriesOf(drop.id);
    const later = new Date(drawnAt.getTime() + 11 * MINUTE);

    // Still inside the window: nothing moves.
    expect(await passLapsedPlaces(db, drop.id, new Date(drawnAt.getTime() + 9 * MINUTE))).toEqual({ purchased: 0, lapsed: 0, passed: 0 });

    const first = await runDrawJobs(db, later);
    const second = await runDrawJobs(db, later);
    expect(first.passed).toBeGreaterThanOrEqual(2);
    expect(second.passed).toBe(0);
    const after = await entriesOf(drop.id);
    expect(after.map((e) => e.state)).toEqual(["lapsed", "lapsed", "won", "won"]);
    for (const passedTo of after.slice(2)) {
      expect(passedTo.rightFrom!.getTime()).toBe(later.getTime());
      expect(passedTo.rightUntil!.getTime()).toBe(later.getTime() + 10 * MINUTE);
    }
    const passed = (await emailsTo(people.map((p) => p.entryId))).filter((m) => m.key!.startsWith("drop-place-passed:"));
    expect(passed.map((m) => m.key).sort()).toEqual([drawEmailKey.passed(order[2]!.id), drawEmailKey.passed(order[3]!.id)].sort());
    expect(passed[0]!.subject).toMatch(/has passed to you/);
    expect(passed[0]!.text).toMatch(/A place has passed to you/);

    // Those run out too: nobody is left to pass to.
    expect(await passLapsedPlaces(db, drop.id, new Date(later.getTime() + 11 * MINUTE))).toEqual({ purchased: 0, lapsed: 2, passed: 0 });
  });

  it("a pending checkout keeps the place until its reservation ends", async () => {
    const { drop, product, people } = await arrangeDraw({ stock: 5, entrants: 2, places: 1 });
    const drawnAt = new Date();
    await runDraw(db, drop.id, drawnAt);
    const [first] = await entriesOf(drop.id);
    const winner = people.find((p) => p.entryId === first!.id)!;
    await fx.cart(winner.userId, [{ variantId: product.variantId, quantity: 1 }]);
    const checkout = await createCheckout(db, { userId: winner.userId }, sandbox, { ...config, now: new Date() });
    expect(checkout.ok).toBe(true);

    expect(await passLapsedPlaces(db, drop.id, new Date(drawnAt.getTime() + 11 * MINUTE))).toEqual({ purchased: 0, lapsed: 0, passed: 0 });
    expect(await passLapsedPlaces(db, drop.id, new Date(Date.now() + 31 * MINUTE))).toEqual({ purchased: 0, lapsed: 1, passed: 1 });
  });

  it("a lapsed winner's payment that lands after the place passed on is refunded, told why; the unit stays for the next drawn", async () => {
    const { drop, product, people } = await arrangeDraw({ stock: 1, entrants: 2, places: 1 });
    const drawnAt = new Date();
    const at = (minutes: number) => new Date(drawnAt.getTime() + minutes * MINUTE);
    await runDraw(db, drop.id, drawnAt);
    const [first, second] = await entriesOf(drop.id);
    const winner = people.find((p) => p.entryId === first!.id)!;
    const next = people.find((p) => p.entryId === second!.id)!;

    // The winner checks out in the window's last minute and pays on the payment page just
    // before the hold ends; the payment's event reaches the shop only after the place passed on.
    await fx.cart(winner.userId, [{ variantId: product.variantId, quantity: 1 }]);
    const checkout = await createCheckout(db, { userId: winner.userId }, sandbox, { ...config, now: at(9) });
    if (!checkout.ok) throw new Error(checkout.message);
    const held: PaymentEvent[] = [];
    const paid = await paySandboxSession(db, checkout.sessionId, "4242424242424242", { dispatch: async (e) => (held.push(e), "ignored" as const), viewerId: winner.userId, now: at(38) });
    expect(paid.status).toBe("paid");
    await releaseExpiredReservations(db, at(40));
    expect(await passLapsedPlaces(db, drop.id, at(41))).toEqual({ purchased: 0, lapsed: 1, passed: 1 });
    expect(await fx.stock(product.variantId)).toBe(1);

    expect(await dispatchPaymentEvent(db, held[0]!, { provider: sandbox, now: at(42) })).toBe("processed");
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, checkout.orderId));
    expect(order!.status).toBe("refunded");
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, checkout.orderId));
    expect(refund?.reason).toBe("drop_right_lapsed_after_payment");
    const [email] = await fx.emails(`order-refunded:${checkout.orderId}`);
    expect(email?.textBody).toContain(`your time to buy ${product.name} had run out`);
    // The unit is still there for the entry the place passed to, who can buy it.
    expect(await fx.stock(product.variantId)).toBe(1);
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["lapsed", "won"]);
    await fx.cart(next.userId, [{ variantId: product.variantId, quantity: 1 }]);
    expect((await createCheckout(db, { userId: next.userId }, sandbox, { ...config, now: at(43) })).ok).toBe(true);
  });

  it("no place passes on when the stock is gone", async () => {
    const { drop, product, people } = await arrangeDraw({ stock: 2, entrants: 3, places: 1 });
    await runDraw(db, drop.id, new Date());
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, product.variantId));
    expect(await passLapsedPlaces(db, drop.id, new Date(Date.now() + 11 * MINUTE))).toEqual({ purchased: 0, lapsed: 1, passed: 0 });
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["lapsed", "lost", "lost"]);
    expect((await emailsTo(people.map((p) => p.entryId))).filter((m) => m.key!.startsWith("drop-place-passed:"))).toEqual([]);

    // Units come back later (an expired reservation, a restock): the job passes the place on then.
    await db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, product.variantId));
    expect(await runDrawJobs(db, new Date(Date.now() + 12 * MINUTE))).toMatchObject({ passed: 1 });
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["lapsed", "won", "lost"]);
    expect(await runDrawJobs(db, new Date(Date.now() + 12 * MINUTE))).toMatchObject({ passed: 0 });
  });

  it("passes no more places than the stock left can serve: five lapse, one unit left, one passes", async () => {
    const { drop, product } = await arrangeDraw({ stock: 5, entrants: 10, places: 5 });
    await runDraw(db, drop.id, new Date());
    await db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, product.variantId));
    expect(await passLapsedPlaces(db, drop.id, new Date(Date.now() + 11 * MINUTE))).toEqual({ purchased: 0, lapsed: 5, passed: 1 });
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["lapsed", "lapsed", "lapsed", "lapsed", "lapsed", "won", "lost", "lost", "lost", "lost"]);
    // Run again while that place is live: nothing more opens.
    expect(await passLapsedPlaces(db, drop.id, new Date(Date.now() + 12 * MINUTE))).toEqual({ purchased: 0, lapsed: 0, passed: 0 });
  });

  it("the product page shows a winner's place as the draw keeps it: through the grace and a pending checkout", async () => {
    const { drop, product, people } = await arrangeDraw({ stock: 5, entrants: 2, places: 2 });
    const drawnAt = new Date();
    await runDraw(db, drop.id, drawnAt);
    const [first, second] = await entriesOf(drop.id);
    const buyer = people.find((p) => p.entryId === first!.id)!;
    const idle = people.find((p) => p.entryId === second!.id)!;
    await fx.cart(buyer.userId, [{ variantId: product.variantId, quantity: 1 }]);
    expect((await createCheckout(db, { userId: buyer.userId }, sandbox, { ...config, now: new Date() })).ok).toBe(true);

    const until = first!.rightUntil!.getTime();
    const shown = async (userId: string, at: number) => (await dropViewFor(db, product.id, userId, new Date(at)))!.entry!.state;
    expect(await shown(buyer.userId, until + 11 * MINUTE)).toBe("won");
    expect(await shown(idle.userId, until + LAPSE_GRACE_MS - 1000)).toBe("won");
    expect(await shown(idle.userId, until + LAPSE_GRACE_MS)).toBe("lapsed");
    expect(await shown(buyer.userId, Date.now() + 31 * MINUTE)).toBe("lapsed");
    // What the page shows is what the settling does at the same moment.
    expect(await passLapsedPlaces(db, drop.id, new Date(until + 11 * MINUTE))).toEqual({ purchased: 0, lapsed: 1, passed: 0 });
  });

  it("the job draws every draw whose entry has closed", async () => {
    const { drop } = await arrangeDraw({ stock: 3, entrants: 2 });
    await runDrawJobs(db, new Date());
    expect((await db.select().from(drops).where(eq(drops.id, drop.id)))[0]!.orderedAt).not.toBeNull();
    expect((await entriesOf(drop.id)).every((e) => e.position !== null)).toBe(true);
  });
});

describe("the draw's pages", () => {
  const context = () => testContext(db);
  const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`https://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
    });
  const run = (fn: (args: never) => Promise<unknown>, request: Request, params: Record<string, string>) => settle(() => fn({ request, context: context(), params } as never));

  async function userWithSession(role: "customer" | "admin") {
    const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
    const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
    await db.insert(profiles).values({ id: user!.id, fullName: `Test ${role}`, email });
    const token = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
  }

  it("the public page does not know a hidden product's draw, and a view of it runs nothing", async () => {
    const { drop, product } = await arrangeDraw({ stock: 3, entrants: 2 });
    await db.update(products).set({ isVisible: false }).where(eq(products.id, product.id));
    const page = await run(drawRoute.loader, get(`/drops/${drop.id}/draw`), { id: String(drop.id) });
    expect(page.status).toBe(404);
    expect((await db.select().from(drops).where(eq(drops.id, drop.id)))[0]!.orderedAt).toBeNull();
  });

  it("the public page shows the seed and the order by entry id, never an email", async () => {
    const startsAt = new Date(Date.now() + 60 * MINUTE);
    const pending = await arrangeDraw({ stock: 3, entrants: 2, startsAt });
    const before = await run(drawRoute.loader, get(`/drops/${pending.drop.id}/draw`), { id: String(pending.drop.id) });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ view: { seed: null, drawnAt: null, order: [] } });

    // Entry closed a minute ago and nothing ran it yet: the page makes the draw itself.
    const { drop, people } = await arrangeDraw({ stock: 3, entrants: 3, places: 1 });
    const page = await run(drawRoute.loader, get(`/drops/${drop.id}/draw`), { id: String(drop.id) });
    expect(page.status).toBe(200);
    const view = (page.body as Awaited<ReturnType<typeof drawRoute.loader>>).view;
    const [stored] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(view.seed).toBe(stored!.seed);
    expect(view.places).toBe(1);
    expect(view.order.map((e) => e.entryId)).toEqual(
      seededOrder(
        stored!.seed!,
        people.map((p) => p.entryId),
      ),
    );
    expect(view.order.every((e) => e.rank === entryRank(stored!.seed!, e.entryId))).toBe(true);
    const json = JSON.stringify(page.body);
    expect(json).not.toContain("@");
    for (const p of people) expect(json).not.toContain(p.userId);

    // Once drawn, a view only reads: a winner whose time ran out is settled by the job, not by a visitor.
    await db.update(dropEntries).set({ rightUntil: new Date(Date.now() - 60 * MINUTE) }).where(eq(dropEntries.id, view.order[0]!.entryId));
    const audits = async () => (await db.select().from(auditLog).where(eq(auditLog.entityId, String(drop.id)))).length;
    const auditsBefore = await audits();
    expect((await run(drawRoute.loader, get(`/drops/${drop.id}/draw`), { id: String(drop.id) })).status).toBe(200);
    expect((await entriesOf(drop.id)).map((e) => e.state)).toEqual(["won", "lost", "lost"]);
    expect(await audits()).toBe(auditsBefore);
    expect((await passLapsedPlaces(db, drop.id, new Date())).lapsed).toBe(1);

    for (const id of ["0", "abc", "99999999999", "2000000000"]) {
      expect((await run(drawRoute.loader, get(`/drops/${id}/draw`), { id })).status).toBe(404);
    }
  });

  it("a large draw is shown a page at a time, read once: later views come from memory, never changed", async () => {
    const total = 2 * DRAW_PAGE_SIZE + 201;
    const { drop } = await arrangeDraw({ stock: 50, entrants: 0, places: 10 });
    // Entrants in bulk (the entry rules are tested elsewhere): one account each.
    const tag = randomUUID().slice(0, 8);
    await db.execute(sql`
      WITH u AS (
        INSERT INTO users (email, password_hash, email_verified_at)
        SELECT 'bulk-' || g || '-' || ${tag} || '@example.test', 'not-used', now() FROM generate_series(1, ${total}) AS g
        RETURNING id)
      INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state, joined_at)
      SELECT ${drop.id}, id, 'bulk:' || id, 'bulk', 'entered', now() - interval '30 minutes' FROM u`);
    await runDraw(db, drop.id, new Date());
    const [stored] = await db.select().from(drops).where(eq(drops.id, drop.id));
    const ids = (await entriesOf(drop.id)).map((e) => e.id);
    expect(ids).toHaveLength(total);

    type View = Awaited<ReturnType<typeof drawRoute.loader>>["view"];
    const view = async (query: string) => {
      const page = await run(drawRoute.loader, get(`/drops/${drop.id}/draw${query}`), { id: String(drop.id) });
      return { status: page.status, view: (page.body as { view: View } | undefined)?.view };
    };
    const first = await view("");
    expect(first.status).toBe(200);
    expect(first.view).toMatchObject({ entries: total, page: 1, pages: 3, places: 10, seed: stored!.seed });
    expect(first.view!.order).toHaveLength(DRAW_PAGE_SIZE);
    const last = await view("?page=3");
    expect(last.view!.order.map((e) => e.position)).toEqual(Array.from({ length: 201 }, (_, i) => 2 * DRAW_PAGE_SIZE + i + 1));
    // The pages together are the whole draw, in the seed's order, each with its rank.
    const pages = [first.view!, (await view("?page=2")).view!, last.view!];
    const shown = pages.flatMap((p) => p.order);
    expect(shown.map((e) => e.entryId)).toEqual(seededOrder(stored!.seed!, [...ids].sort((a, b) => a - b)));
    expect(shown.every((e) => e.rank === entryRank(stored!.seed!, e.entryId))).toBe(true);
    for (const bad of ["?page=4", "?page=0", "?page=-1", "?page=1.5", "?page=abc", "?page=", "?page=99999999999"]) expect((await view(bad)).status).toBe(404);

    // Read once: rows changed behind the page's back (as nothing in the shop does after a draw)
    // do not show, because views after the first do not read the entries again.
    await db.execute(sql`UPDATE drop_entries SET position = NULL, right_from = NULL WHERE drop_id = ${drop.id} AND position > ${DRAW_PAGE_SIZE}`);
    const again = await view("?page=3");
    expect(again.view).toMatchObject({ entries: total, pages: 3, places: 10 });
    expect(again.view!.order).toEqual(last.view!.order);
    // The drop and its product are still read on every view: hidden now, unknown now.
    await db.update(products).set({ isVisible: false }).where(eq(products.id, drop.productId));
    expect((await view("?page=3")).status).toBe(404);
  });

  it("the admin page and its button: 401 for a guest, 403 for a customer, nothing drawn; the admin draws once, audited", async () => {
    const { drop } = await arrangeDraw({ stock: 3, entrants: 2 });
    const customer = await userWithSession("customer");
    const admin = await userWithSession("admin");
    const path = `/admin/drops/${drop.id}/draw`;
    const params = { id: String(drop.id) };
    for (const [cookie, status] of [
      [undefined, 401],
      [customer.cookie, 403],
    ] as const) {
      expect((await run(adminDrawRoute.loader, get(path, cookie), params)).status).toBe(status);
      expect((await run(adminDrawRoute.action, post(path, { intent: "run-draw" }, cookie), params)).status).toBe(status);
    }
    expect((await db.select().from(drops).where(eq(drops.id, drop.id)))[0]!.orderedAt).toBeNull();

    const page = await run(adminDrawRoute.loader, get(path, admin.cookie), params);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ view: { canRun: true, drawnAt: null } });
    expect((page.body as { view: { entries: { email: string }[] } }).view.entries.every((e) => e.email.includes("@"))).toBe(true);

    expect((await run(adminDrawRoute.action, post(path, { intent: "nonsense" }, admin.cookie), params)).status).toBe(400);
    const drawn = await run(adminDrawRoute.action, post(path, { intent: "run-draw" }, admin.cookie), params);
    expect(drawn).toMatchObject({ status: 200, body: { ok: true } });
    const again = await run(adminDrawRoute.action, post(path, { intent: "run-draw" }, admin.cookie), params);
    expect(again).toMatchObject({ status: 409, body: { ok: false, message: "The draw has already been made." } });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "drop.drawn"), eq(auditLog.entityId, String(drop.id))));
    expect(audit!.actorUserId).toBe(admin.id);

    expect((await run(adminDrawRoute.loader, get("/admin/drops/2000000000/draw", admin.cookie), { id: "2000000000" })).status).toBe(404);
    const notClosed = await arrangeDraw({ stock: 3, entrants: 1, startsAt: new Date(Date.now() + 60 * MINUTE) });
    const early = await run(adminDrawRoute.action, post(`/admin/drops/${notClosed.drop.id}/draw`, { intent: "run-draw" }, admin.cookie), { id: String(notClosed.drop.id) });
    expect(early.status).toBe(409);
  });
});
