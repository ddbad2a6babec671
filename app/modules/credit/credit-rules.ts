/**
 * Store credit's rules a customer sees (client-safe): how much of an order credit pays, the
 * history's wording, and the messages. The ledger itself is `ledger.server.ts`.
 */

/** Largest single grant or correction an admin may type (pence): a typo guard, £10,000. */
export const MAX_CREDIT_ADJUSTMENT_PENCE = 1_000_000;

/**
 * The credit an order uses: what the customer asked for (all they have when they typed no
 * amount), never more than they have, never more than the order costs. Null when they asked
 * for more than they have (the checkout is refused rather than charging the card more than
 * they expected).
 */
export function creditToApply(balance: number, orderTotal: number, requested: number | null): number | null {
  if (requested !== null && requested > balance) return null;
  return Math.max(0, Math.min(balance, orderTotal, requested ?? Number.POSITIVE_INFINITY));
}

/** What the customer reads for each kind of movement in their history. */
/** Keyed by `store_credit_entries.kind` (STORE_CREDIT_KINDS; a unit test keeps the two the same). */
export const CREDIT_KIND_LABELS: Record<string, string> = {
  buylist_payout: "Cards sold to us",
  order_refund: "Refund to store credit",
  grant: "Added by the shop",
  correction: "Correction by the shop",
  order_spend: "Spent on an order",
  order_return: "Returned from an unpaid order",
};

export const CREDIT_TEXT = {
  notEnough: (available: string) => `You have ${available} of store credit: please use that much or less.`,
  reasonRequired: "Say why: the customer sees this reason in their history.",
  amountInvalid: "Enter an amount in pounds, like 5 or -2.50 (not zero).",
  amountTooLarge: "That is more than a single adjustment may be (£10,000).",
  belowZero: (available: string) => `The balance is ${available}: a correction cannot take it below zero.`,
  adjusted: (amount: string, balance: string) => `Store credit changed by ${amount}. The balance is now ${balance}.`,
  replayed: (balance: string) => `That change was already made: nothing more was added. The balance is ${balance}.`,
};

/** The admin's "add or correct credit" form, as posted. */
export interface CreditAdjustmentForm {
  amount: string;
  reason: string;
  requestKey: string;
}

export const CREDIT_REASON_MAX = 300;

export type ParsedAdjustment =
  | { ok: true; amount: number; reason: string; requestKey: string }
  | { ok: false; field: "amount" | "reason" | "requestKey"; message: string };

/**
 * Reads the admin's adjustment: signed pounds ("5", "-2.50"; not zero, at most £10,000 either
 * way), a reason the customer will see, and the form's one-time key (a double submit adds once).
 */
export function parseCreditAdjustment(form: Partial<CreditAdjustmentForm>, parsePounds: (text: string) => number | null): ParsedAdjustment {
  const requestKey = (form.requestKey ?? "").trim();
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(requestKey)) return { ok: false, field: "requestKey", message: "This form is out of date. Please reload the page and try again." };
  const typed = (form.amount ?? "").trim();
  const negative = /^[-−]/.test(typed);
  const pence = parsePounds(typed.replace(/^[-−+]\s*/, ""));
  if (pence === null || pence === 0) return { ok: false, field: "amount", message: CREDIT_TEXT.amountInvalid };
  if (pence > MAX_CREDIT_ADJUSTMENT_PENCE) return { ok: false, field: "amount", message: CREDIT_TEXT.amountTooLarge };
  const reason = (form.reason ?? "").trim();
  if (reason.length === 0 || reason.length > CREDIT_REASON_MAX) return { ok: false, field: "reason", message: CREDIT_TEXT.reasonRequired };
  return { ok: true, amount: negative ? -pence : pence, reason, requestKey };
}

/** The admin form's refusal: the field it is about and what was typed (nothing lost). */
export interface CreditRefusal {
  ok: false;
  intent: "adjust-credit";
  field: "amount" | "reason" | "requestKey";
  message: string;
  values: CreditAdjustmentForm;
}
