/**
 * Card reference data of the demo catalogue, written by hand from the printed cards (names,
 * numbers and rarities are facts; no card text, no scans). Kept small and compact: one row per
 * card, its printings derived from its rarity by each set's rule (`printingsFor`).
 */
import type { CardCategory, CardPrinting } from "~/modules/cards/tcgdex";

/** The rarity words of TCGdex (so a later TCGdex import of the same set changes nothing). */
export const RARITY = {
  C: "Common",
  U: "Uncommon",
  R: "Rare",
  DR: "Double rare",
  IR: "Illustration rare",
  UR: "Ultra Rare",
  SIR: "Special illustration rare",
  HR: "Hyper rare",
  SR: "Secret Rare",
  /** Japanese sets print "SAR" where English ones print a special illustration rare. */
  SAR: "Special Art Rare",
  /** Black star promos carry no rarity symbol; TCGdex writes "None". */
  PROMO: "Promo",
} as const;
export type RarityCode = keyof typeof RARITY;

/** One card as written in a set table: number as printed, name, rarity code, and what it is. */
export type CardRow = readonly [number: string, name: string, rarity: RarityCode | null, kind?: "trainer" | "energy"];

export interface DemoCardSet {
  /** The TCGdex set id, used as the shop's set code ("base1", "sv03.5", "SV2a"). */
  code: string;
  name: string;
  series: string;
  /** yyyy-mm-dd, the set's release in its own language. */
  releaseDate: string;
  /** The number after the slash ("4/102" → 102); 0 for promo sets, which print none. */
  officialCount: number;
  /** Every card of the set, secret rares included; null when not known. */
  totalCount: number | null;
  /** Other codes people type for the set, lower-case (pokemontcg.io id, official abbreviation). */
  aliases: readonly string[];
  /** The print language of its cards (a language code of the demo catalogue). */
  language: "en" | "ja";
  /** True when `cards` lists every card of the set; false for the few cards the demo sells. */
  complete: boolean;
  cards: readonly CardRow[];
  /** The printings a card of this set exists in, from its row. */
  printingsFor(row: CardRow): CardPrinting[] | null;
}

export interface DemoCard {
  setCode: string;
  /** TCGdex card id: `${set}-${number}`. */
  tcgdexId: string;
  number: string;
  name: string;
  rarity: string | null;
  category: CardCategory;
  printings: CardPrinting[] | null;
  cardmarketProductId: number | null;
}

/** Scarlet & Violet printings: commons to rares also come in reverse holo; rares are holo; the rest holo only. */
export function scarletVioletPrintings(row: CardRow): CardPrinting[] {
  const [, , rarity] = row;
  if (rarity === "C" || rarity === "U") return ["normal", "reverse_holo"];
  if (rarity === "R") return ["reverse_holo", "holo"];
  return ["holo"];
}
