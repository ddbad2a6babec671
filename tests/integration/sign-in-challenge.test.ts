import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverSecrets, spentChallenges } from "~/db/schema";
import { CHALLENGE_KEY_NAME, signInChallenges, type Challenge } from "~/modules/accounts/challenge.server";
import { cleanUpAccounts } from "~/modules/accounts/cleanup.server";
import { SIGN_IN_CHALLENGE, SIGN_IN_LIMITS } from "~/modules/accounts/policy";
import { signIn, type SignInResult } from "~/modules/accounts/users.server";
import { action as loginAction } from "~/routes/login";
import { CLIENT_IP_HEADER } from "~/web/client-ip.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, formRequest, GOOD_PASSWORD, settle, testContext } from "../support/accounts";

/**
 * Issue 12, finding 8: 55 wrong passwords from 11 addresses used to lock the owner out for
 * 15 minutes. Past the limits an attempt now needs a solved ALTCHA challenge (decision 0017),
 * one solution per attempt.
 */
let database: TestDatabase;
const EASY = { ...SIGN_IN_CHALLENGE, cost: 1, counterMin: 0, counterMax: 50 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

function attempt(email: string, password: string, ipAddress: string, challengePayload?: string) {
  return signIn(
    database.db,
    { email, password, remember: false, ipAddress, challengePayload },
    { adminEmails: new Set(), challenges: signInChallenges(database.db, undefined, { difficulty: EASY }) },
  );
}

async function solve(challenge: Challenge | null): Promise<string> {
  if (!challenge) throw new Error("expected a challenge");
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

function challengeOf(result: SignInResult): Challenge | null {
  if (result.ok || result.reason !== "rate_limited") throw new Error(`expected a refusal past the limits, got ${JSON.stringify(result)}`);
  return result.challenge;
}

/** The issue's attack: the account's ceiling used up, 5 wrong passwords from each of 10 addresses. */
async function useUpCeiling(email: string, prefix: string) {
  const perAddress = SIGN_IN_LIMITS.perAccountAddress.limit;
  for (let a = 0; a < SIGN_IN_LIMITS.perAccount.limit / perAddress; a++) {
    for (let i = 0; i < perAddress; i++) {
      const r = await attempt(email, `wrong-${a}-${i}-guess`, `${prefix}.${a}.1`);
      expect(r.ok ? "ok" : r.reason).toBe("invalid");
    }
  }
}

describe("sign-in past the limits", () => {
  it("asks the 51st attempt (a new address) for a challenge; with a solution and the right password the owner signs in", async () => {
    const { email } = await createUser(database.db);
    await useUpCeiling(email, "198.19");

    const refused = await attempt(email, GOOD_PASSWORD, "198.19.200.1");
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited", challengeProblem: null });
    if (refused.ok || refused.reason !== "rate_limited") throw new Error("unreachable");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount.windowMs / 1000);
    expect(refused.challenge?.parameters.algorithm).toBe("PBKDF2/SHA-256");

    const owner = await attempt(email, GOOD_PASSWORD, "198.19.200.1", await solve(refused.challenge));
    expect(owner.ok).toBe(true);
  });

  it("lets a solved attempt through but still checks the password (a guess past the limit costs a solution and fails)", async () => {
    const { email } = await createUser(database.db);
    await useUpCeiling(email, "198.20");
    const refused = await attempt(email, "another-guess", "198.20.200.1");
    const guess = await attempt(email, "another-guess", "198.20.200.1", await solve(challengeOf(refused)));
    expect(guess).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses a replayed solution, sequential or concurrent", async () => {
    const { email } = await createUser(database.db);
    await useUpCeiling(email, "198.21");
    const payload = await solve(challengeOf(await attempt(email, "guess-guess", "198.21.200.1")));

    const first = await attempt(email, "wrong-again", "198.21.200.1", payload);
    expect(first.ok ? "ok" : first.reason).toBe("invalid");
    const replay = await attempt(email, GOOD_PASSWORD, "198.21.200.2", payload);
    expect(replay).toMatchObject({ ok: false, reason: "rate_limited", challengeProblem: "replayed" });
    // Even with the right password: a used solution buys nothing, and a new challenge comes with the refusal.
    expect(challengeOf(replay)).not.toBeNull();

    const fresh = await solve(challengeOf(replay));
    const both = await Promise.all([attempt(email, GOOD_PASSWORD, "198.21.200.3", fresh), attempt(email, GOOD_PASSWORD, "198.21.200.4", fresh)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok && r.reason === "rate_limited" && r.challengeProblem === "replayed")).toHaveLength(1);
  });

  it("asks an address past its own limit for a challenge too, and a solved one lets the owner in from there", async () => {
    const { email } = await createUser(database.db);
    const address = "198.22.0.1";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress.limit; i++) await attempt(email, `typo-${i}-typo`, address);
    const refused = await attempt(email, GOOD_PASSWORD, address);
    const owner = await attempt(email, GOOD_PASSWORD, address, await solve(challengeOf(refused)));
    expect(owner.ok).toBe(true);
  });

  it("refuses garbage and a challenge signed with another key as invalid", async () => {
    const { email } = await createUser(database.db);
    await useUpCeiling(email, "198.23");
    const junk = await attempt(email, GOOD_PASSWORD, "198.23.200.1", "bm90IGEgcGF5bG9hZA==");
    expect(junk).toMatchObject({ ok: false, reason: "rate_limited", challengeProblem: "malformed" });
    const otherKey = signInChallenges(database.db, "a-configured-key-that-is-not-the-stored-one", { difficulty: EASY });
    const foreign = await solve(await otherKey.issue());
    expect(await attempt(email, GOOD_PASSWORD, "198.23.200.1", foreign)).toMatchObject({ ok: false, challengeProblem: "invalid" });
  });

  it("keeps one generated key in the database when ALTCHA_HMAC_KEY is unset, and cleans up expired spent challenges", async () => {
    const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, CHALLENGE_KEY_NAME));
    expect(row!.value.length).toBeGreaterThanOrEqual(43);
    expect(await database.db.$count(spentChallenges)).toBeGreaterThan(0);
    await cleanUpAccounts({ db: database.db }, new Date(Date.now() + SIGN_IN_CHALLENGE.ttlMs + 60_000));
    expect(await database.db.$count(spentChallenges)).toBe(0);
  });
});

describe("login route past the limits", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type AnyArgs = any;
  const login = (fields: Record<string, string>, ip: string) =>
    settle(async () =>
      loginAction({ request: formRequest("/login", fields, { [CLIENT_IP_HEADER]: ip }), params: {}, context: testContext(database.db) } as AnyArgs),
    );

  it("answers 429 with Retry-After and the challenge, then signs the owner in with a solution", async () => {
    const { email } = await createUser(database.db);
    await useUpCeiling(email, "198.24");
    const refused = await login({ email, password: GOOD_PASSWORD }, "198.24.200.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = refused.body as { message: string; challenge?: { json: string; retryAfterMinutes: number } };
    expect(body.message).toMatch(/quick check that you are not a robot/);
    const challenge = JSON.parse(body.challenge!.json) as Challenge;
    expect(challenge.parameters.cost).toBe(SIGN_IN_CHALLENGE.cost);

    // The real difficulty takes seconds of CPU; a cheap challenge signed with the same stored key
    // (what the route uses without ALTCHA_HMAC_KEY) passes the same checks.
    const altcha = await solve(await signInChallenges(database.db, undefined, { difficulty: EASY }).issue());
    const signedIn = await login({ email, password: GOOD_PASSWORD, altcha }, "198.24.200.1");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Set-Cookie")).toContain("nm_session=");

    const replayed = await login({ email, password: GOOD_PASSWORD, altcha }, "198.24.200.2");
    expect(replayed.status).toBe(429);
    expect(Number(replayed.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((replayed.body as { message: string }).message).toBe("The check could not be confirmed. Please let it run again, then sign in.");
  });
});
