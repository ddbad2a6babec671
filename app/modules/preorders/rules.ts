/**
 * Pre-order rules (issue 16, decision 0050), pure and client-safe: the label customers read, how a
 * delivery fills paid pre-orders, what a change of allocation does to the units left to sell, and
 * the stock a variant sells from once its delivery is in.
 */

/** The shop's release dates are calendar days: "2027-03-14" → "14 March 2027" (no time zone shift). */
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function ukLongDate(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return isoDay;
  return longDate.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** What tiles and the product page say about a pre-order: "Pre-order — ships 14 March 2027". */
export function preorderLabel(releaseDate: string | null): string {
  return releaseDate ? `Pre-order — ships ${ukLongDate(releaseDate)}` : "Pre-order";
}

/** A paid pre-order line, in the order its order was paid (earliest first). */
export interface PaidPreorderLine {
  orderItemId: number;
  orderId: number;
  quantity: number;
  /** Units of it already refunded because an earlier delivery came short. */
  refundedUnits: number;
}

export interface LineFill {
  orderItemId: number;
  orderId: number;
  /** Units still owed to the customer (quantity less refunded units). */
  owed: number;
  /** Of those, units the deliveries so far cover. */
  filled: number;
  /** Units owed that no delivery covers yet: to refund or to keep waiting. */
  short: number;
}

/**
 * Fills paid pre-order lines from `delivered` units strictly in the order they were paid: a line is
 * filled as far as the units go (a partial fill is possible) and no later line gets a unit while
 * an earlier one still waits. Refunded units are not owed and take nothing.
 */
export function fillLines(linesInPaidOrder: readonly PaidPreorderLine[], delivered: number): LineFill[] {
  let left = Math.max(0, Math.floor(delivered));
  return linesInPaidOrder.map((line) => {
    const owed = Math.max(0, line.quantity - line.refundedUnits);
    const filled = Math.min(owed, left);
    left -= filled;
    return { orderItemId: line.orderItemId, orderId: line.orderId, owed, filled, short: owed - filled };
  });
}

/**
 * A new allocation while the pre-order is open: the stock (units left to sell) moves by the same
 * amount, and may not go below zero — the allocation cannot drop under what is already sold or held.
 */
export function allocationChange(current: { allocation: number; stock: number }, next: number): { ok: true; stockDelta: number } | { ok: false; committed: number } {
  const committed = current.allocation - current.stock;
  if (next < committed) return { ok: false, committed };
  return { ok: true, stockDelta: next - current.allocation };
}

/**
 * The stock a pre-order variant sells from once deliveries are in: what arrived beyond every unit
 * already promised (paid and still owed, or held by a pending checkout). A short delivery leaves
 * nothing to sell.
 */
export function stockAfterDelivery(delivered: number, owedUnits: number, heldUnits: number): number {
  return Math.max(0, delivered - owedUnits - heldUnits);
}

/** The admin's choice for paid pre-orders a short delivery does not cover. */
export const SHORTFALL_CHOICES = ["refund", "wait"] as const;
export type ShortfallChoice = (typeof SHORTFALL_CHOICES)[number];

/** Bounds the back office's pre-order forms accept. */
export const PREORDER_LIMITS = { maxAllocation: 100_000, maxDelivery: 100_000 } as const;

/** Every message the pre-order pages show. */
export const PREORDER_TEXT = {
  opened: "The variant is on pre-order.",
  allocationSaved: "Allocation saved.",
  deliveryRecorded: (n: number) => `Delivery of ${n} recorded.`,
  shortRefunded: (n: number) => `${n} short pre-order line${n === 1 ? "" : "s"} refunded.`,
  shortWaiting: (n: number) => `${n} customer${n === 1 ? "" : "s"} told their pre-order waits for the next delivery.`,
  released: "Released: filled pre-orders can now be dispatched.",
  notFound: "No such pre-order.",
  notOpen: "This pre-order has been released already.",
  alreadyOpen: "That variant is on pre-order already.",
  noVariant: "Choose a product variant.",
  noReleaseDate: "Give the product a release date first (on its product page).",
  allocationInvalid: `Enter an allocation from 0 to ${PREORDER_LIMITS.maxAllocation}.`,
  allocationBelowCommitted: (n: number) => `${n} units are already sold or held: the allocation cannot be lower.`,
  deliveryInvalid: `Enter the units delivered, from 1 to ${PREORDER_LIMITS.maxDelivery}.`,
  noDelivery: "Record a delivery first.",
  heldWhileShort: (held: number) => `${held} unit${held === 1 ? " is" : "s are"} held by checkouts in progress and the delivery is short: try again in a few minutes.`,
  nothingShort: "Every paid pre-order is filled: nothing to refund or keep waiting.",
  stillShort: "Some paid pre-orders are not filled: refund them or keep them waiting first.",
  refundFailed: (orderId: number) => `The refund of order #${orderId} failed at the payment provider; nothing else was changed for it. Try again.`,
  resend: "Please send the form again.",
  dispatchHeld: "This order has a pre-order that is not released or not filled yet: it cannot be dispatched.",
} as const;
