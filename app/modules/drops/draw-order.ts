/**
 * The random order of a draw, and of a queue's first arrivals, from a recorded seed (decision
 * 0047): each entry's rank is HMAC-SHA256(seed, entry id), sorted. Anyone given the seed and the
 * entry ids can recompute the order, so the shop can show a draw was not arranged; nobody can
 * predict it before the seed is made (32 random bytes, made when the draw runs).
 */
import { createHmac, randomBytes } from "node:crypto";

/** A new seed: 32 random bytes as hex. */
export function newSeed(): string {
  return randomBytes(32).toString("hex");
}

/** The rank of one entry under a seed (hex; lower goes first). */
export function entryRank(seed: string, entryId: number): string {
  return createHmac("sha256", seed).update(String(entryId)).digest("hex");
}

/** The entry ids in the seed's order. */
export function seededOrder(seed: string, entryIds: readonly number[]): number[] {
  return entryIds
    .map((id) => ({ id, rank: entryRank(seed, id) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id - b.id))
    .map((e) => e.id);
}
