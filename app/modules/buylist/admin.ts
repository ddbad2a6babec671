/**
 * The buylist's back office (issue 15, decision 0043), the client-safe half: the queue's filters,
 * the forms of a submission's page (review a line, send the quote, receive, grade, pay, return,
 * reject) and the settings page, their messages, and the grading arithmetic the page, the email
 * and the server share. No database here: the *.server.ts files next to it do the writing.
 */
import { z } from "zod";
import type { CardSearchHit } from "~/modules/catalog/singles";
import { CONDITION_LABELS, CONDITIONS, type Condition, isCondition, type Printing } from "~/modules/catalog/variants";
import { formatPence, parsePounds } from "~/utils/money";
import { parseUkDate } from "~/utils/uk-date";
import { BUYLIST_SETTING_LIMITS, type BuylistSettings } from "./settings";
import { BUYLIST_STATUSES, type BuylistStatus, formatSubmissionReference, isBuylistStatus, parseSubmissionReference } from "./status";

// ---- Words --------------------------------------------------------------------------------------

/** The back office's names for the statuses (the customer's wording is BUYLIST_STATUS_LABELS). */
export const ADMIN_STATUS_LABELS: Record<BuylistStatus, string> = {
  submitted: "To review",
  quoted: "Quoted",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Quote expired",
  shipped: "Shipped",
  received: "Received",
  graded: "Graded",
  paid: "Paid",
  returned: "Returned",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export const CASH_METHOD_LABELS = { paypal: "PayPal", bank_transfer: "Bank transfer" } as const;
export type CashMethod = keyof typeof CASH_METHOD_LABELS;
export const PAYOUT_LABELS = { cash: "Cash", credit: "Store credit" } as const;

/**
 * A typed review price above this many times the rule's offer (for the condition chosen) is
 * refused as a typo: the shop may pay over its rule for a card it wants, but not by an order of
 * magnitude. Only when the rule has an offer (otherwise there is nothing to compare with).
 */
export const REVIEW_PRICE_MAX_TIMES_OFFER = 4;

export const BUYLIST_ADMIN_TEXT = {
  resend: "Sorry, that form could not be read. Please try again.",
  unknownIntent: "Sorry, we did not understand that request. Please reload the page and try again.",
  notFound: (id: number) => `Sell list ${formatSubmissionReference(id)} was not found.`,
  badId: "That sell list was not found: check the address.",
  ownSellList: "This is your own sell list: another admin must handle it.",
  reviewPriceTooHigh: (ruleUnit: number) =>
    `That is more than ${REVIEW_PRICE_MAX_TIMES_OFFER} times our offer of ${formatPence(ruleUnit)} each for this card in that condition: check the price you typed.`,
  gradePriceOverQuote: (quotedUnit: number) => `At most ${formatPence(quotedUnit)} each: the price quoted, which the customer accepted. Grading can only lower it.`,
  lineNotFound: "That card is not part of this sell list. Please reload the page.",
  wrongStatus: (status: BuylistStatus, what: string) => `This sell list is ${ADMIN_STATUS_LABELS[status].toLowerCase()}: it cannot be ${what} now. The page shows where it stands.`,
  notReviewable: "Lines can only be reviewed before the quote is accepted.",
  nothingAccepted: "Accept at least one card before sending a quote, or reject the sell list.",
  reviewSaved: "Line saved.",
  quoteSent: (again: boolean) => (again ? "Quote sent again, with a new link and expiry." : "Quote sent to the customer."),
  rejected: "Sell list rejected; the customer has been told why.",
  received: "Marked as received. Grade each card, then finish grading.",
  lineGraded: "Grading saved for this card.",
  graded: "Grading finished; the customer has been emailed the result.",
  paid: (how: string) => `Paid: ${how}.`,
  alreadyPaid: "This sell list was already paid: nothing was paid again.",
  nothingToPay: "The final amount is £0.00: there is nothing to pay. Return the sell list instead.",
  returned: "Marked as returned to the customer.",
  settingsSaved: "Buylist settings saved.",
  settingsInvalid: "Some settings need attention: see the messages by the fields.",
  cardSaved: "Wanted card saved.",
  cardRemoved: "Card removed from the buylist.",
  cardMissing: "That card is not in the card database.",
  cardRowMissing: "That card is not on the buylist (any more).",
  labelSaved: "Prepaid label attached; the customer can download it from their sell list.",
  labelRemoved: "Prepaid label removed.",
} as const;

// ---- Percent and pounds -------------------------------------------------------------------------

/** "80", "82.5", "12.25 %" → basis points (8000, 8250, 1225); null for anything else. */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Basis points as a form shows them: 8000 → "80", 8250 → "82.5". */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

// ---- The queue ----------------------------------------------------------------------------------

export const QUEUE_FILTERS = ["open", "all", ...BUYLIST_STATUSES] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export const QUEUE_FILTER_LABELS: Record<QueueFilter, string> = { open: "Open", all: "All", ...ADMIN_STATUS_LABELS };
export const QUEUE_PAGE_SIZE = 25;

export interface QueueSearch {
  filter: QueueFilter;
  /** As typed (shown back in the box). */
  q: string;
  /** A reference ("SL-5001") read from q, or null. */
  submissionId: number | null;
}

export function parseQueueSearch(params: URLSearchParams): QueueSearch {
  const raw = params.get("status") ?? "open";
  const filter = (QUEUE_FILTERS as readonly string[]).includes(raw) ? (raw as QueueFilter) : "open";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return { filter, q, submissionId: q ? parseSubmissionReference(q) : null };
}

export function queueQuery(filter: QueueFilter, q: string, page = 1): string {
  const params = new URLSearchParams();
  if (filter !== "open") params.set("status", filter);
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface QueueRow {
  id: number;
  reference: string;
  status: BuylistStatus;
  email: string;
  name: string | null;
  lineCount: number;
  units: number;
  payoutPreference: "cash" | "credit";
  /** The amount that matters now: the final, else the quote, else the instant offer (cash pence). */
  amount: number;
  amountKind: "offer" | "quote" | "final" | "paid";
  createdAt: string;
  updatedAt: string;
}

export interface QueuePage {
  search: QueueSearch;
  rows: QueueRow[];
  counts: Record<QueueFilter, number>;
  page: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
}

// ---- Forms of a submission's page ---------------------------------------------------------------

const trimmed = (max: number) =>
  z
    .string()
    // A bound on the raw text before trimming (a length guard against huge posts, with room for
    // surrounding spaces); the limit the admin is told about is `max`, checked after the trim.
    // Unrelated to REVIEW_PRICE_MAX_TIMES_OFFER.
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `Please keep it under ${max} characters.`));
const lineId = z.coerce.number({ message: BUYLIST_ADMIN_TEXT.lineNotFound }).int().positive().max(2_147_483_647);
const condition = z.string().refine(isCondition, "Choose a condition.");
/** A typed price: empty → none (the rule decides); otherwise pounds. */
const optionalPounds = z
  .string()
  .max(30)
  .optional()
  .transform((s, ctx) => {
    const text = (s ?? "").trim();
    if (!text) return null;
    const pence = parsePounds(text);
    if (pence === null || pence > 10_000_000) {
      ctx.addIssue({ code: "custom", message: "Enter a price in pounds, like 12.50 (or leave it empty)." });
      return z.NEVER;
    }
    return pence;
  });
export const NOTE_MAX = 500;

export const reviewLineSchema = z
  .object({
    intent: z.literal("review-line"),
    lineId,
    decision: z.enum(["accept", "reject"], { message: "Choose accept or reject." }),
    condition,
    unitPrice: optionalPounds,
    note: trimmed(NOTE_MAX).optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: "Say why the card is rejected: the customer sees this note." });
  });
export type ReviewLineInput = z.infer<typeof reviewLineSchema>;

export const rejectSchema = z.object({ intent: z.literal("reject"), reason: trimmed(NOTE_MAX).pipe(z.string().min(1, "Give the customer a reason.")) });
export const returnSchema = z.object({ intent: z.literal("return"), note: trimmed(NOTE_MAX).pipe(z.string().min(1, "Say why the cards go back (the customer sees this).")) });

export const gradeLineSchema = z.object({
  intent: z.literal("grade-line"),
  lineId,
  receivedQuantity: z.coerce.number({ message: "Enter how many arrived." }).int("Enter a whole number.").min(0, "Enter 0 or more.").max(10_000, "That is more than the sell list has."),
  receivedCondition: condition,
  unitPrice: optionalPounds,
  note: trimmed(NOTE_MAX).optional().default(""),
});
export type GradeLineInput = z.infer<typeof gradeLineSchema>;

/** The earliest and latest year a payment day may be typed in (a typo guard). */
const PAID_ON_YEARS = { earliestYear: 2020, latestYear: 2100 };

export const paySchema = z
  .object({
    intent: z.literal("pay"),
    payout: z.enum(["cash", "credit"], { message: "Choose cash or store credit." }),
    method: z.string().optional().default(""),
    reference: trimmed(100).optional().default(""),
    paidOn: z.string().max(40).optional().default(""),
    restock: z.string().optional(),
  })
  .transform((v, ctx) => {
    const restock = v.restock === "on" || v.restock === "yes";
    if (v.payout === "credit") return { payout: "credit" as const, restock };
    if (v.method !== "paypal" && v.method !== "bank_transfer") {
      ctx.addIssue({ code: "custom", path: ["method"], message: "Choose PayPal or bank transfer." });
      return z.NEVER;
    }
    if (!v.reference) {
      ctx.addIssue({ code: "custom", path: ["reference"], message: "Enter the PayPal transaction id or the bank transfer reference." });
      return z.NEVER;
    }
    const paidOn = parseUkDate(v.paidOn, PAID_ON_YEARS);
    if (!paidOn) {
      ctx.addIssue({ code: "custom", path: ["paidOn"], message: "Enter the day it was paid, like 24/12/2026." });
      return z.NEVER;
    }
    return { payout: "cash" as const, method: v.method as CashMethod, reference: v.reference, paidOn, restock };
  });
export type PayInput = z.output<typeof paySchema>;

/** Every intent the submission page takes. */
export const SUBMISSION_INTENTS = ["review-line", "quote", "reject", "receive", "grade-line", "finish-grading", "pay", "return", "remove-label"] as const;
export type SubmissionIntent = (typeof SUBMISSION_INTENTS)[number];

/** What an action of the submission page answers (a success is a redirect with ?done=). */
export interface SubmissionActionResult {
  ok: false;
  intent: SubmissionIntent | null;
  lineId?: number;
  message: string;
  /** Field → message, for the form of `intent` (and `lineId`). */
  errors?: Record<string, string>;
  /** What was typed, shown back. */
  values?: Record<string, string>;
}

/** The notice a redirect after a success shows (?done=). */
export const SUBMISSION_NOTICES = {
  reviewed: BUYLIST_ADMIN_TEXT.reviewSaved,
  quoted: BUYLIST_ADMIN_TEXT.quoteSent(false),
  requoted: BUYLIST_ADMIN_TEXT.quoteSent(true),
  rejected: BUYLIST_ADMIN_TEXT.rejected,
  received: BUYLIST_ADMIN_TEXT.received,
  "line-graded": BUYLIST_ADMIN_TEXT.lineGraded,
  graded: BUYLIST_ADMIN_TEXT.graded,
  "paid-cash": BUYLIST_ADMIN_TEXT.paid("cash payment recorded and the customer emailed"),
  "paid-credit": BUYLIST_ADMIN_TEXT.paid("store credit added to the customer's balance and the customer emailed"),
  returned: BUYLIST_ADMIN_TEXT.returned,
  "label-saved": BUYLIST_ADMIN_TEXT.labelSaved,
  "label-removed": BUYLIST_ADMIN_TEXT.labelRemoved,
} as const;
export type SubmissionNotice = keyof typeof SUBMISSION_NOTICES;

export function noticeFor(done: string | null): string | null {
  return done && Object.hasOwn(SUBMISSION_NOTICES, done) ? SUBMISSION_NOTICES[done as SubmissionNotice] : null;
}

// ---- The prepaid label --------------------------------------------------------------------------

export const LABEL_MAX_BYTES = 5 * 1024 * 1024;
export type LabelType = "pdf" | "png" | "jpeg";
export const LABEL_CONTENT_TYPES: Record<LabelType, string> = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" };
export const LABEL_REFUSALS = {
  none: "Choose the label file to upload.",
  tooLarge: "That file is over 5 MB. Please upload a smaller label.",
  type: "That file is not a PDF, PNG or JPEG label (checked by its content, not its name).",
  notNow: "A label can be attached once the quote is sent, until the parcel is received.",
  underThreshold: "This quote is under the prepaid-label amount in the buylist settings: the customer posts the cards themselves.",
  missing: "Sell list not found.",
  ownList: "This is your own sell list: another admin must handle it.",
} as const;
export type LabelRefusal = keyof typeof LABEL_REFUSALS;

/**
 * What a label file really is, from its first bytes: a PDF starts "%PDF-" (within its first
 * kilobyte, as readers allow some junk before it), PNG and JPEG by their signatures. Null for
 * anything else, whatever its name or the type the browser claimed.
 */
export function sniffLabelType(bytes: Uint8Array): LabelType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  const at = head.indexOf("%PDF-");
  if (at >= 0 && /^%PDF-\d\.\d/.test(head.slice(at, at + 8))) return "pdf";
  return null;
}

/** A file name safe to show and to send back in Content-Disposition: letters, digits, dot, dash, underscore. */
export function safeLabelFileName(name: string, type: LabelType): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "label"}.${type === "jpeg" ? "jpg" : type}`;
}

// ---- Grading ------------------------------------------------------------------------------------

/** A line as quoted and as graded: what the arithmetic below needs. */
export interface GradedLineFacts {
  status: "offered" | "accepted" | "rejected";
  quantity: number;
  quotedCondition: Condition | null;
  quotedUnit: number | null;
  receivedQuantity: number | null;
  receivedCondition: Condition | null;
  finalUnit: number | null;
}

/** A line's quoted and final value (cash pence); a rejected line is worth nothing either way. */
export function lineValues(line: GradedLineFacts): { quoted: number; final: number; graded: boolean } {
  if (line.status !== "accepted") return { quoted: 0, final: 0, graded: true };
  const quoted = (line.quotedUnit ?? 0) * line.quantity;
  const graded = line.receivedQuantity !== null;
  // Not graded yet: taken as it was quoted (the whole quantity in the quoted condition).
  const final = graded ? (line.finalUnit ?? 0) * line.receivedQuantity! : quoted;
  return { quoted, final, graded };
}

/** Why a line's final value differs from its quote, in words the customer reads; empty when it does not. */
export function gradeExplanation(line: GradedLineFacts): string[] {
  if (line.status !== "accepted" || line.receivedQuantity === null) return [];
  const why: string[] = [];
  const missing = line.quantity - line.receivedQuantity;
  if (missing > 0) why.push(`${missing} of ${line.quantity} ${line.quantity === 1 ? "card was" : "cards were"} not in the parcel.`);
  if (line.receivedCondition && line.quotedCondition && line.receivedCondition !== line.quotedCondition) {
    why.push(`Graded ${CONDITION_LABELS[line.receivedCondition]}, not ${CONDITION_LABELS[line.quotedCondition]} as quoted.`);
  }
  if (line.finalUnit !== null && line.quotedUnit !== null && line.finalUnit !== line.quotedUnit && line.receivedQuantity > 0) {
    why.push(`${formatPence(line.finalUnit)} each instead of ${formatPence(line.quotedUnit)}.`);
  }
  return why;
}

/**
 * The final amounts: cash is the sum of the graded lines; credit keeps the bonus the quote was
 * made with (quotedCredit / quotedCash), so a settings change between quote and grading neither
 * gives nor takes. Rounded down, like every offer.
 */
export function finalTotals(lines: GradedLineFacts[], quote: { cash: number; credit: number }): { cash: number; credit: number } {
  const cash = lines.reduce((sum, line) => sum + lineValues(line).final, 0);
  if (quote.cash <= 0) return { cash, credit: cash };
  if (cash === quote.cash) return { cash, credit: quote.credit };
  return { cash, credit: Math.floor((cash * quote.credit) / quote.cash) };
}

// ---- Settings and wanted cards ------------------------------------------------------------------

export type SettingsField = `rate_${Condition}` | "creditBonus" | "minLineValue" | "quoteValidDays" | "labelThreshold" | "buyUnlistedCards" | "maxLines";

export type SettingsFormResult =
  | { ok: true; settings: BuylistSettings }
  | { ok: false; errors: Partial<Record<SettingsField, string>>; values: Record<string, string> };

/** The settings form (percent and pounds as typed) → settings, or a message per field. */
export function parseSettingsForm(read: (name: string) => string | undefined): SettingsFormResult {
  const errors: Partial<Record<SettingsField, string>> = {};
  const values: Record<string, string> = {};
  const text = (name: SettingsField) => {
    const value = (read(name) ?? "").slice(0, 40);
    values[name] = value;
    return value;
  };
  const percent = (name: SettingsField, limits: { min: number; max: number }, what: string) => {
    const bp = parsePercent(text(name));
    if (bp === null || bp < limits.min || bp > limits.max) {
      errors[name] = `${what}: enter a percentage from ${limits.min / 100} to ${limits.max / 100}, like 80 or 82.5.`;
      return 0;
    }
    return bp;
  };
  const pounds = (name: SettingsField, limits: { min: number; max: number }, what: string) => {
    const pence = parsePounds(text(name));
    if (pence === null || pence < limits.min || pence > limits.max) {
      errors[name] = `${what}: enter an amount in pounds from ${formatPence(limits.min)} to ${formatPence(limits.max)}, like 0.50.`;
      return 0;
    }
    return pence;
  };
  const whole = (name: SettingsField, limits: { min: number; max: number }, what: string) => {
    const raw = text(name).trim();
    const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < limits.min || n > limits.max) {
      errors[name] = `${what}: enter a whole number from ${limits.min} to ${limits.max}.`;
      return 0;
    }
    return n;
  };
  const rates = Object.fromEntries(
    CONDITIONS.map((c) => [c, percent(`rate_${c}`, BUYLIST_SETTING_LIMITS.buyRateBasisPoints, `${CONDITION_LABELS[c]} buy rate`)]),
  ) as Record<Condition, number>;
  const settings: BuylistSettings = {
    buyRateBasisPoints: rates,
    creditBonusBasisPoints: percent("creditBonus", BUYLIST_SETTING_LIMITS.creditBonusBasisPoints, "Credit bonus"),
    minLineValuePence: pounds("minLineValue", BUYLIST_SETTING_LIMITS.minLineValuePence, "Minimum card value"),
    quoteValidDays: whole("quoteValidDays", BUYLIST_SETTING_LIMITS.quoteValidDays, "Days a quote holds"),
    prepaidLabelThresholdPence: pounds("labelThreshold", BUYLIST_SETTING_LIMITS.prepaidLabelThresholdPence, "Prepaid label from"),
    buyUnlistedCards: false,
    maxLinesPerSubmission: whole("maxLines", BUYLIST_SETTING_LIMITS.maxLinesPerSubmission, "Most cards per sell list"),
  };
  const unlisted = text("buyUnlistedCards");
  if (unlisted !== "yes" && unlisted !== "no") errors.buyUnlistedCards = "Choose whether to buy cards that are not on the buylist.";
  settings.buyUnlistedCards = unlisted === "yes";
  return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, settings };
}

/** The settings as the form shows them. */
export function settingsFormValues(settings: BuylistSettings): Record<string, string> {
  const values: Record<string, string> = {
    creditBonus: basisPointsToPercent(settings.creditBonusBasisPoints),
    minLineValue: (settings.minLineValuePence / 100).toFixed(2),
    quoteValidDays: String(settings.quoteValidDays),
    labelThreshold: (settings.prepaidLabelThresholdPence / 100).toFixed(2),
    buyUnlistedCards: settings.buyUnlistedCards ? "yes" : "no",
    maxLines: String(settings.maxLinesPerSubmission),
  };
  for (const c of CONDITIONS) values[`rate_${c}`] = basisPointsToPercent(settings.buyRateBasisPoints[c]);
  return values;
}

const optionalCount = (what: string, min: number) =>
  z
    .string()
    .max(20)
    .optional()
    .transform((s, ctx) => {
      const text = (s ?? "").trim();
      if (!text) return null;
      if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > 100_000) {
        ctx.addIssue({ code: "custom", message: `${what}: enter a whole number from ${min} to 100000, or leave it empty for no limit.` });
        return z.NEVER;
      }
      return Number(text);
    });

export const wantedCardSchema = z.object({
  intent: z.literal("save-card"),
  cardId: z.coerce.number({ message: BUYLIST_ADMIN_TEXT.cardMissing }).int().positive().max(2_147_483_647),
  buying: z.enum(["yes", "no"], { message: "Choose whether the shop is buying this card." }).transform((v) => v === "yes"),
  wantedQuantity: optionalCount("Wanted quantity", 0),
  maxPerSubmission: optionalCount("Most per sell list", 1),
  hotPremium: z
    .string()
    .max(20)
    .optional()
    .transform((s, ctx) => {
      const text = (s ?? "").trim();
      if (!text) return 0;
      const bp = parsePercent(text);
      if (bp === null || bp > 10_000) {
        ctx.addIssue({ code: "custom", message: "Hot-list premium: enter a percentage from 0 to 100 (0: not on the hot-list)." });
        return z.NEVER;
      }
      return bp;
    }),
  note: trimmed(200).optional().default(""),
});
export type WantedCardInput = z.output<typeof wantedCardSchema>;
export const removeCardSchema = z.object({ intent: z.literal("remove-card"), cardId: z.coerce.number().int().positive().max(2_147_483_647) });

export interface WantedCardRow {
  cardId: number;
  title: string;
  setCode: string;
  buying: boolean;
  wantedQuantity: number | null;
  maxPerSubmission: number | null;
  hotPremiumBasisPoints: number;
  note: string | null;
  /** Units in stock across the card's single product, and in open sell lists. */
  inStock: number;
  inOpenSubmissions: number;
  updatedAt: string;
}

export interface SettingsActionResult {
  ok: boolean;
  intent: "save-settings" | "save-card" | "remove-card" | null;
  message: string;
  cardId?: number;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

// ---- The submission page's data -----------------------------------------------------------------

export interface AdminSubmissionView {
  id: number;
  reference: string;
  userId: string;
  email: string;
  name: string | null;
  status: BuylistStatus;
  payoutPreference: string;
  customerNote: string | null;
  offerCash: number;
  offerCredit: number;
  quotedCash: number | null;
  quotedCredit: number | null;
  quoteSentAt: Date | null;
  quoteExpiresAt: Date | null;
  /** Whether the sent quote's link still works (a line changed since withdraws it). */
  hasQuoteToken: boolean;
  finalCash: number | null;
  finalCredit: number | null;
  labelKey: string | null;
  labelContentType: string | null;
  labelFileName: string | null;
  payout: string | null;
  cashMethod: string | null;
  paidReference: string | null;
  paidOn: string | null;
  paidAmount: number | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A line as the back office sees it. */
export interface AdminLine extends GradedLineFacts {
  id: number;
  cardId: number;
  cardLabel: string;
  printing: Printing;
  /** As the customer described it. */
  condition: Condition;
  offeredUnit: number;
  notBuyingReason: string | null;
  notBuyingLabel: string | null;
  reviewNote: string | null;
  gradeNote: string | null;
}

export interface AdminSubmissionDetail {
  submission: AdminSubmissionView;
  /** The admin looking is this list's customer: the page shows why instead of the forms. */
  ownSellList: boolean;
  lines: AdminLine[];
  photos: Array<{ id: number; storageKey: string; widths: number[]; width: number; height: number }>;
  events: Array<{ id: number; status: string; note: string | null; actorEmail: string | null; createdAt: Date }>;
  audit: Array<{ id: number; action: string; actorEmail: string | null; createdAt: Date; details: unknown }>;
  settings: BuylistSettings;
  creditBalance: number;
  /** Where the page's amounts stand now: the quote from the reviewed lines, the final from the graded ones. */
  draftQuote: { cash: number; credit: number };
  draftFinal: { cash: number; credit: number };
}


export interface BuylistSettingsPage {
  settings: BuylistSettings;
  wanted: WantedCardRow[];
  hotList: WantedCardRow[];
  query: string;
  results: Array<CardSearchHit & { onBuylist: boolean }> | null;
}

export { isBuylistStatus };
