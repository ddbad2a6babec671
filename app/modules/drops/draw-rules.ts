/**
 * The arithmetic and state moves of a free prize draw (issue 16, decision 0047 "Draw"), pure and
 * client-safe, so the server decides with the same functions the pages explain.
 *
 * - Places: the drop's `places`, or else the stock at the draw ÷ units per person (at least one
 *   while there is any stock). With no stock nobody can buy, so nobody wins.
 * - A winner's place is used when an order of the drop product is paid (completed or dispatched).
 *   A pending order at the end of the window keeps the place until its reservation ends: the
 *   checkout was made inside the window and may still be paid. Otherwise the place lapses.
 * - Open places (`openPlaces`): each time the winners are settled, places not used are given to
 *   the next entries in draw order that were not drawn, as many as the stock left can serve, so
 *   stock that comes back later (an expired reservation) still passes places on.
 */
import type { DropEntryState } from "~/db/schema/drops";
import { PAID_ORDER_STATUSES } from "~/modules/orders/purchase-limit";

/** How many entries win a place, given the stock on sale when the draw runs. */
export function drawPlaces(drop: { places: number | null; unitsPerPerson: number }, stock: number): number {
  if (stock <= 0) return 0;
  if (drop.places !== null) return drop.places;
  return placesForStock(stock, drop.unitsPerPerson);
}

/** How many buyers `stock` units can serve: ⌊stock ÷ units per person⌋, at least one while there is any. */
export function placesForStock(stock: number, unitsPerPerson: number): number {
  return stock <= 0 ? 0 : Math.max(1, Math.floor(stock / unitsPerPerson));
}

/**
 * How many places to give to the next entries drawn, after the winners are settled:
 * - `stock` is what is on sale now (units held by pending checkouts are already off it), so it
 *   must serve the live winners who have not reserved yet (`liveWaiting`) before anyone new;
 * - a drop with its own `places` never has more than that many places live or used.
 * With no stock nothing opens; when units come back, places open again.
 */
export function openPlaces(
  drop: { places: number | null; unitsPerPerson: number },
  now: { stock: number; live: number; liveWaiting: number; purchased: number },
): number {
  const byStock = placesForStock(now.stock, drop.unitsPerPerson) - now.liveWaiting;
  const owed = drop.places === null ? byStock : drop.places - now.purchased - now.live;
  return Math.max(0, Math.min(byStock, owed));
}

/** The outcome of the entry drawn at `position` (from 1). */
export function drawnState(position: number, places: number): "won" | "lost" {
  return position <= places ? "won" : "lost";
}

/**
 * How long after a window closes a place is still kept before it may lapse: a checkout begun in
 * the window's last second commits its pending order a moment later, and the place must not be
 * passed on before that order can be seen.
 */
export const LAPSE_GRACE_MS = 30_000;

/** What becomes of a winner's place at `now`, from what their orders of the drop product say. */
export function winnerMove(
  entry: { rightUntil: Date | null },
  orders: { status: string; reservationExpiresAt: Date }[],
  now: Date,
): "purchased" | "lapsed" | "keep" {
  if (orders.some(isPaid)) return "purchased";
  if (!entry.rightUntil || now.getTime() < entry.rightUntil.getTime() + LAPSE_GRACE_MS) return "keep";
  if (orders.some((o) => holdsReservation(o, now))) return "keep";
  return "lapsed";
}

export function isPaid(order: { status: string }): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(order.status);
}

/** A pending checkout whose reservation still holds its units off the stock. */
export function holdsReservation(order: { status: string; reservationExpiresAt: Date }, now: Date): boolean {
  return order.status === "pending" && now < order.reservationExpiresAt;
}

/** Which entry states may move to which in a draw (the job and the admin page keep to these). */
export const DRAW_MOVES: Record<DropEntryState, readonly DropEntryState[]> = {
  waiting: [],
  admitted: [],
  entered: ["won", "lost"],
  won: ["purchased", "lapsed"],
  lost: ["won"],
  purchased: [],
  lapsed: [],
};

export function canMoveDrawEntry(from: DropEntryState, to: DropEntryState): boolean {
  return DRAW_MOVES[from].includes(to);
}

/** How the public page explains the recomputation (also in docs/drops.md ("Draws")). */
export const DRAW_RECOMPUTE_STEPS = [
  "Take the seed shown below (64 hexadecimal characters) as text.",
  "For each entry id, compute HMAC-SHA256 with the seed as the key and the entry id, written in decimal, as the message; write it as 64 lowercase hexadecimal characters. That is the entry's rank.",
  "Sort the entries by rank, lowest first (as text; a tie, which practically never happens, goes to the lower id). That is the draw order: the first places won.",
] as const;

/**
 * How many entries one page of the public check lists: a draw of thousands of entries is read
 * a page at a time, not as one page of every entry.
 */
export const DRAW_PAGE_SIZE = 500;

/**
 * The page asked for (`?page=`, from 1) of a draw of `entries`: null when it is not a page there
 * is (not a whole number, below 1, or past the last; an empty draw has page 1 only).
 */
export function drawPageOf(raw: string | null, entries: number, pageSize = DRAW_PAGE_SIZE): { page: number; pages: number } | null {
  const pages = Math.max(1, Math.ceil(entries / pageSize));
  if (raw === null) return { page: 1, pages };
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= pages ? { page, pages } : null;
}
