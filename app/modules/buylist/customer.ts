/**
 * What the customer's sell-list pages show, as the loaders send it (client-safe types and
 * wording; the numbers come from offer.server.ts).
 */
import type { Condition, Printing } from "~/modules/catalog/variants";
import { waitPhrase } from "~/utils/wait";
import type { NotBuyingReason } from "./offer";
import type { BuylistStatus } from "./status";

export interface SellListLineView {
  cardId: number;
  cardLabel: string;
  printing: Printing;
  condition: Condition;
  quantity: number;
  /** Printings the customer may pick for this card. */
  printings: Printing[];
  marketUnit: number | null;
  unitCash: number;
  unitCredit: number;
  acceptedQuantity: number;
  lineCash: number;
  lineCredit: number;
  hot: boolean;
  reason: NotBuyingReason | null;
  /** The reason in words (null when every copy is bought). */
  reasonText: string | null;
  /** The card is gone from the database or no longer exists in that printing: the line must be removed. */
  unavailable: boolean;
}

export interface SellListView {
  lines: SellListLineView[];
  totals: { cash: number; credit: number; units: number; acceptedUnits: number };
  rules: { maxLines: number; minLineValuePence: number; creditBonusBasisPoints: number; prepaidLabelThresholdPence: number };
}

export interface SellSearchOffer {
  printing: Printing;
  unitCash: number;
  unitCredit: number;
  reasonText: string | null;
}

export interface SellSearchHit {
  cardId: number;
  name: string;
  setName: string;
  number: string;
  rarity: string | null;
  printings: Printing[];
  /** A Near Mint copy's offer in each printing. */
  nearMint: SellSearchOffer[];
}

export const SELL_LIST_PATH = "/sell-cards/list";
export const SELL_SEARCH_MAX_LENGTH = 100;

export const SELL_LIST_TEXT = {
  empty: "Your sell list is empty. Find a card above and add it.",
  added: "Added to your sell list.",
  updated: "Your sell list is updated.",
  removed: "Removed from your sell list.",
  cleared: "Your sell list is cleared.",
  fixLines: "Some lines need a look: see the messages next to them.",
  unknownCard: "That card could not be found. Please search for it again.",
  unknownPrinting: "That card does not exist in that printing. Please choose one of its printings.",
  unavailable: "We cannot find this card in this printing any more. Please remove it.",
  tooManyLines: (max: number) => `A sell list can have at most ${max} lines. Please remove some, or send the rest in another list.`,
  nothingBought: "We are not buying any of the cards on this list at the moment, so there is nothing to submit.",
  rateLimited: (retryAfterSeconds: number) => `You have sent a lot of sell lists in the last hour. Please wait ${waitPhrase(retryAfterSeconds)} before sending another; your list is kept.`,
  emptySubmit: "Add at least one card before submitting your sell list.",
  payout: "Choose how you would like to be paid.",
  noteTooLong: "Please keep your note under 2,000 characters.",
  noResults: (q: string) => `No cards match "${q}". Try the card's name, its set, or its number (e.g. 4/102).`,
} as const;

// ---- A submission as its owner sees it ----------------------------------------------------------

export interface SubmissionSummary {
  id: number;
  status: BuylistStatus;
  createdAt: Date;
  offerCash: number;
  offerCredit: number;
  quotedCash: number | null;
  quotedCredit: number | null;
  finalCash: number | null;
  finalCredit: number | null;
  payoutPreference: "cash" | "credit";
  lineCount: number;
}

export interface SubmissionLineView {
  id: number;
  cardId: number;
  cardLabel: string;
  printing: Printing;
  condition: Condition;
  quantity: number;
  offeredUnit: number;
  notBuyingReason: string | null;
  status: "offered" | "accepted" | "rejected";
  quotedCondition: Condition | null;
  quotedUnit: number | null;
  reviewNote: string | null;
  receivedCondition: Condition | null;
  receivedQuantity: number | null;
  finalUnit: number | null;
  gradeNote: string | null;
}

export interface SubmissionDetail extends SubmissionSummary {
  customerNote: string | null;
  quoteSentAt: Date | null;
  quoteExpiresAt: Date | null;
  quoteToken: string | null;
  hasLabel: boolean;
  labelFileName: string | null;
  payout: string | null;
  paidAt: Date | null;
  paidAmount: number | null;
  lines: SubmissionLineView[];
  photos: Array<{ id: number; storageKey: string; widths: number[]; width: number; height: number }>;
  events: Array<{ id: number; status: BuylistStatus; note: string | null; createdAt: Date; byShop: boolean }>;
}
