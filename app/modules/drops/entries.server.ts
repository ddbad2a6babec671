/**
 * Joining a drop: a place in the waiting room (queue) or an entry in the draw (decision 0047).
 * One entry per account and one per person (the normalised email), and at most
 * `ENTRIES_PER_ADDRESS` from one client address, so a farm of accounts behind one connection
 * gets few places. The proof-of-work challenge is checked by the caller before this runs.
 *
 * Entry is free: a paid-entry chance draw is an illegal lottery in the UK, and nothing here
 * charges or holds anything.
 */
import { createHmac } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors";
import { dropEntries, drops, users } from "~/db/schema";
import { storedSecret } from "~/modules/accounts/server-secrets.server";
import { clientNetwork } from "~/utils/client-network";
import { normaliseEmailIdentity } from "./buyer-identity";
import { dropPhase, purchaseWindow, turnStarts } from "./drop-rules";
import type { Drop } from "./rights.server";

/** Most entries of one drop from one client address (a household, a small office). */
export const ENTRIES_PER_ADDRESS = 3;

/** The stored secret that keys the address hashes (addresses are never stored). */
const ADDRESS_KEY_SECRET = "drop-address-key";

export type JoinRefusal = "not_open" | "closed" | "already_in" | "same_person" | "address_full" | "unverified";

export type JoinResult = { ok: true; entryId: number } | { ok: false; refusal: JoinRefusal };

/**
 * A keyed hash of the client's network (the IPv4 address, or the IPv6 /64: `clientNetwork`):
 * addresses of one network match, the address cannot be read back.
 */
export async function addressKeyOf(db: Db, clientAddress: string | null): Promise<string> {
  const secret = await storedSecret(db, ADDRESS_KEY_SECRET);
  return createHmac("sha256", secret)
    .update(clientNetwork(clientAddress))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Who may join when: a queue from when it opens until it is called off (late joiners queue behind
 * everyone); a draw only while entry is open.
 */
function joinProblem(drop: Drop, now: Date): JoinRefusal | null {
  const phase = dropPhase(drop, now);
  if (phase === "announced") return "not_open";
  if (phase === "off" || phase === "closed") return "closed";
  // A draw already made takes no more entries, whatever the clock said when this join began.
  if (drop.mode === "draw" && drop.orderedAt) return "closed";
  return null;
}

/**
 * Adds the account to the drop. A queue joined after the start gets the next place at once, and
 * its right to buy from its admission time (or now, if that has passed); before the start,
 * places are given when the queue is ordered (`orderQueue` in queue.server.ts).
 */
export async function joinDrop(
  db: Db,
  input: { dropId: number; userId: string; clientAddress: string | null; now?: Date },
): Promise<JoinResult> {
  const now = input.now ?? new Date();
  const addressKey = await addressKeyOf(db, input.clientAddress);
  try {
    return await db.transaction(async (tx) => {
      // The drop row is the lock that makes joins, the per-address count and late places take turns.
      const [drop] = await tx.select().from(drops).where(eq(drops.id, input.dropId)).for("update");
      if (!drop) return { ok: false, refusal: "closed" } as const;
      const problem = joinProblem(drop, now);
      if (problem) return { ok: false, refusal: problem } as const;

      const [user] = await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, input.userId));
      if (!user?.verifiedAt) return { ok: false, refusal: "unverified" } as const;
      const personKey = normaliseEmailIdentity(user.email) ?? user.email;

      const [existing] = await tx
        .select({ userId: dropEntries.userId })
        .from(dropEntries)
        .where(and(eq(dropEntries.dropId, drop.id), sql`(${dropEntries.userId} = ${input.userId} OR ${dropEntries.personKey} = ${personKey})`));
      if (existing) return { ok: false, refusal: existing.userId === input.userId ? "already_in" : "same_person" } as const;

      const [addressCount] = await tx
        .select({ fromAddress: sql<number>`count(*)::int` })
        .from(dropEntries)
        .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.addressKey, addressKey)));
      if ((addressCount?.fromAddress ?? 0) >= ENTRIES_PER_ADDRESS) return { ok: false, refusal: "address_full" } as const;

      const late = await lateQueuePlace(tx, drop, now);
      const [entry] = await tx
        .insert(dropEntries)
        .values({
          dropId: drop.id,
          userId: input.userId,
          personKey,
          addressKey,
          joinedAt: now,
          state: drop.mode === "queue" ? (late ? "admitted" : "waiting") : "entered",
          position: late?.position ?? null,
          rightFrom: late?.rightFrom ?? null,
          rightUntil: late?.rightUntil ?? null,
        })
        .returning({ id: dropEntries.id });
      if (!entry) throw new Error("joinDrop: the insert returned no row");
      return { ok: true, entryId: entry.id } as const;
    });
  } catch (error) {
    // Two tabs of one account (or two accounts of one person) joining in the same instant.
    if (uniqueViolation(error)) return { ok: false, refusal: "already_in" };
    throw error;
  }
}

/**
 * After the queue has been ordered, a newcomer takes the next place, first come first served,
 * and may buy from that place's turn (`turnStarts`: its admission time, or now, and at least one
 * admission interval after the last place's). Before the ordering (or for a draw) there is no
 * place yet: null.
 */
async function lateQueuePlace(tx: Tx, drop: Drop, now: Date) {
  if (drop.mode !== "queue" || !drop.orderedAt) return null;
  const [lastPlace] = await tx
    .select({ position: dropEntries.position, rightFrom: dropEntries.rightFrom })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, drop.id), isNotNull(dropEntries.position)))
    .orderBy(desc(dropEntries.position))
    .limit(1);
  const position = (lastPlace?.position ?? 0) + 1;
  return { position, ...purchaseWindow(drop, turnStarts(drop, position, lastPlace?.rightFrom ?? null, now)) };
}

/** The sentence for a refused join. */
export function joinRefusalMessage(refusal: JoinRefusal): string {
  switch (refusal) {
    case "not_open":
      return "This drop has not opened yet. Please come back when the countdown ends.";
    case "closed":
      return "This drop is closed to new entries.";
    case "already_in":
      return "You are already in this drop.";
    case "same_person":
      return "Someone with the same email address is already in this drop: one place per person.";
    case "address_full":
      return "Too many entries have come from your connection for this drop.";
    case "unverified":
      return "Please verify your email address before entering a drop.";
  }
}
