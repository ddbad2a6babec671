/**
 * The submission page's forms and answers (client-safe): which intents it posts, and what the
 * customer is told when a move is refused.
 */
import { BUYLIST_STATUS_LABELS, type BuylistStatus } from "./status";

export const SUBMISSION_INTENTS = ["withdraw", "accept", "decline", "shipped"] as const;
export type SubmissionIntent = (typeof SUBMISSION_INTENTS)[number];

export function isSubmissionIntent(value: unknown): value is SubmissionIntent {
  return typeof value === "string" && (SUBMISSION_INTENTS as readonly string[]).includes(value);
}

const SUBMISSION_DONE_TEXT: Record<string, string> = {
  withdrawn: "Your sell list is withdrawn. Nothing more will happen with it.",
  accepted: "Thank you: you accepted our quote. Please post the cards to us as described below, then tell us they are on their way.",
  declined: "You declined our quote. Nothing more will happen with this sell list.",
  shipped: "Thank you: we will let you know when your cards arrive.",
  photos: "Your photos were added.",
};

/** The notice for `?done=…` after a move; an own-property lookup, so `__proto__` or `constructor` is just unknown. */
export function submissionDoneText(done: string | null): string | null {
  return done !== null && Object.hasOwn(SUBMISSION_DONE_TEXT, done) ? SUBMISSION_DONE_TEXT[done]! : null;
}

export const SUBMISSION_TEXT = {
  submitted: "Thank you: we received your sell list and emailed you a copy. We will send you a quote within 24 hours.",
  addPhotosNow: "Please add photos of the fronts and backs of your cards now: they help us quote quickly and accurately.",
  quoteUpdating: "We are updating your quote; you will get a new email when it is ready.",
  badToken: "This link is for an older quote. Please answer the quote shown on this page.",
  expired: "This quote has expired. If you would still like to sell these cards, please send a new sell list.",
  linkAnswered: "This quote link has been used or the quote has changed: here is where your sell list stands now.",
  unknown: "Unknown request.",
  notAllowed: (status: BuylistStatus) => `This sell list is now "${BUYLIST_STATUS_LABELS[status]}", so that is no longer possible.`,
} as const;

/**
 * Where a quote stands for its owner: "updating" when the shop changed a line after sending it
 * (its token is cleared until the new quote goes out, so there is nothing to answer), "expired"
 * past its expiry, "open" otherwise; null when the list is not quoted.
 */
export function quoteState(s: { status: BuylistStatus; quoteToken: string | null; quoteExpiresAt: Date | null }, now: Date): "open" | "updating" | "expired" | null {
  if (s.status !== "quoted") return null;
  if (s.quoteToken === null) return "updating";
  return s.quoteExpiresAt !== null && s.quoteExpiresAt <= now ? "expired" : "open";
}

export const SHIPPED_NOTE_MAX_LENGTH = 500;
