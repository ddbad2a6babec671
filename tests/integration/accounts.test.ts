import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outbox, passwordResetTokens, rateLimits, sessions, subscriptions, users } from "~/db/schema";
import { cleanUpAccounts } from "~/modules/accounts/cleanup.server";
import { needsRehash, verifyPassword } from "~/modules/accounts/password.server";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "~/modules/accounts/password-policy";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "~/modules/accounts/password-reset.server";
import { REMEMBER_ME_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SIGN_IN_LIMITS } from "~/modules/accounts/policy";
import { consumeRateLimit } from "~/modules/accounts/rate-limit.server";
import { countAdmins, syncAdminRoles } from "~/modules/accounts/roles.server";
import { countUserSessions, createSession, findSessionUser } from "~/modules/accounts/sessions.server";
import { hashToken } from "~/modules/accounts/tokens.server";
import { EMAIL_TAKEN, INVALID_CREDENTIALS, registerUser, signIn, TOO_MANY_SIGN_UPS } from "~/modules/accounts/users.server";
import { isPremiumSql } from "~/modules/membership/premium.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, GOOD_PASSWORD, uniqueEmail } from "../support/accounts";

let database: TestDatabase;
// Sign-up needs the link's branding, sign-in the admin list; one object serves both.
const noAdmins = { adminEmails: new Set<string>(), publicUrl: "https://shop.test", shopName: "Test Shop" };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

function signInAs(email: string, password: string, extra: Partial<Parameters<typeof signIn>[1]> = {}, now?: Date) {
  return signIn(database.db, { email, password, remember: false, ipAddress: "198.51.100.7", ...extra }, { ...noAdmins, now });
}

describe("registration", () => {
  it("stores an argon2id hash (m=19456, t=2, p=1), never the password, and a profile", async () => {
    const email = uniqueEmail();
    const result = await registerUser(database.db, { fullName: "Misty Waters", email: email.toUpperCase(), password: GOOD_PASSWORD }, noAdmins);
    expect(result.ok).toBe(true);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(GOOD_PASSWORD);
    expect(user!.role).toBe("customer");
    expect(needsRehash(user!.passwordHash)).toBe(false);
    expect(await verifyPassword(user!.passwordHash, GOOD_PASSWORD)).toBe(true);
  });

  it("refuses short and common passwords on the server, and accepts a 300-character passphrase", async () => {
    const short = await registerUser(database.db, { fullName: "A", email: uniqueEmail(), password: "Ab1!x" }, noAdmins);
    expect(short).toEqual({ ok: false, errors: { password: PASSWORD_TOO_SHORT } });
    const common = await registerUser(database.db, { fullName: "A", email: uniqueEmail(), password: "Password123!" }, noAdmins);
    expect(common).toEqual({ ok: false, errors: { password: PASSWORD_TOO_COMMON } });
    const long = "tall grass hides rare cards; ".repeat(11);
    expect(long.length).toBeGreaterThan(300);
    const email = uniqueEmail();
    expect((await registerUser(database.db, { fullName: "Long", email, password: long }, noAdmins)).ok).toBe(true);
    expect((await signInAs(email, long)).ok).toBe(true);
  });

  it("refuses a second account for the same email, also when both sign up at once", async () => {
    const email = uniqueEmail();
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => registerUser(database.db, { fullName: "Twin", email, password: GOOD_PASSWORD }, noAdmins)),
    );
    expect(attempts.filter((r) => r.ok)).toHaveLength(1);
    for (const r of attempts.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, errors: { email: EMAIL_TAKEN } });
    expect(await database.db.$count(users, eq(users.email, email))).toBe(1);
  });
});

describe("registration limit per address", () => {
  const perAddress = { limit: 3, windowMs: 60 * 60 * 1000 };
  const signUp = (ip: string, email = uniqueEmail(), now?: Date) =>
    registerUser(database.db, { fullName: "Bulk", email, password: GOOD_PASSWORD, ipAddress: ip }, { ...noAdmins, limits: { perAddress }, now });

  it("counts refused attempts too (a taken email), so probing for accounts is bounded", async () => {
    const { email } = await createUser(database.db);
    expect(await signUp("198.51.100.31", email)).toEqual({ ok: false, errors: { email: EMAIL_TAKEN } });
    expect(await signUp("198.51.100.31", email)).toEqual({ ok: false, errors: { email: EMAIL_TAKEN } });
    expect((await signUp("198.51.100.31")).ok).toBe(true);
    expect(await signUp("198.51.100.31", email)).toMatchObject({ ok: false, reason: "rate_limited", message: TOO_MANY_SIGN_UPS });
  });

  it("lets exactly the limit through when one address signs up many times at once", async () => {
    const attempts = await Promise.all(Array.from({ length: 8 }, () => signUp("198.51.100.32")));
    expect(attempts.filter((r) => r.ok)).toHaveLength(3);
    for (const r of attempts.filter((r) => !r.ok)) expect(r).toMatchObject({ reason: "rate_limited" });
  });

  it("opens again when the hour is over", async () => {
    const start = new Date();
    for (let i = 0; i < 3; i++) expect((await signUp("198.51.100.33", uniqueEmail(), start)).ok).toBe(true);
    const refused = await signUp("198.51.100.33", uniqueEmail(), start);
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited", retryAfterSeconds: 3600 });
    expect((await signUp("198.51.100.33", uniqueEmail(), new Date(start.getTime() + perAddress.windowMs + 1000))).ok).toBe(true);
  });
});

describe("sign-in", () => {
  it("gives the same answer for an unknown email and a wrong password", async () => {
    const { email } = await createUser(database.db);
    const wrongPassword = await signInAs(email, "not-the-password", { ipAddress: "203.0.113.1" });
    const unknownEmail = await signInAs(uniqueEmail("nobody"), "not-the-password", { ipAddress: "203.0.113.1" });
    expect(wrongPassword).toEqual({ ok: false, reason: "invalid", message: INVALID_CREDENTIALS });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("issues a new 256-bit token at every sign-in, stores only its SHA-256, and ends the previous one", async () => {
    const { id, email, password } = await createUser(database.db);
    const first = await signInAs(email, password);
    const second = await signInAs(email, password, { previousToken: first.ok ? first.session.token : null });
    if (!first.ok || !second.ok) throw new Error("sign-in failed");
    expect(first.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.session.token).not.toBe(first.session.token);
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(second.session.token)]);
    expect(JSON.stringify(rows)).not.toContain(second.session.token);
    expect(await findSessionUser(database.db, first.session.token)).toBeNull();
    expect((await findSessionUser(database.db, second.session.token))?.userId).toBe(id);
  });

  it("a token fixed before sign-in is worthless after it (no session fixation)", async () => {
    const { email, password } = await createUser(database.db);
    const planted = "A".repeat(43);
    const result = await signInAs(email, password, { previousToken: planted });
    if (!result.ok) throw new Error("sign-in failed");
    expect(result.session.token).not.toBe(planted);
    expect(await findSessionUser(database.db, planted)).toBeNull();
  });

  it("the session lookup says whether the customer is Pro at that moment (an active subscription whose paid period has not ended)", async () => {
    const { id, email, password } = await createUser(database.db);
    const t0 = new Date("2030-02-01T08:00:00Z");
    const signedIn = await signInAs(email, password, { remember: true }, t0);
    if (!signedIn.ok) throw new Error("sign-in failed");
    const token = signedIn.session.token;
    expect((await findSessionUser(database.db, token, t0))?.isPremium).toBe(false);
    const periodEnd = new Date(t0.getTime() + 7 * 86_400_000);
    const [subscription] = await database.db
      .insert(subscriptions)
      .values({ userId: id, provider: "sandbox", planType: "monthly", status: "active", amount: 499, currentPeriodEnd: periodEnd })
      .returning({ id: subscriptions.id });
    expect((await findSessionUser(database.db, token, t0))?.isPremium).toBe(true);
    // The paid period over, with no event saying so yet: not Pro.
    expect((await findSessionUser(database.db, token, new Date(periodEnd.getTime() + 1000)))?.isPremium).toBe(false);
    await database.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.id, subscription!.id));
    expect((await findSessionUser(database.db, token, t0))?.isPremium).toBe(false);
  });

  it("isPremiumSql asks about its own row's customer, in a query without joins too", async () => {
    const pro = await createUser(database.db);
    const other = await createUser(database.db);
    const now = new Date();
    await database.db
      .insert(subscriptions)
      .values({ userId: pro.id, provider: "sandbox", planType: "monthly", status: "active", amount: 499, currentPeriodEnd: new Date(now.getTime() + 86_400_000) });
    const premiumOf = async (id: string) =>
      (await database.db.select({ premium: isPremiumSql(users.id, now) }).from(users).where(eq(users.id, id)))[0]?.premium;
    expect(await premiumOf(pro.id)).toBe(true);
    expect(await premiumOf(other.id)).toBe(false);
  });

  it("without remember-me: 12 h idle, 24 h at most; with it: 30 days", async () => {
    const { email, password } = await createUser(database.db);
    const t0 = new Date("2030-01-01T08:00:00Z");
    const browser = await signInAs(email, password, {}, t0);
    const remembered = await signInAs(email, password, { remember: true }, t0);
    if (!browser.ok || !remembered.ok) throw new Error("sign-in failed");
    expect(browser.session.persistent).toBe(false);
    expect(browser.session.expiresAt.getTime()).toBe(t0.getTime() + SESSION_IDLE_MS);
    expect(remembered.session.expiresAt.getTime()).toBe(t0.getTime() + REMEMBER_ME_MS);

    const at = (ms: number) => new Date(t0.getTime() + ms);
    // Active every 10 hours: the idle window slides ...
    expect(await findSessionUser(database.db, browser.session.token, at(10 * 3600_000))).not.toBeNull();
    expect(await findSessionUser(database.db, browser.session.token, at(20 * 3600_000))).not.toBeNull();
    // ... but never past 24 hours after sign-in.
    expect(await findSessionUser(database.db, browser.session.token, at(SESSION_ABSOLUTE_MS + 1000))).toBeNull();
    // A session left alone for 12 hours is over.
    const idle = await signInAs(email, password, {}, t0);
    if (!idle.ok) throw new Error("sign-in failed");
    expect(await findSessionUser(database.db, idle.session.token, at(SESSION_IDLE_MS + 1000))).toBeNull();
    // Remember-me lasts 30 days, not a second more.
    expect(await findSessionUser(database.db, remembered.session.token, at(29 * 24 * 3600_000))).not.toBeNull();
    expect(await findSessionUser(database.db, remembered.session.token, at(REMEMBER_ME_MS + 1000))).toBeNull();
  });

  it("refuses malformed tokens without a query", async () => {
    for (const token of ["", "short", "x".repeat(44), "' OR 1=1 --".padEnd(43, "a")]) {
      expect(await findSessionUser(database.db, token)).toBeNull();
    }
  });
});

describe("rate limiting", () => {
  it("refuses an address after 5 failures for one account, and says so without revealing more", async () => {
    const { email, password } = await createUser(database.db);
    const guesser = "192.0.2.1";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress.limit; i++) {
      const r = await signInAs(email, "wrong-password", { ipAddress: guesser });
      expect(r.ok ? "ok" : r.reason).toBe("invalid");
    }
    // Even the right password is refused from that address now.
    const locked = await signInAs(email, password, { ipAddress: guesser });
    expect(locked.ok).toBe(false);
    if (locked.ok || locked.reason !== "rate_limited") throw new Error("expected rate limit");
    expect(locked.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    // An unknown email is limited in exactly the same way (no account enumeration).
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress.limit; i++) await signInAs(ghost, "x-wrong-x", { ipAddress: "192.0.2.50" });
    const ghostLocked = await signInAs(ghost, "x-wrong-x", { ipAddress: "192.0.2.50" });
    expect(ghostLocked.ok ? "ok" : ghostLocked.reason).toBe("rate_limited");
    if (ghostLocked.ok || locked.ok) throw new Error("expected refusals");
    expect(ghostLocked.message).toBe(locked.message);
  });

  it("does not lock the owner out: someone else's failures from other addresses leave the right password working", async () => {
    const { email, password } = await createUser(database.db);
    // Several addresses each use up their own 5 attempts against the account ...
    for (const attacker of ["192.0.2.60", "192.0.2.61", "192.0.2.62"]) {
      for (let i = 0; i <= SIGN_IN_LIMITS.perAccountAddress.limit + 3; i++) await signInAs(email, `guess-${i}-guess`, { ipAddress: attacker });
      expect((await signInAs(email, password, { ipAddress: attacker })).ok).toBe(false);
    }
    // ... and the owner, elsewhere, still signs in.
    expect((await signInAs(email, password, { ipAddress: "192.0.2.70" })).ok).toBe(true);
    // Their success does not give the attackers their attempts back.
    expect((await signInAs(email, password, { ipAddress: "192.0.2.60" })).ok).toBe(false);
  });

  it("stops distributed guessing at a per-account ceiling across all addresses", async () => {
    const { email, password } = await createUser(database.db);
    const { limit } = SIGN_IN_LIMITS.perAccount;
    const perAddress = SIGN_IN_LIMITS.perAccountAddress.limit;
    expect(limit).toBeGreaterThan(5 * perAddress);
    // Many addresses, each staying under its own limit, together reach the ceiling.
    let guesses = 0;
    for (let a = 0; guesses < limit; a++) {
      for (let i = 0; i < perAddress && guesses < limit; i++, guesses++) {
        const r = await signInAs(email, `spread-${a}-${i}`, { ipAddress: `198.18.${a}.1` });
        expect(r.ok ? "ok" : r.reason).toBe("invalid");
      }
    }
    const fresh = await signInAs(email, "one-more-guess", { ipAddress: "198.18.200.1" });
    expect(fresh.ok ? "ok" : fresh.reason).toBe("rate_limited");
    // Past the ceiling the account is closed to everyone until the window ends.
    expect((await signInAs(email, password, { ipAddress: "198.18.201.1" })).ok).toBe(false);
  });

  it("counts an address that is already refused no further against the account's ceiling", async () => {
    const { email, password } = await createUser(database.db);
    const hammer = "192.0.2.80";
    // One address hammering far past its own limit (more than the ceiling itself) ...
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.limit + 10; i++) await signInAs(email, `hammer-${i}`, { ipAddress: hammer });
    // ... cannot push the account to its ceiling: the owner still gets in from elsewhere.
    expect((await signInAs(email, password, { ipAddress: "192.0.2.81" })).ok).toBe(true);
  });

  it("opens again when the window has passed", async () => {
    const { email, password } = await createUser(database.db);
    const t0 = new Date("2031-05-05T10:00:00Z");
    // An address of its own: a window in the future must not hold back the other tests.
    const ipAddress = "192.0.2.177";
    for (let i = 0; i < 6; i++) await signInAs(email, "wrong-password", { ipAddress }, t0);
    expect((await signInAs(email, password, { ipAddress }, t0)).ok).toBe(false);
    const later = new Date(t0.getTime() + SIGN_IN_LIMITS.perAccountAddress.windowMs + 1000);
    expect((await signInAs(email, password, { ipAddress }, later)).ok).toBe(true);
  });

  it("limits one address across many accounts, but successful sign-ins do not use it up", async () => {
    const address = "198.51.100.250";
    const { email, password } = await createUser(database.db);
    for (let i = 0; i < 40; i++) expect((await signInAs(email, password, { ipAddress: address })).ok).toBe(true);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.limit; i++) {
      await signInAs(uniqueEmail("spray"), "guess-guess", { ipAddress: address });
    }
    const blocked = await signInAs(email, password, { ipAddress: address });
    expect(blocked.ok ? "ok" : blocked.reason).toBe("rate_limited");
    expect((await signInAs(email, password, { ipAddress: "198.51.100.251" })).ok).toBe(true);
  });

  it("counts concurrent attempts one by one (no race past the limit)", async () => {
    const rule = { limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(database.db, "test:parallel", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("parallel password guesses against one account are all counted, per address and against the ceiling", async () => {
    const { email } = await createUser(database.db);
    const { limit } = SIGN_IN_LIMITS.perAccountAddress;
    const fromOne = await Promise.all(Array.from({ length: 12 }, (_, i) => signInAs(email, `guess-${i}-guess`, { ipAddress: "100.64.0.1" })));
    expect(fromOne.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(limit);
    expect(fromOne.filter((r) => !r.ok && r.reason === "rate_limited")).toHaveLength(12 - limit);

    const ceiling = SIGN_IN_LIMITS.perAccount.limit;
    const spread = ceiling + 15 - limit; // the first address already used `limit` of the ceiling
    const fromMany = await Promise.all(
      Array.from({ length: spread }, (_, i) => signInAs(email, `spread-${i}-guess`, { ipAddress: `100.65.${Math.floor(i / limit)}.${i % limit}` })),
    );
    expect(fromMany.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(ceiling - limit);
    expect(fromMany.filter((r) => !r.ok && r.reason === "rate_limited")).toHaveLength(15);
  });

  it("limits reset requests per address with a message, and per account silently", async () => {
    const { email } = await createUser(database.db);
    const options = { publicUrl: "https://shop.test", shopName: "Nearmint" };
    const before = await database.db.$count(outbox, eq(outbox.toAddress, email));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestPasswordReset(database.db, { email, ipAddress: `10.9.0.${i}` }, options));
    expect(answers.every((a) => a.ok)).toBe(true); // the same answer every time ...
    expect((await database.db.$count(outbox, eq(outbox.toAddress, email))) - before).toBe(3); // ... but only 3 emails an hour
    const address = "10.9.9.9";
    for (let i = 0; i < 10; i++) await requestPasswordReset(database.db, { email: uniqueEmail("r"), ipAddress: address }, options);
    const limited = await requestPasswordReset(database.db, { email, ipAddress: address }, options);
    expect(limited.ok).toBe(false);
  });

  it("keeps no email address in clear in the rate-limit table", async () => {
    const keys = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).not.toContain("@");
  });
});

describe("password reset", () => {
  const options = { publicUrl: "https://shop.test", shopName: "Nearmint" };

  async function requestAndReadLink(email: string, now?: Date) {
    await requestPasswordReset(database.db, { email }, { ...options, now });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, email))
      .orderBy(sql`${outbox.id} DESC`)
      .limit(1);
    const token = mail!.textBody.match(/https:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
    return { mail: mail!, token };
  }

  it("answers an unknown email exactly like a known one, and queues nothing for it", async () => {
    const ghost = uniqueEmail("ghost");
    expect(await requestPasswordReset(database.db, { email: ghost }, options)).toEqual({ ok: true });
    expect(await database.db.$count(outbox, eq(outbox.toAddress, ghost))).toBe(0);
  });

  it("emails a single-use link, stores only its hash, and the reset ends every other session", async () => {
    // Verified: an unverified account's reset ends the resetting browser's session too (email-verification.test.ts).
    const { id, email, password } = await createUser(database.db, { verified: true });
    const a = await signInAs(email, password);
    const b = await signInAs(email, password, { remember: true });
    if (!a.ok || !b.ok) throw new Error("sign-in failed");
    const { mail, token } = await requestAndReadLink(email);
    expect(mail.kind).toBe("password-reset");
    expect(mail.subject).toBe("Reset your Nearmint password");
    const [stored] = await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000);

    const newPassword = "Lavender-Quartz-77";
    expect(await resetPassword(database.db, { token, password: newPassword, keepSessionTokenHash: hashToken(b.session.token) })).toEqual({
      ok: true,
      userId: id,
      keptSession: true,
    });
    expect(await findSessionUser(database.db, a.session.token)).toBeNull();
    expect(await findSessionUser(database.db, b.session.token)).not.toBeNull(); // the one making the change stays
    expect(await countUserSessions(database.db, id)).toBe(1);
    expect((await signInAs(email, password)).ok).toBe(false);
    expect((await signInAs(email, newPassword)).ok).toBe(true);

    // The same link again: refused.
    const replay = await resetPassword(database.db, { token, password: "Another-Passphrase-9" });
    expect(replay.ok).toBe(false);
    expect(await isResetTokenUsable(database.db, token)).toBe(false);
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const { email } = await createUser(database.db);
    const { token } = await requestAndReadLink(email);
    const results = await Promise.all([
      resetPassword(database.db, { token, password: "First-Winner-Pass-1" }),
      resetPassword(database.db, { token, password: "Second-Winner-Pass-2" }),
      resetPassword(database.db, { token, password: "Third-Winner-Pass-3" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses a link after one hour", async () => {
    const { email } = await createUser(database.db);
    const t0 = new Date();
    const { token } = await requestAndReadLink(email, t0);
    const later = new Date(t0.getTime() + 60 * 60_000 + 1000);
    expect(await isResetTokenUsable(database.db, token, later)).toBe(false);
    const result = await resetPassword(database.db, { token, password: "Too-Late-Passphrase" }, { now: later });
    expect(result.ok).toBe(false);
    expect(await isResetTokenUsable(database.db, token, new Date(t0.getTime() + 59 * 60_000))).toBe(true);
  });

  it("a newer reset kills the older links of the same account once used", async () => {
    const { email } = await createUser(database.db);
    const first = await requestAndReadLink(email);
    const second = await requestAndReadLink(email);
    expect((await resetPassword(database.db, { token: second.token, password: "Newest-Link-Wins-5" })).ok).toBe(true);
    expect((await resetPassword(database.db, { token: first.token, password: "Older-Link-Loses-6" })).ok).toBe(false);
  });

  it("applies the password rules to the new password and keeps the link usable", async () => {
    const { email } = await createUser(database.db);
    const { token } = await requestAndReadLink(email);
    expect(await resetPassword(database.db, { token, password: "qwerty123" })).toMatchObject({ ok: false, field: "password" });
    expect(await isResetTokenUsable(database.db, token)).toBe(true);
  });
});

describe("admin role from ADMIN_EMAILS", () => {
  // Since decision 0011 the role needs a verified email: both accounts verify through their link.
  it("is given on verification, synced at sign-in and at start, and taken away when unlisted", async () => {
    const bossEmail = uniqueEmail("boss");
    const laterEmail = uniqueEmail("later");
    const admins = new Set([bossEmail]);
    const boss = await createUser(database.db, { email: bossEmail, adminEmails: admins });
    const later = await createUser(database.db, { email: laterEmail, verified: true });
    const roleOf = async (id: string) => (await database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
    expect(await roleOf(boss.id)).toBe("admin");
    expect(await roleOf(later.id)).toBe("customer");

    // Added to the list later: admin at the next sign-in.
    const both = new Set([bossEmail, laterEmail]);
    await signIn(database.db, { email: laterEmail, password: later.password, remember: false }, { adminEmails: both });
    expect(await roleOf(later.id)).toBe("admin");

    // Server start with only the boss listed: the other admin goes back to customer.
    const sync = await syncAdminRoles(database.db, admins);
    expect(sync.revoked).toContain(laterEmail);
    expect(await roleOf(later.id)).toBe("customer");
    expect(await roleOf(boss.id)).toBe("admin");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, later.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["role.granted", "role.revoked"]);

    // An empty list means no admins at all.
    await syncAdminRoles(database.db, new Set());
    expect(await countAdmins(database.db)).toBe(0);
  });
});

describe("housekeeping", () => {
  it("removes expired sessions and spent reset links", async () => {
    const { id } = await createUser(database.db);
    const old = new Date("2020-01-01T00:00:00Z");
    const stale = await createSession(database.db, id, { persistent: false, now: old });
    const fresh = await createSession(database.db, id, { persistent: false });
    const result = await cleanUpAccounts({ db: database.db });
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(await database.db.$count(sessions, eq(sessions.tokenHash, hashToken(stale.token)))).toBe(0);
    expect(await database.db.$count(sessions, eq(sessions.tokenHash, hashToken(fresh.token)))).toBe(1);
  });
});
