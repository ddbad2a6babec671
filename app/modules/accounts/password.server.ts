import { hash, parseOptions, verify, type Algorithm, type Options } from "@node-rs/argon2";

/**
 * OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane.
 * `Algorithm.Argon2id` is a const enum in the package's types, hence the literal.
 */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws for either). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's; it is redone at sign-in. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const used = parseOptions(passwordHash);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.memoryCost < ARGON2_OPTIONS.memoryCost! ||
      used.timeCost < ARGON2_OPTIONS.timeCost! ||
      used.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * A real hash of a random password, verified against when the email has no account, so a
 * wrong email takes as long as a wrong password and timing does not reveal who has an account.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-account-${Math.random()}`);
  return dummyHash;
}
