/**
 * The money rules of cancelling and refunding an order (spec §9, refund policy: "5% cancellation
 * fee if not yet shipped"). Pure and client-safe: the admin page shows the same figures the
 * server enforces. Money is integer pence.
 */

/** The refund policy's cancellation fee, in percent of what the customer paid. */
export const CANCELLATION_FEE_PERCENT = 5;

/**
 * The fee on an order total of `totalPence`: 5 %, rounded down to the penny, so the shop never
 * keeps more than 5 % (£12.53 → 62p, not 63p; 10p → 0p).
 */
export function cancellationFee(totalPence: number): number {
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) throw new RangeError(`cancellationFee: bad total ${totalPence}`);
  return Math.floor((totalPence * CANCELLATION_FEE_PERCENT) / 100);
}

/** What an order needs for its refund figures. */
export interface RefundableOrder {
  status: string;
  totalAmount: number;
  refundedAmount: number;
  /** Set once the order was posted (a dispatched order, or a tracking number). */
  dispatched: boolean;
  /** Pence of the total paid with store credit, and the part of refundedAmount that went back as credit (0 when absent). */
  creditAmount?: number;
  creditRefundedAmount?: number;
}

/** Statuses in which money can still go back: paid, posted, or cancelled by the shop. */
export const REFUNDABLE_STATUSES = ["completed", "dispatched", "cancelled"] as const;

/** Pence still refundable (0 when the order was never paid or is fully refunded). */
export function remainingRefundable(order: RefundableOrder): number {
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status)) return 0;
  return Math.max(0, order.totalAmount - order.refundedAmount);
}

/** The fee may be kept only for an order that was never posted (the policy: "if not yet shipped"). */
export function feeApplies(order: RefundableOrder): boolean {
  return !order.dispatched && order.status !== "dispatched";
}

/**
 * A refund "less the cancellation fee": the customer ends up with the total less the fee, so
 * what was already refunded counts against it. Null when the fee cannot be kept (the order
 * was posted) or nothing would be left to pay back.
 */
export function refundLessFee(order: RefundableOrder): number | null {
  if (!feeApplies(order)) return null;
  const amount = Math.min(remainingRefundable(order), order.totalAmount - cancellationFee(order.totalAmount) - order.refundedAmount);
  return amount > 0 ? amount : null;
}

export type RefundMode = "full" | "less-fee" | "amount";

export type RefundAmountResult = { ok: true; amount: number; feeKept: number } | { ok: false; reason: "nothing_left" | "fee_not_allowed" | "over_remaining" | "not_positive" };

/**
 * The pence a refund of `mode` pays back: everything left, everything left less the fee, or an
 * amount the admin typed (1p up to what is left). The one rule the form and the server share.
 */
export function refundAmountFor(order: RefundableOrder, mode: RefundMode, typedPence?: number): RefundAmountResult {
  const remaining = remainingRefundable(order);
  if (remaining <= 0) return { ok: false, reason: "nothing_left" };
  if (mode === "full") return { ok: true, amount: remaining, feeKept: 0 };
  if (mode === "less-fee") {
    if (!feeApplies(order)) return { ok: false, reason: "fee_not_allowed" };
    const amount = refundLessFee(order);
    return amount === null ? { ok: false, reason: "nothing_left" } : { ok: true, amount, feeKept: remaining - amount };
  }
  const amount = typedPence ?? 0;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, reason: "not_positive" };
  if (amount > remaining) return { ok: false, reason: "over_remaining" };
  return { ok: true, amount, feeKept: 0 };
}

/**
 * What a customer (and the admin list) reads about the money of an order: "Refunded £x" once
 * everything went back, "Partly refunded £x" before that, nothing when no refund was made.
 * The order's status keeps saying what happened to the parcel (decision 0037).
 */
export function refundSummary(order: { totalAmount: number; refundedAmount: number }, format: (pence: number) => string): string | null {
  if (order.refundedAmount <= 0) return null;
  return order.refundedAmount >= order.totalAmount ? `Refunded ${format(order.refundedAmount)}` : `Partly refunded ${format(order.refundedAmount)}`;
}

/**
 * Where a refund's money goes: "original" pays the card back first, up to what the card paid,
 * and returns the rest as store credit (the part the customer paid with credit goes back as
 * credit); "credit" puts all of it on the customer's store credit (the refund policy's "store
 * credit" outcome, which the customer can spend at once).
 */
export type RefundDestination = "original" | "credit";
export const REFUND_DESTINATIONS = ["original", "credit"] as const;

/** Pence the card can still get back: what the card paid less what already went back to it. */
export function cardRefundable(order: RefundableOrder): number {
  const cardPaid = order.totalAmount - (order.creditAmount ?? 0);
  const cardRefunded = order.refundedAmount - (order.creditRefundedAmount ?? 0);
  return Math.max(0, Math.min(remainingRefundable(order), cardPaid - cardRefunded));
}

/** How a refund of `amount` pence (already within what is left) is paid back. */
export function splitRefund(order: RefundableOrder, amount: number, destination: RefundDestination): { toCard: number; toCredit: number } {
  if (destination === "credit") return { toCard: 0, toCredit: amount };
  const toCard = Math.min(amount, cardRefundable(order));
  return { toCard, toCredit: amount - toCard };
}
