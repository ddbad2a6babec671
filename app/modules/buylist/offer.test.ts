import { describe, expect, it } from "vitest";
import { DEFAULT_PRICING_RULES, type MarketFigures } from "~/modules/market/pricing-rules";
import { buyBackCeiling, creditFor, lineOffer, notBuyingReasonLabel, offerTotals, type OfferInput } from "./offer";
import { DEFAULT_BUYLIST_SETTINGS } from "./settings";

function figures(trend: number | null, trendHolo: number | null = null): MarketFigures {
  return { avg: null, low: null, trend, avg1: null, avg7: null, avg30: null, avgHolo: null, lowHolo: null, trendHolo, avg1Holo: null, avg7Holo: null, avg30Holo: null };
}

// €10.00 trend at £0.85/€ with NM 100 %: £8.50 market; 80 % of it is £6.80 cash, +20 % is £8.16 credit.
const base: OfferInput = {
  settings: DEFAULT_BUYLIST_SETTINGS,
  rules: DEFAULT_PRICING_RULES,
  figures: figures(1000, 400),
  cardRule: null,
  printing: "holo",
  condition: "nm",
  quantity: 2,
};

describe("lineOffer", () => {
  it("pays the buy rate of the condition on the shop's market value, credit with the bonus", () => {
    expect(lineOffer(base)).toEqual({ marketUnit: 850, unitCash: 680, unitCredit: 816, acceptedQuantity: 2, lineCash: 1360, lineCredit: 1632, hot: false, reason: null });
  });

  it("uses the condition's market share and buy rate: LP is 85 % of market at 70 %", () => {
    // 1000 × 0.85 × 0.85 = 722.5 → 723 (market rounds up); × 70 % = 506.1 → 506; credit 607.2 → 607.
    const offer = lineOffer({ ...base, condition: "lp", quantity: 1 });
    expect([offer.marketUnit, offer.unitCash, offer.unitCredit]).toEqual([723, 506, 607]);
  });

  it("follows the -holo figure for reverse holo copies", () => {
    expect(lineOffer({ ...base, printing: "reverse_holo", quantity: 1 }).marketUnit).toBe(340);
  });

  it("adds the hot-list premium to the buy rate", () => {
    // 80 % + 3 % of £8.50 = 705.5 → 705p; its credit (846p) is under the market value.
    const offer = lineOffer({ ...base, quantity: 1, cardRule: { buying: true, wantedQuantity: null, maxPerSubmission: null, hotPremiumBasisPoints: 300 } });
    expect(offer).toMatchObject({ unitCash: 705, unitCredit: 846, hot: true, reason: null });
  });

  it("never offers more credit for a unit than the card's market value, whatever the premium: selling it back cannot earn", () => {
    // NM 80 % + a 50 % hot premium would be 130 % cash, 156 % credit; the credit stops at £8.50.
    const offer = lineOffer({ ...base, quantity: 1, cardRule: { buying: true, wantedQuantity: null, maxPerSubmission: null, hotPremiumBasisPoints: 5000 } });
    expect(offer.marketUnit).toBe(850);
    expect(offer.unitCredit).toBeLessThanOrEqual(850);
    expect(offer.unitCash).toBe(buyBackCeiling(850, DEFAULT_BUYLIST_SETTINGS));
    expect(creditFor(offer.unitCash + 1, DEFAULT_BUYLIST_SETTINGS)).toBeGreaterThan(850);
    // At the defaults (80 % and +20 %: 96 % in credit) it does not bind.
    expect(lineOffer({ ...base, quantity: 1 }).unitCredit).toBe(816);
  });

  it("rounds down each unit's cash and credit, and multiplies per unit", () => {
    // €1.01 → 85.85 → 86p market; 80 % = 68.8 → 68p; credit 81.6 → 81p.
    const offer = lineOffer({ ...base, figures: figures(101), quantity: 3 });
    expect(offer).toMatchObject({ marketUnit: 86, unitCash: 68, unitCredit: 81, lineCash: 204, lineCredit: 243 });
  });

  it("marks units under the minimum value, counting 0", () => {
    const offer = lineOffer({ ...base, figures: figures(50) });
    expect(offer).toMatchObject({ unitCash: 0, lineCash: 0, acceptedQuantity: 0, reason: "under_minimum", marketUnit: 43 });
  });

  it("a unit exactly at the minimum is bought", () => {
    const offer = lineOffer({ ...base, settings: { ...DEFAULT_BUYLIST_SETTINGS, minLineValuePence: 680 } });
    expect(offer.reason).toBeNull();
  });

  it("marks cards without a market figure and 1st edition copies as not priced", () => {
    expect(lineOffer({ ...base, figures: null }).reason).toBe("no_price");
    expect(lineOffer({ ...base, figures: figures(null) }).reason).toBe("no_price");
    expect(lineOffer({ ...base, printing: "first_edition" }).reason).toBe("no_price");
  });

  it("does not buy a card its row says no to, or unlisted cards when only listed ones are bought", () => {
    expect(lineOffer({ ...base, cardRule: { buying: false, wantedQuantity: null, maxPerSubmission: null, hotPremiumBasisPoints: 0 } }).reason).toBe("not_buying");
    expect(lineOffer({ ...base, settings: { ...DEFAULT_BUYLIST_SETTINGS, buyUnlistedCards: false } }).reason).toBe("not_buying");
    const listed = { buying: true, wantedQuantity: null, maxPerSubmission: null, hotPremiumBasisPoints: 0 };
    expect(lineOffer({ ...base, cardRule: listed, settings: { ...DEFAULT_BUYLIST_SETTINGS, buyUnlistedCards: false } }).reason).toBeNull();
  });

  it("does not buy a condition whose rate is 0", () => {
    const settings = { ...DEFAULT_BUYLIST_SETTINGS, buyRateBasisPoints: { ...DEFAULT_BUYLIST_SETTINGS.buyRateBasisPoints, dmg: 0 } };
    expect(lineOffer({ ...base, settings, condition: "dmg" }).reason).toBe("not_buying");
  });

  it("buys only up to the wanted quantity, counting stock, open submissions and earlier lines", () => {
    const cardRule = { buying: true, wantedQuantity: 4, maxPerSubmission: null, hotPremiumBasisPoints: 0 };
    expect(lineOffer({ ...base, cardRule, quantity: 3, held: 2 })).toMatchObject({ acceptedQuantity: 2, lineCash: 1360, reason: "over_wanted" });
    expect(lineOffer({ ...base, cardRule, quantity: 3, held: 1, earlierInList: 1 })).toMatchObject({ acceptedQuantity: 2, reason: "over_wanted" });
    expect(lineOffer({ ...base, cardRule, quantity: 3, held: 5 })).toMatchObject({ acceptedQuantity: 0, lineCash: 0, lineCredit: 0, reason: "over_wanted" });
    expect(lineOffer({ ...base, cardRule, quantity: 2, held: 2 })).toMatchObject({ acceptedQuantity: 2, reason: null });
  });

  it("caps the units per submission", () => {
    const cardRule = { buying: true, wantedQuantity: null, maxPerSubmission: 3, hotPremiumBasisPoints: 0 };
    expect(lineOffer({ ...base, cardRule, quantity: 5 })).toMatchObject({ acceptedQuantity: 3, reason: "over_wanted" });
    expect(lineOffer({ ...base, cardRule, quantity: 5, earlierInList: 2, held: 100 })).toMatchObject({ acceptedQuantity: 1 });
  });
});

describe("creditFor and offerTotals", () => {
  it("adds the bonus and rounds down", () => {
    expect(creditFor(1000, { creditBonusBasisPoints: 2000 })).toBe(1200);
    expect(creditFor(99, { creditBonusBasisPoints: 2000 })).toBe(118);
    expect(creditFor(500, { creditBonusBasisPoints: 0 })).toBe(500);
  });

  it("sums the lines", () => {
    const a = lineOffer(base);
    const b = lineOffer({ ...base, figures: null, quantity: 1 });
    expect(offerTotals([{ ...a, quantity: 2 }, { ...b, quantity: 1 }])).toEqual({ cash: 1360, credit: 1632, acceptedUnits: 2, units: 3 });
  });
});

describe("notBuyingReasonLabel", () => {
  it("says why in words", () => {
    expect(notBuyingReasonLabel("under_minimum", { minLineValuePence: 50, acceptedQuantity: 0 })).toContain("£0.50");
    expect(notBuyingReasonLabel("over_wanted", { minLineValuePence: 50, acceptedQuantity: 2 })).toContain("only need 2");
  });
});
