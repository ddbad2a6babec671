/**
 * Where each entry of a queue goes when the queue is ordered at the start (decision 0047): those
 * who joined before the start in the seed's random order (arriving early gains nothing), then
 * anyone who joined after the start but before the ordering ran, first come first served. Each
 * place's right to buy opens at its admission time (fixed rate, drop-rules.ts), or at the
 * ordering itself if that is later (an ordering run late never hands out windows already over).
 * Pure: queue.server.ts writes what this returns.
 */
import { seededOrder } from "./draw-order";
import { admissionTime, purchaseWindow, type DropTimes } from "./drop-rules";

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
): QueuePlace[] {
  const early = entries.filter((e) => e.joinedAt < drop.startsAt).map((e) => e.id);
  const late = entries
    .filter((e) => e.joinedAt >= drop.startsAt)
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id)
    .map((e) => e.id);
  return [...seededOrder(seed, early), ...late].map((id, i) => {
    const position = firstPosition + i;
    const admitted = admissionTime(drop, position);
    return { id, position, ...purchaseWindow(drop, admitted > now ? admitted : now) };
  });
}
