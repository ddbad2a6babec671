/**
 * Pricing singles from the market: the one home of the owner's pricing rules (their schema, their
 * defaults, the admin form that edits them) and of the computation that turns a market figure
 * into a shop price and member price (issue 13, decision 0030). Pure and client-safe: the
 * repricing preview, the apply step, the admin screen and the tests all call these.
 *
 * Every amount is an integer: euro cents in, pence out, the exchange rate in millionths, the
 * percentages in basis points (hundredths of a percent). The product of the three is computed
 * as a BigInt in micro-units and rounded once, so no figure ever passes through a float.
 */
import { z } from "zod";
import { MAX_PRICE_PENCE } from "~/config/constants";
import { CONDITION_LABELS, CONDITIONS, type Condition } from "~/modules/catalog/variants";

// ---- What the rules are ---------------------------------------------------------------------

/** The market figures a price can follow (Cardmarket's price-guide fields). */
export const MARKET_FIGURES = ["trend", "avg", "low", "avg1", "avg7", "avg30"] as const;
export type MarketFigure = (typeof MARKET_FIGURES)[number];

export const MARKET_FIGURE_LABELS: Record<MarketFigure, string> = {
  trend: "Trend price",
  avg: "Average sell price",
  low: "Lowest price on offer",
  avg1: "1-day average",
  avg7: "7-day average",
  avg30: "30-day average",
};

/**
 * One product's figures in one guide, in euro cents; null where the guide had none. The "Holo"
 * fields are Cardmarket's "-holo" figures: the reverse-holo copies of the card.
 */
export interface MarketFigures {
  avg: number | null;
  low: number | null;
  trend: number | null;
  avg1: number | null;
  avg7: number | null;
  avg30: number | null;
  avgHolo: number | null;
  lowHolo: number | null;
  trendHolo: number | null;
  avg1Holo: number | null;
  avg7Holo: number | null;
  avg30Holo: number | null;
}

/** 100 % in basis points. */
const WHOLE = 10_000;
/** £1 per €1 in millionths. */
const RATE_UNIT = 1_000_000;

export const RULE_LIMITS = {
  /** Pounds per euro, in millionths: 0.000001 to 10. */
  rateMicros: { min: 1, max: 10 * RATE_UNIT },
  /** A condition's share of the market price, in basis points: 0.01 % to 500 %. */
  conditionBasisPoints: { min: 1, max: 5 * WHOLE },
  /** The lowest price, in pence: up to £10,000. */
  floorPence: { min: 0, max: 1_000_000 },
  endings: { max: 20 },
  /** The member discount, in basis points: 0.01 % to 90 %. */
  memberDiscountBasisPoints: { min: 1, max: 9_000 },
} as const;

const int = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

/**
 * The rules as stored in `pricing_rules.rules` (jsonb): integers only, named after their unit,
 * so the stored row reads unambiguously and nothing is ever a float.
 */
export const pricingRulesSchema = z
  .object({
    /** Which market figure a price follows. */
    figure: z.enum(MARKET_FIGURES),
    /** Pounds one euro buys, in millionths (850000 = £0.85 per €1). */
    eurToGbpMicros: int(RULE_LIMITS.rateMicros),
    /** Each condition's share of the market price, in basis points (8500 = 85 %). */
    conditionBasisPoints: z.object(
      Object.fromEntries(CONDITIONS.map((c) => [c, int(RULE_LIMITS.conditionBasisPoints)])) as Record<Condition, ReturnType<typeof int>>,
    ),
    /** No single is priced below this, in pence (before rounding to an ending). */
    floorPence: int(RULE_LIMITS.floorPence),
    /** Prices are rounded up to the next of these pence endings ([49, 99]: £3.12 → £3.49); empty: to the penny. */
    endingsPence: z
      .array(z.number().int().min(0).max(99))
      .max(RULE_LIMITS.endings.max)
      .refine((list) => list.every((e, i) => i === 0 || e > list[i - 1]!), "Endings must be in increasing order without repeats."),
    /** The member price as a discount off the price, in basis points (1000 = 10 % off); null: no member price. */
    memberDiscountBasisPoints: int(RULE_LIMITS.memberDiscountBasisPoints).nullable(),
  })
  .strict();

export type PricingRules = z.infer<typeof pricingRulesSchema>;

/** What applies until the owner saves rules of their own. */
export const DEFAULT_PRICING_RULES: PricingRules = {
  figure: "trend",
  eurToGbpMicros: 850_000,
  conditionBasisPoints: { nm: 10_000, lp: 8_500, mp: 7_000, hp: 5_000, dmg: 3_000 },
  floorPence: 25,
  endingsPence: [49, 99],
  memberDiscountBasisPoints: 1_000,
};

/** Stored rules, or the defaults when none are stored (or what is stored no longer fits the schema). */
export function rulesFromStored(stored: unknown): PricingRules {
  if (stored === null || stored === undefined) return DEFAULT_PRICING_RULES;
  const parsed = pricingRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_PRICING_RULES;
}

/** The rules as text with a fixed key order: what the repricing fingerprint hashes. */
export function canonicalRules(rules: PricingRules): string {
  return JSON.stringify([
    rules.figure,
    rules.eurToGbpMicros,
    CONDITIONS.map((c) => rules.conditionBasisPoints[c]),
    rules.floorPence,
    rules.endingsPence,
    rules.memberDiscountBasisPoints,
  ]);
}

// ---- The computation ------------------------------------------------------------------------

/** What pricing needs to know about a variant of a single. */
export interface PricedVariant {
  condition: string | null;
  printing: string | null;
  grader: string | null;
  pricePinned: boolean;
}

/** Why a variant is never priced from the market. */
export type SkipReason =
  /** A slab: no raw-card market figure fits a graded copy. */
  | "graded"
  /**
   * A 1st-edition copy: Cardmarket records 1st edition as an attribute of a listing, not a
   * product of its own, so its figures are mostly unlimited copies' and would underprice it.
   */
  | "first_edition"
  /** Not a raw single with a condition (a sealed product's variant, or a single without one). */
  | "no_condition"
  /** The latest guide has no figure for it (no Cardmarket id, no row, or the figure is empty). */
  | "no_figure"
  /** The rules make it more than the shop's highest price (MAX_PRICE_PENCE): a bad figure or rule, not a price. */
  | "too_high";

export interface MarketPrice {
  price: number;
  premiumPrice: number | null;
  /** The figure the price came from, in euro cents. */
  figureCents: number;
}

export type PriceDecision =
  | ({ outcome: "priced" } & MarketPrice)
  /** Pinned by hand: left alone. `market` is what the rules would give, for the owner to compare. */
  | { outcome: "pinned"; market: MarketPrice | null }
  | { outcome: "skipped"; reason: SkipReason };

/**
 * The figure a variant follows: the "-holo" value for a reverse-holo copy, the plain one for any
 * other printing (a holo rare's own product is the holo card). Zero counts as missing: the guide
 * writes 0 where there were no sales (e.g. avg1 on a quiet day), and a zero price is never meant.
 */
export function pickFigure(plainCents: number | null, holoCents: number | null, printing: string | null): number | null {
  const cents = printing === "reverse_holo" ? holoCents : plainCents;
  return cents !== null && cents > 0 ? cents : null;
}

/** `pickFigure` on a card's figures in a guide, for the rules' chosen figure. */
export function figureFor(figures: MarketFigures, figure: MarketFigure, printing: string | null): number | null {
  return pickFigure(figures[figure], figures[`${figure}Holo`], printing);
}

/**
 * Euro cents × rate × condition share, in pence, rounded up to the next whole penny: one
 * rounding, done on the exact product (cents × micros × basis points). The product is an exact
 * integer: in plain numbers while it stays below 2^53 (every real price: €10,000 at any rate and
 * share is ~10^17 only past 500 %), else as a BigInt; the division's remainder is taken exactly.
 */
export function convertToPence(euroCents: number, eurToGbpMicros: number, basisPoints: number): number {
  const divisor = RATE_UNIT * WHOLE;
  const product = euroCents * eurToGbpMicros * basisPoints;
  if (product <= Number.MAX_SAFE_INTEGER) {
    // Each factor and partial product is an integer below 2^53, so `product` is exact.
    let quotient = Math.floor(product / divisor);
    let remainder = product - quotient * divisor;
    // The float division may land one off; the exact remainder puts it right.
    if (remainder < 0) {
      quotient -= 1;
      remainder += divisor;
    } else if (remainder >= divisor) {
      quotient += 1;
      remainder -= divisor;
    }
    return remainder > 0 ? quotient + 1 : quotient;
  }
  const exact = BigInt(euroCents) * BigInt(eurToGbpMicros) * BigInt(basisPoints);
  const big = BigInt(divisor);
  return Number((exact + big - 1n) / big);
}

/**
 * Rounds up to the next price ending: with [49, 99], 312 → 349, 349 → 349, 350 → 399, 399 → 399,
 * 400 → 449. No endings: the price as it is.
 */
export function roundUpToEnding(pence: number, endings: readonly number[]): number {
  if (endings.length === 0) return pence;
  const pounds = Math.floor(pence / 100);
  const within = pence - pounds * 100;
  const next = endings.find((e) => e >= within);
  return next !== undefined ? pounds * 100 + next : (pounds + 1) * 100 + endings[0]!;
}

/** The member price: the discount off the price, rounded down to a whole penny, never above the price. */
export function memberPriceFor(price: number, discountBasisPoints: number | null): number | null {
  if (discountBasisPoints === null) return null;
  const discounted = Math.floor((price * (WHOLE - discountBasisPoints)) / WHOLE);
  return Math.min(price, Math.max(0, discounted));
}

/** What the rules make of one market figure for one condition: convert, floor, round up to an ending, member price. */
export function marketPrice(rules: PricingRules, euroCents: number, condition: Condition): MarketPrice {
  const converted = convertToPence(euroCents, rules.eurToGbpMicros, rules.conditionBasisPoints[condition]);
  // The floor comes before the ending, so a price at the floor still ends in one of the endings.
  const price = roundUpToEnding(Math.max(converted, rules.floorPence), rules.endingsPence);
  return { price, premiumPrice: memberPriceFor(price, rules.memberDiscountBasisPoints), figureCents: euroCents };
}

/**
 * What repricing does with one variant of a single, given the figure it follows in the latest
 * guide (`pickFigure`; null when there is none): price it, leave it pinned, or skip it and say why.
 */
export function priceVariantAt(rules: PricingRules, variant: PricedVariant, cents: number | null): PriceDecision {
  if (variant.grader !== null) return { outcome: "skipped", reason: "graded" };
  if (variant.printing === "first_edition") return { outcome: "skipped", reason: "first_edition" };
  const condition = variant.condition;
  if (condition === null || !(CONDITIONS as readonly string[]).includes(condition)) return { outcome: "skipped", reason: "no_condition" };
  const market = cents === null ? null : marketPrice(rules, cents, condition as Condition);
  if (variant.pricePinned) return { outcome: "pinned", market };
  if (market === null) return { outcome: "skipped", reason: "no_figure" };
  if (market.price > MAX_PRICE_PENCE) return { outcome: "skipped", reason: "too_high" };
  return { outcome: "priced", ...market };
}

/** `priceVariantAt` with the card's figures in the latest guide (null when the card has none). */
export function priceVariant(rules: PricingRules, variant: PricedVariant, figures: MarketFigures | null): PriceDecision {
  return priceVariantAt(rules, variant, figures === null ? null : figureFor(figures, rules.figure, variant.printing));
}

// ---- The admin form -------------------------------------------------------------------------

/** The form's fields, as posted (all text, so the form works without JavaScript). */
export const RULE_FIELDS = ["figure", "eurToGbp", ...CONDITIONS.map((c) => `condition_${c}` as const), "floor", "endings", "memberDiscount"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleFormValues = Record<RuleField, string>;
export type RuleFieldErrors = Partial<Record<RuleField, string>>;

export const RULE_FIELD_LABELS: Record<RuleField, string> = {
  figure: "Market figure",
  eurToGbp: "Pounds per euro",
  condition_nm: `${CONDITION_LABELS.nm} (%)`,
  condition_lp: `${CONDITION_LABELS.lp} (%)`,
  condition_mp: `${CONDITION_LABELS.mp} (%)`,
  condition_hp: `${CONDITION_LABELS.hp} (%)`,
  condition_dmg: `${CONDITION_LABELS.dmg} (%)`,
  floor: "Lowest price (£)",
  endings: "Price endings (pence)",
  memberDiscount: "Member discount (%)",
};

export const RULE_MESSAGES = {
  figure: "Choose the market figure prices follow.",
  eurToGbp: "Enter how many pounds one euro buys, between 0.000001 and 10, e.g. 0.85.",
  condition: "Enter a percentage of the market price between 0.01 and 500, e.g. 85.",
  floor: "Enter the lowest price in pounds, from 0 to 10000, e.g. 0.25.",
  endings: "Enter up to 20 pence endings from 0 to 99, separated by commas, e.g. 49, 99 (or leave empty to round to the penny).",
  memberDiscount: "Enter the member discount as a percentage between 0.01 and 90, e.g. 10, or leave it empty for no member price.",
} as const;

/**
 * A decimal written by a person ("0.85", "85", "0.25") as an integer count of 10^-places units,
 * without a float: "0.85" with 6 places is 850000. Null when it is not such a number.
 */
export function parseDecimal(text: string, places: number): number | null {
  const match = /^(\d{0,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[1] === "" && match[2] === undefined)) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > places && /[^0]/.test(fraction.slice(places))) return null;
  return Number(match[1] || "0") * 10 ** places + Number(fraction.slice(0, places).padEnd(places, "0") || "0");
}

/** An integer count of 10^-places units as the shortest decimal a person would write: 850000, 6 → "0.85". */
export function formatDecimal(units: number, places: number): string {
  const scale = 10 ** places;
  const whole = Math.floor(units / scale);
  const fraction = String(units - whole * scale)
    .padStart(places, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const inRange = (value: number | null, limits: { min: number; max: number }) => value !== null && value >= limits.min && value <= limits.max;

/** The form's values for a set of rules (what the form shows before the owner edits it). */
export function rulesToForm(rules: PricingRules): RuleFormValues {
  return {
    figure: rules.figure,
    eurToGbp: formatDecimal(rules.eurToGbpMicros, 6),
    ...(Object.fromEntries(CONDITIONS.map((c) => [`condition_${c}`, formatDecimal(rules.conditionBasisPoints[c], 2)])) as Record<`condition_${Condition}`, string>),
    floor: formatDecimal(rules.floorPence, 2),
    endings: rules.endingsPence.map((e) => String(e).padStart(2, "0")).join(", "),
    memberDiscount: rules.memberDiscountBasisPoints === null ? "" : formatDecimal(rules.memberDiscountBasisPoints, 2),
  };
}

export type RulesFormResult = { ok: true; rules: PricingRules } | { ok: false; errors: RuleFieldErrors; values: RuleFormValues };

/**
 * Reads the posted rules form: each field checked on its own, every problem reported against
 * its field (so the page can show them all at once). Anything that is not a single string is
 * treated as empty.
 */
export function parseRulesForm(form: Record<string, unknown>): RulesFormResult {
  const values = Object.fromEntries(RULE_FIELDS.map((f) => [f, typeof form[f] === "string" ? (form[f] as string).slice(0, 200) : ""])) as RuleFormValues;
  const errors: RuleFieldErrors = {};

  const figure = (MARKET_FIGURES as readonly string[]).includes(values.figure) ? (values.figure as MarketFigure) : null;
  if (figure === null) errors.figure = RULE_MESSAGES.figure;

  const rate = parseDecimal(values.eurToGbp, 6);
  if (!inRange(rate, RULE_LIMITS.rateMicros)) errors.eurToGbp = RULE_MESSAGES.eurToGbp;

  const conditionBasisPoints = {} as Record<Condition, number>;
  for (const c of CONDITIONS) {
    const bp = parseDecimal(values[`condition_${c}`], 2);
    if (!inRange(bp, RULE_LIMITS.conditionBasisPoints)) errors[`condition_${c}`] = RULE_MESSAGES.condition;
    else conditionBasisPoints[c] = bp!;
  }

  const floor = parseDecimal(values.floor.replace(/^£/, ""), 2);
  if (!inRange(floor, RULE_LIMITS.floorPence)) errors.floor = RULE_MESSAGES.floor;

  const parts = values.endings.split(/[\s,]+/).filter(Boolean);
  const endings = parts.map((p) => (/^\.?\d{1,2}$/.test(p) ? Number(p.replace(".", "")) : NaN));
  if (parts.length > RULE_LIMITS.endings.max || endings.some((e) => !Number.isInteger(e) || e < 0 || e > 99)) errors.endings = RULE_MESSAGES.endings;

  const discountText = values.memberDiscount.trim();
  const discount = discountText === "" ? null : parseDecimal(discountText, 2);
  if (discountText !== "" && !inRange(discount, RULE_LIMITS.memberDiscountBasisPoints)) errors.memberDiscount = RULE_MESSAGES.memberDiscount;

  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  const rules: PricingRules = {
    figure: figure!,
    eurToGbpMicros: rate!,
    conditionBasisPoints,
    floorPence: floor!,
    endingsPence: [...new Set(endings)].sort((a, b) => a - b),
    memberDiscountBasisPoints: discount,
  };
  // The stored schema is the last word (it cannot disagree with the checks above, but a rule
  // that reaches the database unchecked would be worse than a refused form).
  const checked = pricingRulesSchema.safeParse(rules);
  return checked.success ? { ok: true, rules: checked.data } : { ok: false, errors: { figure: checked.error.issues[0]!.message }, values };
}

/** "£0.85 per €1", "85 %": the rules in words, for the audit trail and the page. */
export function describeRate(rules: PricingRules): string {
  return `£${formatDecimal(rules.eurToGbpMicros, 6)} per €1`;
}
export function formatBasisPoints(basisPoints: number): string {
  return `${formatDecimal(basisPoints, 2)} %`;
}
