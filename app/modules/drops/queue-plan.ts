/**
 * Where each entry of a queue goes when the queue is ordered at the start (decision 0047): those
 * who joined before the start in the seed's random order (arriving early gains nothing), then
 * anyone who joined after the start but before the ordering ran, first come first served. Each
 * place's right to buy opens at its turn (`turnStarts`, drop-rules.ts: the fixed-rate admission
 * time, never in the past, never sooner than one interval after the place before), and the
 * first not before the start's spread is over (`startSpreadMs`) nor before every page already
 * asking has had its place (`ORDERING_RECHECK_MAX_MS` after the ordering).
 * Pure: queue.server.ts writes what this returns.
 */
import { seededOrder } from "./draw-order";
import { ORDERING_RECHECK_MAX_MS, purchaseWindow, startSpreadMs, turnStarts, type DropTimes } from "./drop-rules";

export interface UnplacedEntry {
  id: number;
  joinedAt: Date;
}

export interface QueuePlace {
  id: number;
  position: number;
  rightFrom: Date;
  rightUntil: Date;
}

export function planQueue(
  drop: Pick<DropTimes, "startsAt" | "admitPerMinute" | "purchaseMinutes">,
  entries: readonly UnplacedEntry[],
  seed: string,
  now: Date,
  firstPosition = 1,
  previousFrom: Date | null = null,
): QueuePlace[] {
  const early = entries.filter((e) => e.joinedAt < drop.startsAt).map((e) => e.id);
  const late = entries
    .filter((e) => e.joinedAt >= drop.startsAt)
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id)
    .map((e) => e.id);
  let previous = previousFrom;
  // At the start's ordering, the waiting pages learn their places over the start's spread, and
  // pages already asking learn them within ORDERING_RECHECK_MAX_MS of the ordering: no turn
  // opens before both (so asking first gains nothing), then the places follow at the rate.
  const notBefore =
    firstPosition === 1
      ? new Date(Math.max(now.getTime() + ORDERING_RECHECK_MAX_MS, drop.startsAt.getTime() + startSpreadMs(early.length)))
      : now;
  return [...seededOrder(seed, early), ...late].map((id, i) => {
    const position = firstPosition + i;
    const from = turnStarts(drop, position, previous, notBefore);
    previous = from;
    return { id, position, ...purchaseWindow(drop, from) };
  });
}
