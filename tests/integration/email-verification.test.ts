import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailVerificationTokens, outbox, users } from "~/db/schema";
import { cleanUpAccounts } from "~/modules/accounts/cleanup.server";
import { createAdminInvite, findUsableVerification, VERIFICATION_EMAIL_KIND, verifyEmail } from "~/modules/accounts/email-verification.server";
import { INVITE_NEEDS_ACCOUNT, VERIFICATION_SENT, VERIFY_LINK_INVALID, VERIFY_NEEDS_ACCOUNT } from "~/modules/accounts/messages";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "~/modules/accounts/password-reset.server";
import { VERIFY_RESEND_LIMITS, VERIFY_TOKEN_TTL_MS } from "~/modules/accounts/policy";
import { syncAdminRoles } from "~/modules/accounts/roles.server";
import { generateToken, hashToken } from "~/modules/accounts/tokens.server";
import { createSignInChallenge, isSignInChallengeLive } from "~/modules/accounts/two-factor.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as outboxLoader } from "~/routes/admin-outbox";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { action as resetAction } from "~/routes/reset-password";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { getCurrentUser } from "~/web/auth.server";
import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, formRequest, GOOD_PASSWORD, settle, testContext, uniqueEmail, verificationTokenFor } from "../support/accounts";
import { hasBuild, startApp } from "../support/http-app";

/**
 * Issue 12, finding 1: the admin role only for a proved mailbox. Every account gets a
 * single-use, expiring link by email at sign-up; ADMIN_EMAILS counts only once it is used.
 */
let database: TestDatabase;
let context: ReturnType<typeof testContext>;
const BOSS = "boss@shop.test"; // testContext's ADMIN_EMAILS

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (fn: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}, ctx = context) =>
  settle(async () => fn({ request, params, context: ctx }));

function get(path: string, token?: string) {
  return new Request(`https://shop.test${path}`, { headers: token ? { Cookie: `nm_session=${token}` } : {} });
}
function post(path: string, fields: Record<string, string>, token?: string, ip = "203.0.113.50") {
  return formRequest(path, fields, { ...(token ? { Cookie: `nm_session=${token}` } : {}), [CLIENT_IP_HEADER]: ip });
}

async function register(email: string) {
  const res = await call(
    registerAction,
    post("/register", { fullName: "Ash Ketchum", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, undefined, `203.0.113.${Math.floor(Math.random() * 200)}`),
  );
  expect(res.status).toBe(302);
}

async function signedIn(email: string, password = GOOD_PASSWORD, ctx = context) {
  const res = await call(loginAction, formRequest("/login", { email, password }), {}, ctx);
  const token = res.headers.get("Set-Cookie")?.match(/nm_session=([^;]*)/)?.[1];
  if (!token) throw new Error(`could not sign in as ${email}: ${JSON.stringify(res.body)}`);
  return token;
}

const userRow = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!;
/** The account itself pressing the button, as the module sees it (no session to keep). */
const asOwner = async (email: string) => ({ id: (await userRow(email)).id, email, sessionTokenHash: null });
const verificationEmails = (email: string) =>
  database.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, VERIFICATION_EMAIL_KIND)));

describe("sign-up", () => {
  it("queues exactly one verification email with a single-use link; only the link's hash is stored", async () => {
    const email = uniqueEmail("fresh");
    await register(email);
    const user = await userRow(email);
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.role).toBe("customer");

    const mails = await verificationEmails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.dedupeKey).toBe(`${VERIFICATION_EMAIL_KIND}:signup:${user.id}`);
    expect(mails[0]!.subject).toMatch(/Verify your email address/);
    const token = await verificationTokenFor(database.db, email);
    expect(mails[0]!.htmlBody).toContain(`https://shop.test/verify-email/${token}`);
    // Marked secret, so the outbox cuts it out once sent and never shows it to an admin.
    expect(mails[0]!.secrets).toEqual([`https://shop.test/verify-email/${token}`]);
    const rows = await database.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(VERIFY_TOKEN_TTL_MS);
  });
});

describe("the link", () => {
  it("shows a button on GET (verifies nothing), verifies on POST only signed in to its account, and works once", async () => {
    const email = uniqueEmail("once");
    await register(email);
    const token = await verificationTokenFor(database.db, email);
    const session = await signedIn(email);

    const page = await call(verifyLoader, get(`/verify-email/${token}`, session), { token });
    expect(page).toMatchObject({ status: 200, body: { state: "usable", purpose: "verify", email, signedIn: "owner" } });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await userRow(email)).emailVerifiedAt).toBeNull();

    // Signed out, or signed in to another account: the link alone proves the mailbox, not the
    // password, so nothing changes and the page says to log in to the account (and come back).
    const other = await signedIn((await createUser(database.db)).email);
    for (const cookie of [undefined, other]) {
      const view = await call(verifyLoader, get(`/verify-email/${token}`, cookie), { token });
      expect(view).toMatchObject({
        status: 200,
        body: { state: "usable", signedIn: cookie ? "other" : "none", loginHref: `/login?redirectTo=${encodeURIComponent(`/verify-email/${token}`)}` },
      });
      const refused = await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }, cookie), { token });
      expect(refused).toMatchObject({ status: 403, body: { ok: false, message: VERIFY_NEEDS_ACCOUNT } });
    }
    expect((await userRow(email)).emailVerifiedAt).toBeNull();
    expect(await findUsableVerification(database.db, token)).not.toBeNull();

    // Post/Redirect/Get: a verify lands on the signed-in status page, which says "verified".
    const first = await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }, session), { token });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/verify-email");
    expect((await userRow(email)).emailVerifiedAt).toBeInstanceOf(Date);
    expect(await call(verifyLoader, get("/verify-email", session))).toMatchObject({ status: 200, body: { state: "status", verified: true, email } });

    const again = await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }, session), { token });
    expect(again).toMatchObject({ status: 410, body: { ok: false, message: VERIFY_LINK_INVALID } });
    expect(await call(verifyLoader, get(`/verify-email/${token}`), { token })).toMatchObject({
      status: 410,
      body: { state: "invalid", message: VERIFY_LINK_INVALID },
    });
  });

  it("refuses an expired, a forged and a malformed link with a clear message", async () => {
    const email = uniqueEmail("late");
    await register(email);
    const token = await verificationTokenFor(database.db, email);
    const later = new Date(Date.now() + VERIFY_TOKEN_TTL_MS + 60_000);
    const owner = await asOwner(email);
    expect(await verifyEmail(database.db, { token, signedInUser: owner }, { adminEmails: new Set(), now: later })).toEqual({
      ok: false,
      reason: "invalid",
      message: VERIFY_LINK_INVALID,
    });

    for (const forged of [generateToken(), "not-a-token", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`]) {
      const res = await call(verifyAction, post(`/verify-email/${forged}`, { intent: "verify" }, await signedIn(email)), { token: forged });
      expect(res, forged).toMatchObject({ status: 410, body: { ok: false, message: VERIFY_LINK_INVALID } });
      expect((await call(verifyLoader, get(`/verify-email/${forged}`), { token: forged })).status).toBe(410);
    }
    expect((await userRow(email)).emailVerifiedAt).toBeNull();
    // Still usable in time: the refusals above spent nothing.
    expect((await verifyEmail(database.db, { token, signedInUser: owner }, { adminEmails: new Set() })).ok).toBe(true);
  });

  it("is spent once however many posts race for it", async () => {
    const email = uniqueEmail("race");
    await register(email);
    const token = await verificationTokenFor(database.db, email);
    const owner = await asOwner(email);
    const results = await Promise.all(Array.from({ length: 5 }, () => verifyEmail(database.db, { token, signedInUser: owner }, { adminEmails: new Set() })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("housekeeping", () => {
  it("removes spent verification links and keeps live ones", async () => {
    const spent = await createUser(database.db, { verified: true });
    const pending = await createUser(database.db);
    await cleanUpAccounts({ db: database.db });
    const left = async (id: string) => database.db.$count(emailVerificationTokens, eq(emailVerificationTokens.userId, id));
    expect(await left(spent.id)).toBe(0);
    expect(await left(pending.id)).toBe(1);
  });
});

describe("send the link again", () => {
  it("is for the signed-in, unverified user, kills the older link, and is rate-limited with Retry-After", async () => {
    const email = uniqueEmail("resend");
    await register(email);
    const firstToken = await verificationTokenFor(database.db, email);
    const session = await signedIn(email);

    const anonymous = await call(verifyAction, post("/verify-email", { intent: "resend" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login?redirectTo=");

    const ip = "198.51.100.77";
    for (let i = 0; i < VERIFY_RESEND_LIMITS.perAccount.limit; i++) {
      const res = await call(verifyAction, post("/verify-email", { intent: "resend" }, session, ip));
      expect(res, `resend ${i + 1}`).toMatchObject({ status: 200, body: { ok: true, message: VERIFICATION_SENT } });
    }
    const refused = await call(verifyAction, post("/verify-email", { intent: "resend" }, session, ip));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address does not get round the account's limit either.
    expect((await call(verifyAction, post("/verify-email", { intent: "resend" }, session, "198.51.100.78"))).status).toBe(429);

    expect(await verificationEmails(email)).toHaveLength(1 + VERIFY_RESEND_LIMITS.perAccount.limit);
    // Only the newest link works.
    // As this browser's session (which verifying keeps; it ends the others).
    const owner = { ...(await asOwner(email)), sessionTokenHash: hashToken(session) };
    expect((await verifyEmail(database.db, { token: firstToken, signedInUser: owner }, { adminEmails: new Set() })).ok).toBe(false);
    expect((await verifyEmail(database.db, { token: await verificationTokenFor(database.db, email), signedInUser: owner }, { adminEmails: new Set() })).ok).toBe(true);

    const status = await call(verifyLoader, get("/verify-email", session));
    expect(status).toMatchObject({ status: 200, body: { state: "status", verified: true, email } });
  });

  it("tells an already verified user so, and sends nothing", async () => {
    const user = await createUser(database.db, { verified: true });
    const session = await signedIn(user.email);
    const res = await call(verifyAction, post("/verify-email", { intent: "resend" }, session, "198.51.100.90"));
    expect(res).toMatchObject({ status: 200, body: { ok: false, message: "Your email address is already verified." } });
    expect(await verificationEmails(user.email)).toHaveLength(1);
  });
});

describe("the admin role needs a verified ADMIN_EMAILS address", () => {
  it("registering a listed address gives nothing (403 on /admin) until its link is used", async () => {
    await register(BOSS);
    expect((await userRow(BOSS)).role).toBe("customer");
    const session = await signedIn(BOSS);
    expect((await userRow(BOSS)).role).toBe("customer"); // sign-in does not promote it either
    expect((await getCurrentUser(get("/", session), context))?.isAdmin).toBe(false);
    for (const loader of [adminLoader, outboxLoader]) {
      expect((await call(loader, get("/admin", session))).status).toBe(403);
    }

    // The account page says so and offers the link again.
    const account = await call((await import("~/routes/account")).loader, get("/account", session));
    expect(account.body).toMatchObject({ user: { emailVerified: false } });

    const token = await verificationTokenFor(database.db, BOSS);
    const res = await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }, session), { token });
    expect(res.status).toBe(302);
    const boss = await userRow(BOSS);
    expect(boss.role).toBe("admin");
    expect((await call(outboxLoader, get("/admin/outbox", session))).status).toBe(200);
    expect((await call(adminLoader, get("/admin", session))).status).toBe(200);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, boss.id));
    expect(audit.map((a) => a.action)).toContain("role.granted");
  });

  it("requireAdmin refuses an unverified account even when its role says admin", async () => {
    const user = await createUser(database.db);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const session = await signedIn(user.email);
    const current = await getCurrentUser(get("/", session), context);
    expect(current).toMatchObject({ isAdmin: false, emailVerified: false });
    expect((await call(outboxLoader, get("/admin/outbox", session))).status).toBe(403);
    expect((await call(adminLoader, get("/admin", session))).status).toBe(403);
  });

  it("promotes at start only verified listed accounts, and demotes an unverified admin", async () => {
    const unverified = await createUser(database.db);
    const verified = await createUser(database.db, { verified: true });
    const stale = await createUser(database.db);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, stale.id));

    const result = await syncAdminRoles(database.db, new Set([unverified.email, verified.email, stale.email]));
    expect(result.granted).toContain(verified.email);
    expect(result.granted).not.toContain(unverified.email);
    expect(result.revoked).toContain(stale.email);
    expect((await userRow(unverified.email)).role).toBe("customer");
    expect((await userRow(verified.email)).role).toBe("admin");
    expect((await userRow(stale.email)).role).toBe("customer");

    // Verified later: admin at once (the link syncs the role), and kept at the next start.
    const token = await verificationTokenFor(database.db, unverified.email);
    expect(
      await verifyEmail(database.db, { token, signedInUser: await asOwner(unverified.email) }, { adminEmails: new Set([unverified.email]) }),
    ).toMatchObject({ ok: true, role: "admin" });
    await syncAdminRoles(database.db, new Set([unverified.email, verified.email]));
    expect((await userRow(unverified.email)).role).toBe("admin");
  });

  it("a password reset proves the mailbox too", async () => {
    const user = await createUser(database.db);
    await requestPasswordReset(database.db, { email: user.email }, { publicUrl: "https://shop.test", shopName: "Test Shop" });
    const [mail] = await database.db.select().from(outbox).where(and(eq(outbox.toAddress, user.email), eq(outbox.kind, "password-reset")));
    const token = mail!.textBody.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
    expect(await isResetTokenUsable(database.db, token)).toBe(true);
    expect((await resetPassword(database.db, { token, password: "Another-Good-Passphrase-9" })).ok).toBe(true);
    expect((await userRow(user.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe("someone registers the owner's ADMIN_EMAILS address with their own password (security review)", () => {
  it("the owner's signed-out click verifies nothing; the owner's password reset locks the attacker out; the owner is then admin", async () => {
    const VICTIM = "victim-owner@shop.test";
    const shop = testContext(database.db, { ADMIN_EMAILS: VICTIM });
    await register(VICTIM);
    const attacker = await signedIn(VICTIM, GOOD_PASSWORD, shop);
    const adminStatus = async (cookie: string) => (await call(adminLoader, get("/admin", cookie), {}, shop)).status;
    expect(await adminStatus(attacker)).toBe(403);
    // The attacker also has a sign-in waiting for a second factor (as if two-factor were on).
    const pending = await createSignInChallenge(database.db, (await userRow(VICTIM)).id, { persistent: false });

    // The real owner receives the sign-up email and, signed out, presses the button.
    const token = await verificationTokenFor(database.db, VICTIM);
    const owner = await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }), { token }, shop);
    expect(owner).toMatchObject({ status: 403, body: { ok: false, message: VERIFY_NEEDS_ACCOUNT } });
    expect(await userRow(VICTIM)).toMatchObject({ emailVerifiedAt: null, role: "customer" });
    expect(await adminStatus(attacker)).toBe(403);

    // The owner never created the account: "Forgot password?" takes it over.
    await requestPasswordReset(database.db, { email: VICTIM }, { publicUrl: "https://shop.test", shopName: "Test Shop" });
    const [mail] = await database.db.select().from(outbox).where(and(eq(outbox.toAddress, VICTIM), eq(outbox.kind, "password-reset")));
    const resetToken = mail!.textBody.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
    const NEW_PASSWORD = "Owner-Chosen-Passphrase-58";
    const reset = await call(
      resetAction,
      post(`/reset-password/${resetToken}`, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      { token: resetToken },
      shop,
    );
    expect(reset.status).toBe(302);
    expect((await userRow(VICTIM)).emailVerifiedAt).toBeInstanceOf(Date);

    // Every way back in for the attacker is gone: the session, the pending sign-in, the password.
    expect(await getCurrentUser(get("/", attacker), shop)).toBeNull();
    expect(await adminStatus(attacker)).toBe(401);
    expect(await isSignInChallengeLive(database.db, pending.token)).toBe(false);
    await expect(signedIn(VICTIM, GOOD_PASSWORD, shop)).rejects.toThrow(/could not sign in/);

    const ownerSession = await signedIn(VICTIM, NEW_PASSWORD, shop);
    expect((await userRow(VICTIM)).role).toBe("admin");
    expect(await adminStatus(ownerSession)).toBe(200);
  });

  it("a reset that proves the mailbox ends even the resetting browser's session of the unverified account", async () => {
    const email = uniqueEmail("shared-browser");
    await register(email);
    const here = await signedIn(email);
    await requestPasswordReset(database.db, { email }, { publicUrl: "https://shop.test", shopName: "Test Shop" });
    const [mail] = await database.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, "password-reset")));
    const resetToken = mail!.textBody.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
    const password = "Shared-Browser-Passphrase-3";
    const res = await call(resetAction, post(`/reset-password/${resetToken}`, { password, confirmPassword: password }, here), { token: resetToken });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?reset=true");
    expect(await getCurrentUser(get("/", here), context)).toBeNull();
    expect((await userRow(email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("verifying ends the account's other sessions and pending sign-ins, and keeps the verifier's", async () => {
    const email = uniqueEmail("others");
    await register(email);
    const elsewhere = await signedIn(email);
    const pending = await createSignInChallenge(database.db, (await userRow(email)).id, { persistent: false });
    const here = await signedIn(email);
    const token = await verificationTokenFor(database.db, email);
    expect((await call(verifyAction, post(`/verify-email/${token}`, { intent: "verify" }, here), { token })).status).toBe(302);
    expect(await getCurrentUser(get("/", elsewhere), context)).toBeNull();
    expect(await isSignInChallengeLive(database.db, pending.token)).toBe(false);
    expect(await getCurrentUser(get("/", here), context)).toMatchObject({ email, emailVerified: true });
  });
});

describe("first-admin invite (npm run admin:invite)", () => {
  it("is only for a listed address, verifies only the signed-in account with that email, and works once", async () => {
    const admins = new Set([BOSS, "owner@shop.test"]);
    expect(await createAdminInvite(database.db, { email: "someone@shop.test" }, { publicUrl: "https://shop.test", adminEmails: admins })).toBeNull();

    const owner = await createUser(database.db, { email: "owner@shop.test" });
    const other = await createUser(database.db);
    const invite = await createAdminInvite(database.db, { email: " Owner@Shop.test " }, { publicUrl: "https://shop.test", adminEmails: admins });
    const token = invite!.link.match(/\/verify-email\/([A-Za-z0-9_-]{43})$/)![1]!;
    const ownerContext = testContext(database.db, { ADMIN_EMAILS: "owner@shop.test" });
    const callAs = (request: Request) => settle(async () => verifyAction({ request, params: { token }, context: ownerContext } as AnyArgs));

    expect(await call(verifyLoader, get(`/verify-email/${token}`), { token })).toMatchObject({
      status: 200,
      body: { state: "usable", purpose: "admin-invite", email: "owner@shop.test" },
    });
    // Signed out, or as someone else: refused, and the invite stays usable.
    expect(await callAs(post(`/verify-email/${token}`, { intent: "verify" }))).toMatchObject({ status: 403, body: { message: INVITE_NEEDS_ACCOUNT } });
    expect(await callAs(post(`/verify-email/${token}`, { intent: "verify" }, await signedIn(other.email)))).toMatchObject({ status: 403 });
    expect((await userRow(other.email)).emailVerifiedAt).toBeNull();

    const session = await signedIn(owner.email);
    const accepted = await callAs(post(`/verify-email/${token}`, { intent: "verify" }, session));
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/verify-email");
    expect(await userRow(owner.email)).toMatchObject({ role: "admin", emailVerifiedAt: expect.any(Date) });
    expect(await callAs(post(`/verify-email/${token}`, { intent: "verify" }, session))).toMatchObject({ status: 410 });
  });
});

describe.runIf(hasBuild)("through the real server, as a browser without JavaScript posts the form", () => {
  it("signed out: 403 and the way to log in; signed in: redirect to the status page, which says verified", async () => {
    const app = await startApp(database.db, { ADMIN_EMAILS: "" });
    try {
      const { email } = await createUser(database.db);
      const token = await verificationTokenFor(database.db, email);
      const send = (path: string, init: RequestInit = {}, cookie?: string) =>
        fetch(app.base + path, { ...init, redirect: "manual", headers: { Origin: app.base, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
      const verify = (cookie?: string) => send(`/verify-email/${token}`, { method: "POST", body: new URLSearchParams({ intent: "verify" }) }, cookie);

      const refused = await verify();
      expect(refused.status).toBe(403);
      const page = await refused.text();
      expect(page).toContain(`href="/login?redirectTo=${encodeURIComponent(`/verify-email/${token}`)}"`);
      expect(page).toContain("Forgot password?");
      expect((await userRow(email)).emailVerifiedAt).toBeNull();

      const login = await send("/login", { method: "POST", body: new URLSearchParams({ email, password: GOOD_PASSWORD }) });
      const cookie = login.headers.get("Set-Cookie")!.match(/nm_session=[^;]*/)![0];
      const done = await verify(cookie);
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/verify-email");
      const status = await send("/verify-email", {}, cookie);
      expect(status.status).toBe(200);
      expect((await status.text()).replaceAll("<!-- -->", "")).toContain(`Your email address ${email} is verified.`);
    } finally {
      await app.close();
    }
  });
});
