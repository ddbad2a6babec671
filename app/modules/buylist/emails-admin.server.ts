/**
 * The emails the shop's side of the buylist sends: the quote (with its accept/decline link), the
 * graded result (each change and why), the payment, a rejection and a return. Each is queued in
 * the transaction of the change it reports, with a dedupe key (docs/development.md, "Email").
 */
import { SHOP_TIME_ZONE } from "~/config/constants";
import { DEMO_SHOP } from "~/config/shop";
import type { Db, Tx } from "~/db/client.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { CONDITION_LABELS, type Condition, PRINTING_LABELS, type Printing } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";
import { formatUkDate } from "~/utils/uk-date";
import { CASH_METHOD_LABELS, type CashMethod, gradeExplanation, type GradedLineFacts, lineValues } from "./admin";
import { formatSubmissionReference } from "./status";

export interface BuylistEmailBranding {
  shopName?: string;
  publicUrl?: string;
}

export interface SubmissionForEmail {
  id: number;
  email: string;
  name: string | null;
}

export interface LineForEmail extends GradedLineFacts {
  cardLabel: string;
  printing: Printing;
  reviewNote: string | null;
  gradeNote: string | null;
}

const buylistEmailKey = {
  // One key per quote sent (a re-sent quote is a new email), made from when it was sent: the
  // outbox's dedupe keys are shown unredacted, so no part of the secret token may be in one.
  quote: (id: number, sentAt: Date) => `buylist-quote:${id}:${sentAt.toISOString()}`,
  rejected: (id: number) => `buylist-rejected:${id}`,
  graded: (id: number) => `buylist-graded:${id}`,
  paid: (id: number) => `buylist-paid:${id}`,
  returned: (id: number) => `buylist-returned:${id}`,
};

/** The customer's page of one sell list; with the quote's token, the quote link (the customer side's route answers it). */
export const sellListPath = (id: number) => `/account/sell-lists/${id}`;
export const quotePath = (id: number, token: string) => `${sellListPath(id)}?token=${encodeURIComponent(token)}`;

function base(brand: BuylistEmailBranding) {
  return { shop: brand.shopName ?? DEMO_SHOP.name, url: brand.publicUrl ?? "" };
}

function greeting(name: string | null) {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

const conditionOf = (c: string | null) => (c && c in CONDITION_LABELS ? CONDITION_LABELS[c as Condition] : "");

/** The card with its printing: a holo and a reverse-holo line of the same card must read differently. */
const lineLabel = (l: LineForEmail) => `${l.cardLabel} · ${PRINTING_LABELS[l.printing] ?? l.printing}`;

/** A day as the shop writes it in UK time: "24 December 2026". */
const longUkDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** "2 × Charizard 4/102 · Base Set (Near Mint)  £160.00", and the note under it. */
function quoteLinesText(lines: LineForEmail[]): string {
  return lines
    .map((l) => {
      const head = `  ${l.quantity} × ${lineLabel(l)}`;
      const body =
        l.status === "accepted"
          ? `${head} (${conditionOf(l.quotedCondition)})  ${formatPence((l.quotedUnit ?? 0) * l.quantity)}`
          : `${head}  not bought`;
      return l.reviewNote ? `${body}\n    ${l.reviewNote}` : body;
    })
    .join("\n");
}

export async function enqueueQuoteEmail(
  tx: Db | Tx,
  submission: SubmissionForEmail,
  quote: { cash: number; credit: number; sentAt: Date; expiresAt: Date; token: string; labelComing: boolean },
  lines: LineForEmail[],
  brand: BuylistEmailBranding = {},
) {
  const { shop, url } = base(brand);
  const reference = formatSubmissionReference(submission.id);
  const link = `${url}${quotePath(submission.id, quote.token)}`;
  const expires = longUkDate.format(quote.expiresAt);
  const text = [
    greeting(submission.name),
    "",
    `We have looked at your sell list ${reference}. Here is our quote:`,
    "",
    quoteLinesText(lines),
    "",
    `Cash (PayPal or bank transfer): ${formatPence(quote.cash)}`,
    `Or store credit: ${formatPence(quote.credit)}`,
    "",
    `To accept or decline it, sign in and open this link (it works until ${expires}):`,
    link,
    "",
    quote.labelComing
      ? "As the quote is over our prepaid-label amount, we will attach a prepaid postage label to your sell list for you to download once you accept."
      : "Once you accept, post the cards to us well protected; the posting instructions are on your sell list's page.",
    "",
    "We check every card when it arrives: the final amount can change if a card is missing or in a different condition, and we will tell you why.",
    "",
    `— ${shop}`,
  ].join("\n");
  return enqueueEmail(tx as Db, {
    kind: "buylist-quote",
    to: submission.email,
    subject: `Your quote for sell list ${reference}: ${formatPence(quote.cash)}`,
    text,
    dedupeKey: buylistEmailKey.quote(submission.id, quote.sentAt),
    // The link with its token answers the quote: it goes to the customer only, never to /admin/outbox.
    secrets: [link],
  });
}

export async function enqueueRejectedEmail(tx: Db | Tx, submission: SubmissionForEmail, reason: string, brand: BuylistEmailBranding = {}) {
  const { shop, url } = base(brand);
  const reference = formatSubmissionReference(submission.id);
  return enqueueEmail(tx as Db, {
    kind: "buylist-rejected",
    to: submission.email,
    subject: `Your sell list ${reference}`,
    text: [
      greeting(submission.name),
      "",
      `Thank you for sending us sell list ${reference}. We are sorry, but we cannot make an offer for it this time:`,
      "",
      `  ${reason}`,
      "",
      `You can see it at ${url}${sellListPath(submission.id)}.`,
      "",
      `— ${shop}`,
    ].join("\n"),
    dedupeKey: buylistEmailKey.rejected(submission.id),
  });
}

/** The graded result: every line as found, each change with its reason, and the final amounts. */
export async function enqueueGradedEmail(
  tx: Db | Tx,
  submission: SubmissionForEmail,
  totals: { quotedCash: number; quotedCredit: number; finalCash: number; finalCredit: number; payoutPreference: "cash" | "credit" },
  lines: LineForEmail[],
  brand: BuylistEmailBranding = {},
) {
  const { shop, url } = base(brand);
  const reference = formatSubmissionReference(submission.id);
  const lineText = lines
    .filter((l) => l.status === "accepted")
    .map((l) => {
      const { final } = lineValues(l);
      const head = `  ${l.receivedQuantity ?? l.quantity} × ${lineLabel(l)} (${conditionOf(l.receivedCondition ?? l.quotedCondition)})  ${formatPence(final)}`;
      // The grade note already holds the explanation (gradeLine stores it with the admin's words): print one or the other.
      const notes = (l.gradeNote ? [l.gradeNote] : gradeExplanation(l)).map((n) => `    ${n}`);
      return [head, ...notes].join("\n");
    })
    .join("\n");
  const changed = totals.finalCash !== totals.quotedCash;
  const text = [
    greeting(submission.name),
    "",
    `Your cards for sell list ${reference} have arrived and we have checked each one.`,
    "",
    lineText,
    "",
    changed
      ? `The final amount is ${formatPence(totals.finalCash)} in cash or ${formatPence(totals.finalCredit)} in store credit (quoted: ${formatPence(totals.quotedCash)} or ${formatPence(totals.quotedCredit)}); the reasons are under each card above.`
      : `Everything was as described: the final amount is ${formatPence(totals.finalCash)} in cash or ${formatPence(totals.finalCredit)} in store credit, as quoted.`,
    "",
    totals.payoutPreference === "credit"
      ? "We will add the store credit to your account within 2–3 business days and email you when we have."
      : "We will pay you by PayPal or bank transfer within 2–3 business days and email you when we have.",
    `Your sell list: ${url}${sellListPath(submission.id)}`,
    "",
    `— ${shop}`,
  ].join("\n");
  return enqueueEmail(tx as Db, {
    kind: "buylist-graded",
    to: submission.email,
    subject: `Sell list ${reference} checked: ${formatPence(totals.finalCash)}`,
    text,
    dedupeKey: buylistEmailKey.graded(submission.id),
  });
}

export async function enqueuePaidEmail(
  tx: Db | Tx,
  submission: SubmissionForEmail,
  payment: { payout: "cash"; method: CashMethod; reference: string; paidOn: string; amount: number } | { payout: "credit"; amount: number; balance: number },
  brand: BuylistEmailBranding = {},
) {
  const { shop, url } = base(brand);
  const reference = formatSubmissionReference(submission.id);
  const how =
    payment.payout === "credit"
      ? [`We have added ${formatPence(payment.amount)} of store credit to your account; your balance is now ${formatPence(payment.balance)}.`, "It is taken off your next order at checkout."]
      : [
          `We have paid you ${formatPence(payment.amount)} by ${CASH_METHOD_LABELS[payment.method]} on ${formatUkDate(payment.paidOn)}.`,
          `The payment reference is ${payment.reference}.`,
        ];
  return enqueueEmail(tx as Db, {
    kind: "buylist-paid",
    to: submission.email,
    subject: `Sell list ${reference} paid: ${formatPence(payment.amount)}`,
    text: [greeting(submission.name), "", ...how, "", `Your sell list: ${url}${sellListPath(submission.id)}`, "", `Thank you for selling to ${shop}.`, `— ${shop}`].join("\n"),
    dedupeKey: buylistEmailKey.paid(submission.id),
  });
}

export async function enqueueReturnedEmail(tx: Db | Tx, submission: SubmissionForEmail, note: string, brand: BuylistEmailBranding = {}) {
  const { shop, url } = base(brand);
  const reference = formatSubmissionReference(submission.id);
  return enqueueEmail(tx as Db, {
    kind: "buylist-returned",
    to: submission.email,
    subject: `Sell list ${reference}: your cards are coming back`,
    text: [greeting(submission.name), "", `We are sending the cards of sell list ${reference} back to you:`, "", `  ${note}`, "", `Your sell list: ${url}${sellListPath(submission.id)}`, "", `— ${shop}`].join("\n"),
    dedupeKey: buylistEmailKey.returned(submission.id),
  });
}
