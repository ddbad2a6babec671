import type { Db, Tx } from "~/db/client.server";
import { rawRowKey, type PriceSuggestions } from "~/modules/catalog/singles";
import { CONDITIONS, type Printing } from "~/modules/catalog/variants";
import { priceVariant } from "./pricing-rules";
import { latestGuide, marketHistory } from "./repricing.server";
import { loadPricingRules } from "./rules.server";

/**
 * Prices the "add single" form suggests for a card (issue 13's seam, PriceSuggester in
 * catalog/singles.server.ts): each condition × printing row priced from the card's figures in the
 * latest price guide by the shop's own pricing rules, the same computation repricing applies
 * (`priceVariant`), so a new listing starts where repricing would put it. Rows the rules do not
 * price (1st edition, no figure, above the shop's highest price) get no suggestion; a card without
 * a Cardmarket id, or a shop without a guide, gets none at all.
 */
export async function suggestListingPrices(
  db: Db | Tx,
  card: { cardmarketProductId: number | null; printings: Printing[] },
): Promise<PriceSuggestions> {
  if (card.cardmarketProductId === null) return {};
  const [guide, { rules }] = await Promise.all([latestGuide(db), loadPricingRules(db)]);
  if (!guide) return {};
  const figures = (await marketHistory(db, card.cardmarketProductId)).find((row) => row.guideId === guide.id) ?? null;
  if (!figures) return {};
  const suggestions: PriceSuggestions = {};
  for (const condition of CONDITIONS) {
    for (const printing of card.printings) {
      const decision = priceVariant(rules, { condition, printing, grader: null, pricePinned: false }, figures);
      if (decision.outcome === "priced") suggestions[rawRowKey(condition, printing)] = decision.price;
    }
  }
  return suggestions;
}
