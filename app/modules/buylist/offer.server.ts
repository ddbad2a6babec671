/**
 * Prices sell lines for real: the card, its figures in the latest price guide, the shop's
 * pricing rules and buylist settings, the card's buylist row, and how many copies already count
 * against its wanted quantity, handed to the one rule in offer.ts. The builder, the submission
 * and the admin's re-pricing all come here; nothing posted by a browser is ever taken as a price.
 *
 * Reads buylist_cards and buylist_lines (its own), and the cards, stock and price guide through
 * their modules (catalog's cardsWithStock, market's latestFiguresFor and loadPricingRules).
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistCards, buylistLines, buylistSubmissions } from "~/db/schema";
import { cardsWithStock, type CardWithStock } from "~/modules/catalog/singles.server";
import { PRINTINGS, type Condition, type Printing } from "~/modules/catalog/variants";
import { latestFiguresFor } from "~/modules/market/repricing.server";
import { loadPricingRules } from "~/modules/market/rules.server";
import { lineOffer, offerTotals, type BuylistCardRule, type LineOffer, type OfferTotals } from "./offer";
import { loadBuylistSettings } from "./settings.server";
import type { BuylistSettings } from "./settings";
import { OPEN_STATUSES } from "./status";

type Executor = Db | Tx;

export interface SellLineInput {
  cardId: number;
  printing: Printing;
  condition: Condition;
  quantity: number;
}

/** A line the shop cannot price at all: the card does not exist, or not in that printing. */
export type SellLineProblem = "unknown_card" | "unknown_printing";

export interface PricedSellLine extends SellLineInput, LineOffer {
  /** Null when the card is unknown. */
  card: CardWithStock | null;
  /** "Charizard · Base Set · 4/102": what the line is called, kept on the submission. */
  cardLabel: string;
  problem: SellLineProblem | null;
}

export interface PricedSellList {
  lines: PricedSellLine[];
  totals: OfferTotals;
  settings: BuylistSettings;
}

/** Printings a card can be sold in: the ones it exists in, or any when the card data did not say. */
export function printingsOf(card: Pick<CardWithStock, "printings">): readonly Printing[] {
  return card.printings ?? PRINTINGS;
}

export function cardLabelOf(card: Pick<CardWithStock, "name" | "setName" | "localNumber" | "officialCardCount">): string {
  const number = card.officialCardCount ? `${card.localNumber}/${card.officialCardCount}` : card.localNumber;
  return `${card.name} · ${card.setName} · ${number}`;
}

/** Buylist rows of the cards (absent: the shop has no view on the card). */
async function cardRules(db: Executor, cardIds: number[]): Promise<Map<number, BuylistCardRule>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({
      cardId: buylistCards.cardId,
      buying: buylistCards.buying,
      wantedQuantity: buylistCards.wantedQuantity,
      maxPerSubmission: buylistCards.maxPerSubmission,
      hotPremiumBasisPoints: buylistCards.hotPremiumBasisPoints,
    })
    .from(buylistCards)
    .where(inArray(buylistCards.cardId, cardIds));
  return new Map(rows.map(({ cardId, ...rule }) => [cardId, rule]));
}

function cardRuleFor(rule: BuylistCardRule | null, ignoreWanted: boolean): BuylistCardRule | null {
  return rule && ignoreWanted ? { ...rule, wantedQuantity: null, maxPerSubmission: null } : rule;
}

/**
 * Units of each card the shop may still receive from open submissions (other than `exclude`):
 * lines it offered money for and has not rejected. Lines it was not buying count for nothing.
 */
export async function unitsInOpenSubmissions(db: Executor, cardIds: number[], exclude?: number): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({ cardId: buylistLines.cardId, units: sql<number>`coalesce(sum(coalesce(${buylistLines.receivedQuantity}, ${buylistLines.quantity})), 0)::int` })
    .from(buylistLines)
    .innerJoin(buylistSubmissions, eq(buylistSubmissions.id, buylistLines.submissionId))
    .where(
      and(
        inArray(buylistLines.cardId, cardIds),
        inArray(buylistSubmissions.status, [...OPEN_STATUSES]),
        isNull(buylistLines.notBuyingReason),
        ne(buylistLines.status, "rejected"),
        exclude === undefined ? undefined : ne(buylistSubmissions.id, exclude),
      ),
    )
    .groupBy(buylistLines.cardId);
  return new Map(rows.map((r) => [r.cardId, Number(r.units)]));
}

/**
 * Prices a sell list, line by line in the given order (earlier lines of the same card count
 * against its wanted quantity and cap first). Unknown cards and printings the card does not
 * exist in are priced at nothing and flagged in `problem`: the caller refuses to submit them.
 */
export async function priceSellLines(db: Executor, input: readonly SellLineInput[], options: {
    excludeSubmissionId?: number;
    /** Price each copy as if no wanted quantity or cap applied (the shop re-pricing an accepted copy). */
    ignoreWanted?: boolean;
    /** Price each line as if it were the only one (a search's alternatives, not a list). */
    independentLines?: boolean;
  } = {}): Promise<PricedSellList> {
  const cardIds = [...new Set(input.map((l) => l.cardId))];
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const settings = await loadBuylistSettings(db);
  const { rules } = await loadPricingRules(db);
  const cardsById = await cardsWithStock(db, cardIds);
  const rulesById = await cardRules(db, cardIds);
  const openUnits = await unitsInOpenSubmissions(db, cardIds, options.excludeSubmissionId);
  const figures = await latestFiguresFor(
    db,
    [...cardsById.values()].flatMap((c) => (c.cardmarketProductId === null ? [] : [c.cardmarketProductId])),
  );
  const earlier = new Map<number, number>();
  const lines = input.map((line): PricedSellLine => {
    const card = cardsById.get(line.cardId) ?? null;
    const problem: SellLineProblem | null = card === null ? "unknown_card" : printingsOf(card).includes(line.printing) ? null : "unknown_printing";
    const offer = lineOffer({
      settings,
      rules,
      figures: card?.cardmarketProductId ? (figures.get(card.cardmarketProductId) ?? null) : null,
      cardRule: cardRuleFor(rulesById.get(line.cardId) ?? null, options.ignoreWanted ?? false),
      printing: line.printing,
      condition: line.condition,
      quantity: line.quantity,
      held: (card?.stock ?? 0) + (openUnits.get(line.cardId) ?? 0),
      earlierInList: earlier.get(line.cardId) ?? 0,
    });
    const priced = problem === null ? offer : { ...offer, unitCash: 0, unitCredit: 0, lineCash: 0, lineCredit: 0, acceptedQuantity: 0 };
    if (!options.independentLines) earlier.set(line.cardId, (earlier.get(line.cardId) ?? 0) + priced.acceptedQuantity);
    return { ...line, ...priced, card, cardLabel: card ? cardLabelOf(card) : `Card ${line.cardId}`, problem };
  });
  return { lines, totals: offerTotals(lines), settings };
}

/**
 * The unit offer for one copy of a card in a printing and condition, without wanted limits (a
 * copy already accepted is not a new copy): for the shop re-pricing a line whose condition it
 * changed on review or receipt. Null when the card is unknown or not in that printing.
 */
export async function unitOfferFor(db: Executor, cardId: number, printing: Printing, condition: Condition): Promise<PricedSellLine | null> {
  const { lines } = await priceSellLines(db, [{ cardId, printing, condition, quantity: 1 }], { ignoreWanted: true });
  const line = lines[0]!;
  return line.problem === null ? line : null;
}
