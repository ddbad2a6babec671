import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, dropEntries, drops, products, productVariants } from "~/db/schema";
import { dropEntryChallenges, signInChallenges, type Challenge } from "~/modules/accounts/challenge.server";
import { DROP_ENTRY_CHALLENGE } from "~/modules/accounts/policy";
import { seededOrder } from "~/modules/drops/draw-order";
import { admissionTime, ORDERING_RECHECK_MAX_MS, startSpreadMs } from "~/modules/drops/drop-rules";
import { ENTRIES_PER_ADDRESS, joinDrop } from "~/modules/drops/entries.server";
import { orderQueue, orderDueQueues } from "~/modules/drops/queue.server";
import { enterDrop, JOIN_ATTEMPTS_PER_ADDRESS, ROOM_TEXT } from "~/modules/drops/room.server";
import { dropViewFor } from "~/modules/drops/view.server";
import { dropAddRefusal } from "~/modules/drops/rights.server";
import { action as adminDropAction, loader as adminDropLoader } from "~/routes/admin-drop";
import { action as adminDropNewAction } from "~/routes/admin-drop-new";
import { loader as adminDropsLoader } from "~/routes/admin-drops";
import { action as dropAction, loader as dropLoader } from "~/routes/drop";
import { loader as dropStatusLoader } from "~/routes/drop-status";
import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import { STATUS_POLL_LIMITS } from "~/web/status-poll-limit.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, formRequest, settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { cookieFor } from "../support/shop-world";

/**
 * The waiting room of a queue drop (issue 16, decision 0047): ordered once at the start however
 * many ask at once, early joiners in a random (recorded) order and late joiners behind them first
 * come first served, joins refused by the rules, the proof of work required and not replayable,
 * and the back office's drop pages for admins only.
 */
let database: TestDatabase;
let db: Db;
let fixtures: ReturnType<typeof checkoutFixtures>;
const EASY = { ...DROP_ENTRY_CHALLENGE, cost: 1, counterMin: 0, counterMax: 50 };
const ADMIN = "boss@shop.test";
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixtures = checkoutFixtures(db);
});
afterAll(async () => {
  await database?.destroy();
});

/** A queue drop of a new product: opened 10 minutes before `startsAt`. */
async function queueDrop(startsAt: Date, values: Partial<typeof drops.$inferInsert> = {}) {
  const product = await fixtures.product({ stock: 20 });
  const [drop] = await db
    .insert(drops)
    .values({ productId: product.id, mode: "queue", opensAt: new Date(startsAt.getTime() - 10 * MINUTE), startsAt, admitPerMinute: 60, purchaseMinutes: 10, unitsPerPerson: 2, ...values })
    .returning();
  return { drop: drop!, product };
}

async function customers(n: number) {
  return Promise.all(Array.from({ length: n }, () => createUser(db, { verified: true })));
}

async function entriesOf(dropId: number) {
  return db.select().from(dropEntries).where(eq(dropEntries.dropId, dropId)).orderBy(dropEntries.position);
}

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("ordering the queue at the start", () => {
  it("orders once when two callers race: one seed, positions a permutation, windows at the fixed rate", async () => {
    const startsAt = new Date(Date.now() - 1000);
    const { drop } = await queueDrop(startsAt);
    const people = await customers(7);
    for (const [i, person] of people.entries()) {
      const joined = await joinDrop(db, { dropId: drop.id, userId: person.id, clientAddress: `203.0.113.${Math.floor(i / 3)}`, now: new Date(startsAt.getTime() - (10 - i) * 1000) });
      expect(joined.ok).toBe(true);
    }
    const now = new Date();
    const results = await Promise.all([orderQueue(db, drop.id, now), orderQueue(db, drop.id, now), orderDueQueues(db, now)]);
    const ordered = results.slice(0, 2).filter((r) => "ordered" in r && r.ordered);
    const fromJob = results[2] as { ordered: number };
    expect(ordered.length + fromJob.ordered).toBe(1);

    const [after] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(after!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(after!.orderedAt).not.toBeNull();
    const entries = await entriesOf(drop.id);
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The recorded seed reproduces the order.
    expect(entries.map((e) => e.id)).toEqual(seededOrder(after!.seed!, entries.map((e) => e.id).sort((a, b) => a - b)));
    let previous: Date | null = null;
    // No turn before the start's spread is over, nor before a page asking during the ordering has its place.
    const notBefore = Math.max(now.getTime() + ORDERING_RECHECK_MAX_MS, startsAt.getTime() + startSpreadMs(7));
    for (const e of entries) {
      expect(e.state).toBe("admitted");
      // The fixed-rate admission time, never before that, at least an interval after the place before.
      const due = admissionTime(drop, e.position!).getTime();
      expect(e.rightFrom!.getTime()).toBe(Math.max(due, notBefore, previous ? previous.getTime() + Math.ceil(MINUTE / drop.admitPerMinute) : 0));
      previous = e.rightFrom!;
      expect(e.rightUntil!.getTime() - e.rightFrom!.getTime()).toBe(10 * MINUTE);
    }
    // Asking again changes nothing.
    expect(await orderQueue(db, drop.id)).toEqual({ ordered: false, reason: "already_ordered" });
    expect((await entriesOf(drop.id)).map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it("does not order before the start, nor a called-off drop", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    expect(await orderQueue(db, drop.id)).toEqual({ ordered: false, reason: "not_started" });
    const { drop: off } = await queueDrop(new Date(Date.now() - 1000), { cancelledAt: new Date() });
    expect(await orderQueue(db, off.id)).toEqual({ ordered: false, reason: "called_off" });
  });

  it("puts early joiners in random order, then late joiners first come first served (before and after the ordering)", async () => {
    const startsAt = new Date(Date.now() - 5000);
    const { drop } = await queueDrop(startsAt, { admitPerMinute: 6 });
    const [a, b, c, lateBeforeOrdering, late1, late2] = await customers(6);
    const join = (userId: string, at: Date, address: string) => joinDrop(db, { dropId: drop.id, userId, clientAddress: address, now: at });
    for (const [i, person] of [a!, b!, c!].entries()) expect((await join(person.id, new Date(startsAt.getTime() - 60_000 + i), `198.51.100.${i}`)).ok).toBe(true);
    // Joined after the start, before anyone ordered the queue: behind the early ones.
    expect((await join(lateBeforeOrdering!.id, new Date(startsAt.getTime() + 1000), "198.51.100.10")).ok).toBe(true);
    const orderedAt = new Date(startsAt.getTime() + 2000);
    const result = await orderQueue(db, drop.id, orderedAt);
    expect(result.ordered).toBe(true);
    // After the ordering: the next places, in the order they came.
    expect((await join(late1!.id, new Date(startsAt.getTime() + 3000), "198.51.100.11")).ok).toBe(true);
    expect((await join(late2!.id, new Date(startsAt.getTime() + 4000), "198.51.100.12")).ok).toBe(true);

    const entries = await entriesOf(drop.id);
    const byUser = new Map(entries.map((e) => [e.userId, e]));
    const earlyIds = [a!, b!, c!].map((p) => byUser.get(p.id)!.id);
    expect(entries.slice(0, 3).map((e) => e.id)).toEqual(seededOrder((result as { seed: string }).seed, earlyIds));
    expect([lateBeforeOrdering!, late1!, late2!].map((p) => byUser.get(p.id)!.position)).toEqual([4, 5, 6]);
    // 6 a minute is one every 10 s. Ordered 2 s late, the first turn opens 3 s after the ordering
    // (the pages asking then have their places by then): places 1–4 at +5, +15, +25 and +35 s;
    // place 5 (due at +40 s by the rate alone) comes one interval after place 4: +45 s.
    expect(byUser.get(late1!.id)!.rightFrom!.toISOString()).toBe(new Date(startsAt.getTime() + 45_000).toISOString());
  });

  it("shows a window that has passed as lapsed, and the right to buy follows the window", async () => {
    const startsAt = new Date(Date.now() - 30 * MINUTE);
    const { drop, product } = await queueDrop(startsAt, { purchaseMinutes: 5 });
    const [late, outsider] = await customers(2);
    await joinDrop(db, { dropId: drop.id, userId: late!.id, clientAddress: "192.0.2.50", now: new Date(startsAt.getTime() - 1000) });
    await orderQueue(db, drop.id, startsAt);
    const view = await dropViewFor(db, product.id, late!.id);
    expect(view?.entry?.state).toBe("lapsed");
    expect(await dropAddRefusal(db, { productId: product.id, name: product.name }, late!.id)).toMatch(/Your time to buy .* has run out\./);
    expect(await dropAddRefusal(db, { productId: product.id, name: product.name }, outsider!.id)).toMatch(/join the queue on its page to buy/);
  });
});

describe("joining", () => {
  it("refuses before opening, after a draw closes and once called off", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + 60 * MINUTE));
    const [person] = await customers(1);
    expect(await joinDrop(db, { dropId: drop.id, userId: person!.id, clientAddress: "192.0.2.1" })).toEqual({ ok: false, refusal: "not_open" });
    const { drop: draw } = await queueDrop(new Date(Date.now() - 1000), { mode: "draw" });
    expect(await joinDrop(db, { dropId: draw.id, userId: person!.id, clientAddress: "192.0.2.1" })).toEqual({ ok: false, refusal: "closed" });
    const { drop: off } = await queueDrop(new Date(Date.now() + MINUTE), { cancelledAt: new Date() });
    expect(await joinDrop(db, { dropId: off.id, userId: person!.id, clientAddress: "192.0.2.1" })).toEqual({ ok: false, refusal: "closed" });
  });

  it("lets one account in once when it joins twice at the same moment", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [person] = await customers(1);
    const results = await Promise.all([1, 2, 3].map(() => joinDrop(db, { dropId: drop.id, userId: person!.id, clientAddress: "192.0.2.2" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.refusal))).toEqual(["already_in", "already_in"]);
    expect(await entriesOf(drop.id)).toHaveLength(1);
  });

  it("counts two accounts of one person (gmail dots and +tags) as one", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const tag = Date.now().toString(36);
    const first = await createUser(db, { email: `misty.water${tag}+drops@gmail.com`, verified: true });
    const second = await createUser(db, { email: `MistyWater${tag}@gmail.com`, verified: true });
    expect((await joinDrop(db, { dropId: drop.id, userId: first.id, clientAddress: "192.0.2.3" })).ok).toBe(true);
    expect(await joinDrop(db, { dropId: drop.id, userId: second.id, clientAddress: "192.0.2.4" })).toEqual({ ok: false, refusal: "same_person" });
  });

  it(`refuses the ${ENTRIES_PER_ADDRESS + 1}th entry from one address, and an unverified account`, async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const people = await customers(ENTRIES_PER_ADDRESS + 1);
    const results = [];
    for (const person of people) results.push(await joinDrop(db, { dropId: drop.id, userId: person.id, clientAddress: "192.0.2.5" }));
    expect(results.map((r) => r.ok)).toEqual([...Array(ENTRIES_PER_ADDRESS).fill(true), false]);
    expect(results.at(-1)).toEqual({ ok: false, refusal: "address_full" });
    const unverified = await createUser(db);
    expect(await joinDrop(db, { dropId: drop.id, userId: unverified.id, clientAddress: "192.0.2.6" })).toEqual({ ok: false, refusal: "unverified" });
    // One IPv6 /64 is one connection, however many addresses a machine takes from it.
    const { drop: v6 } = await queueDrop(new Date(Date.now() + MINUTE));
    const farm = await customers(ENTRIES_PER_ADDRESS + 1);
    const fromV6 = [];
    for (const [i, person] of farm.entries()) fromV6.push(await joinDrop(db, { dropId: v6.id, userId: person.id, clientAddress: `2001:db8:7:7::${i + 1}` }));
    expect(fromV6.at(-1)).toEqual({ ok: false, refusal: "address_full" });
  });
});

describe("the proof of work to join", () => {
  const challenges = () => dropEntryChallenges(db, undefined, { difficulty: EASY });

  it("is required, works once, and a solution cannot be used again", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [a, b] = await customers(2);
    const missing = await enterDrop(db, { dropId: drop.id, userId: a!.id, clientAddress: "192.0.2.20", challengePayload: null, challenges: challenges() });
    expect(missing).toEqual({ ok: false, status: 400, message: ROOM_TEXT.challengeMissing, challengeProblem: true });
    expect(await entriesOf(drop.id)).toHaveLength(0);

    const payload = await solve(await challenges().issue({ dropId: drop.id, userId: a!.id }));
    expect(await enterDrop(db, { dropId: drop.id, userId: a!.id, clientAddress: "192.0.2.20", challengePayload: payload, challenges: challenges() })).toEqual({ ok: true, message: ROOM_TEXT.joinedQueue });
    const replay = await enterDrop(db, { dropId: drop.id, userId: b!.id, clientAddress: "192.0.2.21", challengePayload: payload, challenges: challenges() });
    expect(replay).toMatchObject({ ok: false, status: 400, challengeProblem: true });
    expect(await entriesOf(drop.id)).toHaveLength(1);
    // Spent once, for its own account too.
    expect(await challenges().redeem(payload, { dropId: drop.id, userId: a!.id })).toEqual({ ok: false, problem: "replayed" });
  });

  it("is bound to the account and the drop it was issued for: solutions collected by one account, or for another drop, are refused", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const { drop: otherDrop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [collector, mule, honest] = await customers(3);
    // The review's attack: one account collects solved checks before the opening and hands them out.
    const collected = await Promise.all([1, 2, 3].map(async () => solve(await challenges().issue({ dropId: drop.id, userId: collector!.id }))));
    const handedOut = await enterDrop(db, { dropId: drop.id, userId: mule!.id, clientAddress: "192.0.2.40", challengePayload: collected[0]!, challenges: challenges() });
    expect(handedOut).toEqual({ ok: false, status: 400, message: ROOM_TEXT.challengeInvalid, challengeProblem: true });
    // Not spent by the refusal, and still useless to anyone else: only the collector could use it.
    expect(await enterDrop(db, { dropId: drop.id, userId: honest!.id, clientAddress: "192.0.2.41", challengePayload: collected[0]!, challenges: challenges() })).toMatchObject({
      ok: false,
      message: ROOM_TEXT.challengeInvalid,
    });
    // Another drop's check does not enter this one, even for the account it was made for.
    const forOtherDrop = await solve(await challenges().issue({ dropId: otherDrop.id, userId: mule!.id }));
    expect(await enterDrop(db, { dropId: drop.id, userId: mule!.id, clientAddress: "192.0.2.40", challengePayload: forOtherDrop, challenges: challenges() })).toMatchObject({
      ok: false,
      message: ROOM_TEXT.challengeInvalid,
    });
    expect(await entriesOf(drop.id)).toHaveLength(0);
    // Its own check enters it, and the other drop's check still enters the other drop.
    const own = await solve(await challenges().issue({ dropId: drop.id, userId: mule!.id }));
    expect(await enterDrop(db, { dropId: drop.id, userId: mule!.id, clientAddress: "192.0.2.40", challengePayload: own, challenges: challenges() })).toEqual({ ok: true, message: ROOM_TEXT.joinedQueue });
    expect(await enterDrop(db, { dropId: otherDrop.id, userId: mule!.id, clientAddress: "192.0.2.40", challengePayload: forOtherDrop, challenges: challenges() })).toEqual({
      ok: true,
      message: ROOM_TEXT.joinedQueue,
    });
    expect((await entriesOf(drop.id)).map((e) => e.userId)).toEqual([mule!.id]);
  });

  it("keeps sign-in and drop checks apart: one's solution is refused by the other", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [a] = await customers(1);
    const signIn = signInChallenges(db, undefined, { difficulty: EASY });
    const signInPayload = await solve(await signIn.issue());
    expect(await enterDrop(db, { dropId: drop.id, userId: a!.id, clientAddress: "192.0.2.22", challengePayload: signInPayload, challenges: challenges() })).toMatchObject({
      ok: false,
      message: ROOM_TEXT.challengeInvalid,
    });
    const dropPayload = await solve(await challenges().issue({ dropId: drop.id, userId: a!.id }));
    expect(await signIn.redeem(dropPayload)).toEqual({ ok: false, problem: "invalid" });
    // The sign-in check itself still works.
    expect(await signIn.redeem(await solve(await signIn.issue()))).toMatchObject({ ok: true });
  });

  it(`counts join attempts per address: past ${JOIN_ATTEMPTS_PER_ADDRESS.limit} the answer is 429`, async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [a] = await customers(1);
    const attempt = () => enterDrop(db, { dropId: drop.id, userId: a!.id, clientAddress: "192.0.2.99", challengePayload: null, challenges: challenges() });
    for (let i = 0; i < JOIN_ATTEMPTS_PER_ADDRESS.limit; i++) expect((await attempt()).ok).toBe(false);
    expect(await attempt()).toEqual({ ok: false, status: 429, message: ROOM_TEXT.tooMany, challengeProblem: false, retryAfterSeconds: 600 });
  });
});

describe("the drop's page and status answer", () => {
  it("asks a guest to sign in before joining, refuses a join without the check, and answers status as private JSON", async () => {
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const context = testContext(db);
    const guestPost = await settle(() => dropAction({ request: formRequest(`/drops/${drop.id}`, {}), context, params: { id: String(drop.id) } } as never));
    expect(guestPost.status).toBe(302);
    expect(guestPost.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/drops/${drop.id}`)}`);

    const [person] = await customers(1);
    const cookie = await cookieFor(db, person!.id);
    const page = await settle(() => dropLoader({ request: new Request(`https://shop.test/drops/${drop.id}`, { headers: { Cookie: cookie } }), context, params: { id: String(drop.id) } } as never));
    expect(page.status).toBe(200);
    expect((page.body as { challenge: string | null }).challenge).toMatch(/"algorithm":"PBKDF2\/SHA-256"/);
    // The page's check is made for this account and this drop (signed; enterDrop checks both).
    const issued = JSON.parse((page.body as { challenge: string }).challenge) as Challenge;
    expect(issued.parameters.data).toEqual({ purpose: "drop-entry", drop: String(drop.id), account: person!.id });
    const post = await settle(() =>
      dropAction({ request: formRequest(`/drops/${drop.id}`, { altcha: "" }, { Cookie: cookie, [CLIENT_IP_HEADER]: "192.0.2.30" }), context, params: { id: String(drop.id) } } as never),
    );
    expect(post).toMatchObject({ status: 400, body: { ok: false, message: ROOM_TEXT.challengeMissing } });

    const status = await settle(() => dropStatusLoader({ request: new Request(`https://shop.test/drops/${drop.id}/status`, { headers: { Cookie: cookie } }), context, params: { id: String(drop.id) } } as never));
    expect(status.status).toBe(200);
    expect(status.headers.get("Cache-Control")).toBe("private, no-store");
    expect(JSON.parse(status.body as string)).toMatchObject({ view: { dropId: drop.id, mode: "queue", phase: "open", entry: null }, soldOut: false });
    const missing = await settle(() => dropStatusLoader({ request: new Request("https://shop.test/drops/999999/status"), context, params: { id: "999999" } } as never));
    expect(missing.status).toBe(404);
    const junk = await settle(() => dropStatusLoader({ request: new Request("https://shop.test/drops/abc/status"), context, params: { id: "abc" } } as never));
    expect(junk.status).toBe(404);
  });

  it("answers a visitor polling far faster than the page would 429 with Retry-After, on the status and the page, before reading the drop; others are still answered", async () => {
    const context = testContext(db);
    const { drop } = await queueDrop(new Date(Date.now() + MINUTE));
    const [looper, patient] = await customers(2);
    const ask = async (cookie: string) =>
      settle(() =>
        dropStatusLoader({ request: new Request(`https://shop.test/drops/${drop.id}/status`, { headers: { Cookie: cookie, [CLIENT_IP_HEADER]: "192.0.2.77" } }), context, params: { id: String(drop.id) } } as never),
      );
    const loop = await cookieFor(db, looper!.id);
    const answers = [];
    for (let i = 0; i < STATUS_POLL_LIMITS.perAccountPerMinute + 1; i++) answers.push(await ask(loop));
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(JSON.parse(refused.body as string)).toEqual({ error: "too_many_requests" });
    // The drop's page says as much, so it counts with the polls: refused too, not a way round.
    const page = await settle(() =>
      dropLoader({ request: new Request(`https://shop.test/drops/${drop.id}`, { headers: { Cookie: loop, [CLIENT_IP_HEADER]: "192.0.2.77" } }), context, params: { id: String(drop.id) } } as never),
    );
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Someone else at the same address is answered as usual.
    expect((await ask(await cookieFor(db, patient!.id))).status).toBe(200);
  });

  it("answers sold out at stock 0, and nothing for a hidden product's drop or one called off", async () => {
    const context = testContext(db);
    const status = async (id: number) => settle(() => dropStatusLoader({ request: new Request(`https://shop.test/drops/${id}/status`), context, params: { id: String(id) } } as never));
    const { drop, product } = await queueDrop(new Date(Date.now() + MINUTE));
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, product.variantId));
    expect(JSON.parse((await status(drop.id)).body as string)).toMatchObject({ soldOut: true, bought: 0 });
    await db.update(products).set({ isVisible: false }).where(eq(products.id, product.id));
    expect((await status(drop.id)).status).toBe(404);
    expect((await settle(() => dropLoader({ request: new Request(`https://shop.test/drops/${drop.id}`), context, params: { id: String(drop.id) } } as never))).status).toBe(404);
    const { drop: off } = await queueDrop(new Date(Date.now() + MINUTE), { cancelledAt: new Date() });
    expect((await status(off.id)).status).toBe(404);
    const page = await settle(() => dropLoader({ request: new Request(`https://shop.test/drops/${off.id}`), context, params: { id: String(off.id) } } as never));
    expect(page).toMatchObject({ status: 200, body: { calledOff: { name: expect.any(String) } } });
  });

  it("orders a started queue when its page is asked for (nobody waits on the job)", async () => {
    const startsAt = new Date(Date.now() - 2000);
    const { drop } = await queueDrop(startsAt);
    const [person] = await customers(1);
    await joinDrop(db, { dropId: drop.id, userId: person!.id, clientAddress: "192.0.2.40", now: new Date(startsAt.getTime() - 1000) });
    const cookie = await cookieFor(db, person!.id);
    const status = await settle(() => dropStatusLoader({ request: new Request(`https://shop.test/drops/${drop.id}/status`, { headers: { Cookie: cookie } }), context: testContext(db), params: { id: String(drop.id) } } as never));
    // One entry in this drop, whatever the other drops of this file hold.
    expect(JSON.parse(status.body as string)).toMatchObject({ view: { phase: "live", entries: 1, entry: { state: "admitted", position: 1 } } });
  });
});

describe("the back office's drops", () => {
  let admin: { id: string };
  let adminCookie: string;
  let customerCookie: string;
  beforeAll(async () => {
    admin = await createUser(db, { email: ADMIN, adminEmails: new Set([ADMIN]) });
    adminCookie = await cookieFor(db, admin.id);
    customerCookie = await cookieFor(db, (await createUser(db, { verified: true })).id);
  });
  const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });

  it("is for admins only: guests 401, customers 403, on pages and posts", async () => {
    const context = testContext(db);
    const { drop } = await queueDrop(new Date(Date.now() + 60 * MINUTE));
    expect((await settle(() => adminDropsLoader({ request: get("/admin/drops"), context, params: {} } as never))).status).toBe(401);
    expect((await settle(() => adminDropsLoader({ request: get("/admin/drops", customerCookie), context, params: {} } as never))).status).toBe(403);
    expect((await settle(() => adminDropsLoader({ request: get("/admin/drops", adminCookie), context, params: {} } as never))).status).toBe(200);
    const callOff = (cookie?: string) =>
      settle(() => adminDropAction({ request: formRequest(`/admin/drops/${drop.id}`, { intent: "call-off", confirm: "yes" }, cookie ? { Cookie: cookie } : {}), context, params: { id: String(drop.id) } } as never));
    expect((await callOff()).status).toBe(401);
    expect((await callOff(customerCookie)).status).toBe(403);
    const [still] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(still!.cancelledAt).toBeNull();
  });

  it("creates a drop from the form (UK time), refuses a start in the past, and a second drop for the product", async () => {
    const context = testContext(db);
    const product = await fixtures.product({ stock: 5 });
    const fields = { mode: "queue", opensAt: "2099-07-02T09:45", startsAt: "2099-07-02T10:00", admitPerMinute: "30", purchaseMinutes: "15", unitsPerPerson: "1", places: "" };
    const create = (values: Record<string, string>) =>
      settle(() => adminDropNewAction({ request: formRequest(`/admin/drops/new?product=${product.id}`, values, { Cookie: adminCookie }), context, params: {} } as never));
    const past = await create({ ...fields, opensAt: "2020-01-01T09:00", startsAt: "2020-01-01T10:00" });
    expect(past).toMatchObject({ status: 400, body: { errors: { startsAt: "The start is in the past. Choose a time that has not yet come." } } });
    const created = await create(fields);
    expect(created.status).toBe(302);
    const [row] = await db.select().from(drops).where(eq(drops.productId, product.id));
    expect(row).toMatchObject({ mode: "queue", admitPerMinute: 30, purchaseMinutes: 15, unitsPerPerson: 1 });
    expect(row!.startsAt.toISOString()).toBe("2099-07-02T09:00:00.000Z"); // BST
    expect(created.headers.get("Location")).toBe(`/admin/drops/${row!.id}?done=created`);
    expect((await create(fields)).status).toBe(409);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, String(row!.id)));
    expect(audit.map((a) => a.action)).toContain("drop.created");
  });

  it("refuses changing the mode once someone has joined", async () => {
    const context = testContext(db);
    const { drop } = await queueDrop(new Date(Date.now() + 5 * MINUTE));
    const page = await settle(() => adminDropLoader({ request: get(`/admin/drops/${drop.id}`, adminCookie), context, params: { id: String(drop.id) } } as never));
    const values = (page.body as { values: Record<string, string> }).values;
    const [person] = await customers(1);
    expect((await joinDrop(db, { dropId: drop.id, userId: person!.id, clientAddress: "192.0.2.60" })).ok).toBe(true);
    const post = await settle(() =>
      adminDropAction({ request: formRequest(`/admin/drops/${drop.id}`, { intent: "save", ...values, mode: "draw" }, { Cookie: adminCookie }), context, params: { id: String(drop.id) } } as never),
    );
    expect(post).toMatchObject({ status: 409, body: { errors: { mode: "People have already joined under this mode, so it can no longer change." } } });
    const [after] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(after!.mode).toBe("queue");
  });

  it("refuses changing the times after the start but lets units per person change; calls off only when confirmed", async () => {
    const context = testContext(db);
    const { drop } = await queueDrop(new Date(Date.now() - MINUTE));
    const page = await settle(() => adminDropLoader({ request: get(`/admin/drops/${drop.id}`, adminCookie), context, params: { id: String(drop.id) } } as never));
    const values = (page.body as { values: Record<string, string> }).values;
    const post = (fields: Record<string, string>) =>
      settle(() => adminDropAction({ request: formRequest(`/admin/drops/${drop.id}`, fields, { Cookie: adminCookie }), context, params: { id: String(drop.id) } } as never));
    expect(await post({ intent: "save", ...values, admitPerMinute: "120" })).toMatchObject({ status: 409, body: { message: "The drop has started: its mode, times, admission rate, buying time and places can no longer change. Only the units per person can." } });
    const units = await post({ intent: "save", ...values, unitsPerPerson: "3" });
    expect(units.headers.get("Location")).toBe(`/admin/drops/${drop.id}?done=saved`);
    expect((await post({ intent: "call-off" })).status).toBe(400);
    expect((await post({ intent: "call-off", confirm: "yes" })).headers.get("Location")).toBe(`/admin/drops/${drop.id}?done=called-off`);
    const [after] = await db.select().from(drops).where(eq(drops.id, drop.id));
    expect(after).toMatchObject({ unitsPerPerson: 3, admitPerMinute: 60 });
    expect(after!.cancelledAt).not.toBeNull();
    expect((await post({ intent: "call-off", confirm: "yes" })).status).toBe(409);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, String(drop.id)))).map((a) => a.action).sort();
    expect(actions).toEqual(["drop.called_off", "drop.updated"]);
  });
});
