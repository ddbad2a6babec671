/**
 * The sell-list builder's data: the draft priced for the page, and the card search with a Near
 * Mint offer per printing. Prices come from offer.server.ts only.
 */
import type { Db } from "~/db/client.server";
import { searchCards } from "~/modules/catalog/singles.server";
import { cardNumberText } from "~/modules/cards/card-number";
import type { Printing } from "~/modules/catalog/variants";
import { notBuyingReasonLabel } from "./offer";
import { priceSellLines, printingsOf, type PricedSellLine } from "./offer.server";
import type { BuylistSettings } from "./settings";
import type { DraftLine } from "./customer-draft";
import { SELL_SEARCH_MAX_LENGTH, type SellListView, type SellSearchHit } from "./customer";

/** Cards a search shows. */
const SEARCH_LIMIT = 12;

function reasonText(line: Pick<PricedSellLine, "reason" | "acceptedQuantity">, settings: BuylistSettings): string | null {
  return line.reason === null ? null : notBuyingReasonLabel(line.reason, { minLineValuePence: settings.minLineValuePence, acceptedQuantity: line.acceptedQuantity });
}

export async function sellListView(db: Db, draft: readonly DraftLine[]): Promise<SellListView> {
  const { lines, totals, settings } = await priceSellLines(db, draft);
  return {
    lines: lines.map((l) => ({
      cardId: l.cardId,
      cardLabel: l.cardLabel,
      printing: l.printing,
      condition: l.condition,
      quantity: l.quantity,
      printings: l.card ? [...printingsOf(l.card)] : [l.printing],
      marketUnit: l.marketUnit,
      unitCash: l.unitCash,
      unitCredit: l.unitCredit,
      acceptedQuantity: l.acceptedQuantity,
      lineCash: l.lineCash,
      lineCredit: l.lineCredit,
      hot: l.hot,
      reason: l.problem === null ? l.reason : null,
      reasonText: l.problem === null ? reasonText(l, settings) : null,
      unavailable: l.problem !== null,
    })),
    totals,
    rules: {
      maxLines: settings.maxLinesPerSubmission,
      minLineValuePence: settings.minLineValuePence,
      creditBonusBasisPoints: settings.creditBonusBasisPoints,
      prepaidLabelThresholdPence: settings.prepaidLabelThresholdPence,
    },
  };
}

/**
 * Cards matching a search (name, set or number, as the shop's card search reads them), each with
 * what a Near Mint copy would fetch in each of its printings, as the list itself would price it.
 */
export async function searchCardsToSell(db: Db, rawQuery: string): Promise<SellSearchHit[]> {
  const query = rawQuery.trim().slice(0, SELL_SEARCH_MAX_LENGTH);
  if (query === "") return [];
  const hits = await searchCards(db, query, SEARCH_LIMIT);
  if (hits.length === 0) return [];
  const asked = hits.flatMap((hit) => printingsOf(hit).map((printing) => ({ cardId: hit.id, printing: printing as Printing, condition: "nm" as const, quantity: 1 })));
  // Each alternative priced on its own: wanted counts apply, but one hit does not count against another.
  const { lines, settings } = await priceSellLines(db, asked, { independentLines: true });
  return hits.map((hit) => ({
    cardId: hit.id,
    name: hit.name,
    setName: hit.setName,
    number: cardNumberText(hit.localNumber, hit.officialCardCount),
    rarity: hit.rarity,
    printings: [...printingsOf(hit)],
    nearMint: lines
      .filter((line) => line.cardId === hit.id)
      .map((line) => ({ printing: line.printing, unitCash: line.unitCash, unitCredit: line.unitCredit, reasonText: reasonText(line, settings) })),
  }));
}

/** Why a line cannot go on a list at all (unknown card, or a printing the card does not exist in); null when it can. */
export async function sellLineProblem(db: Db, line: DraftLine) {
  const { lines } = await priceSellLines(db, [line]);
  return lines[0]!.problem;
}
