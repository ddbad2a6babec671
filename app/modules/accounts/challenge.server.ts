/**
 * The sign-in proof-of-work (ALTCHA, decision 0017). Once an account or an address has used up
 * its sign-in attempts (SIGN_IN_LIMITS), an attempt is accepted only with a solved challenge:
 * the server signs a challenge (HMAC), the browser's widget spends a few seconds of CPU finding
 * its solution, and the server checks the signature, the expiry and the solution, then records
 * the challenge as spent so one solution buys one attempt. Guessing stays possible for the owner
 * and expensive for everyone else, instead of closing the account to all.
 */
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { spentChallenges } from "~/db/schema";
import { CHALLENGE_FIELD, DROP_ENTRY_CHALLENGE, SIGN_IN_CHALLENGE, type ChallengeDifficulty } from "./policy";
import { storedSecret } from "./server-secrets.server";

export type { Challenge };

export { CHALLENGE_FIELD };

/** The stored secret's name when ALTCHA_HMAC_KEY is not set. */
export const CHALLENGE_KEY_NAME = "altcha-hmac-key";

/** Which account joins which drop: a drop-entry challenge is made for one of each (decision 0047). */
export interface DropEntryScope {
  dropId: number;
  userId: string;
}

/**
 * Everything a challenge is bound to, signed into its `data` (ALTCHA signs the whole parameter
 * set, `data` included, so none of it can be changed without breaking the signature). A
 * drop-entry challenge names the drop and the account it was issued to: a solution collected by
 * one account, or for another drop, is refused (the collected-solutions hand-out the attacker
 * review found). Sign-in challenges are issued before anyone is known, so they carry only their
 * purpose.
 */
export type ChallengeScope = { purpose: "sign-in" } | ({ purpose: "drop-entry" } & DropEntryScope);

// A challenge made for one purpose is refused for any other (a solved sign-in check cannot
// enter a drop, nor the other way round).
const SIGN_IN_SCOPE: ChallengeScope = { purpose: "sign-in" };

/** The signed data of a scope: what `issueChallenge` writes and `checkSolution` expects, exactly. */
export function scopeData(scope: ChallengeScope): Record<string, string> {
  return scope.purpose === "drop-entry" ? { purpose: scope.purpose, drop: String(scope.dropId), account: scope.userId } : { purpose: scope.purpose };
}

/** The same keys with the same values (neither side may carry anything the other does not). */
function sameData(data: Record<string, unknown> | undefined, expected: Record<string, string>): boolean {
  if (!data) return false;
  const keys = Object.keys(data);
  return keys.length === Object.keys(expected).length && keys.every((k) => Object.hasOwn(expected, k) && data[k] === expected[k]);
}

/** A widget payload is a few hundred bytes; anything much larger is not one. */
const MAX_PAYLOAD_LENGTH = 4096;

/**
 * Two secrets from the one configured key: one signs the challenge, the other the expected
 * derived key (ALTCHA's "deterministic mode", where checking a solution is one HMAC).
 */
export interface ChallengeSecrets {
  signature: string;
  keySignature: string;
}

export function challengeSecrets(key: string): ChallengeSecrets {
  const derive = (label: string) => createHmac("sha256", key).update(label).digest("base64url");
  return { signature: derive("nearmint:altcha:challenge"), keySignature: derive("nearmint:altcha:derived-key") };
}

export async function issueChallenge(
  secrets: ChallengeSecrets,
  options: { difficulty?: ChallengeDifficulty; now?: Date; scope?: ChallengeScope } = {},
): Promise<Challenge> {
  const difficulty = options.difficulty ?? SIGN_IN_CHALLENGE;
  const now = options.now ?? new Date();
  return createChallenge({
    algorithm: difficulty.algorithm,
    cost: difficulty.cost,
    counter: randomInt(difficulty.counterMax, difficulty.counterMin),
    deriveKey,
    expiresAt: new Date(now.getTime() + difficulty.ttlMs),
    data: scopeData(options.scope ?? SIGN_IN_SCOPE),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

/** Why a solution was not accepted: none sent, not a payload, wrong, too old, or used before. */
export type ChallengeProblem = "missing" | "malformed" | "invalid" | "expired" | "replayed";

export type CheckedSolution = { ok: true; signature: string; expiresAt: Date } | { ok: false; problem: ChallengeProblem };

// The parameters are kept as sent (loose): they are what the signature covers.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * Checks a widget payload (base64 JSON of challenge + solution) without spending it: signature,
 * scope (purpose, and a drop entry's drop and account), expiry and solution. Pure apart from the
 * clock; `redeemSolution` also spends it.
 */
export async function checkSolution(
  secrets: ChallengeSecrets,
  payload: string | null | undefined,
  now = new Date(),
  scope: ChallengeScope = SIGN_IN_SCOPE,
): Promise<CheckedSolution> {
  if (!payload) return { ok: false, problem: "missing" };
  if (payload.length > MAX_PAYLOAD_LENGTH) return { ok: false, problem: "malformed" };
  let parsed: z.infer<typeof payloadSchema>;
  try {
    const result = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    if (!result.success) return { ok: false, problem: "malformed" };
    parsed = result.data;
  } catch {
    return { ok: false, problem: "malformed" };
  }
  const { challenge, solution } = parsed;
  const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
  if (!(expiresAt.getTime() > now.getTime())) return { ok: false, problem: "expired" };
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    if (result.expired) return { ok: false, problem: "expired" };
    if (!result.verified) return { ok: false, problem: "invalid" };
  } catch {
    // The library throws on parameters it cannot use (unknown algorithm, odd hex): not a solution.
    return { ok: false, problem: "invalid" };
  }
  // Signed by us, so only our own challenges get here; the scope keeps the uses apart: another
  // purpose, another drop or another account's challenge is not this one's.
  if (!sameData(challenge.parameters.data, scopeData(scope))) return { ok: false, problem: "invalid" };
  return { ok: true, signature: challenge.signature, expiresAt };
}

/**
 * Checks a payload and spends it: the first request to present a challenge inserts its
 * signature, any later one (sequential or concurrent) finds the row and is refused.
 */
export async function redeemSolution(
  db: Db,
  secrets: ChallengeSecrets,
  payload: string | null | undefined,
  now = new Date(),
  scope: ChallengeScope = SIGN_IN_SCOPE,
): Promise<CheckedSolution> {
  const checked = await checkSolution(secrets, payload, now, scope);
  if (!checked.ok) return checked;
  const spent = await db
    .insert(spentChallenges)
    .values({ signature: checked.signature, expiresAt: checked.expiresAt })
    .onConflictDoNothing({ target: spentChallenges.signature })
    .returning({ signature: spentChallenges.signature });
  return spent.length === 1 ? checked : { ok: false, problem: "replayed" };
}

/** What sign-in needs: make a challenge, redeem a solution. The key is read only when used. */
export interface SignInChallenges {
  issue(): Promise<Challenge>;
  redeem(payload: string | null | undefined): Promise<CheckedSolution>;
}

interface ChallengeOptions {
  difficulty?: ChallengeDifficulty;
  now?: () => Date;
}

/** The configured key (ALTCHA_HMAC_KEY), else one made at first use and kept in the database. */
function secretsFor(db: Db, configuredKey: string | undefined): () => Promise<ChallengeSecrets> {
  return async () => challengeSecrets(configuredKey ?? (await storedSecret(db, CHALLENGE_KEY_NAME)));
}

/**
 * The sign-in challenges for this database: signed with ALTCHA_HMAC_KEY when set, else with a
 * key made at first use and kept in the database (so every instance agrees, and no secret is
 * in the repository).
 */
export function signInChallenges(db: Db, configuredKey: string | undefined, options: ChallengeOptions = {}): SignInChallenges {
  const secrets = secretsFor(db, configuredKey);
  const now = options.now ?? (() => new Date());
  return {
    issue: async () => issueChallenge(await secrets(), { difficulty: options.difficulty, now: now(), scope: SIGN_IN_SCOPE }),
    redeem: async (payload) => redeemSolution(db, await secrets(), payload, now(), SIGN_IN_SCOPE),
  };
}

/**
 * What joining a drop needs: a challenge made for one account and one drop, and redeeming a
 * solution for the same account and drop. The caller names both each time, so the binding is
 * checked where the entry is made, not trusted to the page.
 */
export interface DropEntryChallenges {
  issue(entry: DropEntryScope): Promise<Challenge>;
  redeem(payload: string | null | undefined, entry: DropEntryScope): Promise<CheckedSolution>;
}

/**
 * The check to join a drop (decision 0047): the same machinery and key as sign-in, its own
 * purpose bound to the drop and the account, and a lighter puzzle (every entrant solves one,
 * not only someone past a limit).
 */
export function dropEntryChallenges(db: Db, configuredKey: string | undefined, options: ChallengeOptions = {}): DropEntryChallenges {
  const secrets = secretsFor(db, configuredKey);
  const now = options.now ?? (() => new Date());
  const difficulty = options.difficulty ?? DROP_ENTRY_CHALLENGE;
  const scope = (entry: DropEntryScope): ChallengeScope => ({ purpose: "drop-entry", dropId: entry.dropId, userId: entry.userId });
  return {
    issue: async (entry) => issueChallenge(await secrets(), { difficulty, now: now(), scope: scope(entry) }),
    redeem: async (payload, entry) => redeemSolution(db, await secrets(), payload, now(), scope(entry)),
  };
}

/** Spent challenges past their expiry can go: a replay of one is refused as expired anyway. */
export async function deleteExpiredSpentChallenges(db: Db, now = new Date()): Promise<number> {
  const rows = await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, now)).returning({ signature: spentChallenges.signature });
  return rows.length;
}
