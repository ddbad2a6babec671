import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, buylistEvents, buylistLines, buylistSubmissions, cards, cardSets, cartItems, orders, outbox, profiles, sessions, subscriptions, users, wholesaleApplications } from "~/db/schema";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { moveCredit } from "~/modules/credit/ledger.server";
import { ERASURE_MESSAGES, UNVERIFIED_EXPORT_NOTE } from "~/modules/privacy/customer-data.server";
import { action as dataAction, loader as dataLoader } from "~/routes/account-data";
import { loader as downloadLoader } from "~/routes/account-data-download";
import { action as loginAction } from "~/routes/login";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createUser, formRequest, GOOD_PASSWORD, settle, testContext } from "../support/accounts";
import { insertOrder } from "../support/orders";

/** UK GDPR: the customer's download of their data, and erasure of their account. */
let database: TestDatabase;
let context: ReturnType<typeof testContext>;
let fx: ReturnType<typeof checkoutFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database.db);
  fx = checkoutFixtures(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (fn: (args: AnyArgs) => unknown, request: Request) => settle(async () => fn({ request, params: {}, context }));

async function signedInCustomer({ verified = true } = {}) {
  const user = await createUser(database.db, { fullName: "Misty Waterflower" });
  if (verified) await database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  // The sign-up email (the verification link) is not what these tests look at.
  await database.db.delete(outbox).where(eq(outbox.toAddress, user.email));
  await database.db
    .update(profiles)
    .set({ addressLine1: "1 Cerulean Gym", city: "Cerulean", postalCode: "CE1 1AA", country: "United Kingdom" })
    .where(eq(profiles.id, user.id));
  const res = await call(loginAction, formRequest("/login", { email: user.email, password: GOOD_PASSWORD }));
  const token = res.headers.get("Set-Cookie")!.match(/nm_session=([^;]*)/)![1]!;
  return { ...user, token };
}

/** A wholesale application made under `email` (by its owner or by anyone else). */
const applyForWholesale = (email: string, contactName: string) =>
  database.db.insert(wholesaleApplications).values({
    email,
    contactName,
    platformUsername: "applicant",
    contactNumber: "07700 900000",
    billingAddress: "1 Cerulean Gym",
    companyType: "sole_trader",
  });

/** A set for the sell list's card (cards need one). */
async function buylistCardSet() {
  const [set] = await database.db.insert(cardSets).values({ code: "bl-data", name: "Base Set", tcgdexId: "bl-data" } as typeof cardSets.$inferInsert).returning({ id: cardSets.id });
  return set!;
}

const get = (path: string, token: string) => new Request(`https://shop.test${path}`, { headers: { Cookie: `nm_session=${token}` } });
const erase = (token: string, password: string) =>
  formRequest("/account/data", { intent: "erase", password }, { Cookie: `nm_session=${token}` });

describe("download of your data", () => {
  it("gives the signed-in customer their own account, profile, orders and applications as a JSON attachment", async () => {
    const me = await signedInCustomer();
    const other = await createUser(database.db);
    await insertOrder(database.db, { userId: me.id, status: "dispatched", email: me.email, items: [{ productName: "Mine", quantity: 1, unitPrice: 500 }] });
    await insertOrder(database.db, { userId: other.id, status: "dispatched", items: [{ productName: "Not mine", quantity: 1, unitPrice: 500 }] });
    await applyForWholesale(me.email, "Misty");

    const res = await downloadLoader({ request: get("/account/data/download", me.token), params: {}, context } as AnyArgs);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="nearmint-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = JSON.parse(await res.text());
    expect(body.account.email).toBe(me.email);
    expect(body.profile).toMatchObject({ fullName: "Misty Waterflower", city: "Cerulean" });
    expect(body.orders.map((o: { items: { productName: string }[] }) => o.items[0]!.productName)).toEqual(["Mine"]);
    expect(body.wholesaleApplications).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain("passwordHash");
    expect(JSON.stringify(body)).not.toContain("argon2");
  });

  it("leaves out what is found by email until the customer has proved the mailbox", async () => {
    // Anyone may apply for wholesale under any address; registering that address later must not
    // hand the application to whoever registered it.
    const me = await signedInCustomer({ verified: false });
    await applyForWholesale(me.email, "Someone Else");
    const res = await downloadLoader({ request: get("/account/data/download", me.token), params: {}, context } as AnyArgs);
    const body = JSON.parse(await res.text());
    expect(body.account.emailVerified).toBe(false);
    expect(body.wholesaleApplications).toEqual([]);
    expect(body.note).toBe(UNVERIFIED_EXPORT_NOTE);
    expect(JSON.stringify(body)).not.toContain("Someone Else");
  });

  it("sends a guest to sign in", async () => {
    const res = await settle(() => downloadLoader({ request: new Request("https://shop.test/account/data/download"), params: {}, context } as AnyArgs));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("erasure of your account", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const me = await signedInCustomer();
    const res = await call(dataAction, erase(me.token, "not-my-password"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: ERASURE_MESSAGES.wrongPassword });
    const [user] = await database.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.email).toBe(me.email);
  });

  it("rate-limits password confirmations, with Retry-After", async () => {
    const me = await signedInCustomer();
    for (let i = 0; i < 5; i++) expect((await call(dataAction, erase(me.token, `wrong-${i}`))).status).toBe(400);
    const res = await call(dataAction, erase(me.token, GOOD_PASSWORD));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await database.db.select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(me.email);
  });

  it("is refused while an order is awaiting payment or dispatch, and while Pro is still billing", async () => {
    const me = await signedInCustomer();
    const order = await insertOrder(database.db, { userId: me.id, status: "completed", email: me.email, items: [{ productName: "Booster", quantity: 1, unitPrice: 500 }] });
    const view = await call(dataLoader, get("/account/data", me.token));
    expect((view.body as { view: { openOrders: number } }).view.openOrders).toBe(1);
    const refused = await call(dataAction, erase(me.token, GOOD_PASSWORD));
    expect(refused).toMatchObject({ status: 409, body: { error: ERASURE_MESSAGES.openOrders } });
    // Rolled back whole: the account and the order's address are untouched.
    expect((await database.db.select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(me.email);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.email).toBe(me.email);

    await database.db.update(orders).set({ status: "dispatched" }).where(eq(orders.id, order.id));
    await database.db.insert(subscriptions).values({
      userId: me.id,
      provider: "sandbox",
      planType: "monthly",
      status: "active",
      amount: 499,
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    expect(await call(dataAction, erase(me.token, GOOD_PASSWORD))).toMatchObject({ status: 409, body: { error: ERASURE_MESSAGES.runningSubscription } });
  });

  it("is refused while store credit is left (it would be lost), and the download lists the credit", async () => {
    const me = await signedInCustomer();
    await database.db.transaction((tx) => moveCredit(tx, { userId: me.id, amount: 1_250, kind: "grant", note: "Goodwill" }));
    const download = await downloadLoader({ request: get("/account/data/download", me.token), params: {}, context } as AnyArgs);
    const body = JSON.parse(await download.text()) as { storeCredit: { balancePence: number; history: { kind: string; amountPence: number }[] } };
    expect(body.storeCredit).toMatchObject({ balancePence: 1_250, history: [{ kind: "grant", amountPence: 1_250 }] });
    expect(await call(dataAction, erase(me.token, GOOD_PASSWORD))).toMatchObject({ status: 409, body: { error: ERASURE_MESSAGES.storeCredit("£12.50") } });
    expect((await database.db.select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(me.email);
    // Spent or corrected to zero, the account can go.
    await database.db.transaction((tx) => moveCredit(tx, { userId: me.id, amount: -1_250, kind: "correction", note: "Paid out" }));
    expect((await call(dataAction, erase(me.token, GOOD_PASSWORD))).status).toBe(302);
  });

  it("is refused while a sell list is under way, and the download lists the customer's sell lists", async () => {
    const me = await signedInCustomer();
    const [card] = await database.db.insert(cards).values({ setId: (await buylistCardSet()).id, name: "Dratini", localNumber: "26", numberSort: "026", tcgdexId: "bl-data-26" } as typeof cards.$inferInsert).returning({ id: cards.id });
    const [sellList] = await database.db.insert(buylistSubmissions).values({ userId: me.id, status: "shipped", offerCash: 400, offerCredit: 480, customerNote: "Sleeved", quotedCash: 400, quotedCredit: 480, quoteSentAt: new Date() }).returning();
    await database.db.insert(buylistLines).values({ submissionId: sellList!.id, cardId: card!.id, cardLabel: "Dratini · Base Set · 26/102", printing: "normal", condition: "nm", quantity: 2, offeredUnit: 200, status: "accepted", quotedUnit: 200, reviewNote: "Lovely" });
    await database.db.insert(buylistEvents).values({ submissionId: sellList!.id, status: "submitted", actorUserId: me.id });
    const view = await call(dataLoader, get("/account/data", me.token));
    expect((view.body as { view: { openSellLists: number } }).view.openSellLists).toBe(1);
    expect(await call(dataAction, erase(me.token, GOOD_PASSWORD))).toMatchObject({ status: 409, body: { error: ERASURE_MESSAGES.openSellLists } });
    expect((await database.db.select().from(users).where(eq(users.id, me.id)))[0]!.email).toBe(me.email);

    const download = await downloadLoader({ request: get("/account/data/download", me.token), params: {}, context } as AnyArgs);
    const body = JSON.parse(await download.text()) as { sellLists: unknown[] };
    expect(body.sellLists).toEqual([
      expect.objectContaining({
        reference: `SL-${sellList!.id}`,
        status: "shipped",
        yourNote: "Sleeved",
        offerPence: { cash: 400, credit: 480 },
        quotePence: { cash: 400, credit: 480 },
        lines: [expect.objectContaining({ card: "Dratini · Base Set · 26/102", quantity: 2, offeredUnitPence: 200, quote: { status: "accepted", condition: null, unitPence: 200, note: "Lovely" } })],
        history: [expect.objectContaining({ status: "submitted", byShop: false })],
      }),
    ]);
    // Closed (here: paid), it no longer stands in the way.
    await database.db.update(buylistSubmissions).set({ status: "paid" }).where(eq(buylistSubmissions.id, sellList!.id));
    expect((await call(dataAction, erase(me.token, GOOD_PASSWORD))).status).toBe(302);
  });

  it("erases the person, keeps their orders without personal details, signs them out everywhere", async () => {
    const me = await signedInCustomer();
    const product = await fx.product({ stock: 5 });
    await fx.cart(me.id, [{ variantId: product.variantId, quantity: 1 }]);
    const order = await insertOrder(database.db, { userId: me.id, status: "dispatched", email: me.email, items: [{ productName: "Booster", quantity: 2, unitPrice: 500 }] });
    await database.db.update(orders).set({ shippingName: "Misty Waterflower", shippingAddress: { line1: "1 Cerulean Gym" } }).where(eq(orders.id, order.id));
    await enqueueEmail(database.db, { to: me.email, subject: "Your order", text: "Hello Misty", kind: "order_confirmation", dedupeKey: `t-${me.id}` });
    await applyForWholesale(me.email, "Misty");

    const res = await call(dataAction, erase(me.token, GOOD_PASSWORD));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/erased");
    expect(res.headers.get("Set-Cookie")).toMatch(/nm_session=;/);

    const [user] = await database.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.email).not.toContain("misty");
    expect(user!.email).toMatch(/@erased\.invalid$/);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(profile).toMatchObject({ fullName: "Erased customer", addressLine1: null, city: null, postalCode: null });
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ status: "dispatched", totalAmount: 1529, shippingName: null, shippingAddress: null, email: user!.email });
    expect(await database.db.$count(sessions, eq(sessions.userId, me.id))).toBe(0);
    expect(await database.db.$count(cartItems, eq(cartItems.userId, me.id))).toBe(0);
    expect(await database.db.$count(outbox, eq(outbox.toAddress, me.email))).toBe(0);
    expect(await database.db.$count(wholesaleApplications, eq(wholesaleApplications.email, me.email))).toBe(0);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, me.id));
    expect(audit).toMatchObject({ action: "account.erased" });
    expect(JSON.stringify(audit!.details)).not.toContain(me.email);

    // The old password no longer signs in, and the email is free to register again.
    const login = await call(loginAction, formRequest("/login", { email: me.email, password: GOOD_PASSWORD }));
    expect(login.status).toBe(401);
    await createUser(database.db, { email: me.email });
  });

  it("an unverified account's erasure leaves what others sent or were sent under its email", async () => {
    const me = await signedInCustomer({ verified: false });
    await applyForWholesale(me.email, "Someone Else");
    await enqueueEmail(database.db, { to: me.email, subject: "Your application", text: "Hello", kind: "wholesale-decision", dedupeKey: `w-${me.id}` });
    expect((await call(dataAction, erase(me.token, GOOD_PASSWORD))).status).toBe(302);
    expect(await database.db.$count(wholesaleApplications, eq(wholesaleApplications.email, me.email))).toBe(1);
    expect(await database.db.$count(outbox, eq(outbox.toAddress, me.email))).toBe(1);
    // The account itself is erased all the same.
    expect((await database.db.select().from(users).where(eq(users.id, me.id)))[0]!.email).toMatch(/@erased\.invalid$/);
  });

  it("sends a guest to sign in, and refuses a post without a password", async () => {
    const guest = await call(dataAction, formRequest("/account/data", { intent: "erase", password: "x" }));
    expect(guest.status).toBe(302);
    const me = await signedInCustomer();
    expect((await call(dataAction, formRequest("/account/data", { intent: "erase" }, { Cookie: `nm_session=${me.token}` }))).status).toBe(400);
  });
});
