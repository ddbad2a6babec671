/**
 * What the admin outbox says about an email: its status, the words for it, and whether it can be
 * sent again. Client-safe (no database): the outbox page renders these, the server decides with
 * the same rules (./outbox-admin.server.ts), so the button and the action never disagree.
 */
import { z } from "zod";

/** Sending attempts before the worker gives an email up (deliverDueEmails). */
export const OUTBOX_MAX_ATTEMPTS = 8;

export const OUTBOX_STATUSES = ["queued", "sent", "failing", "given-up"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_FILTERS = ["all", ...OUTBOX_STATUSES] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

export const OUTBOX_FILTER_LABELS: Record<OutboxFilter, string> = {
  all: "All",
  queued: "Queued",
  sent: "Sent",
  failing: "Failing",
  "given-up": "Given up",
};

export function parseOutboxFilter(value: string | null | undefined): OutboxFilter {
  return (OUTBOX_FILTERS as readonly string[]).includes(value ?? "") ? (value as OutboxFilter) : "all";
}

export const OUTBOX_PAGE_SIZE = 50;

/** The columns the status is read from. */
export interface OutboxStatusFields {
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  redactedAt: Date | null;
}

/**
 * - sent: delivered (over SMTP).
 * - given up: not sent and never will be by itself: its last attempt failed, or its secret link
 *   was cut out (after its last attempt, or after it was written to the server log when SMTP_URL
 *   is unset: the log was its one delivery).
 * - failing: not sent, the last attempt failed, and the worker will try again.
 * - queued: waiting for its first attempt (or for the one after a resend).
 */
export function outboxStatus(row: OutboxStatusFields): OutboxStatus {
  if (row.sentAt) return "sent";
  if (row.redactedAt || row.attempts >= OUTBOX_MAX_ATTEMPTS) return "given-up";
  if (row.lastError !== null) return "failing";
  return "queued";
}

/**
 * Why this email cannot be sent again, or null when it can. Only a failing or given-up email
 * can: a sent one has gone, a queued one is about to go, and one whose secret link was removed
 * would arrive without the link it exists for (the customer asks for a new one instead).
 */
export function resendRefusal(row: OutboxStatusFields): string | null {
  if (row.sentAt) return OUTBOX_MESSAGES.alreadySent;
  if (row.redactedAt) return OUTBOX_MESSAGES.redacted;
  if (row.lastError === null && row.attempts < OUTBOX_MAX_ATTEMPTS) return OUTBOX_MESSAGES.alreadyQueued;
  return null;
}

export const OUTBOX_MESSAGES = {
  resent: (id: number) => `Email #${id} is queued to be sent again.`,
  alreadySent: "This email has been sent already.",
  alreadyQueued: "This email is already waiting to be sent.",
  redacted:
    "This email cannot be sent again: the secret link it carried (a password reset or sign-in link) was removed once it was sent, logged or given up. Ask the customer to request a new one.",
  notFound: (id: number) => `Email #${id} was not found. It may have been deleted after the retention period.`,
  badRequest: "Please choose an email to resend.",
} as const;

/** The resend form: which email. */
export const resendInputSchema = z.object({
  intent: z.literal("resend", { error: "Unknown action." }),
  id: z.coerce.number({ error: OUTBOX_MESSAGES.badRequest }).int(OUTBOX_MESSAGES.badRequest).min(1, OUTBOX_MESSAGES.badRequest).max(Number.MAX_SAFE_INTEGER, OUTBOX_MESSAGES.badRequest),
});

/** One email as /admin/outbox shows it: secret links already cut out. */
export interface AdminOutboxEmail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  redactedAt: Date | null;
  nextAttemptAt: Date;
  status: OutboxStatus;
  /** Null when "Resend" is offered; otherwise why not. */
  resendRefusal: string | null;
}

export interface AdminOutboxList {
  emails: AdminOutboxEmail[];
  filter: OutboxFilter;
  page: number;
  hasNextPage: boolean;
  /** Unsent emails by status (cheap: they are the outbox_due_idx partial index's rows). */
  counts: { queued: number; failing: number; givenUp: number };
}

export type ResendResult = { ok: true; id: number; message: string } | { ok: false; id: number | null; message: string };
