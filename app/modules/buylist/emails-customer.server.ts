/**
 * The buylist email the customer side sends: "we received your sell list" (reference, lines,
 * the instant offer, what happens next). Written in the transaction that creates the
 * submission, keyed by it, so it exists exactly when the submission does.
 */
import { DEMO_SHOP } from "~/config/shop";
import type { Db, Tx } from "~/db/client.server";
import { enqueueEmail, escapeHtml } from "~/modules/email/outbox.server";
import type { EmailBranding } from "~/modules/orders/emails.server";
import { CONDITION_LABELS, PRINTING_LABELS } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";
import { notBuyingReasonLabel } from "./offer";
import type { PricedSellLine } from "./offer.server";
import type { BuylistSettings } from "./settings";
import { formatSubmissionReference } from "./status";

export const buylistCustomerEmailKey = {
  received: (id: number) => `buylist-received:${id}`,
};

interface SubmissionForEmail {
  id: number;
  email: string;
  offerCash: number;
  offerCredit: number;
  payoutPreference: "cash" | "credit";
}

function lineText(line: PricedSellLine, settings: BuylistSettings): string {
  const what = `${line.quantity} × ${line.cardLabel} (${CONDITION_LABELS[line.condition]}, ${PRINTING_LABELS[line.printing]})`;
  const offer = line.lineCash > 0 ? `${formatPence(line.lineCash)} cash / ${formatPence(line.lineCredit)} credit` : "not bought";
  const why = line.reason ? ` — ${notBuyingReasonLabel(line.reason, { minLineValuePence: settings.minLineValuePence, acceptedQuantity: line.acceptedQuantity })}` : "";
  return `  ${what}: ${offer}${why}`;
}

export async function enqueueSubmissionReceived(tx: Db | Tx, submission: SubmissionForEmail, lines: PricedSellLine[], settings: BuylistSettings, brand: EmailBranding = {}) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const reference = formatSubmissionReference(submission.id);
  const page = brand.publicUrl ? `${brand.publicUrl}/account/sell-lists/${submission.id}` : "the Sell lists tab of your account";
  const labelNote = `If our quote is ${formatPence(settings.prepaidLabelThresholdPence)} or more we send you a prepaid label; otherwise we tell you how to post the cards.`;
  const text = [
    "Hello,",
    "",
    `Thank you: we received your sell list ${reference}.`,
    "",
    ...lines.map((l) => lineText(l, settings)),
    "",
    `Instant offer: ${formatPence(submission.offerCash)} in cash, or ${formatPence(submission.offerCredit)} in store credit.`,
    `You asked to be paid in ${submission.payoutPreference === "credit" ? "store credit" : "cash"}.`,
    "",
    "What happens next:",
    "  1. We look at your list and photos and send you a quote within 24 hours.",
    "  2. You accept or decline the quote from the link in that email or from your account.",
    `  3. You post the cards to us. ${labelNote}`,
    "  4. We check the cards and pay you: cash by PayPal or bank transfer within 2–3 business days, or store credit at once.",
    "",
    `You can follow it at ${page}.`,
    "",
    `— ${shop}`,
  ].join("\n");
  const html = `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`;
  // enqueueEmail is typed for the database; a transaction is the same API (as the order emails use it).
  return enqueueEmail(tx as Db, {
    kind: "buylist-received",
    to: submission.email,
    subject: `We received your sell list ${reference}`,
    text,
    html,
    dedupeKey: buylistCustomerEmailKey.received(submission.id),
  });
}
