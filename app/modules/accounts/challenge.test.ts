import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { challengeSecrets, checkSolution, issueChallenge, scopeData, type Challenge, type ChallengeScope } from "./challenge.server";
import { DROP_ENTRY_CHALLENGE, SIGN_IN_CHALLENGE } from "./policy";

/** A challenge that solves in milliseconds; the real one is SIGN_IN_CHALLENGE. */
const EASY = { ...SIGN_IN_CHALLENGE, cost: 1, counterMin: 0, counterMax: 50 };
const secrets = challengeSecrets("a-test-key-that-is-long-enough-for-hmac");

async function solvedPayload(challenge: Challenge, tweak?: (payload: { challenge: Challenge; solution: object }) => void): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  const payload = { challenge, solution };
  tweak?.(payload);
  // What the widget posts: base64 of the JSON.
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

describe("sign-in challenge", () => {
  it("makes a signed, expiring, deterministic PBKDF2 challenge at ALTCHA's default cost", async () => {
    const now = new Date("2031-01-01T12:00:00Z");
    const challenge = await issueChallenge(secrets, { now });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 5000, data: { purpose: "sign-in" } });
    expect(challenge.parameters.keySignature).toBeTruthy();
    expect(challenge.parameters.expiresAt).toBe((now.getTime() + SIGN_IN_CHALLENGE.ttlMs) / 1000);
  });

  it("accepts a solved challenge and names it by its signature", async () => {
    const challenge = await issueChallenge(secrets, { difficulty: EASY });
    const checked = await checkSolution(secrets, await solvedPayload(challenge));
    expect(checked).toMatchObject({ ok: true, signature: challenge.signature });
  });

  it("refuses a wrong solution, a changed challenge and another key's challenge", async () => {
    const challenge = await issueChallenge(secrets, { difficulty: EASY });
    const wrongKey = await solvedPayload(challenge, (p) => Object.assign(p.solution, { derivedKey: "00".repeat(32) }));
    expect(await checkSolution(secrets, wrongKey)).toEqual({ ok: false, problem: "invalid" });
    // Making it cheaper (or longer-lived) breaks the signature.
    const cheaper = await solvedPayload(challenge, (p) => {
      p.challenge = { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } };
    });
    expect(await checkSolution(secrets, cheaper)).toEqual({ ok: false, problem: "invalid" });
    const foreign = await issueChallenge(challengeSecrets("some-other-key-some-other-key-123"), { difficulty: EASY });
    expect(await checkSolution(secrets, await solvedPayload(foreign))).toEqual({ ok: false, problem: "invalid" });
  });

  it("refuses an expired challenge even when solved", async () => {
    const challenge = await issueChallenge(secrets, { difficulty: EASY, now: new Date(Date.now() - SIGN_IN_CHALLENGE.ttlMs - 1000) });
    expect(await checkSolution(secrets, await solvedPayload(challenge))).toEqual({ ok: false, problem: "expired" });
    // And by the caller's clock too.
    const fresh = await issueChallenge(secrets, { difficulty: EASY });
    const later = new Date(Date.now() + SIGN_IN_CHALLENGE.ttlMs + 1000);
    expect(await checkSolution(secrets, await solvedPayload(fresh), later)).toEqual({ ok: false, problem: "expired" });
  });

  it("tells a missing payload from garbage", async () => {
    expect(await checkSolution(secrets, "")).toEqual({ ok: false, problem: "missing" });
    expect(await checkSolution(secrets, null)).toEqual({ ok: false, problem: "missing" });
    for (const junk of ["not base64 at all", Buffer.from("{}").toString("base64"), Buffer.from("[1,2]").toString("base64"), "A".repeat(5000)]) {
      expect(await checkSolution(secrets, junk)).toEqual({ ok: false, problem: "malformed" });
    }
  });

  it("derives two different secrets from one key, the same every time", () => {
    const again = challengeSecrets("a-test-key-that-is-long-enough-for-hmac");
    expect(again).toEqual(secrets);
    expect(secrets.signature).not.toBe(secrets.keySignature);
  });
});

describe("drop-entry challenges are bound to one account and one drop", () => {
  const ALICE = "0b5e0a53-3f0e-4c39-9a0e-1c1f6f7f0a11";
  const BOB = "7d1c2f40-2b47-4e0a-8f39-5e5c3b8d9b22";
  const aliceForDrop7: ChallengeScope = { purpose: "drop-entry", dropId: 7, userId: ALICE };
  const EASY_DROP = { ...DROP_ENTRY_CHALLENGE, cost: 1, counterMin: 0, counterMax: 50 };

  it("signs the purpose, the drop and the account into the challenge", async () => {
    const challenge = await issueChallenge(secrets, { difficulty: EASY_DROP, scope: aliceForDrop7 });
    expect(challenge.parameters.data).toEqual({ purpose: "drop-entry", drop: "7", account: ALICE });
    expect(scopeData({ purpose: "sign-in" })).toEqual({ purpose: "sign-in" });
  });

  it("accepts the solution for the same account and drop only", async () => {
    const payload = await solvedPayload(await issueChallenge(secrets, { difficulty: EASY_DROP, scope: aliceForDrop7 }));
    expect(await checkSolution(secrets, payload, new Date(), aliceForDrop7)).toMatchObject({ ok: true });
    // Handed to another account, used for another drop, or offered as a sign-in check.
    expect(await checkSolution(secrets, payload, new Date(), { ...aliceForDrop7, userId: BOB })).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSolution(secrets, payload, new Date(), { ...aliceForDrop7, dropId: 8 })).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSolution(secrets, payload)).toEqual({ ok: false, problem: "invalid" });
  });

  it("refuses a challenge whose account or drop was rewritten (the signature covers them)", async () => {
    const challenge = await issueChallenge(secrets, { difficulty: EASY_DROP, scope: aliceForDrop7 });
    const rewritten = await solvedPayload(challenge, (p) => {
      p.challenge = { ...challenge, parameters: { ...challenge.parameters, data: { purpose: "drop-entry", drop: "7", account: BOB } } };
    });
    expect(await checkSolution(secrets, rewritten, new Date(), { ...aliceForDrop7, userId: BOB })).toEqual({ ok: false, problem: "invalid" });
  });

  it("refuses signed data with anything more or less than the scope", async () => {
    const signedWith = async (data: Record<string, string>) =>
      solvedPayload(
        await createChallenge({
          algorithm: EASY_DROP.algorithm,
          cost: 1,
          counter: 3,
          deriveKey,
          expiresAt: new Date(Date.now() + 60_000),
          data,
          hmacSignatureSecret: secrets.signature,
          hmacKeySignatureSecret: secrets.keySignature,
        }),
      );
    // An unbound drop-entry challenge (the old shape) no longer enters any drop.
    expect(await checkSolution(secrets, await signedWith({ purpose: "drop-entry" }), new Date(), aliceForDrop7)).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSolution(secrets, await signedWith({ ...scopeData(aliceForDrop7), extra: "1" }), new Date(), aliceForDrop7)).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSolution(secrets, await signedWith(scopeData(aliceForDrop7)), new Date(), aliceForDrop7)).toMatchObject({ ok: true });
    // A sign-in check carries only its purpose, and still works.
    expect(await checkSolution(secrets, await signedWith({ purpose: "sign-in", account: ALICE }))).toEqual({ ok: false, problem: "invalid" });
    expect(await checkSolution(secrets, await signedWith({ purpose: "sign-in" }))).toMatchObject({ ok: true });
  });
});
