/**
 * The shapes and texts of repricing that the admin screen shares with the server: the preview,
 * the outcome of apply and pin, the guides list. Client-safe (no database).
 */
import { z } from "zod";
import type { PricingRules, RuleFieldErrors, RuleFormValues } from "./pricing-rules";
import { MAX_INT4 } from "~/utils/db-id";

/** Rows of the preview per page. */
export const PREVIEW_PAGE_SIZE = 50;
/** Guides listed on the pricing screen, newest first; also the points of each card's trend line. */
export const RECENT_GUIDES = 12;

export interface GuideSummary {
  id: number;
  source: string;
  publishedAt: Date;
  importedAt: Date;
  fileName: string;
  rowCount: number;
  matchedCount: number;
}

/** What a repricing would do, in numbers. */
export interface RepricingCounts {
  /** Variants of singles looked at (raw and graded). */
  variants: number;
  /** Prices that change when applied now. */
  changes: number;
  /** Prices that would change but a pending checkout holds the variant: left alone. */
  held: number;
  /** Already at the price the rules give. */
  unchanged: number;
  /** Pinned to a price set by hand. */
  pinned: number;
  /** Never repriced: slabs, 1st editions. */
  graded: number;
  firstEdition: number;
  /** No figure in the latest guide (no Cardmarket id, no row, or an empty figure), or no condition. */
  noFigure: number;
  /** The rules would price it above the shop's highest price: left alone (check the guide's figure or the rules). */
  tooHigh: number;
}

export type PreviewRowStatus = "change" | "held" | "pinned";

export interface PreviewRow {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  /** "Near Mint · Normal · English" (variants.ts). */
  variantLabel: string | null;
  /** The product-page query that picks the variant ("condition=nm&printing=normal"). */
  variantQuery: string;
  status: PreviewRowStatus;
  oldPrice: number;
  oldPremiumPrice: number | null;
  /** What the rules give (for a pinned row: what they would give). */
  newPrice: number;
  newPremiumPrice: number | null;
  /** The market figure used, euro cents. */
  figureCents: number;
  /** The same figure in the recent guides, oldest first (euro cents; null where the guide had none). */
  trend: Array<{ publishedAt: Date; cents: number | null }>;
}

export interface RepricingPreview {
  /** The guide prices come from (the latest by its own date); null before any import. */
  guide: GuideSummary | null;
  rules: PricingRules;
  counts: RepricingCounts;
  /** The rows of this page: changes, held variants and pinned ones the market would move. */
  rows: PreviewRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  totalPages: number;
  /** Identifies the plan (rules, guide, every change): apply refuses if it no longer matches. */
  fingerprint: string;
}

export const PRICING_MESSAGES = {
  stale: "Prices or rules changed since the preview; preview again.",
  nothingToApply: "There is nothing to apply: every price already follows the rules.",
  noGuide: "Import a price guide first: there are no market prices to apply.",
  applied: (changed: number, held: number) =>
    `Applied: ${changed === 1 ? "1 price" : `${changed.toLocaleString("en-GB")} prices`} changed.` +
    (held > 0 ? ` ${held === 1 ? "1 variant" : `${held.toLocaleString("en-GB")} variants`} held by a pending checkout left alone.` : ""),
  rulesSaved: "Pricing rules saved. The preview below follows them.",
  rulesInvalid: "Some rules need fixing: see the messages by each field.",
  pinned: "Price pinned: repricing will leave it alone.",
  unpinned: "Price unpinned: repricing will follow the market again.",
  variantNotFound: "That variant was not found, or is not a single.",
  badVariant: "That variant number is not valid.",
  badFingerprint: "Preview again before applying.",
  unknownIntent: "Unknown action.",
  resend: "Please send the form again.",
} as const;

export type PricingIntent = "save-rules" | "apply" | "pin" | "unpin";

/** What the pricing screen's action answers. */
export type PricingActionResult =
  | { intent: "save-rules"; ok: true; message: string }
  | { intent: "save-rules"; ok: false; message: string; errors: RuleFieldErrors; values: RuleFormValues }
  | { intent: "apply" | "pin" | "unpin" | null; ok: boolean; message: string; variantId?: number };

/** The pricing screen's data: the preview (one page), recent guides, whether rules were saved, the last run. */
export interface PricingPageData {
  preview: RepricingPreview;
  guides: GuideSummary[];
  rulesSaved: boolean;
  rulesUpdatedAt: Date | null;
  lastRun: { id: number; appliedAt: Date; changedCount: number; skippedHeldCount: number } | null;
}

/** Variant ids are PostgreSQL integers: a larger number is not a variant (and must not reach SQL). */
const variantId = z.coerce
  .number({ error: PRICING_MESSAGES.badVariant })
  .int(PRICING_MESSAGES.badVariant)
  .positive(PRICING_MESSAGES.badVariant)
  .max(MAX_INT4, PRICING_MESSAGES.badVariant);

export const pinInputSchema = z.object({ intent: z.enum(["pin", "unpin"]), variantId });
export const applyInputSchema = z.object({
  intent: z.literal("apply"),
  fingerprint: z.string({ error: PRICING_MESSAGES.badFingerprint }).regex(/^[0-9a-f]{64}$/, PRICING_MESSAGES.badFingerprint),
});

const euros = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" });

/**
 * A market figure (euro cents) as text, "€318.04". Market figures are Cardmarket's euros, shown
 * beside the shop's prices but never charged: shop money is pounds, formatted by formatPence.
 */
export function formatEuroCents(cents: number): string {
  return euros.format(cents / 100);
}
