import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buylistSubmissions, cards, cardSets, drops, profiles } from "~/db/schema";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { PHOTO_UPLOAD_RATE_LIMIT } from "~/modules/buylist/photos.server";
import { SUBMISSION_RATE_LIMIT } from "~/modules/buylist/submissions.server";
import { ERASURE_ATTEMPTS, RESET_REQUEST_LIMITS, SIGN_IN_LIMITS, TWO_FACTOR_LIMITS, VERIFY_RESEND_LIMITS } from "~/modules/accounts/policy";
import { totpCodeAt } from "~/modules/accounts/totp.server";
import { confirmEnrolment, enrolmentDetails, startEnrolment } from "~/modules/accounts/two-factor.server";
import { consumeRateLimit, rateLimitKey } from "~/modules/accounts/rate-limit.server";
import { COUPON_ATTEMPT_LIMITS } from "~/modules/pricing/coupon-attempts.server";
import { JOIN_ATTEMPTS_PER_ADDRESS } from "~/modules/drops/room.server";
import { WHOLESALE_RATE_LIMIT } from "~/modules/wholesale/applications.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, GOOD_PASSWORD, uniqueEmail } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";

/**
 * Issue 12, finding 8: "the login 429 has no Retry-After". The action set it, but React Router
 * passes an action's headers to a whole-page answer (a form posted without JavaScript) only
 * through the route's `headers` export. Every page that can answer 429 is asked here the way
 * a browser without JavaScript asks, through the real server.
 */
let database: TestDatabase;
let app: RunningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // The demo catalogue (with its price guide) for the sell list; seeded while the shop is empty.
  await seedDemoCatalogue(database.db);
  if (hasBuild) app = await startApp(database.db, { TRUST_PROXY: "1", ADMIN_EMAILS: "" });
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let n = 0;
const address = () => `203.0.113.${++n}`;

function post(path: string, fields: Record<string, string>, client: string, cookie?: string) {
  return fetch(app.base + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: app.base, "X-Forwarded-For": client, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

async function use(key: string, rule: { limit: number; windowMs: number }) {
  for (let i = 0; i < rule.limit; i++) await consumeRateLimit(database.db, key, rule);
}

function expectRetryAfter(res: Response, maxSeconds: number) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}

describe.runIf(hasBuild)("every 429 page carries Retry-After", () => {
  it("login: an address past its limit, and the challenge page says what to do without JavaScript", async () => {
    const { email } = await createUser(database.db);
    const client = address();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress.limit; i++) {
      expect((await post("/login", { email, password: `wrong-${i}-wrong` }, client)).status).toBe(401);
    }
    const res = await post("/login", { email, password: GOOD_PASSWORD }, client);
    expectRetryAfter(res, SIGN_IN_LIMITS.perAccountAddress.windowMs / 1000);
    const html = await res.text();
    expect(html).toContain("quick check that you are not a robot");
    expect(html).toMatch(/<noscript>.*This check needs JavaScript, which is turned off in your browser\./s);
  });

  it("login as a data request (the form with JavaScript)", async () => {
    const { email } = await createUser(database.db);
    const client = address();
    await use(rateLimitKey("signin:ip", client), SIGN_IN_LIMITS.perAddress);
    const res = await post("/login.data", { email, password: GOOD_PASSWORD }, client);
    expectRetryAfter(res, SIGN_IN_LIMITS.perAddress.windowMs / 1000);
  });

  it("register", async () => {
    const client = address();
    await use(rateLimitKey("signup:ip", client), { limit: 10, windowMs: 3_600_000 });
    const res = await post("/register", { fullName: "Late Joiner", email: uniqueEmail(), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, client);
    expectRetryAfter(res, 3600);
  });

  it("forgot password", async () => {
    const client = address();
    await use(rateLimitKey("reset:ip", client), RESET_REQUEST_LIMITS.perAddress);
    expectRetryAfter(await post("/forgot-password", { email: uniqueEmail() }, client), 3600);
  });

  it("wholesale", async () => {
    const client = address();
    await use(rateLimitKey("wholesale-ip", client), WHOLESALE_RATE_LIMIT);
    const res = await post(
      "/wholesale",
      {
        email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
        contact_name: "Sam Buyer",
        platform_username: "discord: sambuyer",
        contact_number: "07700 900123",
        billing_address: "1 High Street, London SW1A 1AA",
        company_type: "sole_trader",
      },
      client,
    );
    expectRetryAfter(res, 3600);
  });

  it("the cart after too many coupon codes", async () => {
    const user = await createUser(database.db);
    await database.db.update(profiles).set({ addressLine1: "1 Pallet Road", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" }).where(eq(profiles.id, user.id));
    const product = await checkoutFixtures(database.db).product({ price: 1200, stock: 5 });
    const client = address();
    const login = await post("/login", { email: user.email, password: user.password }, client);
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    await post("/cart", { intent: "add", variantId: String(product.variantId), quantity: "1" }, client, cookie);
    await use(rateLimitKey("coupon:customer", user.id), COUPON_ATTEMPT_LIMITS.perCustomer);

    const checkout = await post("/checkout", { couponCode: "ONE-MORE-GUESS" }, client, cookie);
    expect(checkout.status).toBe(302);
    const cart = await fetch(app.base + checkout.headers.get("Location")!, { headers: { Cookie: cookie, "X-Forwarded-For": client } });
    expectRetryAfter(cart, 15 * 60);
    expect(await cart.text()).toContain("Too many coupon codes have been tried.");
  });

  /** Signs in through the real server and returns the session cookie ("name=value"). */
  async function signedIn(email: string, password: string, client: string): Promise<string> {
    const res = await post("/login", { email, password }, client);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("nm_session="));
    if (!cookie) throw new Error(`no session: ${res.status}`);
    return cookie.split(";")[0]!;
  }

  it("verify email: asking for the link again too often", async () => {
    const user = await createUser(database.db);
    const client = address();
    const cookie = await signedIn(user.email, user.password, client);
    await use(rateLimitKey("verify-resend:account", user.id), VERIFY_RESEND_LIMITS.perAccount);
    expectRetryAfter(await post("/verify-email", { intent: "resend" }, client, cookie), 3600);
  });

  it("your data: too many password confirmations before erasure", async () => {
    const user = await createUser(database.db);
    const client = address();
    const cookie = await signedIn(user.email, user.password, client);
    await use(rateLimitKey("erase:account", user.id), ERASURE_ATTEMPTS);
    expectRetryAfter(await post("/account/data", { intent: "erase", password: user.password }, client, cookie), ERASURE_ATTEMPTS.windowMs / 1000);
  });

  it("two-factor: too many codes, on the account page and at sign-in", async () => {
    const user = await createUser(database.db);
    const client = address();
    const cookie = await signedIn(user.email, user.password, client);
    await post("/account/two-factor", { intent: "start" }, client, cookie);
    await use(rateLimitKey("2fa:account", user.id), TWO_FACTOR_LIMITS.perAccount);
    expectRetryAfter(await post("/account/two-factor", { intent: "confirm", code: "000000" }, client, cookie), TWO_FACTOR_LIMITS.perAccount.windowMs / 1000);

    // Turned on (its code from the step before, so now's is free), then signing in again.
    const other = await createUser(database.db);
    const options = { encryptionKey: null };
    await startEnrolment(database.db, other.id, options);
    const details = await enrolmentDetails(database.db, other.id, { ...options, issuer: "Nearmint" });
    const confirmed = await confirmEnrolment(database.db, other.id, { code: totpCodeAt(details!.secret, new Date(Date.now() - 30_000)) }, options);
    expect(confirmed.ok).toBe(true);
    const login = await post("/login", { email: other.email, password: other.password }, client);
    const pending = login.headers.getSetCookie().find((c) => c.startsWith("nm_2fa_pending="))!.split(";")[0]!;
    await use(rateLimitKey("2fa:account", other.id), TWO_FACTOR_LIMITS.perAccount);
    const atSignIn = await post("/login/two-factor", { code: "000000" }, client, pending);
    expectRetryAfter(atSignIn, TWO_FACTOR_LIMITS.perAccount.windowMs / 1000);
    // The way on without waiting (security review): the check, and what to do without JavaScript.
    const html = await atSignIn.text();
    expect(html).toContain("we need a quick check that you are not a robot");
    expect(html).toMatch(/<noscript>.*This check needs JavaScript, which is turned off in your browser\./s);
  });

  it("sell list: a valid list past the hourly submissions, and a photo upload past the hourly uploads", async () => {
    const [charizard] = await database.db
      .select({ id: cards.id })
      .from(cards)
      .innerJoin(cardSets, eq(cardSets.id, cards.setId))
      .where(and(eq(cardSets.code, "base1"), eq(cards.localNumber, "4")));
    const user = await createUser(database.db);
    const client = address();
    const login = await post("/login", { email: user.email, password: user.password }, client);
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    const list = { intent: "submit", lines: "1", "line-0-card": String(charizard!.id), "line-0-printing": "holo", "line-0-condition": "nm", "line-0-quantity": "1", payout: "cash", note: "" };
    // A list sent back to be fixed is not counted.
    expect((await post("/sell-cards/list", { ...list, "line-0-quantity": "0" }, client, cookie)).status).toBe(400);
    await use(`buylist-submit:${user.id}`, SUBMISSION_RATE_LIMIT);
    const res = await post("/sell-cards/list", list, client, cookie);
    expectRetryAfter(res, 3600);
    expect(await res.text()).toMatch(/Please wait \d+ minutes? before sending another/);

    const [sellList] = await database.db.insert(buylistSubmissions).values({ userId: user.id, offerCash: 100, offerCredit: 120 }).returning({ id: buylistSubmissions.id });
    await use(`buylist-photos:${user.id}`, PHOTO_UPLOAD_RATE_LIMIT);
    const body = new FormData();
    body.append("intent", "photos");
    body.append("photos", new File([new Uint8Array([0xff, 0xd8, 0xff])], "front.jpg", { type: "image/jpeg" }));
    const upload = await fetch(`${app.base}/account/sell-lists/${sellList!.id}`, { method: "POST", body, headers: { Origin: app.base, "X-Forwarded-For": client, Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    expectRetryAfter(upload, 3600);
    expect(await upload.text()).toContain("uploaded a lot of photos");
  });

  it("a drop's page: too many attempts to join from one connection", async () => {
    const fx = checkoutFixtures(database.db);
    const product = await fx.product();
    const [drop] = await database.db
      .insert(drops)
      .values({ productId: product.id, mode: "queue", opensAt: new Date(Date.now() - 60_000), startsAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: drops.id });
    const user = await createUser(database.db, { verified: true });
    const client = address();
    const login = await post("/login", { email: user.email, password: user.password }, client);
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    await use(rateLimitKey("drop-join:address", `${user.id}|${client}`), JOIN_ATTEMPTS_PER_ADDRESS);
    const res = await post(`/drops/${drop!.id}`, { altcha: "" }, client, cookie);
    expectRetryAfter(res, 600);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
