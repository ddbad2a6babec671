/**
 * The buylist's settings (decision 0042): what the shop pays per condition, the store-credit
 * bonus, the smallest unit worth buying, how long a quote holds, when the shop sends a prepaid
 * label, whether cards without a buylist row are bought, and the longest sell list. Stored as one
 * jsonb row (buylist_settings), checked by this schema on the way in and out. Client-safe.
 */
import { z } from "zod";
import { CONDITIONS, type Condition } from "~/modules/catalog/variants";
import { MAX_DRAFT_LINES } from "./customer-draft";

/** 100 % in basis points. */
export const WHOLE_BASIS_POINTS = 10_000;

export const BUYLIST_SETTING_LIMITS = {
  /** A condition's buy rate: 0 % (not buying that condition) to 100 % of market. */
  buyRateBasisPoints: { min: 0, max: WHOLE_BASIS_POINTS },
  /** The credit bonus: 0 % to +100 %. */
  creditBonusBasisPoints: { min: 0, max: WHOLE_BASIS_POINTS },
  /** The smallest unit cash offer worth buying: up to £100. */
  minLineValuePence: { min: 0, max: 10_000 },
  quoteValidDays: { min: 1, max: 60 },
  /** Quotes at or over this get a prepaid label: up to £100,000. */
  prepaidLabelThresholdPence: { min: 0, max: 10_000_000 },
  /** No more than the sell-list draft holds (its cookie's size sets that): a higher cap could never be reached. */
  maxLinesPerSubmission: { min: 1, max: MAX_DRAFT_LINES },
} as const;

const int = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

export const buylistSettingsSchema = z
  .object({
    /** Share of the market price paid in cash, per condition, in basis points (8000 = 80 %). */
    buyRateBasisPoints: z.object(
      Object.fromEntries(CONDITIONS.map((c) => [c, int(BUYLIST_SETTING_LIMITS.buyRateBasisPoints)])) as Record<Condition, ReturnType<typeof int>>,
    ),
    /** Store credit is the cash offer plus this, in basis points (2000 = +20 %). */
    creditBonusBasisPoints: int(BUYLIST_SETTING_LIMITS.creditBonusBasisPoints),
    /** A unit whose cash offer is below this is not bought (pence). */
    minLineValuePence: int(BUYLIST_SETTING_LIMITS.minLineValuePence),
    quoteValidDays: int(BUYLIST_SETTING_LIMITS.quoteValidDays),
    /** Quotes at or over this (cash pence) get a prepaid label; under it, posting instructions. */
    prepaidLabelThresholdPence: int(BUYLIST_SETTING_LIMITS.prepaidLabelThresholdPence),
    /** True: a card with a market price but no buylist row is bought at the default rates. False: only listed cards. */
    buyUnlistedCards: z.boolean(),
    maxLinesPerSubmission: int(BUYLIST_SETTING_LIMITS.maxLinesPerSubmission),
  })
  .strict();

export type BuylistSettings = z.infer<typeof buylistSettingsSchema>;

/** What applies until the owner saves settings of their own (spec: about 80 % of market, a label over £150). */
export const DEFAULT_BUYLIST_SETTINGS: BuylistSettings = {
  buyRateBasisPoints: { nm: 8_000, lp: 7_000, mp: 5_500, hp: 3_500, dmg: 2_000 },
  creditBonusBasisPoints: 2_000,
  minLineValuePence: 50,
  quoteValidDays: 7,
  prepaidLabelThresholdPence: 15_000,
  buyUnlistedCards: true,
  maxLinesPerSubmission: 200,
};

/** Stored settings, or the defaults when none are stored (or what is stored no longer fits the schema). */
export function buylistSettingsFromStored(stored: unknown): BuylistSettings {
  if (stored === null || stored === undefined) return DEFAULT_BUYLIST_SETTINGS;
  const parsed = buylistSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_BUYLIST_SETTINGS;
}
