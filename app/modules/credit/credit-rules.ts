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
};
