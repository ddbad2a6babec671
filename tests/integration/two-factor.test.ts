import { randomBytes } from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, sessions, totpRecoveryCodes, twoFactorChallenges, userTotp } from "~/db/schema";
import { signInChallenges, type Challenge } from "~/modules/accounts/challenge.server";
import {
  ADMIN_TWO_FACTOR_REQUIRED,
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_CHALLENGE_TEXT,
  TWO_FACTOR_CODE_INVALID,
} from "~/modules/accounts/messages";
import { SIGN_IN_CHALLENGE, TWO_FACTOR_CHALLENGE_MAX_FAILURES, TWO_FACTOR_CHALLENGE_TTL_MS, TWO_FACTOR_LIMITS } from "~/modules/accounts/policy";
import { hashToken } from "~/modules/accounts/tokens.server";
import { totpCodeAt } from "~/modules/accounts/totp.server";
import { completeSignIn, confirmEnrolment, createSignInChallenge, enrolmentDetails, startEnrolment } from "~/modules/accounts/two-factor.server";
import { action as accountTwoFactorAction, loader as accountTwoFactorLoader } from "~/routes/account-two-factor";
import { loader as adminLoader } from "~/routes/admin";
import { action as loginAction } from "~/routes/login";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/login-two-factor";
import { getCurrentUser } from "~/web/auth.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, formRequest, GOOD_PASSWORD, settle, testContext, uniqueEmail } from "../support/accounts";

/**
 * Two-factor sign-in (decision 0024) through its routes: enrolment, the pending sign-in between
 * password and code, recovery codes, rate limits, and ADMIN_REQUIRE_2FA.
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (fn: (args: AnyArgs) => unknown, request: Request, ctx = context) => settle(async () => fn({ request, params: {}, context: ctx }));

const STEP_MS = 30_000;
/** A code from "the phone" for now, or a step either side (a step used once is never taken again). */
const codeFor = (secret: string, steps = 0) => totpCodeAt(secret, new Date(Date.now() + steps * STEP_MS));

function cookieValue(headers: Headers, name: string): string | null {
  for (const cookie of headers.getSetCookie()) {
    const match = cookie.match(new RegExp(`^${name}=([^;]*)`));
    if (match) return match[1]!;
  }
  return null;
}

function withCookies(path: string, cookies: Record<string, string>, fields?: Record<string, string>): Request {
  const Cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  return fields ? formRequest(path, fields, { Cookie }) : new Request(`https://shop.test${path}`, { headers: { Cookie } });
}

async function login(email: string, extra: Record<string, string> = {}, ctx = context) {
  return call(loginAction, formRequest("/login", { email, password: GOOD_PASSWORD, ...extra }), ctx);
}

async function sessionFor(email: string, ctx = context): Promise<string> {
  const res = await login(email, {}, ctx);
  const token = cookieValue(res.headers, "nm_session");
  if (!token) throw new Error(`no session for ${email}: ${res.status} ${res.headers.get("Location")}`);
  return token;
}

/** Turns two-factor on for a user with a code of the previous step, leaving now's code free for sign-in. */
async function enrol(userId: string) {
  const options = { encryptionKey: context.env.totpEncryptionKey };
  await startEnrolment(database.db, userId, options);
  const details = await enrolmentDetails(database.db, userId, { ...options, issuer: "Nearmint" });
  const confirmed = await confirmEnrolment(database.db, userId, { code: codeFor(details!.secret, -1) }, options);
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { secret: details!.secret, recoveryCodes: confirmed.recoveryCodes };
}

async function pendingFor(email: string, extra: Record<string, string> = {}) {
  const res = await login(email, extra);
  const pending = cookieValue(res.headers, "nm_2fa_pending");
  if (!pending) throw new Error(`no pending sign-in: ${res.status}`);
  return { res, pending };
}

const answer = (pending: string, code: string, extra: Record<string, string> = {}) =>
  call(twoFactorAction, withCookies("/login/two-factor", { nm_2fa_pending: pending }, { code, ...extra }));

describe("enrolment from the account page", () => {
  it("starts with a QR code and the secret, turns on with a current code, and shows ten recovery codes once (stored hashed)", async () => {
    const user = await createUser(database.db);
    const token = await sessionFor(user.email);
    const otherDevice = await sessionFor(user.email);
    const page = (path = "/account/two-factor") => call(accountTwoFactorLoader, withCookies(path, { nm_session: token }));
    const post = (fields: Record<string, string>) => call(accountTwoFactorAction, withCookies("/account/two-factor", { nm_session: token }, fields));

    expect((await page()).body).toMatchObject({ state: { status: "off" }, enrolment: null });
    const started = await post({ intent: "start" });
    expect(started.status).toBe(302);
    const pendingPage = (await page()).body as { state: { status: string }; enrolment: { secret: string; qr: string } };
    expect(pendingPage.state.status).toBe("pending");
    expect(pendingPage.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pendingPage.enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Still password-only until a code is confirmed.
    expect((await login(user.email)).headers.get("Location")).toBe("/account");

    const wrong = await post({ intent: "confirm", code: "000000" === codeFor(pendingPage.enrolment.secret) ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    const ok = await post({ intent: "confirm", code: codeFor(pendingPage.enrolment.secret) });
    expect(ok.status).toBe(200);
    const codes = (ok.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);

    const stored = await database.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ""));
    expect((await page()).body).toMatchObject({ state: { status: "on", recoveryCodesLeft: 10 }, enrolment: null });
    // Other sessions end when two-factor goes on; this one stays.
    expect(await database.db.$count(sessions, eq(sessions.tokenHash, hashToken(otherDevice)))).toBe(0);
    expect(await database.db.$count(sessions, eq(sessions.tokenHash, hashToken(token)))).toBe(1);
    expect(await database.db.$count(auditLog, and(eq(auditLog.entityId, user.id), eq(auditLog.action, "two_factor.enabled")))).toBe(1);
  });

  it("stores the secret encrypted when TOTP_ENCRYPTION_KEY is set", async () => {
    const keyed = testContext(database.db, { TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex") });
    const user = await createUser(database.db);
    await startEnrolment(database.db, user.id, { encryptionKey: keyed.env.totpEncryptionKey });
    const details = await enrolmentDetails(database.db, user.id, { encryptionKey: keyed.env.totpEncryptionKey, issuer: "Nearmint" });
    const [row] = await database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(details!.secret);
  });

  it("turns off only with the password or a current code", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    const token = await (async () => {
      const { pending } = await pendingFor(user.email);
      return cookieValue((await answer(pending, codeFor(secret))).headers, "nm_session")!;
    })();
    const post = (fields: Record<string, string>) => call(accountTwoFactorAction, withCookies("/account/two-factor", { nm_session: token }, fields));
    expect((await post({ intent: "disable", proof: "not-my-password" })).status).toBe(400);
    expect((await post({ intent: "disable", proof: "" })).status).toBe(400);
    expect((await post({ intent: "disable", proof: GOOD_PASSWORD })).status).toBe(200);
    expect(await database.db.$count(userTotp, eq(userTotp.userId, user.id))).toBe(0);
    expect(await database.db.$count(totpRecoveryCodes, eq(totpRecoveryCodes.userId, user.id))).toBe(0);
    expect((await login(user.email)).headers.get("Location")).toBe("/account");
  });

  it("makes new recovery codes with a current code; the old ones stop working", async () => {
    const user = await createUser(database.db);
    const { secret, recoveryCodes: old } = await enrol(user.id);
    const token = await sessionWithCode(user.email, secret, 0);
    const res = await call(accountTwoFactorAction, withCookies("/account/two-factor", { nm_session: token }, { intent: "regenerate", proof: codeFor(secret, 1) }));
    expect(res.status).toBe(200);
    const fresh = (res.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await answer((await pendingFor(user.email)).pending, old[0]!)).status).toBe(400);
    expect((await answer((await pendingFor(user.email)).pending, fresh[0]!)).status).toBe(302);
  });
});

async function sessionWithCode(email: string, secret: string, steps: number) {
  const { pending } = await pendingFor(email);
  const res = await answer(pending, codeFor(secret, steps));
  expect(res.status).toBe(302);
  return cookieValue(res.headers, "nm_session")!;
}

describe("sign-in with two-factor on", () => {
  it("does not sign in with the password alone: a short-lived pending cookie leads to the code form", async () => {
    const user = await createUser(database.db);
    await enrol(user.id);
    const before = await database.db.$count(sessions, eq(sessions.userId, user.id));
    const { res, pending } = await pendingFor(user.email, { redirectTo: "/checkout" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fcheckout");
    expect(cookieValue(res.headers, "nm_session")).toBeNull();
    expect(await database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(before);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("nm_2fa_pending="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/login;");
    expect(Number(cookie.match(/Max-Age=(\d+)/)![1])).toBeLessThanOrEqual(TWO_FACTOR_CHALLENGE_TTL_MS / 1000);
    // Only the hash is stored.
    expect(await database.db.$count(twoFactorChallenges, eq(twoFactorChallenges.tokenHash, hashToken(pending)))).toBe(1);
    expect(await database.db.$count(twoFactorChallenges, eq(twoFactorChallenges.tokenHash, pending))).toBe(0);
    // The pending cookie is no session: the account page still sends to login.
    expect(await getCurrentUser(withCookies("/account", { nm_session: pending }), context)).toBeNull();
  });

  it("signs in with the current code, keeps remember-me and the (safe) page to return to, and spends the pending token", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    const { pending } = await pendingFor(user.email, { remember: "on", redirectTo: "/cart" });
    expect((await call(twoFactorLoader, withCookies("/login/two-factor?redirectTo=%2Fcart", { nm_2fa_pending: pending }))).body).toEqual({ redirectTo: "/cart" });

    const res = await answer(pending, codeFor(secret), { redirectTo: "/cart" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/cart");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("nm_session="))!;
    expect(session).toMatch(/Max-Age=\d+/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("nm_2fa_pending=;") && c.includes("Max-Age=0"))).toBe(true);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(cookieValue(res.headers, "nm_session")!)));
    expect(row).toMatchObject({ userId: user.id, persistent: true });

    // The pending token is single-use; the code page now sends back to login.
    expect((await answer(pending, codeFor(secret, 1))).status).toBe(401);
    const gone = await call(twoFactorLoader, withCookies("/login/two-factor", { nm_2fa_pending: pending }));
    expect(gone.status).toBe(302);
    expect(gone.headers.get("Location")).toBe("/login");
  });

  it("refuses a code already used (same window) and an off-site redirect", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    const code = codeFor(secret);
    expect((await answer((await pendingFor(user.email)).pending, code)).status).toBe(302);
    const replay = await answer((await pendingFor(user.email)).pending, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: TWO_FACTOR_CODE_INVALID, expired: false });
    const evil = await answer((await pendingFor(user.email)).pending, codeFor(secret, 1), { redirectTo: "//evil.example" });
    expect(evil.headers.get("Location")).toBe("/account");
  });

  it("accepts one code or one recovery code once even when sent twice at the same moment", async () => {
    const user = await createUser(database.db);
    const { secret, recoveryCodes } = await enrol(user.id);
    const options = { encryptionKey: context.env.totpEncryptionKey };
    for (const attempt of [codeFor(secret), recoveryCodes[0]!]) {
      const pendings = await Promise.all([1, 2].map(() => createSignInChallenge(database.db, user.id, { persistent: false })));
      const results = await Promise.all(pendings.map((p) => completeSignIn(database.db, { token: p.token, answer: attempt }, options)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
  });

  it("takes a recovery code once", async () => {
    const user = await createUser(database.db);
    const { recoveryCodes } = await enrol(user.id);
    const typed = recoveryCodes[3]!.toUpperCase();
    expect((await answer((await pendingFor(user.email)).pending, typed)).status).toBe(302);
    expect((await answer((await pendingFor(user.email)).pending, typed)).status).toBe(400);
  });

  it("drops a pending sign-in after five wrong codes, and rate-limits codes per account with 429 and Retry-After", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    const wrongCode = () => {
      const right = new Set([codeFor(secret, -1), codeFor(secret), codeFor(secret, 1)]);
      let n = 0;
      while (right.has(String(n).padStart(6, "0"))) n++;
      return String(n).padStart(6, "0");
    };
    const first = (await pendingFor(user.email)).pending;
    for (let i = 0; i < 5; i++) expect((await answer(first, wrongCode())).status).toBe(400);
    const dropped = await answer(first, codeFor(secret));
    expect(dropped.status).toBe(401);
    expect(dropped.body).toEqual({ message: TWO_FACTOR_CHALLENGE_EXPIRED, expired: true });

    // A new pending sign-in gets its own five tries, but the account's allowance runs on.
    const second = (await pendingFor(user.email)).pending;
    for (let i = 5; i < TWO_FACTOR_LIMITS.perAccount.limit; i++) expect((await answer(second, wrongCode())).status).toBe(400);
    const third = (await pendingFor(user.email)).pending;
    const limited = await answer(third, codeFor(secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((limited.body as { message: string }).message).toMatch(/^Too many codes tried\. Please wait \d+ minutes? and try again\.$/);
  });

  it("lets a pending sign-in expire after five minutes", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    const past = new Date(Date.now() - TWO_FACTOR_CHALLENGE_TTL_MS - 1000);
    const pending = await createSignInChallenge(database.db, user.id, { persistent: false, now: past });
    const result = await completeSignIn(database.db, { token: pending.token, answer: codeFor(secret) }, { encryptionKey: null });
    expect(result).toMatchObject({ ok: false, reason: "expired" });
  });
});

/** A wrong 6-digit code: none of the codes the app would show around now. */
function wrongCodeFor(secret: string): string {
  const right = new Set([codeFor(secret, -1), codeFor(secret), codeFor(secret, 1)]);
  let n = 0;
  while (right.has(String(n).padStart(6, "0"))) n++;
  return String(n).padStart(6, "0");
}

/**
 * A solved challenge the route accepts: the real difficulty takes seconds of CPU, so a cheap one
 * signed with the same stored key (what the route uses without ALTCHA_HMAC_KEY).
 */
async function solvedChallenge(): Promise<string> {
  const challenge = await signInChallenges(database.db, undefined, { difficulty: { ...SIGN_IN_CHALLENGE, cost: 1, counterMin: 0, counterMax: 50 } }).issue();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Someone with the password uses up the account's code allowance, across fresh pending sign-ins. */
async function useUpCodeAllowance(email: string, secret: string) {
  let pending = (await pendingFor(email)).pending;
  for (let i = 0; i < TWO_FACTOR_LIMITS.perAccount.limit; i++) {
    if (i > 0 && i % TWO_FACTOR_CHALLENGE_MAX_FAILURES === 0) pending = (await pendingFor(email)).pending;
    expect((await answer(pending, wrongCodeFor(secret))).status).toBe(400);
  }
}

type ChallengedBody = { message: string; expired: boolean; challenge?: { json: string; retryAfterMinutes: number } };

describe("two-factor sign-in past the account's code limit (security review: no lockout of the owner)", () => {
  it("answers 429 with Retry-After and a challenge; with a solution and the right code the owner signs in", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    await useUpCodeAllowance(user.email, secret);

    const pending = (await pendingFor(user.email)).pending;
    const refused = await answer(pending, codeFor(secret));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = refused.body as ChallengedBody;
    expect(body.message).toMatch(/^Too many codes tried\. Please wait \d+ minutes? and try again\.$/);
    expect(body.challenge!.retryAfterMinutes).toBeGreaterThan(0);
    expect((JSON.parse(body.challenge!.json) as Challenge).parameters.cost).toBe(SIGN_IN_CHALLENGE.cost);

    const altcha = await solvedChallenge();
    const signedIn = await answer(pending, codeFor(secret), { altcha });
    expect(signedIn.status).toBe(302);
    expect(cookieValue(signedIn.headers, "nm_session")).toBeTruthy();

    // One solution buys one attempt: the same one again is refused, with a fresh challenge.
    const replayed = await answer((await pendingFor(user.email)).pending, codeFor(secret, 1), { altcha });
    expect(replayed.status).toBe(429);
    expect(Number(replayed.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((replayed.body as ChallengedBody).message).toBe(TWO_FACTOR_CHALLENGE_TEXT.invalid);
    expect((replayed.body as ChallengedBody).challenge).toBeDefined();
  });

  it("still checks the code of a solved attempt, counts it against the pending sign-in, and refuses garbage", async () => {
    const user = await createUser(database.db);
    const { secret } = await enrol(user.id);
    await useUpCodeAllowance(user.email, secret);
    const pending = (await pendingFor(user.email)).pending;

    const wrong = await answer(pending, wrongCodeFor(secret), { altcha: await solvedChallenge() });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: TWO_FACTOR_CODE_INVALID, expired: false });
    const [row] = await database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, hashToken(pending)));
    expect(row?.failedAttempts).toBe(1);

    expect((await answer(pending, codeFor(secret), { altcha: "bm90LWEtc29sdXRpb24=" })).status).toBe(429);
    // The pending sign-in's own cap still holds: solved attempts with wrong codes drop it.
    for (let i = 1; i < TWO_FACTOR_CHALLENGE_MAX_FAILURES; i++) {
      expect((await answer(pending, wrongCodeFor(secret), { altcha: await solvedChallenge() })).status).toBe(400);
    }
    const dropped = await answer(pending, codeFor(secret), { altcha: await solvedChallenge() });
    expect(dropped.status).toBe(401);
  });
});

describe("ADMIN_REQUIRE_2FA", () => {
  async function admin(env: Record<string, string>) {
    const email = uniqueEmail("admin");
    const user = await createUser(database.db, { email, adminEmails: new Set([email]) });
    return { ...user, ctx: testContext(database.db, { ...env, ADMIN_EMAILS: email }) };
  }

  it("sends an admin without two-factor to enrolment with a clear message, and lets them in once it is on", async () => {
    const { id, email, ctx } = await admin({ ADMIN_REQUIRE_2FA: "1" });
    const token = await sessionFor(email, ctx);
    const res = await call(adminLoader, withCookies("/admin", { nm_session: token }), ctx);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/two-factor?required=admin");
    // The admin role gives nothing meanwhile: the shell shows no admin link either.
    expect((await getCurrentUser(withCookies("/admin", { nm_session: token }), ctx))?.isAdmin).toBe(false);
    const page = await call(accountTwoFactorLoader, withCookies("/account/two-factor?required=admin", { nm_session: token }), ctx);
    expect(page.body).toMatchObject({ notice: ADMIN_TWO_FACTOR_REQUIRED });

    const { secret } = await enrol(id);
    const { pending } = await (async () => {
      const r = await login(email, {}, ctx);
      return { pending: cookieValue(r.headers, "nm_2fa_pending")! };
    })();
    const signedIn = await call(twoFactorAction, withCookies("/login/two-factor", { nm_2fa_pending: pending }, { code: codeFor(secret) }), ctx);
    const adminToken = cookieValue(signedIn.headers, "nm_session")!;
    expect((await call(adminLoader, withCookies("/admin", { nm_session: adminToken }), ctx)).status).toBe(200);
  });

  it("leaves admins without two-factor alone when it is off, and customers get 403 either way", async () => {
    const { email, ctx } = await admin({});
    expect((await call(adminLoader, withCookies("/admin", { nm_session: await sessionFor(email, ctx) }), ctx)).status).toBe(200);
    const strict = testContext(database.db, { ADMIN_REQUIRE_2FA: "1" });
    const customer = await createUser(database.db);
    expect((await call(adminLoader, withCookies("/admin", { nm_session: await sessionFor(customer.email, strict) }), strict)).status).toBe(403);
  });
});
