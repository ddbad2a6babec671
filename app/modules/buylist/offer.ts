/**
 * The buylist's one pricing rule (decision 0042): what the shop offers for a card a customer
 * wants to sell. Pure and client-safe: the sell-list builder, the submission, the admin's
 * re-pricing and the tests all call these, so an offer is computed in exactly one way.
 *
 * market  = the shop's own view of the card's value in that condition: the pricing rules' figure
 *           (reverse-holo copies follow the "-holo" figure), converted to pence with the rules'
 *           rate and condition share (`convertToPence`; no floor, no price endings: those make a
 *           shop price, not a value)
 * cash    = floor(market × (buy rate for the condition + hot-list premium) / 10,000) per unit,
 *           at most the ceiling below
 * credit  = floor(cash × (10,000 + credit bonus) / 10,000) per unit
 * ceiling = the credit for a unit never exceeds the market value, which is at most what the shop
 *           sells that card for (its price is the same value rounded up to a price ending): with
 *           a generous buy rate, bonus or hot-list premium, buying a card and selling it straight
 *           back would otherwise earn credit on every round (`buyBackCeiling`). Pro members buy
 *           at the member discount below that; keeping (buy rate × (1 + bonus)) under
 *           (1 − member discount) is the owner's call, and docs/buylist.md says so.
 * A line is never hidden when the shop does not buy it: it carries a reason and counts 0.
 */
import { formatPence } from "~/utils/money";
import { convertToPence, figureFor, type MarketFigures, type PricingRules } from "~/modules/market/pricing-rules";
import type { Condition, Printing } from "~/modules/catalog/variants";
import { WHOLE_BASIS_POINTS, type BuylistSettings } from "./settings";

/** Why (part of) a line is not bought. */
export const NOT_BUYING_REASONS = ["not_buying", "no_price", "under_minimum", "over_wanted"] as const;
export type NotBuyingReason = (typeof NOT_BUYING_REASONS)[number];

/** A card's buylist row (buylist_cards); null when the shop has no view on the card. */
export interface BuylistCardRule {
  buying: boolean;
  wantedQuantity: number | null;
  maxPerSubmission: number | null;
  hotPremiumBasisPoints: number;
}

export interface OfferInput {
  settings: BuylistSettings;
  rules: PricingRules;
  /** The card's figures in the latest price guide; null when it has none. */
  figures: MarketFigures | null;
  cardRule: BuylistCardRule | null;
  printing: Printing;
  condition: Condition;
  quantity: number;
  /**
   * Units of this card already counted against its wanted quantity: copies in stock and in other
   * open submissions (`held`), and in earlier lines of this same list (`earlierInList`, which also
   * count against the per-submission cap).
   */
  held?: number;
  earlierInList?: number;
}

export interface LineOffer {
  /** The card's value to the shop in this condition and printing, pence per unit; null: no market price. */
  marketUnit: number | null;
  /** Cash and credit offered per unit (0 when not bought). */
  unitCash: number;
  unitCredit: number;
  /** How many of the line's units are bought (fewer than asked when over the wanted quantity or cap). */
  acceptedQuantity: number;
  lineCash: number;
  lineCredit: number;
  /** On the hot-list (bought at a premium). */
  hot: boolean;
  reason: NotBuyingReason | null;
}

/** Store credit for a cash amount: the bonus on top, rounded down to the penny. */
export function creditFor(cashPence: number, settings: Pick<BuylistSettings, "creditBonusBasisPoints">): number {
  return Math.floor((cashPence * (WHOLE_BASIS_POINTS + settings.creditBonusBasisPoints)) / WHOLE_BASIS_POINTS);
}

/**
 * A line's amounts from a unit cash price: credit is worked out per unit, then multiplied, so
 * "unit × quantity = line" and "sum of lines = total" both hold for cash and for credit.
 */
export function lineAmounts(unitCash: number, quantity: number, settings: Pick<BuylistSettings, "creditBonusBasisPoints">) {
  const unitCredit = creditFor(unitCash, settings);
  return { unitCash, unitCredit, lineCash: unitCash * quantity, lineCredit: unitCredit * quantity };
}

/** The market value of a card in a condition and printing, in pence per unit; null when there is none to go on. */
export function marketUnitFor(rules: PricingRules, figures: MarketFigures | null, printing: Printing, condition: Condition): number | null {
  // 1st edition is a listing attribute on Cardmarket, not a product: its figure would be the unlimited card's.
  if (figures === null || printing === "first_edition") return null;
  const cents = figureFor(figures, rules.figure, printing);
  return cents === null ? null : convertToPence(cents, rules.eurToGbpMicros, rules.conditionBasisPoints[condition]);
}

/**
 * The most cash a unit may be offered so that its credit (with the bonus, rounded down) stays at
 * or below the card's market value, the least the shop sells it for at its normal price.
 */
export function buyBackCeiling(marketUnit: number, settings: Pick<BuylistSettings, "creditBonusBasisPoints">): number {
  let cash = Math.floor((marketUnit * WHOLE_BASIS_POINTS) / (WHOLE_BASIS_POINTS + settings.creditBonusBasisPoints));
  // The division may land a penny short of the largest cash whose credit still fits.
  while (creditFor(cash + 1, settings) <= marketUnit) cash += 1;
  return cash;
}

/** The unit cash offer for a market value, before the minimum and wanted checks. */
export function unitCashFor(marketUnit: number, settings: BuylistSettings, condition: Condition, hotPremiumBasisPoints: number): number {
  const byRate = Math.floor((marketUnit * (settings.buyRateBasisPoints[condition] + hotPremiumBasisPoints)) / WHOLE_BASIS_POINTS);
  return Math.min(byRate, buyBackCeiling(marketUnit, settings));
}

export function lineOffer(input: OfferInput): LineOffer {
  const { settings, cardRule, condition, printing } = input;
  const quantity = Math.max(0, input.quantity);
  const hot = (cardRule?.hotPremiumBasisPoints ?? 0) > 0;
  const marketUnit = marketUnitFor(input.rules, input.figures, printing, condition);
  const refused = (reason: NotBuyingReason): LineOffer => ({
    marketUnit,
    unitCash: 0,
    unitCredit: 0,
    acceptedQuantity: 0,
    lineCash: 0,
    lineCredit: 0,
    hot,
    reason,
  });

  if (cardRule ? !cardRule.buying : !settings.buyUnlistedCards) return refused("not_buying");
  if (marketUnit === null) return refused("no_price");
  if (settings.buyRateBasisPoints[condition] === 0) return refused("not_buying");
  const unitCash = unitCashFor(marketUnit, settings, condition, cardRule?.hotPremiumBasisPoints ?? 0);
  if (unitCash <= 0 || unitCash < settings.minLineValuePence) return refused("under_minimum");

  const earlier = Math.max(0, input.earlierInList ?? 0);
  let accepted = quantity;
  if (cardRule?.wantedQuantity !== null && cardRule?.wantedQuantity !== undefined) {
    accepted = Math.min(accepted, cardRule.wantedQuantity - Math.max(0, input.held ?? 0) - earlier);
  }
  if (cardRule?.maxPerSubmission !== null && cardRule?.maxPerSubmission !== undefined) {
    accepted = Math.min(accepted, cardRule.maxPerSubmission - earlier);
  }
  accepted = Math.max(0, accepted);
  const amounts = lineAmounts(unitCash, accepted, settings);
  return { marketUnit, ...amounts, acceptedQuantity: accepted, hot, reason: accepted < quantity ? "over_wanted" : null };
}

export interface OfferTotals {
  cash: number;
  credit: number;
  /** Units bought, and units asked for. */
  acceptedUnits: number;
  units: number;
}

export function offerTotals(lines: ReadonlyArray<Pick<LineOffer, "lineCash" | "lineCredit" | "acceptedQuantity"> & { quantity: number }>): OfferTotals {
  return lines.reduce<OfferTotals>(
    (sum, l) => ({ cash: sum.cash + l.lineCash, credit: sum.credit + l.lineCredit, acceptedUnits: sum.acceptedUnits + l.acceptedQuantity, units: sum.units + l.quantity }),
    { cash: 0, credit: 0, acceptedUnits: 0, units: 0 },
  );
}

/** Why a line is (partly) not bought, in the customer's words. */
export function notBuyingReasonLabel(reason: NotBuyingReason, context: { minLineValuePence: number; acceptedQuantity: number }): string {
  switch (reason) {
    case "not_buying":
      return "We are not buying this card at the moment.";
    case "no_price":
      return "We have no market price for this card, so we cannot make an offer online.";
    case "under_minimum":
      return `Worth less than ${formatPence(context.minLineValuePence)} each to us, so we do not buy it.`;
    case "over_wanted":
      return context.acceptedQuantity === 0
        ? "We have all the copies of this card we need at the moment."
        : `We only need ${context.acceptedQuantity} of these at the moment; the rest count as £0.`;
  }
}

export function isNotBuyingReason(value: unknown): value is NotBuyingReason {
  return typeof value === "string" && (NOT_BUYING_REASONS as readonly string[]).includes(value);
}
