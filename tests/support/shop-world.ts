import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { eq, sql } from "drizzle-orm";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { categories, coupons, languages, orders, preorders, profiles, stockAlerts, subscriptions, wholesaleApplications } from "~/db/schema";
import { createSession } from "~/modules/accounts/sessions.server";
import { createUser } from "./accounts";
import { checkoutFixtures } from "./checkout-fixtures";
import type { RunningApp } from "./http-app";
import { arrangeSellList } from "./buylist-world";

/**
 * A small shop with one of everything a route can be asked about, arranged through the real
 * HTTP stack where the shop itself makes the object (checkout, sandbox payments, Pro sign-up,
 * wholesale form), so the ids are the shop's own: used by the authorization matrix and the
 * form fuzzer (tests/integration/authorization-matrix.test.ts, fuzz-forms.test.ts).
 */
export const ADMIN_EMAIL = "boss@matrix.test";
export const ADMIN_EMAILS = `${ADMIN_EMAIL},unverified-boss@matrix.test`;
/** Listed in ADMIN_EMAILS but registered by whoever typed it first: finding 1 of issue 12. */
export const UNVERIFIED_ADMIN_EMAIL = "unverified-boss@matrix.test";
export const PAYING_CARD = "4242424242424242";

export type Actor = "guest" | "customer" | "other" | "pro" | "admin";
export const ACTORS: readonly Actor[] = ["guest", "customer", "other", "pro", "admin"];

export interface Answer {
  status: number;
  /** Location as the shop wrote it (null when none). */
  location: string | null;
  /** X-Remix-Redirect of a React Router .data redirect (null when none). */
  dataRedirect: string | null;
  /** The Content-Type and Cache-Control headers (null when absent). */
  contentType: string | null;
  cacheControl: string | null;
  body: string;
}

export interface ShopWorld {
  cookies: Record<Actor, string | null>;
  userIds: Record<Exclude<Actor, "guest">, string>;
  ids: {
    productSlug: string;
    productId: number;
    /** The product's one variant (what carts hold) and the hidden product's. */
    variantId: number;
    hiddenVariantId: number;
    hiddenProductSlug: string;
    categorySlug: string;
    languageSlug: string;
    categoryId: number;
    languageId: number;
    /** Customer A's paid order and the session that paid it. */
    paidOrderId: number;
    paidSessionId: string;
    /** Customer A's pending order, its open sandbox checkout session and its cancel token. */
    pendingOrderId: number;
    openSessionId: string;
    cancelToken: string;
    /** Customer A's open (unpaid) Pro sign-up session. */
    signupSessionId: string;
    /** The Pro member's billing portal session and subscription. */
    portalId: string;
    proSubscriptionId: string;
    /** A pending wholesale application. */
    applicationId: string;
    /** A coupon (for the admin coupon pages). */
    couponCode: string;
    /** A verified customer no actor is: the admin customer pages may change their role. */
    bystanderId: string;
    /** Customer A's sell list (submitted, one line): its id, for the customer's pages. */
    sellListId: number;
    /** The same sell list with its line and card: the buylist back office's pages. */
    sellList: { submissionId: number; lineId: number; cardId: number };
    /** A variant on pre-order (its product released in 2030, no stock left), its product, and customer B's availability alert's unsubscribe token. */
    preorderVariantId: number;
    preorderProductId: number;
    preorderProductSlug: string;
    alertToken: string;
  };
}

/**
 * One request on its own connection (node:http, no keep-alive), so one request's leftovers
 * cannot disturb the next: see "a request body the action never read" in fuzz-forms.test.ts.
 */
export function makeClient(app: RunningApp) {
  return function send(
    method: "GET" | "POST",
    path: string,
    options: { cookie?: string | null; form?: string | URLSearchParams; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.Cookie = options.cookie;
    let body: Buffer | undefined;
    if (method === "POST") {
      headers.Origin ??= app.base;
      headers["Content-Type"] ??= "application/x-www-form-urlencoded;charset=UTF-8";
      body = Buffer.from(typeof options.form === "string" ? options.form : (options.form ?? new URLSearchParams()).toString());
      headers["Content-Length"] = String(body.length);
    }
    const url = new URL(app.base);
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers, agent: false }, (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("error", reject);
        res.on("end", () => {
          const header = (name: string) => {
            const value = res.headers[name];
            return typeof value === "string" ? value : null;
          };
          resolve({
            status: res.statusCode!,
            location: header("location"),
            dataRedirect: header("x-remix-redirect"),
            contentType: header("content-type"),
            cacheControl: header("cache-control"),
            body: text,
          });
        });
      });
      // The server may answer and close before reading a whole body: the answer is what counts.
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      req.on("close", () => {
        if (!answered) reject(new Error(`${method} ${path}: the connection closed without an answer`));
      });
      req.end(body);
    });
  };
}

/** A session cookie for a user, made directly (sign-in itself is one of the matrix's routes). */
export async function cookieFor(db: Db, userId: string): Promise<string> {
  const session = await createSession(db, userId, { persistent: false });
  return `${SESSION_COOKIE}=${session.token}`;
}

function idFrom(location: string | null, pattern: RegExp): string {
  const match = location ? pattern.exec(location) : null;
  if (!match) throw new Error(`expected a location matching ${pattern}, got ${location}`);
  return match[1]!;
}

export async function buildShopWorld(db: Db, app: RunningApp): Promise<ShopWorld> {
  const send = makeClient(app);
  const fx = checkoutFixtures(db);
  const product = await fx.product({ price: 1500, stock: 500 });
  const hidden = await fx.product({ isVisible: false });
  const [category] = await db.select().from(categories).where(eq(categories.id, product.categoryId));
  const [language] = await db.select().from(languages).where(eq(languages.id, category!.languageId));

  const address = { addressLine1: "1 Pallet Road", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" };
  async function person(email?: string) {
    const user = await createUser(db, { email, adminEmails: new Set([ADMIN_EMAIL]) });
    await db.update(profiles).set(address).where(eq(profiles.id, user.id));
    return { ...user, cookie: await cookieFor(db, user.id) };
  }
  const a = await person();
  const b = await person();
  const pro = await person();
  const admin = await person(ADMIN_EMAIL);

  // A's paid order: checkout, pay on the sandbox page, land on the success page (which fulfils).
  await fx.cart(a.id, [{ variantId: product.variantId, quantity: 1 }]);
  const paidCheckout = await send("POST", "/checkout", { cookie: a.cookie });
  const paidSessionId = idFrom(paidCheckout.location, /\/sandbox\/checkout\/(cs_sbx_[a-f0-9]{24})$/);
  const paid = await send("POST", `/sandbox/checkout/${paidSessionId}`, { cookie: a.cookie, form: new URLSearchParams({ cardNumber: PAYING_CARD }) });
  if (paid.status !== 302) throw new Error(`sandbox payment answered ${paid.status}`);
  const success = await send("GET", new URL(paid.location!, app.base).pathname + new URL(paid.location!, app.base).search, { cookie: a.cookie });
  if (success.status !== 200) throw new Error(`success page answered ${success.status}`);

  // A's pending order with its open sandbox session (a customer has one pending order at most).
  await fx.cart(a.id, [{ variantId: product.variantId, quantity: 1 }]);
  const started = await send("POST", "/checkout", { cookie: a.cookie });
  const openSessionId = idFrom(started.location, /\/sandbox\/checkout\/(cs_sbx_[a-f0-9]{24})$/);
  const aOrders = await db.select().from(orders).where(eq(orders.userId, a.id)).orderBy(orders.id);
  const [paidOrder, pendingOrder] = aOrders;
  if (aOrders.length !== 2 || paidOrder!.status !== "completed" || pendingOrder!.status !== "pending" || !pendingOrder!.cancelToken) {
    throw new Error(`unexpected orders for A: ${JSON.stringify(aOrders.map((o) => o.status))}`);
  }

  // A's open Pro sign-up session.
  const attempt = () => new URLSearchParams({ intent: "subscribe", plan: "monthly", attempt: randomUUID() });
  const signup = await send("POST", "/pro", { cookie: a.cookie, form: attempt() });
  const signupSessionId = idFrom(signup.location, /\/sandbox\/subscription\/(cs_sbx_[a-f0-9]{24})$/);

  // The Pro member: signs up and pays, then opens the billing portal.
  const proSignup = await send("POST", "/pro", { cookie: pro.cookie, form: attempt() });
  const proSessionId = idFrom(proSignup.location, /\/sandbox\/subscription\/(cs_sbx_[a-f0-9]{24})$/);
  const proPaid = await send("POST", `/sandbox/subscription/${proSessionId}`, { cookie: pro.cookie, form: new URLSearchParams({ cardNumber: PAYING_CARD }) });
  if (proPaid.status !== 302) throw new Error(`Pro payment answered ${proPaid.status}`);
  const portal = await send("POST", "/pro", { cookie: pro.cookie, form: new URLSearchParams({ intent: "manage" }) });
  const portalId = idFrom(portal.location, /\/sandbox\/portal\/((?:cs|bps)_sbx_[a-f0-9]{24})$/);
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, pro.id));
  if (!subscription?.providerSubscriptionId) throw new Error("the Pro member has no provider subscription id");

  // A pending wholesale application, sent through the form.
  const applied = await send("POST", "/wholesale", {
    form: new URLSearchParams({
      email: "trader@matrix.test",
      contact_name: "Misty Waterflower",
      platform_username: "misty-cards",
      contact_number: "07700 900123",
      billing_address: "2 Cerulean Street, Leeds LS2 2BB",
      delivery_address: "2 Cerulean Street, Leeds LS2 2BB",
      company_type: "sole_trader",
      company_name: "Cerulean Cards",
      company_number: "",
      additional_info: "",
    }),
  });
  if (applied.status !== 200) throw new Error(`wholesale form answered ${applied.status}: ${applied.body.slice(0, 200)}`);
  const [application] = await db.select({ id: wholesaleApplications.id }).from(wholesaleApplications).where(sql`${wholesaleApplications.email} = 'trader@matrix.test'`);

  const couponCode = "MATRIX10";
  await db.insert(coupons).values({ code: couponCode, percentOff: 10, note: "Arranged by the shop world" });
  const bystander = await createUser(db, { verified: true });
  const sellList = await arrangeSellList(db, a.id);
  const upcoming = await fx.product({ price: 2500, stock: 0, releaseDate: "2030-01-01" });
  await db.insert(preorders).values({ variantId: upcoming.variantId, allocation: 0 });
  const alertToken = randomUUID().replace(/-/g, "");
  await db.insert(stockAlerts).values({ userId: b.id, productId: upcoming.id, token: alertToken });

  return {
    cookies: { guest: null, customer: a.cookie, other: b.cookie, pro: pro.cookie, admin: admin.cookie },
    userIds: { customer: a.id, other: b.id, pro: pro.id, admin: admin.id },
    ids: {
      productSlug: product.slug,
      productId: product.id,
      variantId: product.variantId,
      hiddenVariantId: hidden.variantId,
      hiddenProductSlug: hidden.slug,
      categorySlug: category!.slug,
      languageSlug: language!.slug,
      categoryId: category!.id,
      languageId: language!.id,
      paidOrderId: paidOrder!.id,
      paidSessionId,
      pendingOrderId: pendingOrder!.id,
      openSessionId,
      cancelToken: pendingOrder!.cancelToken!,
      signupSessionId,
      portalId,
      proSubscriptionId: subscription.providerSubscriptionId,
      applicationId: application!.id,
      couponCode,
      bystanderId: bystander.id,
      sellListId: sellList.submissionId,
      sellList,
      preorderVariantId: upcoming.variantId,
      preorderProductId: upcoming.id,
      preorderProductSlug: upcoming.slug,
      alertToken,
    },
  };
}
