import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, profiles, sessions, subscriptions, users } from "~/db/schema";
import { hashToken } from "~/modules/accounts/tokens.server";
import { INVALID_CREDENTIALS } from "~/modules/accounts/users.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { loader as outboxLoader } from "~/routes/admin-outbox";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";

import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import { getCurrentUser } from "~/web/auth.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, formRequest, GOOD_PASSWORD, settle, testContext, uniqueEmail } from "../support/accounts";
import { insertOrder } from "../support/orders";

/**
 * The accounts routes driven with crafted requests, as an attacker would send them: the
 * server must hold every rule whatever the form contains.
 */
let database: TestDatabase;
let context: ReturnType<typeof testContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

// Route functions take React Router's args; these tests pass only what the routes read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  settle(async () => fn({ request, params, context }));

async function login(email: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return call(loginAction, formRequest("/login", { email, password, ...extra }, headers));
}

/** Paths that only become "//evil.com" (another host) once normalised: the security review's repro. */
const DOT_SEGMENT_REDIRECTS = ["/.//evil.com", "/..//evil.com", "/a/..//evil.com", "/%2e%2e//evil.com", "/%2F%2Fevil.com", "/.\\evil.com"];

function cookieToken(setCookie: string | null): string {
  const match = setCookie?.match(/nm_session=([^;]*)/);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return match[1]!;
}

function withCookie(path: string, token: string, init: RequestInit = {}) {
  return new Request(`https://shop.test${path}`, { ...init, headers: { ...(init.headers as object), Cookie: `other=1; nm_session=${token}` } });
}

async function signedIn(email: string, password = GOOD_PASSWORD) {
  const res = await login(email, password);
  expect(res.status).toBe(302);
  return cookieToken(res.headers.get("Set-Cookie"));
}

describe("register route", () => {
  it("ignores a role (or any other extra field) in the post", async () => {
    const email = uniqueEmail("sneaky");
    const res = await call(
      registerAction,
      formRequest("/register", { fullName: "Sneaky Pete", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, role: "admin", isAdmin: "true", premiumStatus: "true" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?registered=true");
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user!.role).toBe("customer");
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile!.premiumStatus).toBe(false);
  });

  it("answers mismatched passwords with 400, the spec's message, and keeps name and email", async () => {
    const email = uniqueEmail();
    const res = await call(registerAction, formRequest("/register", { fullName: "Brock", email, password: GOOD_PASSWORD, confirmPassword: "something-else" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { confirmPassword: "Passwords do not match" }, values: { fullName: "Brock", email } });
    expect(JSON.stringify(res.body)).not.toContain(GOOD_PASSWORD);
  });

  it("reports every problem at once, mismatch included", async () => {
    const res = await call(registerAction, formRequest("/register", { fullName: "", email: "not-an-email", password: "abc", confirmPassword: "abd" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errors: { fullName: "Full name is required", email: "Please enter a valid email address", confirmPassword: "Passwords do not match" },
    });
  });

  it("refuses a short password with the hint's words, and an empty post without a 500", async () => {
    const res = await call(registerAction, formRequest("/register", { fullName: "Ash", email: uniqueEmail(), password: "Ab3$xyz", confirmPassword: "Ab3$xyz" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Password should be at least 8 characters" });
    const empty = await call(registerAction, formRequest("/register", {}));
    expect(empty.status).toBe(400);
  });

  it("says 409 for an email that already has an account", async () => {
    const { email } = await createUser(database.db);
    const res = await call(registerAction, formRequest("/register", { fullName: "Again", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }));
    expect(res.status).toBe(409);
  });
});

describe("register route: sign-ups per address", () => {
  function signUp(fields: { fullName: string; email: string }, ip: string, ctx = context) {
    const request = formRequest("/register", { ...fields, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, { [CLIENT_IP_HEADER]: ip });
    return settle(async () => registerAction({ request, params: {}, context: ctx } as AnyArgs));
  }

  it("refuses the 11th sign-up from one address within the hour with 429, keeping name and email; another address still signs up", async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await signUp({ fullName: `Gym Leader ${i}`, email: uniqueEmail("bulk") }, "203.0.113.77");
      expect(res.status).toBe(302);
    }
    const email = uniqueEmail("eleventh");
    const refused = await signUp({ fullName: "Eleventh Trainer", email }, "203.0.113.77");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: "Too many sign-ups from your network. Please try again later.",
      values: { fullName: "Eleventh Trainer", email },
    });
    expect(JSON.stringify(refused.body)).not.toContain(GOOD_PASSWORD);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await database.db.$count(users, eq(users.email, email))).toBe(0);

    const elsewhere = await signUp({ fullName: "Eleventh Trainer", email }, "203.0.113.78");
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("Location")).toBe("/login?registered=true");
    expect(await database.db.$count(users, eq(users.email, email))).toBe(1);
  });

  it("takes the number per hour from SIGN_UPS_PER_ADDRESS_PER_HOUR", async () => {
    const strict = testContext(database.db, { SIGN_UPS_PER_ADDRESS_PER_HOUR: "1" });
    expect((await signUp({ fullName: "First", email: uniqueEmail() }, "203.0.113.79", strict)).status).toBe(302);
    expect((await signUp({ fullName: "Second", email: uniqueEmail() }, "203.0.113.79", strict)).status).toBe(429);
  });
});

describe("login route", () => {
  it("sets an HttpOnly, SameSite=Lax, Secure browser-session cookie without remember-me", async () => {
    const { email } = await createUser(database.db);
    const res = await login(email, GOOD_PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account");
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^nm_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Secure");
    expect(cookie).not.toMatch(/Max-Age|Expires/);
  });

  it("keeps a remember-me cookie for 30 days", async () => {
    const { email } = await createUser(database.db);
    const res = await login(email, GOOD_PASSWORD, { remember: "on" });
    const cookie = res.headers.get("Set-Cookie")!;
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(cookieToken(cookie))));
    expect(row!.persistent).toBe(true);
  });

  it("leaves Secure off when the shop is served over plain http", async () => {
    const { email } = await createUser(database.db);
    const plain = testContext(database.db, { PUBLIC_URL: "http://localhost:3000" });
    const res = await settle(async () => loginAction({ request: formRequest("/login", { email, password: GOOD_PASSWORD }), params: {}, context: plain } as AnyArgs));
    expect(res.headers.get("Set-Cookie")).not.toContain("Secure");
  });

  it("goes back to the protected page, and never to another site", async () => {
    const { email } = await createUser(database.db);
    const back = await login(email, GOOD_PASSWORD, { redirectTo: "/cart?from=checkout" });
    expect(back.headers.get("Location")).toBe("/cart?from=checkout");
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", ...DOT_SEGMENT_REDIRECTS]) {
      const res = await login(email, GOOD_PASSWORD, { redirectTo: evil });
      expect(res.headers.get("Location"), evil).toBe("/account");
    }
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const { email } = await createUser(database.db);
    const wrong = await login(email, "wrong-password-1", {}, { [CLIENT_IP_HEADER]: "203.0.113.50" });
    const unknown = await login(uniqueEmail("ghost"), "wrong-password-1", {}, { [CLIENT_IP_HEADER]: "203.0.113.50" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ errors: {}, message: INVALID_CREDENTIALS, values: { email, remember: false } });
    expect(unknown.body).toMatchObject({ message: INVALID_CREDENTIALS });
  });

  it("answers 429 with Retry-After to the address guessing an account, and lets the owner in from theirs", async () => {
    const { email } = await createUser(database.db);
    const guesser = { [CLIENT_IP_HEADER]: "203.0.113.60" };
    for (let i = 0; i < 5; i++) expect((await login(email, `nope-${i}-nope`, {}, guesser)).status).toBe(401);
    const res = await login(email, GOOD_PASSWORD, {}, guesser);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.headers.get("Set-Cookie")).toBeNull();

    const owner = await login(email, GOOD_PASSWORD, {}, { [CLIENT_IP_HEADER]: "203.0.113.61" });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Set-Cookie")).toContain("nm_session=");
  });

  it("rotates: signing in again with an old cookie ends the old session", async () => {
    const { email } = await createUser(database.db);
    const first = await signedIn(email);
    const res = await login(email, GOOD_PASSWORD, {}, { Cookie: `nm_session=${first}` });
    const second = cookieToken(res.headers.get("Set-Cookie"));
    expect(second).not.toBe(first);
    expect(await getCurrentUser(withCookie("/", first), context)).toBeNull();
    expect((await getCurrentUser(withCookie("/", second), context))?.email).toBe(email);
  });

  it("sends a signed-in visitor on from /login", async () => {
    const { email } = await createUser(database.db);
    const token = await signedIn(email);
    const res = await call(loginLoader, withCookie("/login?redirectTo=%2Fcart", token));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
  });

  it("never sends a signed-in visitor from /login to another site, however the path is spelt", async () => {
    const { email } = await createUser(database.db);
    const token = await signedIn(email);
    for (const evil of DOT_SEGMENT_REDIRECTS) {
      const res = await call(loginLoader, withCookie(`/login?redirectTo=${encodeURIComponent(evil)}`, token));
      expect(res.status, evil).toBe(302);
      expect(res.headers.get("Location"), evil).toBe("/account");
    }
  });

  it("passes only a safe redirectTo on from /register to /login", async () => {
    const fields = { fullName: "Redirected", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD };
    const res = await call(registerAction, formRequest("/register", { ...fields, email: uniqueEmail(), redirectTo: "/.//evil.com" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?registered=true&redirectTo=%2Faccount");
  });
});

describe("account route: a user sees and changes only their own data", () => {
  async function addOrder(userId: string, status: string, createdAt: Date, name: string, trackingNumber: string | null = null) {
    const order = await insertOrder(database.db, { userId, status, createdAt, trackingNumber, items: [{ productName: name, quantity: 2, unitPrice: 500 }] });
    return order.id;
  }

  it("redirects to /login with the way back when there is no session", async () => {
    const res = await call(accountLoader, new Request("https://shop.test/account?tab=orders"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dorders");
    const forged = await call(accountLoader, withCookie("/account", "A".repeat(43)));
    expect(forged.status).toBe(302);
  });

  it("lists only the user's own orders, newest first, without pending ones", async () => {
    const alice = await createUser(database.db, { fullName: "Alice" });
    const bob = await createUser(database.db, { fullName: "Bob" });
    const old = await addOrder(alice.id, "completed", new Date("2025-01-01T10:00:00Z"), "Alice Old Box", "AB123456789GB");
    const recent = await addOrder(alice.id, "failed", new Date("2025-03-01T10:00:00Z"), "Alice New Box");
    await addOrder(alice.id, "pending", new Date("2025-04-01T10:00:00Z"), "Alice Pending Box");
    await addOrder(bob.id, "completed", new Date("2025-02-01T10:00:00Z"), "Bob Secret Box");

    const token = await signedIn(alice.email);
    const res = await call(accountLoader, withCookie("/account?tab=orders", token));
    expect(res.status).toBe(200);
    const body = res.body as { orders: { id: number; items: { productName: string }[] }[]; profile: { fullName: string } };
    expect(body.orders.map((o) => o.id)).toEqual([recent, old]);
    expect(body.orders[0]!.items[0]!.productName).toBe("Alice New Box");
    expect(JSON.stringify(body)).not.toContain("Bob");
    expect(body.profile.fullName).toBe("Alice");
  });

  it("saves the profile of the session's user only: ids, email and role in the post are ignored", async () => {
    const alice = await createUser(database.db, { fullName: "Alice" });
    const bob = await createUser(database.db, { fullName: "Bob" });
    const token = await signedIn(alice.email);
    const res = await call(
      accountAction,
      withCookie("/account", token, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "update-profile",
          id: bob.id,
          userId: bob.id,
          email: "taken-over@evil.example",
          role: "admin",
          premiumStatus: "true",
          fullName: "Alice Liddell",
          addressLine1: "1 Rabbit Hole",
          addressLine2: "",
          city: "Oxford",
          region: "Oxfordshire",
          postalCode: "ox1 2jd",
          country: "United Kingdom",
        }),
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account?tab=profile&saved=1");
    const [a] = await database.db.select().from(profiles).where(eq(profiles.id, alice.id));
    expect(a).toMatchObject({ fullName: "Alice Liddell", addressLine2: null, postalCode: "OX1 2JD", country: "United Kingdom", email: alice.email, premiumStatus: false });
    const [b] = await database.db.select().from(profiles).where(eq(profiles.id, bob.id));
    expect(b).toMatchObject({ fullName: "Bob", addressLine1: null });
    const [aUser] = await database.db.select().from(users).where(eq(users.id, alice.id));
    expect(aUser).toMatchObject({ email: alice.email, role: "customer" });
  });

  it("refuses a country outside the spec's 8 and a bad UK postcode with 400, keeping the input", async () => {
    const alice = await createUser(database.db);
    const token = await signedIn(alice.email);
    const post = (fields: Record<string, string>) =>
      call(
        accountAction,
        withCookie("/account", token, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "update-profile", fullName: "Alice", addressLine1: "1 Road", city: "Leeds", region: "Yorkshire", ...fields }),
        }),
      );
    const country = await post({ postalCode: "LS1 1AA", country: "Narnia" });
    expect(country.status).toBe(400);
    expect(country.body).toMatchObject({ errors: { country: "Please choose a country from the list" }, values: { city: "Leeds" } });
    const postcode = await post({ postalCode: "12345", country: "United Kingdom" });
    expect(postcode.status).toBe(400);
    expect(postcode.body).toMatchObject({ errors: { postalCode: expect.stringContaining("UK postcode") } });
    const abroad = await post({ postalCode: "75001", country: "France" });
    expect(abroad.status).toBe(302);
    // Most UK addresses have no county: leaving it out is fine.
    const noCounty = await post({ region: "", postalCode: "LS1 1AA", country: "United Kingdom" });
    expect(noCounty.status).toBe(302);
  });

  it("refuses a profile change without a session", async () => {
    const res = await call(accountAction, formRequest("/account", { intent: "update-profile", fullName: "Nobody" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows the Subscription tab only with an active subscription", async () => {
    const alice = await createUser(database.db);
    const token = await signedIn(alice.email);
    const before = await call(accountLoader, withCookie("/account?tab=subscription", token));
    expect(before.body).toMatchObject({ tabs: ["profile", "orders", "sell-lists"], tab: "profile", subscription: null });
    await database.db.insert(subscriptions).values({
      userId: alice.id,
      provider: "sandbox",
      planType: "monthly",
      status: "active",
      amount: 499,
      currentPeriodEnd: new Date(Date.now() + 20 * 86400_000),
    });
    const after = await call(accountLoader, withCookie("/account?tab=subscription", token));
    expect(after.body).toMatchObject({ tabs: ["profile", "orders", "sell-lists", "subscription"], tab: "subscription", subscription: { amount: 499 } });
    expect((after.body as { user: { isPremium: boolean } }).user.isPremium).toBe(true);
  });
});

describe("logout route", () => {
  it("deletes the session on the server and clears the cookie", async () => {
    const { email } = await createUser(database.db);
    const token = await signedIn(email);
    const res = await call(logoutAction, withCookie("/logout", token, { method: "POST" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/^nm_session=; .*Max-Age=0/);
    expect(await database.db.$count(sessions, eq(sessions.tokenHash, hashToken(token)))).toBe(0);
    // The old cookie replayed after sign-out is worth nothing.
    const replay = await call(accountLoader, withCookie("/account", token));
    expect(replay.status).toBe(302);
  });
});

describe("admin outbox route", () => {
  it("is 401 without a session, 403 for a customer and open to an ADMIN_EMAILS account", async () => {
    const anonymous = await call(outboxLoader, new Request("https://shop.test/admin/outbox"));
    expect(anonymous).toMatchObject({ status: 401 });
    const customer = await createUser(database.db);
    const customerRes = await call(outboxLoader, withCookie("/admin/outbox", await signedIn(customer.email)));
    expect(customerRes.status).toBe(403);
    const boss = await createUser(database.db, { email: "boss@shop.test", adminEmails: context.env.adminEmails });
    const bossRes = await call(outboxLoader, withCookie("/admin/outbox", await signedIn(boss.email)));
    expect(bossRes.status).toBe(200);
    expect(bossRes.body).toMatchObject({ list: { emails: expect.any(Array) } });
  });
});

describe("forgot and reset password routes", () => {
  it("answer the same for a known and an unknown email, and the link works as /reset-password?token=", async () => {
    const { email, id } = await createUser(database.db);
    const known = await call(forgotAction, formRequest("/forgot-password", { email }, { [CLIENT_IP_HEADER]: "192.0.2.10" }));
    const unknown = await call(forgotAction, formRequest("/forgot-password", { email: uniqueEmail("ghost") }, { [CLIENT_IP_HEADER]: "192.0.2.10" }));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect({ ...(known.body as object), email: null }).toEqual({ ...(unknown.body as object), email: null });

    const [mail] = await database.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.id)).limit(1);
    const token = mail!.textBody.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
    const page = await call(resetLoader, new Request(`https://shop.test/reset-password?token=${token}`));
    expect(page).toMatchObject({ status: 200, body: { usable: true } });

    const signedInElsewhere = await signedIn(email);
    const mismatch = await call(resetAction, formRequest(`/reset-password?token=${token}`, { password: "Brand-New-Pass-42", confirmPassword: "other" }));
    expect(mismatch).toMatchObject({ status: 400, body: { errors: { confirmPassword: "Passwords do not match" } } });
    const done = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "Brand-New-Pass-42", confirmPassword: "Brand-New-Pass-42" }), { token });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?reset=true");
    expect(await database.db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect(await getCurrentUser(withCookie("/", signedInElsewhere), context)).toBeNull();

    const replay = await call(resetAction, formRequest(`/reset-password/${token}`, { password: "Third-Pass-Word-9", confirmPassword: "Third-Pass-Word-9" }), { token });
    expect(replay.status).toBe(410);
    expect(await call(resetLoader, new Request(`https://shop.test/reset-password/${token}`), { token })).toMatchObject({ status: 410 });
  });

  it("refuses an invalid email without a 500", async () => {
    const res = await call(forgotAction, formRequest("/forgot-password", { email: "nope" }));
    expect(res.status).toBe(400);
  });
});
