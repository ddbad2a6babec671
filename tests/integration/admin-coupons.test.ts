import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, categories, coupons, orders, profiles, sandboxSessions, sessions, users } from "~/db/schema";
import { createCheckout, type CheckoutConfig } from "~/modules/checkout/checkout.server";
import { checkoutErrorMessage } from "~/modules/checkout/checkout-errors";
import { fulfilCheckout } from "~/modules/checkout/fulfilment.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { createCoupon, findCoupon, listCoupons, setCouponActive, updateCoupon } from "~/modules/pricing/coupon-admin.server";
import { COUPON_TEXT, parseCouponForm, type CouponInput } from "~/modules/pricing/coupon-form";
import { parseShopDateTime, SKIPPED_TIME_TEXT, toShopDateTimeInput } from "~/utils/uk-date";
import * as couponRoute from "~/routes/admin-coupon";
import * as newCouponRoute from "~/routes/admin-coupon-new";
import * as couponsRoute from "~/routes/admin-coupons";
import { settle, testContext } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * Coupons in the back office (issue 14): create/edit validation, usage counted as checkout
 * counts it, and the checkout honouring the new rules (start, minimum spend, categories),
 * with every route and action refused to guests and customers.
 */
let database: TestDatabase;
let db: Db;
let fx: ReturnType<typeof checkoutFixtures>;
let sandbox: PaymentProvider;
const config: CheckoutConfig = { publicUrl: "http://shop.test", reservationMinutes: 30 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fx = checkoutFixtures(db);
  sandbox = createSandboxProvider(db, { publicUrl: config.publicUrl, planPrices: { monthly: 499, quarterly: 1299 } });
});
afterAll(async () => {
  await database?.destroy();
});

async function userWithSession(role: "customer" | "admin") {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: `Test ${role}`, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

let seq = 0;
const uniqueCode = (prefix = "TEST") => `${prefix}${++seq}${randomBytes(3).toString("hex").toUpperCase()}`;

function input(values: Partial<CouponInput> = {}): CouponInput {
  return {
    code: uniqueCode(),
    percentOff: 10,
    amountOff: null,
    validFrom: null,
    validUntil: null,
    minSpend: null,
    maxRedemptions: null,
    maxRedemptionsPerCustomer: null,
    categoryIds: [],
    note: null,
    ...values,
  };
}

function parse(fields: Record<string, string | string[]>, fixedCode: string | null = null) {
  return parseCouponForm(
    (name) => (typeof fields[name] === "string" ? (fields[name] as string) : undefined),
    (name) => (Array.isArray(fields[name]) ? (fields[name] as string[]) : typeof fields[name] === "string" ? [fields[name] as string] : []),
    fixedCode,
  );
}

const checkout = (userId: string, couponCode?: string) => createCheckout(db, { userId, couponCode }, sandbox, config);

/** A customer with these products in the cart. */
async function shopper(lines: { variantId: number; quantity: number }[]) {
  const user = await fx.customer();
  await fx.cart(user.id, lines);
  return user;
}

async function anotherCategory(name: string) {
  // The fixtures' language comes with their first product.
  const { categoryId } = await fx.product();
  const [base] = await db.select().from(categories).where(eq(categories.id, categoryId));
  const [row] = await db
    .insert(categories)
    .values({ name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}`, languageId: base!.languageId })
    .returning();
  return row!.id;
}

describe("the coupon form", () => {
  it("turns pounds into pence, UK wall time into instants, and keeps what was typed on a refusal", () => {
    const ok = parse({ code: " spring-10 ", kind: "amount", amountOff: "£7.50", minSpend: "1,250", validFrom: "2026-07-01T09:00", validUntil: "2026-12-24T18:00", maxRedemptions: "100", maxRedemptionsPerCustomer: "1", categoryIds: ["3", "1", "3"], note: "  Summer  " });
    expect(ok).toMatchObject({
      ok: true,
      input: { code: "SPRING-10", percentOff: null, amountOff: 750, minSpend: 125_000, maxRedemptions: 100, maxRedemptionsPerCustomer: 1, categoryIds: [1, 3], note: "Summer" },
    });
    if (!ok.ok) throw new Error("unreachable");
    // British Summer Time in July (UTC+1), Greenwich Mean Time in December.
    expect(ok.input.validFrom!.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(ok.input.validUntil!.toISOString()).toBe("2026-12-24T18:00:00.000Z");
    expect(toShopDateTimeInput(ok.input.validFrom)).toBe("2026-07-01T09:00");

    const bad = parse({ code: "x", kind: "percent", percentOff: "150", minSpend: "abc", validFrom: "2026-12-24T18:00", validUntil: "2026-12-24T17:00", maxRedemptions: "0", maxRedemptionsPerCustomer: "1.5", categoryIds: ["nope"] });
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        code: COUPON_TEXT.codeShape,
        percentOff: COUPON_TEXT.percent,
        minSpend: COUPON_TEXT.minSpend,
        validUntil: COUPON_TEXT.untilBeforeFrom,
        maxRedemptions: COUPON_TEXT.limit,
        maxRedemptionsPerCustomer: COUPON_TEXT.limit,
        categoryIds: COUPON_TEXT.categories,
      },
      values: { code: "x", percentOff: "150", minSpend: "abc", maxRedemptionsPerCustomer: "1.5" },
    });
    expect(parse({ code: "GOOD1", kind: "amount", amountOff: "0" })).toMatchObject({ ok: false, errors: { amountOff: COUPON_TEXT.amount } });
    expect(parse({ code: "GOOD1" })).toMatchObject({ ok: false, errors: { kind: COUPON_TEXT.kind } });
    expect(parse({ code: "new", kind: "percent", percentOff: "5" })).toMatchObject({ ok: false, errors: { code: COUPON_TEXT.codeReserved } });
    expect(parse({ code: "X", kind: "percent", percentOff: "5", validFrom: "2026-02-31T10:00" })).toMatchObject({ ok: false, errors: { validFrom: COUPON_TEXT.date } });
    // On edit the code is the URL's, whatever its shape.
    expect(parse({ kind: "percent", percentOff: "5" }, "legacy code")).toMatchObject({ ok: true, input: { code: "LEGACY CODE" } });
  });

  it("refuses a time the clocks skip (with its own message), reads one they repeat", () => {
    expect(parseShopDateTime("2026-03-29T01:30")).toEqual({ ok: false, skipped: true });
    expect(parse({ code: "X", kind: "percent", percentOff: "5", validFrom: "2026-03-29T01:30" })).toMatchObject({ ok: false, errors: { validFrom: SKIPPED_TIME_TEXT } });
    expect(parseShopDateTime("2026-10-25T01:30")).toMatchObject({ ok: true });
    expect(parseShopDateTime("yesterday")).toEqual({ ok: false, skipped: false });
  });
});

describe("creating and editing coupons", () => {
  it("creates a coupon with its categories, audited, and refuses the same code in any case", async () => {
    const admin = await userWithSession("admin");
    const cat = await anotherCategory("Singles");
    const code = uniqueCode("WINTER");
    const created = await createCoupon(db, admin.id, input({ code, categoryIds: [cat], minSpend: 2000, note: "Winter sale" }));
    expect(created).toEqual({ ok: true, code, changed: true });
    const coupon = await findCoupon(db, code.toLowerCase());
    expect(coupon).toMatchObject({ code, percentOff: 10, minSpend: 2000, categoryIds: [cat], active: true, usage: { redemptions: 0 } });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityType, "coupon"), eq(auditLog.entityId, code)));
    expect(audit).toMatchObject({ actorUserId: admin.id, action: "coupon.created", details: { after: { minSpend: 2000, categoryIds: [cat], active: true } } });

    const again = await createCoupon(db, admin.id, input({ code }));
    expect(again).toMatchObject({ ok: false, status: 409, errors: { code: COUPON_TEXT.codeTaken(code) } });
    // A code stored in lower case before these pages still clashes.
    await db.insert(coupons).values({ code: "oldlower", percentOff: 5 });
    expect(await createCoupon(db, admin.id, input({ code: "OLDLOWER" }))).toMatchObject({ ok: false, status: 409 });
  });

  it("two admins creating one code at once: one coupon, one refusal", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("RACE");
    const results = await Promise.all([createCoupon(db, admin.id, input({ code })), createCoupon(db, admin.id, input({ code, percentOff: 20 }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ status: 409 }]);
  });

  it("refuses a category that does not exist, writing nothing", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode();
    expect(await createCoupon(db, admin.id, input({ code, categoryIds: [2_000_000_000] }))).toMatchObject({ ok: false, status: 400, errors: { categoryIds: COUPON_TEXT.categories } });
    expect(await findCoupon(db, code)).toBeNull();
  });

  it("edits terms and categories with before and after in the audit log; an identical save changes nothing", async () => {
    const admin = await userWithSession("admin");
    const cat = await anotherCategory("Sealed");
    const code = uniqueCode();
    await createCoupon(db, admin.id, input({ code }));
    const edited = await updateCoupon(db, admin.id, code, input({ code, percentOff: null, amountOff: 500, categoryIds: [cat], maxRedemptionsPerCustomer: 1 }));
    expect(edited).toEqual({ ok: true, code, changed: true });
    expect(await findCoupon(db, code)).toMatchObject({ percentOff: null, amountOff: 500, categoryIds: [cat], maxRedemptionsPerCustomer: 1 });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, code), eq(auditLog.action, "coupon.updated")));
    expect(audit!.details).toMatchObject({ before: { percentOff: 10, amountOff: null, categoryIds: [] }, after: { percentOff: null, amountOff: 500, categoryIds: [cat] } });
    expect(await updateCoupon(db, admin.id, code, input({ code, percentOff: null, amountOff: 500, categoryIds: [cat], maxRedemptionsPerCustomer: 1 }))).toEqual({ ok: true, code, changed: false });
    expect(await db.$count(auditLog, and(eq(auditLog.entityId, code), eq(auditLog.action, "coupon.updated")))).toBe(1);
    expect(await updateCoupon(db, admin.id, "NO-SUCH-CODE", input())).toMatchObject({ ok: false, status: 404 });
  });

  it("deactivates and reactivates, audited; checkout refuses a deactivated code", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode();
    await createCoupon(db, admin.id, input({ code }));
    const product = await fx.product({ price: 2000 });
    const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
    expect(await setCouponActive(db, admin.id, code, false)).toEqual({ status: "changed", code });
    expect(await setCouponActive(db, admin.id, code, false)).toEqual({ status: "unchanged", code });
    expect(await checkout(user.id, code)).toMatchObject({ ok: false, code: "invalid_coupon" });
    expect(await setCouponActive(db, admin.id, code, true)).toEqual({ status: "changed", code });
    expect((await checkout(user.id, code)).ok).toBe(true);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, code))).map((a) => a.action).sort();
    expect(actions).toEqual(["coupon.activated", "coupon.created", "coupon.deactivated"]);
    expect(await setCouponActive(db, admin.id, "NO-SUCH-CODE", true)).toEqual({ status: "not_found" });
  });
});

describe("usage, counted as checkout counts redemptions", () => {
  it("counts orders awaiting payment, paid or dispatched, not failed or expired ones; discount given on paid orders", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("USAGE");
    await createCoupon(db, admin.id, input({ code, percentOff: 10 }));
    const product = await fx.product({ price: 2000, stock: 100 });
    const ids: number[] = [];
    const buyers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
      buyers.push(user.id);
      const started = await checkout(user.id, code);
      if (!started.ok) throw new Error(started.message);
      ids.push(started.orderId);
    }
    await db.update(orders).set({ status: "completed", paidAt: new Date() }).where(eq(orders.id, ids[0]!));
    await db.update(orders).set({ status: "dispatched", paidAt: new Date() }).where(eq(orders.id, ids[1]!));
    await db.update(orders).set({ status: "expired" }).where(eq(orders.id, ids[2]!));
    // ids[3] stays pending.
    const coupon = (await listCoupons(db)).find((c) => c.code === code)!;
    expect(coupon.usage).toEqual({ redemptions: 3, pending: 1, customers: 3, discountGiven: 400 });
  });
});

describe("the checkout honours the coupon's rules", () => {
  it("refuses a coupon before its start, with its own message, and takes it once it has started", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("SOON");
    await createCoupon(db, admin.id, input({ code, validFrom: new Date(Date.now() + 3_600_000) }));
    const product = await fx.product({ price: 2000 });
    const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
    expect(await checkout(user.id, code)).toMatchObject({ ok: false, code: "coupon_not_started", message: checkoutErrorMessage("coupon_not_started") });
    await db.update(coupons).set({ validFrom: new Date(Date.now() - 1000) }).where(eq(coupons.code, code));
    expect(await checkout(user.id, code)).toMatchObject({ ok: true });
  });

  it("refuses a coupon past its end as not valid", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("GONE");
    await createCoupon(db, admin.id, input({ code, validUntil: new Date(Date.now() - 1000) }));
    const product = await fx.product({ price: 2000 });
    expect(await checkout((await shopper([{ variantId: product.variantId, quantity: 1 }])).id, code)).toMatchObject({ ok: false, code: "invalid_coupon" });
  });

  it("refuses an order under the minimum spend, saying the minimum; at the minimum it applies", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("MIN");
    await createCoupon(db, admin.id, input({ code, minSpend: 4000 }));
    const product = await fx.product({ price: 2000, stock: 20 });
    const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
    const refused = await checkout(user.id, code);
    expect(refused).toMatchObject({ ok: false, code: "coupon_min_spend", productName: "£40.00" });
    if (refused.ok) throw new Error("unreachable");
    expect(refused.message).toContain("at least £40.00");
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 2 }]);
    const ok = await checkout(user.id, code);
    if (!ok.ok) throw new Error(ok.message);
    const [order] = await db.select().from(orders).where(eq(orders.id, ok.orderId));
    expect(order).toMatchObject({ subtotalAmount: 4000, discountAmount: 400, couponCode: code });
  });

  it("refuses the second use past the per-customer limit with the message", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("ONCE");
    await createCoupon(db, admin.id, input({ code, maxRedemptionsPerCustomer: 1 }));
    const product = await fx.product({ price: 2000, stock: 20 });
    const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
    const first = await checkout(user.id, code);
    if (!first.ok) throw new Error(first.message);
    await db.update(orders).set({ status: "completed", paidAt: new Date() }).where(eq(orders.id, first.orderId));
    await fx.cart(user.id, [{ variantId: product.variantId, quantity: 1 }]);
    expect(await checkout(user.id, code)).toMatchObject({ ok: false, code: "coupon_used", message: checkoutErrorMessage("coupon_used") });
  });

  it("with categories: discounts only the lines in them, and refuses a cart with none", async () => {
    const admin = await userWithSession("admin");
    const singlesCategory = await anotherCategory("Singles only");
    const single = await fx.product({ price: 1500, premiumPrice: 1200, stock: 20, categoryId: singlesCategory });
    const box = await fx.product({ price: 10_000, stock: 20 });
    const percent = uniqueCode("CARDS");
    const fixed = uniqueCode("CARDSFIX");
    await createCoupon(db, admin.id, input({ code: percent, percentOff: 20, categoryIds: [singlesCategory] }));
    await createCoupon(db, admin.id, input({ code: fixed, percentOff: null, amountOff: 5000, categoryIds: [singlesCategory] }));

    const boxOnly = await shopper([{ variantId: box.variantId, quantity: 1 }]);
    expect(await checkout(boxOnly.id, percent)).toMatchObject({ ok: false, code: "coupon_not_applicable", message: checkoutErrorMessage("coupon_not_applicable") });

    const mixed = await shopper([
      { variantId: box.variantId, quantity: 1 },
      { variantId: single.variantId, quantity: 2 },
    ]);
    const a = await checkout(mixed.id, percent);
    if (!a.ok) throw new Error(a.message);
    expect((await db.select().from(orders).where(eq(orders.id, a.orderId)))[0]).toMatchObject({ subtotalAmount: 13_000, discountAmount: 600 });
    // A fixed amount is capped at the lines in its categories (2 × £15), not the order.
    const b = await checkout(mixed.id, fixed);
    if (!b.ok) throw new Error(b.message);
    expect((await db.select().from(orders).where(eq(orders.id, b.orderId)))[0]).toMatchObject({ subtotalAmount: 13_000, discountAmount: 3000 });

    // A Pro member's percentage is of the member price they pay.
    const member = await shopper([{ variantId: single.variantId, quantity: 1 }]);
    await fx.premium(member.id);
    const c = await checkout(member.id, percent);
    if (!c.ok) throw new Error(c.message);
    expect((await db.select().from(orders).where(eq(orders.id, c.orderId)))[0]).toMatchObject({ subtotalAmount: 1200, discountAmount: 240 });
  });

  it("a late payment still re-checks the coupon's limits (fulfilment)", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("LATE");
    await createCoupon(db, admin.id, input({ code, maxRedemptionsPerCustomer: 1 }));
    const product = await fx.product({ price: 2000, stock: 20 });
    const user = await shopper([{ variantId: product.variantId, quantity: 1 }]);
    const a = await checkout(user.id, code);
    if (!a.ok) throw new Error(a.message);
    // B supersedes A (A is failed and frees its redemption); B is paid; then A's payment lands late.
    const b = await checkout(user.id, code);
    if (!b.ok) throw new Error(b.message);
    const payLate = async (sessionId: string) => {
      await db.update(sandboxSessions).set({ status: "complete", completedAt: new Date() }).where(eq(sandboxSessions.id, sessionId));
      return fulfilCheckout(db, sessionId, { provider: sandbox });
    };
    expect(await payLate(b.sessionId)).toMatchObject({ status: "completed" });
    expect(await payLate(a.sessionId)).toMatchObject({ status: "refunded", orderId: a.orderId });
    expect((await db.select().from(orders).where(eq(orders.id, a.orderId)))[0]!.status).toBe("refunded");
  });
});

describe("the coupon routes refuse guests and customers", () => {
  const context = () => testContext(db);
  const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`https://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
    });
  type Args = { request: Request; context: ReturnType<typeof context>; params: Record<string, string> };
  const run = (fn: (args: never) => Promise<unknown>, request: Request, params: Record<string, string> = {}) =>
    settle(() => fn({ request, context: context(), params } satisfies Args as never));

  it("every loader and action: 401 for a guest, 403 for a customer, and nothing written", async () => {
    const customer = await userWithSession("customer");
    const admin = await userWithSession("admin");
    const code = uniqueCode("GUARD");
    await createCoupon(db, admin.id, input({ code }));
    const form = { intent: "save", code: uniqueCode(), kind: "percent", percentOff: "50" };
    const asActor = async (cookie: string | undefined) => [
      await run(couponsRoute.loader, get("/admin/coupons", cookie)),
      await run(newCouponRoute.loader, get("/admin/coupons/new", cookie)),
      await run(couponRoute.loader, get(`/admin/coupons/${code}`, cookie), { code }),
      await run(newCouponRoute.action, post("/admin/coupons/new", form, cookie)),
      await run(couponRoute.action, post(`/admin/coupons/${code}`, { ...form, percentOff: "99" }, cookie), { code }),
      await run(couponRoute.action, post(`/admin/coupons/${code}`, { intent: "deactivate" }, cookie), { code }),
    ];
    expect((await asActor(undefined)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await asActor(customer.cookie)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await findCoupon(db, form.code)).toBeNull();
    expect(await findCoupon(db, code)).toMatchObject({ percentOff: 10, active: true });
  });

  it("as an admin: create redirects to the coupon, a refusal keeps the typed values, edit and deactivate redirect back", async () => {
    const admin = await userWithSession("admin");
    const code = uniqueCode("ROUTE");
    const created = await run(newCouponRoute.action, post("/admin/coupons/new", { intent: "save", code: code.toLowerCase(), kind: "amount", amountOff: "5", maxRedemptionsPerCustomer: "1" }, admin.cookie));
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`/admin/coupons/${code}?done=created`);
    const duplicate = await run(newCouponRoute.action, post("/admin/coupons/new", { intent: "save", code, kind: "percent", percentOff: "5", note: "keep me" }, admin.cookie));
    expect(duplicate).toMatchObject({ status: 409, body: { ok: false, errors: { code: COUPON_TEXT.codeTaken(code) }, values: { note: "keep me", percentOff: "5" } } });
    const invalid = await run(couponRoute.action, post(`/admin/coupons/${code}`, { intent: "save", kind: "percent", percentOff: "0" }, admin.cookie), { code });
    expect(invalid).toMatchObject({ status: 400, body: { errors: { percentOff: COUPON_TEXT.percent } } });
    const saved = await run(couponRoute.action, post(`/admin/coupons/${code}`, { intent: "save", kind: "percent", percentOff: "15" }, admin.cookie), { code });
    expect(saved.headers.get("Location")).toBe(`/admin/coupons/${code}?done=saved`);
    const off = await run(couponRoute.action, post(`/admin/coupons/${code}`, { intent: "deactivate" }, admin.cookie), { code });
    expect(off.headers.get("Location")).toBe(`/admin/coupons/${code}?done=deactivated`);
    const page = await run(couponRoute.loader, get(`/admin/coupons/${code}?done=deactivated`, admin.cookie), { code });
    expect(page).toMatchObject({ status: 200, body: { coupon: { code, percentOff: 15, active: false }, notice: COUPON_TEXT.deactivated(code) } });
    expect((await run(couponRoute.loader, get("/admin/coupons/NOPE-NOPE", admin.cookie), { code: "NOPE-NOPE" })).status).toBe(404);
    expect((await run(couponRoute.action, post("/admin/coupons/NOPE-NOPE", { intent: "activate" }, admin.cookie), { code: "NOPE-NOPE" })).status).toBe(404);
    expect((await run(couponRoute.action, post(`/admin/coupons/${code}`, { intent: "delete" }, admin.cookie), { code })).status).toBe(400);
  });
});
