/**
 * A buylist submission's statuses as the customer reads them, its reference ("SL-5001"), and who
 * may move it from which status to which (decision 0042). Client-safe: the pages, the emails and
 * `moveSubmission` all ask `canMove`, so a button is only shown for a move the server would make.
 */
import { BUYLIST_STATUSES, type BuylistStatus } from "~/db/schema/buylist";
import { MAX_INT4 } from "~/utils/db-id";

export { BUYLIST_STATUSES, type BuylistStatus };

/** Customer wording for each status. */
export const BUYLIST_STATUS_LABELS: Record<BuylistStatus, string> = {
  submitted: "Submitted",
  quoted: "Quote ready",
  accepted: "Quote accepted",
  declined: "Quote declined",
  expired: "Quote expired",
  shipped: "On its way to us",
  received: "Received",
  graded: "Checked",
  paid: "Paid",
  returned: "Returned to you",
  rejected: "Not bought",
  withdrawn: "Withdrawn",
};

/** Who moves a submission: its owner, the shop's staff, or the shop's own jobs (a quote running out). */
export type BuylistActor = "customer" | "admin" | "system";

/** Each actor's moves, from → allowed targets. Anything not listed is refused. */
const MOVES: Record<BuylistActor, Partial<Record<BuylistStatus, readonly BuylistStatus[]>>> = {
  customer: {
    submitted: ["withdrawn"],
    quoted: ["accepted", "declined"],
    accepted: ["shipped"],
  },
  system: {
    quoted: ["expired"],
  },
  admin: {
    submitted: ["quoted", "rejected"],
    // Sending the quote again (changed lines, a new expiry) keeps it quoted.
    quoted: ["quoted"],
    // A parcel may arrive before the customer presses "shipped".
    accepted: ["received"],
    shipped: ["received"],
    received: ["graded", "returned"],
    graded: ["paid", "returned"],
  },
};

export function canMove(from: BuylistStatus, to: BuylistStatus, actor: BuylistActor): boolean {
  return MOVES[actor][from]?.includes(to) ?? false;
}

export function isBuylistStatus(value: unknown): value is BuylistStatus {
  return typeof value === "string" && (BUYLIST_STATUSES as readonly string[]).includes(value);
}

/** The path a submission normally takes, in the order the customer's timeline shows it. */
export const BUYLIST_TIMELINE: readonly BuylistStatus[] = ["submitted", "quoted", "accepted", "shipped", "received", "graded", "paid"];

/** Statuses after which nothing more happens. */
export const FINAL_STATUSES: readonly BuylistStatus[] = ["declined", "expired", "paid", "returned", "rejected", "withdrawn"];

/**
 * Statuses whose cards still count against a card's wanted quantity: the shop may yet receive
 * them. Declined, expired, withdrawn, rejected and returned submissions release their units; paid
 * ones are in stock (or sold) by then and counted there if put into stock.
 */
export const OPEN_STATUSES: readonly BuylistStatus[] = ["submitted", "quoted", "accepted", "shipped", "received", "graded"];

export function isOpenStatus(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** "SL-5001": how a submission is named to its customer and in emails. */
export const SUBMISSION_REFERENCE = {
  prefix: "SL-",
  format: formatSubmissionReference,
  parse: parseSubmissionReference,
} as const;

export function formatSubmissionReference(id: number): string {
  return `SL-${id}`;
}

/** "SL-5001", "sl-5001", "5001" or " SL5001 " → 5001; anything else → null. */
export function parseSubmissionReference(text: string): number | null {
  const match = /^\s*(?:sl-?)?(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= MAX_INT4 ? id : null;
}
