/**
 * Store credit's plain rules (client-safe): how much of an order credit pays and what the card
 * pays, the history's row and wording, the admin's adjustment form, and the messages. The ledger
 * itself is `ledger.server.ts`.
 */
import { formatPence, parseSignedPounds } from "~/utils/money";

/** The payment provider name of an order paid entirely with store credit: it has no payment session. */
export const STORE_CREDIT_PROVIDER = "store_credit";

/** Largest single grant or correction an admin may type (pence): a typo guard. */
export const MAX_CREDIT_ADJUSTMENT_PENCE = 1_000_000;

export const CREDIT_REASON_MAX = 300;

/**
 * The smallest card payment a provider takes (Stripe's minimum charge in GBP is 30p): credit
 * never leaves the card less than this to pay, other than nothing at all.
 */
export const MIN_CARD_PAYMENT_PENCE = 30;

/**
 * The credit an order uses: what the customer asked for (all they have when they typed no
 * amount), never more than they have, never more than the order costs, and never leaving the
 * card a sum below MIN_CARD_PAYMENT_PENCE (the credit is lowered until the card pays at least
 * that). Null when they asked for more than they have (the checkout is refused rather than
 * charging the card more than they expected).
 */
export function creditToApply(balance: number, orderTotal: number, requested: number | null): number | null {
  if (requested !== null && requested > balance) return null;
  const credit = Math.max(0, Math.min(balance, orderTotal, requested ?? Number.POSITIVE_INFINITY));
  const card = orderTotal - credit;
  if (card > 0 && card < MIN_CARD_PAYMENT_PENCE) return Math.max(0, orderTotal - MIN_CARD_PAYMENT_PENCE);
  return credit;
}

/** What the card pays for an order: its total less the store credit it uses. */
export function cardPart(order: { totalAmount: number; creditAmount: number }): number {
  return order.totalAmount - order.creditAmount;
}

/** One movement as the account and admin pages show it (`CreditEntry` from the ledger fits it). */
export interface CreditHistoryRow {
  id: number;
  amount: number;
  balanceAfter: number;
  /** `store_credit_entries.kind` (STORE_CREDIT_KINDS). */
  kind: string;
  orderId: number | null;
  buylistSubmissionId: number | null;
  note: string | null;
  createdAt: Date | string;
}

/** What the customer reads for each kind of movement, keyed by `store_credit_entries.kind` (a unit test keeps the two the same). */
export const CREDIT_KIND_LABELS: Record<string, string> = {
  buylist_payout: "Cards sold to us",
  order_refund: "Refund to store credit",
  grant: "Added by the shop",
  correction: "Correction by the shop",
  order_spend: "Spent on an order",
  order_return: "Returned from an unpaid order",
};

export const CREDIT_TEXT = {
  reasonRequired: "Say why: the customer sees this reason in their history.",
  reasonTooLong: `Keep the reason under ${CREDIT_REASON_MAX} characters.`,
  amountInvalid: "Enter an amount in pounds, like 5 or -2.50 (not zero).",
  amountTooLarge: `That is more than a single adjustment may be (${formatPence(MAX_CREDIT_ADJUSTMENT_PENCE)}).`,
  badKey: "This form is out of date. Please reload the page and try again.",
  belowZero: (available: string) => `The balance is ${available}: a correction cannot take it below zero.`,
  adjusted: (amount: string, balance: string) => `Store credit changed by ${amount}. The balance is now ${balance}.`,
  replayed: (balance: string) => `That change was already made: nothing more was added. The balance is ${balance}.`,
  self: "You cannot change your own store credit: another admin must do it.",
};

/** The admin's "add or correct credit" form, as posted. */
export interface CreditAdjustmentForm {
  amount: string;
  reason: string;
  requestKey: string;
}

export type ParsedAdjustment =
  | { ok: true; amount: number; reason: string; requestKey: string }
  | { ok: false; field: "amount" | "reason" | "requestKey"; message: string };

/** A form's one-time key (a hidden field): how a double submit is known. The same shape as the order forms' keys. */
const REQUEST_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Reads the admin's adjustment: signed pounds ("5", "-2.50"; not zero, at most
 * MAX_CREDIT_ADJUSTMENT_PENCE either way), a reason the customer will see, and the form's
 * one-time key (a double submit adds once).
 */
export function parseCreditAdjustment(form: Partial<CreditAdjustmentForm>): ParsedAdjustment {
  const requestKey = (form.requestKey ?? "").trim();
  if (!REQUEST_KEY.test(requestKey)) return { ok: false, field: "requestKey", message: CREDIT_TEXT.badKey };
  const amount = parseSignedPounds(form.amount ?? "");
  if (amount === null || amount === 0) return { ok: false, field: "amount", message: CREDIT_TEXT.amountInvalid };
  if (Math.abs(amount) > MAX_CREDIT_ADJUSTMENT_PENCE) return { ok: false, field: "amount", message: CREDIT_TEXT.amountTooLarge };
  const reason = (form.reason ?? "").trim();
  if (reason.length === 0) return { ok: false, field: "reason", message: CREDIT_TEXT.reasonRequired };
  if (reason.length > CREDIT_REASON_MAX) return { ok: false, field: "reason", message: CREDIT_TEXT.reasonTooLong };
  return { ok: true, amount, reason, requestKey };
}

/** The admin form's refusal: the field it is about and what was typed (nothing lost). */
export interface CreditRefusal {
  ok: false;
  intent: "adjust-credit";
  field: "amount" | "reason" | "requestKey";
  message: string;
  values: CreditAdjustmentForm;
}

/** The ledger's dedupe keys, one home: what makes each movement happen once. */
export const creditDedupeKey = {
  /** An admin's grant or correction: the customer and the form's one-time key. */
  adminAdjustment: (userId: string, requestKey: string) => `admin-credit:${userId}:${requestKey}`,
  /** A refund's credit part: the order's refunded amount when it was made moves on with every refund. */
  orderRefund: (orderId: number, refundedBefore: number, amount: number) => `order-refund-credit:${orderId}:after-${refundedBefore}:${amount}`,
  /** A sell list's payout in credit. */
  buylistPayout: (submissionId: number) => `buylist-payout:${submissionId}`,
};
