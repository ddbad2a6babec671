/**
 * A drop's timeline and the arithmetic of the waiting room, in one place (client-safe: the
 * product page's countdown and the waiting room's estimate use the same functions the server
 * decides with). Decision 0047.
 *
 * Admission is a fixed rate, not "one in when one leaves": place p in line is admitted at
 * `startsAt + (p − 1) × 60 s ÷ admitPerMinute`. So a buyer's admission time is known the moment
 * they have a place, the page can show it and wait for it without asking the server again and
 * again, and two app instances agree on who is in without talking to each other.
 */
import type { DropMode } from "~/db/schema/drops";

export type { DropMode };

export interface DropTimes {
  mode: DropMode;
  opensAt: Date;
  startsAt: Date;
  admitPerMinute: number;
  purchaseMinutes: number;
  cancelledAt: Date | null;
}

/**
 * - `announced`: before it opens: a countdown, nothing to join or buy;
 * - `open`: queue: the waiting room is open, admission starts at `startsAt`; draw: entry is open;
 * - `live`: queue: buyers are being admitted;
 * - `closed`: draw: entry has closed (the draw runs at `startsAt`; winners buy in their windows);
 * - `off`: the owner called the drop off; the product sells as any other.
 */
export type DropPhase = "announced" | "open" | "live" | "closed" | "off";

export function dropPhase(drop: DropTimes, now: Date): DropPhase {
  if (drop.cancelledAt) return "off";
  if (now < drop.opensAt) return "announced";
  if (now < drop.startsAt) return "open";
  return drop.mode === "queue" ? "live" : "closed";
}

const MINUTE = 60_000;

/** When place `position` (from 1) in the queue is admitted. */
export function admissionTime(drop: Pick<DropTimes, "startsAt" | "admitPerMinute">, position: number): Date {
  return new Date(drop.startsAt.getTime() + Math.floor(((position - 1) * MINUTE) / drop.admitPerMinute));
}

/**
 * When place `position`'s turn to buy opens: its admission time, but never before `now` (an
 * ordering or a join that comes late hands out no window already over) and never sooner than one
 * admission interval after the place before it (`previousFrom`), so people who join after the
 * line has emptied, or an ordering run a few seconds late, are still let in at the shop's rate
 * rather than all at once.
 */
export function turnStarts(
  drop: Pick<DropTimes, "startsAt" | "admitPerMinute">,
  position: number,
  previousFrom: Date | null,
  now: Date,
): Date {
  const interval = Math.ceil(MINUTE / drop.admitPerMinute);
  const candidates = [admissionTime(drop, position).getTime(), now.getTime()];
  if (previousFrom) candidates.push(previousFrom.getTime() + interval);
  return new Date(Math.max(...candidates));
}

/**
 * Status answers a second the start's crowd is spread for. One shop process on a 2-core machine
 * answers ~400–500 a second flat out; spread at 400 a second the crowd took most of that, and
 * the answers slowed to p95 ~470 ms. At 200 a second half is left and they stay p95 ~15 ms, at
 * the cost of the first turn opening 5 s later with 2,000 waiting (10 s after the start, was
 * 5 s; bench/README.md, queue mode; decision 0058).
 */
const START_ANSWERS_PER_SECOND = 200;
/**
 * The first turn waits for the whole spread, so it has a cap: 4,000 waiting are spread at the
 * rate above, a bigger crowd asks faster (10,000: 500 a second) and needs more cores.
 */
const MAX_START_SPREAD_MS = 20_000;

/**
 * The longest a page whose place is still being given waits before asking again (1–3 s): the
 * first turn never opens sooner than this after the ordering, so every page asking has its
 * place by then.
 */
export const ORDERING_RECHECK_MAX_MS = 3000;

/**
 * How far apart the pages waiting for a queue's start ask after it (they all ask then, to learn
 * their places): a second per 200 entries, 1 to 20 s (decisions 0056, 0058). No turn opens before the
 * spread is over, nor sooner than ORDERING_RECHECK_MAX_MS after the ordering (`planQueue`), so a
 * page that learns its place last has lost nothing to one that asked first, and a client that
 * ignores the spread gains nothing.
 */
export function startSpreadMs(entries: number): number {
  return Math.min(MAX_START_SPREAD_MS, Math.max(1000, Math.round((entries / START_ANSWERS_PER_SECOND) * 1000)));
}

/**
 * The window in which an entry may buy: from its admission (or from when it joined, for someone
 * who joins after their place would already have come up) for `purchaseMinutes`.
 */
export function purchaseWindow(drop: Pick<DropTimes, "purchaseMinutes">, from: Date): { rightFrom: Date; rightUntil: Date } {
  return { rightFrom: from, rightUntil: new Date(from.getTime() + drop.purchaseMinutes * MINUTE) };
}

/** Whole seconds until `at` (0 once it has passed), for "about N minutes" and countdowns. */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/**
 * When the waiting room page should ask the server again: at the admission time if it is near,
 * otherwise no sooner than 30 s, and never more often than every 5 s; spread by up to 20 % so a
 * thousand open pages do not all ask in the same second.
 */
export function nextCheckDelayMs(secondsToAdmission: number, random: () => number = Math.random): number {
  const base = Math.min(Math.max(secondsToAdmission, 5), 30) * 1000;
  return Math.round(base * (1 + 0.2 * random()));
}

/** "about 3 minutes", "less than a minute", "about 1 hour 20 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return "less than a minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} minute${rest === 1 ? "" : "s"}` : ""}`;
}
