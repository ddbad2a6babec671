/**
 * What the drop's page shows one signed-in visitor at a moment (client-safe): computed from the
 * personal view and the clock, so the page moves from "place 12" to "your turn" at the admission
 * time by itself (the times are fixed at ordering, decision 0047) and the status answer only
 * confirms it. `roomCheckDelayMs` is when the page asks the server again.
 */
import type { DropView } from "./drop-view";
import { nextCheckDelayMs, ORDERING_RECHECK_MAX_MS, secondsUntil, startSpreadMs } from "./drop-rules";

/** A variant the drop's page offers when it is the visitor's turn. */
export interface RoomVariant {
  id: number;
  label: string;
  price: number;
  stock: number;
  /** What one account may add now: the variant's own limit and the drop's units per person. */
  limitPerCustomer: number;
}

export type RoomState =
  | { kind: "announced" }
  | { kind: "can_join" }
  | { kind: "closed_to_you" }
  | { kind: "waiting_start" }
  | { kind: "ordering" }
  | { kind: "in_line"; position: number; admitAt: string }
  | { kind: "your_turn"; until: string }
  | { kind: "lapsed" }
  | { kind: "purchased" }
  | { kind: "draw" }
  | { kind: "sold_out" };

/**
 * `bought`: units this account holds in orders of the drop (paid or awaiting payment); at the
 * per-person limit the page says so instead of offering more (the checkout counts across
 * accounts, this is only the page's courtesy).
 */
export function roomState(view: DropView, soldOut: boolean, now: Date, bought = 0): RoomState {
  const entry = view.entry;
  if (view.mode === "draw") {
    if (entry) return { kind: "draw" };
    if (view.phase === "announced") return { kind: "announced" };
    return view.phase === "open" ? { kind: "can_join" } : { kind: "closed_to_you" };
  }
  if (!entry) {
    if (view.phase === "announced") return { kind: "announced" };
    if (view.phase === "off") return { kind: "closed_to_you" };
    return soldOut && view.phase === "live" ? { kind: "sold_out" } : { kind: "can_join" };
  }
  if (entry.state === "purchased" || bought >= view.unitsPerPerson) return { kind: "purchased" };
  if (entry.state === "lapsed") return { kind: "lapsed" };
  if (!entry.rightFrom || !entry.rightUntil || entry.position === null) {
    return now < new Date(view.startsAt) ? { kind: "waiting_start" } : { kind: "ordering" };
  }
  if (now >= new Date(entry.rightUntil)) return { kind: "lapsed" };
  if (soldOut) return { kind: "sold_out" };
  if (now < new Date(entry.rightFrom)) return { kind: "in_line", position: entry.position, admitAt: entry.rightFrom };
  return { kind: "your_turn", until: entry.rightUntil };
}

/** The moment the state changes by the clock alone, if any (the start, the admission, the window's end). */
export function nextChangeAt(view: DropView, state: RoomState): Date | null {
  switch (state.kind) {
    case "announced":
      return new Date(view.opensAt);
    case "waiting_start":
    case "can_join":
      return view.phase === "open" ? new Date(view.startsAt) : null;
    case "in_line":
      return new Date(state.admitAt);
    case "your_turn":
      return new Date(state.until);
    default:
      return null;
  }
}

/**
 * When to ask the server again: just after the next change when it is near (spread, so a crowd
 * admitted together does not ask in the same millisecond: within a second, or the start's wider
 * spread), otherwise at the rules' spaced delay (at most every 5 s, at least every ~30 s).
 */
export function roomCheckDelayMs(view: DropView, state: RoomState, now: Date, random: () => number = Math.random): number {
  // The start has passed and the place is being given: it takes a moment, ask again soon (within
  // ORDERING_RECHECK_MAX_MS), but not before this page's moment in the start's spread: a page
  // open at the start passes from "waiting for the start" to this state on its own clock, and
  // must keep its place in the spread rather than join the crowd asking at once.
  if (state.kind === "ordering") {
    const soon = 1000 + Math.round((ORDERING_RECHECK_MAX_MS - 1000) * random());
    const inSpread = new Date(view.startsAt).getTime() + Math.round(startSpreadMs(view.entries) * random()) - now.getTime();
    return Math.max(soon, inSpread);
  }
  const next = nextChangeAt(view, state);
  const seconds = next ? secondsUntil(next, now) : 30;
  if (next && seconds <= 30) {
    // The page's count of entries (as of its last answer) is usually at most the count of those
    // waiting at the start, which sizes the spread the turns wait for (planQueue), so the page
    // asks within it. Joins after the start, before the ordering, can make it larger: such a
    // page may ask a little after the turns open, losing that moment of its turn, never a place.
    // At least a second from now, but never past the end of the spread: a page answered just
    // before the start still asks before the first turn opens (planQueue waits for the spread).
    const spread = state.kind === "waiting_start" ? startSpreadMs(view.entries) : 1000;
    return Math.max(1000, next.getTime() - now.getTime() + Math.round(spread * random()));
  }
  return nextCheckDelayMs(seconds, random);
}

/**
 * How long a page waits at least after `failures` status answers in a row that failed (a 503
 * while the database restarts, a 429, a 500, the network): doubling from 2 s, at most 30 s, and
 * never less than the server's Retry-After up to a minute (the poll limit's window; a longer one,
 * from a proxy say, must not park the page). A crowd of pages must not keep asking at their
 * usual pace while the shop is down.
 */
export function retryDelayMs(failures: number, retryAfterSeconds = 0): number {
  if (failures <= 0) return 0;
  return Math.max(Math.min(30_000, 1000 * 2 ** failures), Math.min(retryAfterSeconds, 60) * 1000);
}

/** A key that changes only when what the page says changes (the live region speaks on a change). */
export function roomStateKey(state: RoomState): string {
  return state.kind === "in_line" ? `in_line:${state.position}` : state.kind;
}
