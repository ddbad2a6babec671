/**
 * How a drop is going, as the back office shows it on drop day (/admin/drops/:id): the figures
 * and the chart's timeline. Client-safe: the server reads the database (progress.server.ts), the
 * page draws what this module shapes. Times are ISO strings so the view travels as plain data.
 */
import type { DropMode } from "./drop-rules";

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
  /** When the last place given so far begins its turn (null before the queue is ordered). */
  lastTurnFrom: string | null;
}

/** Who is where in a draw, by its entries' states as the draw's settling job keeps them (it runs every 15 s). */
export interface DrawPeople {
  mode: "draw";
  /** Everyone who entered. */
  entered: number;
  /** Entered before the draw, which has not run yet. */
  awaitingDraw: number;
  /** Holding a turn to buy now (drawn, or passed a place). */
  winning: number;
  /** Bought with their turn. */
  bought: number;
  /** Did not buy in their turn (their place passes to the next drawn while units last). */
  missedTurn: number;
  /** Not drawn (yet: a place not taken can still come to them). */
  notDrawn: number;
}

export interface TimelinePoint {
  /** The end of the bucket (the first point is the start itself). */
  at: string;
  /** Units in paid orders by then. */
  sold: number;
  /** Turns to buy begun by then (queue admissions; draw wins and places passed on). */
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
  /** Units in checkouts not yet paid: held until paid, or until the sweep releases an expired one. */
  held: number;
  /** Units in paid orders through the drop. */
  sold: number;
  paidOrders: number;
  /** Accounts with a paid order through the drop. */
  buyers: number;
  /** When the last unit was paid for, once nothing is left and nothing held. */
  soldOutAt: string | null;
  /** Something is still happening (see isRunning): the open page refreshes itself and the chart runs to now. */
  running: boolean;
  people: QueuePeople | DrawPeople;
  /** Null before the start, and for a drop called off before it. */
  timeline: DropTimeline | null;
}

/** Bucket sizes the chart may use, in minutes: the smallest that keeps it to MAX_BUCKETS. */
const BUCKET_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 240, 720, 1440] as const;
export const MAX_BUCKETS = 60;
const MINUTE = 60_000;

export function bucketMinutes(spanMs: number): number {
  for (const minutes of BUCKET_MINUTES) if (Math.ceil(spanMs / (minutes * MINUTE)) <= MAX_BUCKETS) return minutes;
  // Longer than 60 days: whole days, as many as keep it to MAX_BUCKETS.
  const day = 1440;
  return Math.ceil(spanMs / (MAX_BUCKETS * day * MINUTE)) * day;
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
 * to the end of the bucket of its last sale or turn (or now, if sooner): a drop looked at a week
 * later is charted over its own minutes, not the week. A drop called off is charted to the call-off at most
 * (later sales are ordinary ones), and not at all when called off before its start.
 */
export function timelineWindow(startsAt: Date, now: Date, running: boolean, lastEventAt: Date | null, cancelledAt: Date | null = null): TimelineWindow | null {
  const until = cancelledAt && cancelledAt < now ? cancelledAt : now;
  if (until <= startsAt) return null;
  const lastMs = running ? now.getTime() : Math.min(Math.max(lastEventAt?.getTime() ?? 0, startsAt.getTime() + 1), until.getTime());
  const span = lastMs - startsAt.getTime();
  const minutes = bucketMinutes(span);
  const buckets = Math.max(1, Math.ceil(span / (minutes * MINUTE)));
  // Never past now (or the call-off): turns scheduled in the rest of the bucket have not begun.
  const end = running ? lastMs : Math.min(startsAt.getTime() + buckets * minutes * MINUTE, until.getTime());
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
    // A payment a moment before the start (a clock between instances) counts in the first
    // bucket; one landing past the last (as the figures are read) in the last.
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

/**
 * Whether anything is still happening, so the open page refreshes itself and the chart runs to
 * now: people joining before the start; after it, units held, or units left and someone with a
 * turn open or to come (queue: waiting or buying; draw: the draw not yet run, winners buying, or
 * places the job may still pass on). A queue nobody is waiting in, with units left, is quiet,
 * not running: a late joiner shows on the next refresh.
 */
export function isRunning(input: {
  opened: boolean;
  started: boolean;
  cancelled: boolean;
  stockLeft: number;
  held: number;
  /** Queue: waiting + buying now; draw: awaiting the draw + winners buying. */
  turnsOpenOrAhead: number;
  /** Draw: entries not drawn and places still owed, so the job passes a place on when units come back. */
  placesToPass: boolean;
}): boolean {
  if (input.cancelled || !input.opened) return false;
  if (!input.started) return true;
  if (input.held > 0) return true;
  return input.stockLeft > 0 && (input.turnsOpenOrAhead > 0 || input.placesToPass);
}

/** What the turns chart is called for the mode. */
export function turnsLabel(mode: DropMode): string {
  return mode === "queue" ? "Buyers let in" : "Turns to buy given";
}

/** When the last place given so far gets its turn, if that is still ahead (queue). */
export function lastTurnAhead(progress: DropProgress): string | null {
  const people = progress.people;
  if (people.mode !== "queue" || !people.lastTurnFrom) return null;
  return new Date(people.lastTurnFrom) > new Date(progress.asOf) ? people.lastTurnFrom : null;
}

/** Everyone who joined the queue or entered the draw: the most turns there can be. */
export function peopleIn(people: QueuePeople | DrawPeople): number {
  return people.mode === "queue" ? people.joined : people.entered;
}

/** A count as the back office writes it: "1,420". */
export const formatCount = (n: number) => n.toLocaleString("en-GB");
const count = formatCount;
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
    : `${plural(turns, "turn", "turns")} to buy given from ${plural(came, "entry", "entries")}.`;
}
