/**
 * The demo's card reference data: Base Set and Scarlet & Violet—151 in full, and the few cards the
 * demo sells from other sets. The seed writes it through the TCGdex importer (`tcgdexDocuments` →
 * planImport → importPlan), so the importer stays the one home of the mapping to card_sets/cards.
 */
import type { CardCategory } from "~/modules/cards/tcgdex";
import { BASE_SET } from "./base-set";
import { PARTIAL_SETS } from "./partial-sets";
import { SV_151 } from "./sv-151";
import { type CardRow, type DemoCard, type DemoCardSet, RARITY } from "./types";

export { printedCardNumber } from "./printed-number";
export type { DemoCard, DemoCardSet } from "./types";

export const DEMO_CARD_SETS: readonly DemoCardSet[] = [BASE_SET, SV_151, ...PARTIAL_SETS];

/**
 * Cardmarket product ids the demo is sure of (TCGdex's `thirdParty.cardmarket` for the card);
 * every other card leaves it null rather than guess, since a wrong id would price the wrong card.
 */
const CARDMARKET_PRODUCT_IDS: Readonly<Record<string, number>> = {
  "base1-4": 273699,
  "base2-11": 273808,
};

function categoryOf(row: CardRow): CardCategory {
  return row[3] === "trainer" ? "Trainer" : row[3] === "energy" ? "Energy" : "Pokémon";
}

function toCard(set: DemoCardSet, row: CardRow): DemoCard {
  const [number, name, rarity] = row;
  const tcgdexId = `${set.code}-${number}`;
  return {
    setCode: set.code,
    tcgdexId,
    number,
    name,
    rarity: rarity === null ? null : RARITY[rarity],
    category: categoryOf(row),
    printings: set.printingsFor(row),
    cardmarketProductId: CARDMARKET_PRODUCT_IDS[tcgdexId] ?? null,
  };
}

export const DEMO_CARDS: readonly DemoCard[] = DEMO_CARD_SETS.flatMap((set) => set.cards.map((row) => toCard(set, row)));

const SET_BY_CODE = new Map(DEMO_CARD_SETS.map((set) => [set.code, set]));
const CARD_BY_KEY = new Map(DEMO_CARDS.map((card) => [card.tcgdexId, card]));

export function demoCardSet(code: string): DemoCardSet | undefined {
  return SET_BY_CODE.get(code);
}

export function demoCard(setCode: string, number: string): DemoCard | undefined {
  return CARD_BY_KEY.get(`${setCode}-${number}`);
}

/** TCGdex's category word as its English data writes it. */
const TCGDEX_CATEGORY: Record<CardCategory, string> = { Pokémon: "Pokemon", Trainer: "Trainer", Energy: "Energy" };

/** The demo sets in the shape of TCGdex's REST API (a set with full card objects), as the importer reads it. */
export function tcgdexDocuments(sets: readonly DemoCardSet[] = DEMO_CARD_SETS): Array<{ file: string; json: unknown }> {
  return sets.map((set) => ({
    file: `demo:${set.code}`,
    json: {
      id: set.code,
      name: set.name,
      serie: { name: set.series },
      releaseDate: set.releaseDate,
      cardCount: { official: set.officialCount, total: set.totalCount },
      cards: set.cards.map((row) => {
        const card = toCard(set, row);
        const printings = card.printings;
        return {
          id: card.tcgdexId,
          localId: card.number,
          name: card.name,
          rarity: card.rarity,
          category: TCGDEX_CATEGORY[card.category],
          ...(printings
            ? {
                variants: {
                  normal: printings.includes("normal"),
                  reverse: printings.includes("reverse_holo"),
                  holo: printings.includes("holo"),
                  firstEdition: printings.includes("first_edition"),
                },
              }
            : {}),
          ...(card.cardmarketProductId ? { pricing: { cardmarket: { idProduct: card.cardmarketProductId } } } : {}),
        };
      }),
    },
  }));
}
