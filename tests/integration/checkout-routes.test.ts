import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, orders, profiles, sandboxSessions } from "~/db/schema";
import { action as loginAction } from "~/routes/login";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as cancelLoader } from "~/routes/checkout-cancel";
import { loader as successLoader } from "~/routes/order-success";
import { action as sandboxAction, loader as sandboxLoader } from "~/routes/sandbox-checkout";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createUser, formRequest, settle, testContext } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The checkout routes driven with crafted requests: whatever a form contains, the server
 * decides who is buying, what and at which price.
 */
let database: TestDatabase;
let context: AppLoadContext;
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
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  settle(async () => fn({ request, params, context }));

async function signIn() {
  const user = await createUser(database.db);
  // Checkout ships to the profile's address.
  await database.db
    .update(profiles)
    .set({ addressLine1: "1 Pallet Road", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" })
    .where(eq(profiles.id, user.id));
  const res = await call(loginAction, formRequest("/login", { email: user.email, password: user.password }));
  const token = res.headers.get("Set-Cookie")?.match(/nm_session=([^;]*)/)?.[1];
  if (!token) throw new Error("no session cookie");
  return { ...user, cookie: `nm_session=${token}` };
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return formRequest(path, fields, cookie ? { Cookie: cookie } : {});
}
function get(path: string, cookie?: string) {
  return new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function checkoutAs(user: { cookie: string }, fields: Record<string, string> = {}) {
  const res = await call(checkoutAction, post("/checkout", fields, user.cookie));
  expect(res.status).toBe(302);
  return res.headers.get("Location")!;
}

describe("POST /checkout", () => {
  it("without a session goes to /login and comes back to the cart; GET /checkout shows the cart", async () => {
    const res = await call(checkoutAction, post("/checkout", {}));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
    expect((await call(checkoutLoader, get("/checkout"))).headers.get("Location")).toBe("/cart");
  });

  it("ignores prices, user ids, products and quantities in the form", async () => {
    const me = await signIn();
    const victim = await createUser(database.db);
    const mine = await fx.product({ price: 2000, stock: 5 });
    const hidden = await fx.product({ price: 9900, stock: 5, isVisible: false });
    await fx.cart(me.id, [{ variantId: mine.variantId, quantity: 1 }]);
    await fx.cart(victim.id, [{ variantId: mine.variantId, quantity: 2 }]);

    const location = await checkoutAs(me, {
      userId: victim.id,
      price: "1",
      totalAmount: "1",
      productId: String(hidden.id),
      variantId: String(hidden.variantId),
      quantity: "99",
      "items[0][variantId]": String(hidden.variantId),
      "items[0][quantity]": "99",
    });
    expect(location).toMatch(/^https:\/\/shop\.test\/sandbox\/checkout\/cs_sbx_[a-f0-9]{24}$/);
    const myOrders = await database.db.select().from(orders).where(eq(orders.userId, me.id));
    expect(myOrders).toHaveLength(1);
    expect(myOrders[0]!.totalAmount).toBe(2000 + 529);
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, myOrders[0]!.id));
    expect(items.map((i) => [i.productId, i.quantity, i.unitPrice])).toEqual([[mine.id, 1, 2000]]);
    expect(await database.db.$count(orders, eq(orders.userId, victim.id))).toBe(0);
    expect(await fx.stock(hidden.variantId)).toBe(5);
    expect(await fx.stock(mine.variantId)).toBe(4);
  });

  it("sends refusals back to the cart with a code the cart can show", async () => {
    const me = await signIn();
    expect(await checkoutAs(me)).toBe("/cart?checkoutError=empty_cart");
    const hidden = await fx.product({ isVisible: false, name: "Secret Box" });
    await fx.cart(me.id, [{ variantId: hidden.variantId, quantity: 1 }]);
    expect(await checkoutAs(me)).toBe("/cart?checkoutError=unavailable&item=Secret+Box");
    const limited = await fx.product({ limitPerCustomer: 1, name: "Limited ETB" });
    await fx.cart(me.id, [{ variantId: limited.variantId, quantity: 3 }]);
    expect(await checkoutAs(me)).toBe("/cart?checkoutError=limit_exceeded&item=Limited+ETB");
    const scarce = await fx.product({ stock: 1, name: "Last One" });
    await fx.cart(me.id, [{ variantId: scarce.variantId, quantity: 2 }]);
    expect(await checkoutAs(me)).toBe("/cart?checkoutError=out_of_stock&item=Last+One");
    await fx.cart(me.id, [{ variantId: scarce.variantId, quantity: 1 }]);
    expect(await checkoutAs(me, { couponCode: "x".repeat(200) })).toBe("/cart?checkoutError=invalid_coupon");
    expect(await checkoutAs(me, { couponCode: "NOSUCHCODE" })).toBe("/cart?checkoutError=invalid_coupon");
  });
});

describe("sandbox page, success page and cancel", () => {
  async function started() {
    const me = await signIn();
    const product = await fx.product({ price: 1500, stock: 4 });
    await fx.cart(me.id, [{ variantId: product.variantId, quantity: 2 }]);
    const location = await checkoutAs(me);
    const sessionId = location.split("/").pop()!;
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, me.id));
    return { me, product, sessionId, order: order! };
  }

  it("shows the session only to its customer; pays with 4242; the success page shows the order", async () => {
    const { me, product, sessionId, order } = await started();
    const page = await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`, me.cookie), { sessionId });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: { state: "open", amount: 3529, amountLabel: "£35.29" } });

    const stranger = await signIn();
    expect((await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`, stranger.cookie), { sessionId })).status).toBe(404);
    const anonymous = await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`), { sessionId });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login?redirectTo=");
    expect((await call(sandboxLoader, get("/sandbox/checkout/not-an-id", me.cookie), { sessionId: "not-an-id" })).status).toBe(404);
    expect((await call(sandboxAction, post(`/sandbox/checkout/${sessionId}`, { cardNumber: "4242424242424242" }, stranger.cookie), { sessionId })).status).toBe(404);

    const bad = await call(sandboxAction, post(`/sandbox/checkout/${sessionId}`, { cardNumber: "1234" }, me.cookie), { sessionId });
    expect(bad).toMatchObject({ status: 400, body: { cardNumber: "1234", declined: false } });

    const paid = await call(sandboxAction, post(`/sandbox/checkout/${sessionId}`, { cardNumber: "4242 4242 4242 4242" }, me.cookie), { sessionId });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`https://shop.test/order/success?session_id=${sessionId}`);
    expect(await fx.stock(product.variantId)).toBe(2);
    expect(await database.db.$count(cartItems, eq(cartItems.userId, me.id))).toBe(0);

    const success = await call(successLoader, get(`/order/success?session_id=${sessionId}`, me.cookie));
    expect(success).toMatchObject({ status: 200, body: { orderId: order.id, state: "completed", email: me.email } });
    // Someone else's session id, an unknown one or none at all: home.
    for (const [path, cookie] of [
      [`/order/success?session_id=${sessionId}`, stranger.cookie],
      ["/order/success?session_id=cs_sbx_000000000000000000000000", me.cookie],
      ["/order/success", me.cookie],
      ["/order/success?session_id=", me.cookie],
      ["/order/success?session_id=%3Cscript%3E", me.cookie],
    ] as const) {
      const res = await call(successLoader, get(path, cookie));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe("/");
    }
    // Signed out with a session id: sign in first, then back here.
    const signedOut = await call(successLoader, get(`/order/success?session_id=${sessionId}`));
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/order/success?session_id=${sessionId}`)}`);
  });

  it("sends a signed-out visitor with an id that matches no order home, not to /login (spec §4, issue 12 finding 11)", async () => {
    for (const path of ["/order/success?session_id=cs_sbx_000000000000000000000000", "/order/success?session_id=cs_test_unknown123", "/order/success"]) {
      const res = await call(successLoader, get(path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe("/");
    }
  });

  it("a declined card answers 402 and fulfils nothing", async () => {
    const { me, product, sessionId, order } = await started();
    const res = await call(sandboxAction, post(`/sandbox/checkout/${sessionId}`, { cardNumber: "4000 0000 0000 0002" }, me.cookie), { sessionId });
    expect(res).toMatchObject({ status: 402, body: { message: "Your card was declined.", declined: true } });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("failed");
    expect(await fx.stock(product.variantId)).toBe(4);
    const page = await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`, me.cookie), { sessionId });
    expect(page.body).toMatchObject({ page: { state: "declined" } });
  });

  it("the Cancel link releases the customer's own checkout only, then shows the cart", async () => {
    const { me, product, sessionId, order } = await started();
    const cancelPath = `/checkout/cancel?order=${order.id}&token=${order.cancelToken}`;
    // The payment page's cancel URL is exactly this one.
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(session!.cancelUrl).toBe(`https://shop.test${cancelPath}`);

    const stranger = await signIn();
    const theirs = await call(cancelLoader, get(cancelPath, stranger.cookie));
    expect(theirs.headers.get("Location")).toBe("/cart");
    expect(await fx.stock(product.variantId)).toBe(2);

    const mine = await call(cancelLoader, get(cancelPath, me.cookie));
    expect(mine.headers.get("Location")).toBe("/cart?checkoutError=cancelled");
    expect(await fx.stock(product.variantId)).toBe(4);
    const page = await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`, me.cookie), { sessionId });
    expect(page.body).toMatchObject({ page: { state: "cancelled" } });
    expect((await call(cancelLoader, get("/checkout/cancel?order=abc", me.cookie))).status).toBe(302);
  });

  it("a cross-site link with the order number but without its cancel token changes nothing", async () => {
    const { me, product, sessionId, order } = await started();
    const other = await started();
    const forged = [
      `/checkout/cancel?order=${order.id}`,
      `/checkout/cancel?order=${order.id}&token=`,
      `/checkout/cancel?order=${order.id}&token=AAAAAAAAAAAAAAAAAAAAAA`,
      `/checkout/cancel?order=${order.id}&token=${order.cancelToken!.slice(0, 21)}`,
      `/checkout/cancel?order=${order.id}&token=${order.cancelToken}x`,
      // One character off.
      `/checkout/cancel?order=${order.id}&token=${order.cancelToken!.slice(0, 21)}${order.cancelToken!.endsWith("A") ? "B" : "A"}`,
      // Another order's valid token is not this order's.
      `/checkout/cancel?order=${order.id}&token=${other.order.cancelToken}`,
      `/checkout/cancel?order=${order.id}&token=%27%20OR%201%3D1--`,
    ];
    for (const path of forged) {
      const res = await call(cancelLoader, get(path, me.cookie));
      expect(res.status, path).toBe(302);
      // Just the cart, with no "cancelled" message: nothing was cancelled.
      expect(res.headers.get("Location"), path).toBe("/cart");
    }
    expect(await fx.stock(product.variantId)).toBe(2);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending");
    const page = await call(sandboxLoader, get(`/sandbox/checkout/${sessionId}`, me.cookie), { sessionId });
    expect(page.body).toMatchObject({ page: { state: "open" } });
    // The real link still works afterwards.
    const real = await call(cancelLoader, get(`/checkout/cancel?order=${order.id}&token=${order.cancelToken}`, me.cookie));
    expect(real.headers.get("Location")).toBe("/cart?checkoutError=cancelled");
    expect(await fx.stock(product.variantId)).toBe(4);
  });

  it("every order gets its own token; signed out, the link asks for a sign-in and comes back with the token", async () => {
    const { order } = await started();
    const second = await started();
    expect(order.cancelToken).not.toBe(second.order.cancelToken);
    const path = `/checkout/cancel?order=${order.id}&token=${order.cancelToken}`;
    const signedOut = await call(cancelLoader, get(path));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});
