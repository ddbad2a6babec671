import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICING_RULES,
  canonicalRules,
  convertToPence,
  figureFor,
  formatDecimal,
  marketPrice,
  memberPriceFor,
  parseDecimal,
  parseRulesForm,
  priceVariant,
  pricingRulesSchema,
  roundUpToEnding,
  rulesFromStored,
  rulesToForm,
  type MarketFigures,
  type PricingRules,
} from "./pricing-rules";

const NONE: MarketFigures = {
  avg: null, low: null, trend: null, avg1: null, avg7: null, avg30: null,
  avgHolo: null, lowHolo: null, trendHolo: null, avg1Holo: null, avg7Holo: null, avg30Holo: null,
};
const figures = (values: Partial<MarketFigures>): MarketFigures => ({ ...NONE, ...values });
/** Rules that change nothing but what a test names: £1 per €1, 100 %, no floor, no endings, no member price. */
const PLAIN: PricingRules = {
  figure: "trend",
  eurToGbpMicros: 1_000_000,
  conditionBasisPoints: { nm: 10_000, lp: 10_000, mp: 10_000, hp: 10_000, dmg: 10_000 },
  floorPence: 0,
  endingsPence: [],
  memberDiscountBasisPoints: null,
};
const raw = (condition: string | null, printing: string | null = "normal", pricePinned = false) => ({ condition, printing, grader: null, pricePinned });

describe("converting a market figure to pence", () => {
  it("multiplies cents by the rate and the condition share, rounding up once to a whole penny", () => {
    expect(convertToPence(1000, 850_000, 10_000)).toBe(850); // €10.00 at 0.85, 100 %
    expect(convertToPence(1000, 850_000, 8_500)).toBe(723); // 722.5 → 723
    expect(convertToPence(1, 850_000, 10_000)).toBe(1); // 0.85p → 1p
    expect(convertToPence(0, 850_000, 10_000)).toBe(0);
  });

  it("has no float drift: cases where a float product lands a hair above a whole penny stay exact", () => {
    // 0.1 + 0.2 style traps: in floats 1.1 * 100 = 110.00000000000001, which Math.ceil makes 111.
    expect(1.1 * 100).not.toBe(110);
    expect(convertToPence(110, 1_000_000, 10_000)).toBe(110);
    expect(convertToPence(2900, 1_100_000, 10_000)).toBe(3190); // 29 × 1.1 = 31.9 exactly
    expect(convertToPence(1005, 1_000_000, 7_000)).toBe(704); // 703.5 → 704
    // Huge figures do not overflow: €10,000,000.00 at 10 per € and 500 %.
    expect(convertToPence(1_000_000_000, 10_000_000, 50_000)).toBe(50_000_000_000);
  });
});

describe("converting, property-checked against exact BigInt arithmetic", () => {
  const reference = (cents: number, micros: number, bp: number) => {
    const exact = BigInt(cents) * BigInt(micros) * BigInt(bp);
    return Number((exact + 10_000_000_000n - 1n) / 10_000_000_000n);
  };
  it("agrees for every figure, rate and share the rules allow (fast and slow paths)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 50_000 }), (cents, micros, bp) => {
        expect(convertToPence(cents, micros, bp)).toBe(reference(cents, micros, bp));
      }),
      { numRuns: 5_000, seed: 13 },
    );
  });
  it("agrees on products just either side of 2^53 and on exact multiples", () => {
    for (const [cents, micros, bp] of [
      [900_719_925, 1_000_000, 10_000], // 9.007e15, just above 2^53
      [900_719_924, 1_000_000, 10_000], // just below
      [1_000_000, 10_000_000, 1], // exactly divisible
      [123_457, 999_999, 9_999],
      [1, 1, 1],
    ] as const) {
      expect(convertToPence(cents, micros, bp), `${cents} ${micros} ${bp}`).toBe(reference(cents, micros, bp));
    }
  });
});

describe("rounding up to a price ending", () => {
  it("rounds £3.12 up to £3.49 and £3.50 up to £3.99 with endings 49 and 99", () => {
    expect(roundUpToEnding(312, [49, 99])).toBe(349);
    expect(roundUpToEnding(350, [49, 99])).toBe(399);
  });
  it("leaves a price already at an ending alone", () => {
    expect(roundUpToEnding(349, [49, 99])).toBe(349);
    expect(roundUpToEnding(399, [49, 99])).toBe(399);
    expect(roundUpToEnding(500, [0])).toBe(500);
  });
  it("goes to the next pound past the last ending", () => {
    expect(roundUpToEnding(400, [49, 99])).toBe(449);
    expect(roundUpToEnding(1, [49, 99])).toBe(49);
    expect(roundUpToEnding(501, [0])).toBe(600);
    expect(roundUpToEnding(0, [49, 99])).toBe(49);
  });
  it("with no endings is the price as it is", () => {
    expect(roundUpToEnding(312, [])).toBe(312);
  });
});

describe("the member price", () => {
  it("is the discount off, rounded down to a whole penny", () => {
    expect(memberPriceFor(349, 1_000)).toBe(314); // 314.1
    expect(memberPriceFor(399, 1_000)).toBe(359); // 359.1
    expect(memberPriceFor(1000, 1_000)).toBe(900);
    expect(memberPriceFor(1, 1)).toBe(0); // 0.9999 → 0, never negative
  });
  it("is never above the price, and none without a discount", () => {
    expect(memberPriceFor(10, 1)).toBeLessThanOrEqual(10);
    expect(memberPriceFor(349, null)).toBeNull();
  });
});

describe("pricing a variant", () => {
  const charizard = figures({ trend: 31_250, avg: 30_000, low: 25_000, avg7: 32_000, trendHolo: 40_000 });

  it("applies rate, condition, floor, ending and member discount (the defaults)", () => {
    // €312.50 × 0.85 = £265.625 → 26563p → ending 99 → £265.99; member 10 % off → 239.391 → £239.39.
    expect(priceVariant(DEFAULT_PRICING_RULES, raw("nm"), charizard)).toEqual({ outcome: "priced", price: 26_599, premiumPrice: 23_939, figureCents: 31_250 });
    // LP at 85 %: 22578.125 → 22579 → £225.99.
    expect(priceVariant(DEFAULT_PRICING_RULES, raw("lp"), charizard)).toMatchObject({ price: 22_599 });
    // DMG at 30 %: 7968.75 → 7969 → £79.99.
    expect(priceVariant(DEFAULT_PRICING_RULES, raw("dmg"), charizard)).toMatchObject({ price: 7_999 });
  });

  it("follows the chosen figure", () => {
    expect(priceVariant({ ...PLAIN, figure: "avg7" }, raw("nm"), charizard)).toMatchObject({ price: 32_000, figureCents: 32_000 });
    expect(priceVariant({ ...PLAIN, figure: "low" }, raw("nm"), charizard)).toMatchObject({ price: 25_000 });
  });

  it("prices a reverse holo from the '-holo' figure and a holo from the plain one", () => {
    expect(priceVariant(PLAIN, raw("nm", "reverse_holo"), charizard)).toMatchObject({ price: 40_000 });
    expect(priceVariant(PLAIN, raw("nm", "holo"), charizard)).toMatchObject({ price: 31_250 });
  });

  it("changes nothing when the figure is missing, zero, or the card has no figures at all", () => {
    expect(priceVariant(PLAIN, raw("nm"), figures({ avg: 100 }))).toEqual({ outcome: "skipped", reason: "no_figure" });
    expect(priceVariant(PLAIN, raw("nm"), figures({ trend: 0 }))).toEqual({ outcome: "skipped", reason: "no_figure" });
    expect(priceVariant(PLAIN, raw("nm", "reverse_holo"), figures({ trend: 500 }))).toEqual({ outcome: "skipped", reason: "no_figure" });
    expect(priceVariant(PLAIN, raw("nm"), null)).toEqual({ outcome: "skipped", reason: "no_figure" });
  });

  it("never prices a slab, a 1st edition, or a variant without a condition", () => {
    expect(priceVariant(PLAIN, { condition: null, printing: null, grader: "psa", pricePinned: false }, charizard)).toEqual({ outcome: "skipped", reason: "graded" });
    expect(priceVariant(PLAIN, raw("nm", "first_edition"), charizard)).toEqual({ outcome: "skipped", reason: "first_edition" });
    expect(priceVariant(PLAIN, raw(null, null), charizard)).toEqual({ outcome: "skipped", reason: "no_condition" });
  });

  it("leaves a pinned variant alone, saying what the market would give", () => {
    expect(priceVariant(PLAIN, raw("nm", "normal", true), charizard)).toEqual({ outcome: "pinned", market: { price: 31_250, premiumPrice: null, figureCents: 31_250 } });
    expect(priceVariant(PLAIN, raw("nm", "normal", true), null)).toEqual({ outcome: "pinned", market: null });
  });

  it("lifts a cheap card to the floor, then rounds the floor to an ending", () => {
    const rules = { ...PLAIN, floorPence: 25 };
    expect(marketPrice(rules, 3, "nm").price).toBe(25);
    expect(marketPrice({ ...rules, endingsPence: [49, 99] }, 3, "nm").price).toBe(49);
    expect(marketPrice({ ...rules, floorPence: 50, endingsPence: [49, 99] }, 3, "nm").price).toBe(99);
    // Above the floor the floor does nothing.
    expect(marketPrice(rules, 300, "nm").price).toBe(300);
  });

  it("rounds at exact endings without moving them: €3.49 at £1/€ is £3.49", () => {
    expect(marketPrice({ ...PLAIN, endingsPence: [49, 99] }, 349, "nm").price).toBe(349);
    expect(marketPrice({ ...PLAIN, endingsPence: [49, 99] }, 350, "nm").price).toBe(399);
  });
});

describe("reading and writing decimals without floats", () => {
  it("parses what a person types", () => {
    expect(parseDecimal("0.85", 6)).toBe(850_000);
    expect(parseDecimal(" 1 ", 6)).toBe(1_000_000);
    expect(parseDecimal(".5", 2)).toBe(50);
    expect(parseDecimal("85", 2)).toBe(8_500);
    expect(parseDecimal("85.50", 2)).toBe(8_550);
    expect(parseDecimal("0.1", 2)).toBe(10);
    expect(parseDecimal("1.230000", 2)).toBe(123);
  });
  it("refuses what is not a plain decimal, or more precise than the unit", () => {
    for (const bad of ["", ".", "-1", "1e3", "0x10", "1,5", "NaN", "1.234", "Infinity", "١٢"]) expect(parseDecimal(bad, 2), bad).toBeNull();
  });
  it("formats back to the shortest form", () => {
    expect(formatDecimal(850_000, 6)).toBe("0.85");
    expect(formatDecimal(1_000_000, 6)).toBe("1");
    expect(formatDecimal(8_550, 2)).toBe("85.5");
    expect(formatDecimal(25, 2)).toBe("0.25");
  });
});

describe("the rules form", () => {
  const good = rulesToForm(DEFAULT_PRICING_RULES);

  it("round-trips the defaults", () => {
    expect(good).toMatchObject({ figure: "trend", eurToGbp: "0.85", condition_lp: "85", floor: "0.25", endings: "49, 99", memberDiscount: "10" });
    expect(parseRulesForm(good)).toEqual({ ok: true, rules: DEFAULT_PRICING_RULES });
  });

  it("reads endings in any order, with repeats, and an empty member discount as none", () => {
    const result = parseRulesForm({ ...good, endings: "99 49,49", memberDiscount: " ", floor: "£1" });
    expect(result).toMatchObject({ ok: true, rules: { endingsPence: [49, 99], memberDiscountBasisPoints: null, floorPence: 100 } });
    expect(parseRulesForm({ ...good, endings: "" })).toMatchObject({ ok: true, rules: { endingsPence: [] } });
  });

  it("reports every bad field against its own name, keeping what was typed", () => {
    const result = parseRulesForm({ ...good, figure: "median", eurToGbp: "0", condition_mp: "501", floor: "-1", endings: "49, 100", memberDiscount: "95" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["condition_mp", "endings", "eurToGbp", "figure", "floor", "memberDiscount"]);
    expect(result.values.condition_mp).toBe("501");
  });

  it("treats missing and repeated (array) fields as empty", () => {
    const result = parseRulesForm({ figure: ["trend", "avg"] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.figure).toBeDefined();
  });
});

describe("the stored rules", () => {
  it("fall back to the defaults when absent or no longer valid", () => {
    expect(rulesFromStored(null)).toBe(DEFAULT_PRICING_RULES);
    expect(rulesFromStored({ figure: "trend" })).toBe(DEFAULT_PRICING_RULES);
    expect(rulesFromStored({ ...DEFAULT_PRICING_RULES, figure: "avg" }).figure).toBe("avg");
  });
  it("refuse floats, unknown keys and unsorted endings", () => {
    expect(pricingRulesSchema.safeParse({ ...DEFAULT_PRICING_RULES, eurToGbpMicros: 0.85 }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...DEFAULT_PRICING_RULES, extra: 1 }).success).toBe(false);
    expect(pricingRulesSchema.safeParse({ ...DEFAULT_PRICING_RULES, endingsPence: [99, 49] }).success).toBe(false);
  });
  it("hash the same whatever the key order", () => {
    const { figure, ...rest } = DEFAULT_PRICING_RULES;
    const reordered = JSON.parse(JSON.stringify({ ...rest, figure })) as PricingRules;
    expect(Object.keys(reordered)[0]).not.toBe("figure");
    expect(canonicalRules(reordered)).toBe(canonicalRules(DEFAULT_PRICING_RULES));
    expect(canonicalRules({ ...DEFAULT_PRICING_RULES, floorPence: 26 })).not.toBe(canonicalRules(DEFAULT_PRICING_RULES));
  });
});

describe("figureFor", () => {
  it("maps each figure to its -holo twin for a reverse holo", () => {
    const all = figures({ avg: 1, low: 2, trend: 3, avg1: 4, avg7: 5, avg30: 6, avgHolo: 11, lowHolo: 12, trendHolo: 13, avg1Holo: 14, avg7Holo: 15, avg30Holo: 16 });
    expect((["avg", "low", "trend", "avg1", "avg7", "avg30"] as const).map((f) => figureFor(all, f, "reverse_holo"))).toEqual([11, 12, 13, 14, 15, 16]);
    expect((["avg", "low", "trend", "avg1", "avg7", "avg30"] as const).map((f) => figureFor(all, f, "normal"))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("a computed price past the shop's highest price", () => {
  it("is skipped as too high, never written (a bad figure or rule would overflow the price column)", () => {
    const wild = { ...PLAIN, conditionBasisPoints: { ...PLAIN.conditionBasisPoints, nm: 30_000 }, eurToGbpMicros: 850_000 };
    expect(priceVariant(wild, raw("nm"), figures({ trend: 999_999_900 }))).toEqual({ outcome: "skipped", reason: "too_high" });
  });
});
