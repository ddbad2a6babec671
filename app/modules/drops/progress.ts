/**
 * How a drop is going, as the back office shows it on drop day (/admin/drops/:id): the figures
 * and the chart's timeline. Client-safe: the server reads the database (progress.server.ts), the
 * page draws what this module shapes. Times are ISO strings so the view travels as plain data.
 */
import type { DropMode } from "~/db/schema/drops";

/** Who is where in a queue drop's waiting room. */
export interface QueuePeople {
  mode: "queue";
  /** Everyone who joined. */
  joined: number;
  /** No place yet, or a turn still ahead. */
  waiting: number;
  /** A turn to buy open right now. */
  buyingNow: number;
  /** A turn that has ended (bought or not). */
  turnsOver: number;
  /** When the last place given begins its turn (null before the queue is ordered). */
  lastTurnFrom: string | null;
}

/** Who is where in a draw (its states as the draw's settling keeps them). */
export interface DrawPeople {
  mode: "draw";
  /** Everyone who entered. */
  entered: number;
  /** A place drawn and the turn to buy not yet used or passed on. */
  winning: number;
  /** Bought with their place. */
  bought: number;
  /** Did not buy in time: the place went to the next drawn. */
  passedOn: number;
  /** Not (yet) drawn for a place. */
  notDrawn: number;
  /** Waiting for the draw (entered before it ran). */
  awaitingDraw: number;
}

export interface TimelinePoint {
  /** The end of the bucket (the first point is the start itself). */
  at: string;
  /** Units in paid orders by then. */
  sold: number;
  /** Turns to buy begun by then (queue admissions, or draw places). */
  turns: number;
}

export interface DropTimeline {
  startsAt: string;
  endsAt: string;
  bucketMinutes: number;
  points: TimelinePoint[];
}

export interface DropProgress {
  /** When these figures were read. */
  asOf: string;
  /** Units left to sell (all the product's variants). */
  stockLeft: number;
  /** Units in checkouts not yet paid (held until paid or expired). */
  held: number;
  /** Units in paid orders through the drop. */
  sold: number;
  paidOrders: number;
  /** Accounts with a paid order through the drop. */
  buyers: number;
  /** When the last unit was paid for, once nothing is left and nothing held. */
  soldOutAt: string | null;
  /** The drop still has something to happen (turns open or to come, units held). */
  running: boolean;
  people: QueuePeople | DrawPeople;
  /** Null before the start. */
  timeline: DropTimeline | null;
}

/** Bucket sizes the chart may use, in minutes: the smallest that keeps it to MAX_BUCKETS. */
const BUCKET_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 240, 720, 1440] as const;
export const MAX_BUCKETS = 60;
const MINUTE = 60_000;

export function bucketMinutes(spanMs: number): number {
  for (const minutes of BUCKET_MINUTES) if (Math.ceil(spanMs / (minutes * MINUTE)) <= MAX_BUCKETS) return minutes;
  return BUCKET_MINUTES[BUCKET_MINUTES.length - 1]!;
}

/** The window the chart covers, or null before the start. */
export interface TimelineWindow {
  start: Date;
  end: Date;
  bucketMinutes: number;
  buckets: number;
}

/**
 * From the start to now while the drop is running (the last bucket ends now). Once it is over,
 * to the end of the bucket of its last sale or turn: a drop looked at a week later is charted
 * over its own minutes, not the week.
 */
export function timelineWindow(startsAt: Date, now: Date, running: boolean, lastEventAt: Date | null): TimelineWindow | null {
  if (now <= startsAt) return null;
  const lastMs = running ? now.getTime() : Math.min(Math.max(lastEventAt?.getTime() ?? 0, startsAt.getTime() + 1), now.getTime());
  const span = lastMs - startsAt.getTime();
  const minutes = bucketMinutes(span);
  const buckets = Math.max(1, Math.ceil(span / (minutes * MINUTE)));
  const end = running ? lastMs : startsAt.getTime() + buckets * minutes * MINUTE;
  return { start: startsAt, end: new Date(end), bucketMinutes: minutes, buckets };
}

/** Counts per bucket (bucket 0 starts at the window's start) as the database groups them. */
export interface BucketCount {
  bucket: number;
  count: number;
}

/** Running totals at the start and at each bucket's end (the last one ends at the window's end). */
export function cumulativeTimeline(window: TimelineWindow, sold: BucketCount[], turns: BucketCount[]): DropTimeline {
  const perBucket = (counts: BucketCount[]) => {
    const out = new Array<number>(window.buckets).fill(0);
    // Anything past the window's last bucket (an event landing as the figures are read) counts in it.
    for (const { bucket, count } of counts) out[Math.min(Math.max(bucket, 0), window.buckets - 1)]! += count;
    return out;
  };
  const soldPer = perBucket(sold);
  const turnsPer = perBucket(turns);
  const points: TimelinePoint[] = [{ at: window.start.toISOString(), sold: 0, turns: 0 }];
  let soldSoFar = 0;
  let turnsSoFar = 0;
  for (let i = 0; i < window.buckets; i++) {
    soldSoFar += soldPer[i]!;
    turnsSoFar += turnsPer[i]!;
    const end = Math.min(window.start.getTime() + (i + 1) * window.bucketMinutes * MINUTE, window.end.getTime());
    points.push({ at: new Date(end).toISOString(), sold: soldSoFar, turns: turnsSoFar });
  }
  return { startsAt: window.start.toISOString(), endsAt: window.end.toISOString(), bucketMinutes: window.bucketMinutes, points };
}

/** Units the drop had to sell: what is left, what is held and what was sold. */
export function unitsOffered(progress: Pick<DropProgress, "stockLeft" | "held" | "sold">): number {
  return progress.stockLeft + progress.held + progress.sold;
}

/** Whether anything is still to happen: units held, or units left with turns open or to come. */
export function isRunning(input: { mode: DropMode; started: boolean; cancelled: boolean; stockLeft: number; held: number; turnsToCome: number }): boolean {
  if (input.cancelled || !input.started) return false;
  if (input.held > 0) return true;
  if (input.stockLeft <= 0) return false;
  // A live queue keeps letting new joiners in while stock lasts; a draw only has its winners.
  return input.mode === "queue" || input.turnsToCome > 0;
}

/** What the turns chart is called for the mode. */
export function turnsLabel(mode: DropMode): string {
  return mode === "queue" ? "Buyers let in" : "Places drawn";
}

/** Everyone who joined the queue or entered the draw: the most turns there can be. */
export function peopleIn(people: QueuePeople | DrawPeople): number {
  return people.mode === "queue" ? people.joined : people.entered;
}

const count = (n: number) => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function minutesBetween(from: string, to: string): string {
  const minutes = Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / MINUTE));
  return minutes < 1 ? "under a minute" : plural(minutes, "minute", "minutes");
}

/** The sales chart's description (what a screen reader hears for it): sold of what the drop had, and how soon it sold out. */
export function salesSummary(progress: DropProgress): string {
  const sold = `${count(progress.sold)} of ${plural(unitsOffered(progress), "unit", "units")} sold`;
  if (!progress.timeline) return `The drop has not started: ${sold}.`;
  const soldOut = progress.soldOutAt ? ` Sold out ${minutesBetween(progress.timeline.startsAt, progress.soldOutAt)} after the start.` : "";
  return `${sold}.${soldOut}`;
}

/** The turns chart's description: how many of those who came got a turn. */
export function turnsSummary(progress: DropProgress): string {
  const turns = progress.timeline?.points.at(-1)?.turns ?? 0;
  const came = peopleIn(progress.people);
  return progress.people.mode === "queue"
    ? `${count(turns)} of the ${plural(came, "person", "people")} who joined let in to buy.`
    : `${plural(turns, "place", "places")} drawn from ${plural(came, "entry", "entries")}.`;
}
