/**
 * Demo singles: one product per card (app/demo/cards), sold in variants by condition × printing ×
 * language, and as graded slabs by grader × grade. Pure data plus a deterministic builder; the
 * seed (seed.server.ts) writes it. Prices are plausible UK figures in pence, not copied from
 * anywhere; a lower condition costs less by the usual ladder (`CONDITION_SHARE`).
 */
import type { Condition, Grader, Printing } from "~/modules/catalog/variants";
import { demoCard, demoCardSet, printedCardNumber } from "./cards";
import { memberPrice, slugify } from "./catalogue";

export interface DemoVariant {
  condition: Condition | null;
  printing: Printing | null;
  language: string | null;
  grader: Grader | null;
  grade: string | null;
  /** Pence. */
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
}

export interface DemoSingle {
  slug: string;
  name: string;
  categorySlug: string;
  setCode: string;
  number: string;
  /** TCGdex card id, the key the seed finds the card row by. */
  cardTcgdexId: string;
  description: string | null;
  /** Across all the product's variants (a variant may set its own). */
  limitPerCustomer: number | null;
  isVisible: boolean;
  createdDaysAgo: number;
  variants: DemoVariant[];
}

interface RawOffer {
  printing: Printing | null;
  condition: Condition;
  price: number;
  stock: number;
  pro?: number;
  limit?: number;
}
interface SlabOffer {
  grader: Grader;
  grade: string;
  price: number;
  stock: number;
  pro?: number;
  limit?: number;
}
type Offer = RawOffer | SlabOffer;

export interface DemoSingleSeed {
  set: string;
  number: string;
  days: number;
  offers: Offer[];
  /** Extra words after the standard first sentence; null for no description at all. */
  note?: string | null;
  limit?: number;
  hidden?: boolean;
}

/** Price of each condition as a share of Near Mint. */
const CONDITION_SHARE: Record<Condition, number> = { nm: 1, lp: 0.85, mp: 0.7, hp: 0.5, dmg: 0.35 };
const LADDER: readonly Condition[] = ["nm", "lp", "mp", "hp", "dmg"];

/** Shop prices end in 9: £84.99, £2.59; pennies under a pound round to 5p (never below 10p). */
export function shopPrice(pence: number): number {
  if (pence >= 1000) return Math.round(pence / 100) * 100 - 1;
  if (pence >= 100) return Math.round(pence / 10) * 10 - 1;
  return Math.max(10, Math.round(pence / 5) * 5);
}

/**
 * One printing in several conditions: `stocks` lists NM, LP, MP, HP, DMG in that order; null
 * (or a shorter list) leaves a condition unlisted, 0 lists it sold out.
 */
function ladder(
  printing: Printing | null,
  nearMint: number,
  stocks: ReadonlyArray<number | null>,
  options: { pro?: number; limitNm?: number } = {},
): RawOffer[] {
  const offers: RawOffer[] = [];
  stocks.forEach((stock, i) => {
    const condition = LADDER[i];
    if (stock === null || condition === undefined) return;
    offers.push({
      printing,
      condition,
      price: condition === "nm" ? nearMint : shopPrice(nearMint * CONDITION_SHARE[condition]),
      stock,
      ...(options.pro === undefined ? {} : { pro: options.pro }),
      ...(condition === "nm" && options.limitNm !== undefined ? { limit: options.limitNm } : {}),
    });
  });
  return offers;
}

function slab(grader: Grader, grade: string, price: number, stock: number, options: { pro?: number; limit?: number } = {}): SlabOffer {
  return { grader, grade, price, stock, ...options };
}

const holo = (nm: number, stocks: ReadonlyArray<number | null>, options?: { pro?: number; limitNm?: number }) => ladder("holo", nm, stocks, options);
const normal = (nm: number, stocks: ReadonlyArray<number | null>, options?: { pro?: number; limitNm?: number }) => ladder("normal", nm, stocks, options);
const reverse = (nm: number, stocks: ReadonlyArray<number | null>, options?: { pro?: number; limitNm?: number }) => ladder("reverse_holo", nm, stocks, options);

const BASE = "base1";
const MEW = "sv03.5";

export const DEMO_SINGLE_SEEDS: readonly DemoSingleSeed[] = [
  // ----- Base Set (unlimited) -----
  {
    set: BASE,
    number: "4",
    days: 135,
    note: "The unlimited holo Charizard, the card that started the hobby for many.",
    offers: [
      ...holo(41999, [1, 2, 3, 1, 1], { pro: 5, limitNm: 1 }),
      slab("psa", "9", 89999, 1),
      slab("bgs", "9.5", 169999, 1, { limit: 1 }),
      slab("cgc", "9", 69999, 0),
    ],
  },
  { set: BASE, number: "2", days: 137, offers: [...holo(12999, [2, 3, 2, 1]), slab("psa", "9", 34999, 1)] },
  { set: BASE, number: "15", days: 139, offers: holo(9499, [1, 2, 2]) },
  { set: BASE, number: "1", days: 141, offers: holo(5499, [2, 3, 1]) },
  { set: BASE, number: "3", days: 143, offers: holo(3999, [1, 2, 2]) },
  { set: BASE, number: "5", days: 145, offers: holo(3199, [0, 2, 1]) },
  { set: BASE, number: "6", days: 147, offers: holo(4499, [1, 1, 2]) },
  { set: BASE, number: "7", days: 149, offers: holo(3499, [2, 2]) },
  { set: BASE, number: "8", days: 151, offers: holo(2199, [3, 4, 2]) },
  { set: BASE, number: "9", days: 153, offers: holo(2999, [1, 1, 1]) },
  { set: BASE, number: "10", days: 155, offers: [...holo(4999, [2, 2, 1, 1]), slab("cgc", "9", 19999, 1)] },
  { set: BASE, number: "11", days: 157, offers: holo(3799, [1, 2]) },
  { set: BASE, number: "12", days: 159, offers: holo(4199, [1, 0, 2]) },
  { set: BASE, number: "13", days: 161, offers: holo(2799, [1, 2]) },
  { set: BASE, number: "14", days: 163, offers: holo(4799, [1, 2, 1]) },
  { set: BASE, number: "16", days: 165, offers: holo(5199, [2, 1, 1]) },
  { set: BASE, number: "18", days: 167, offers: normal(1199, [3, 4]) },
  { set: BASE, number: "22", days: 169, offers: normal(599, [4, 3]) },
  { set: BASE, number: "24", days: 171, offers: normal(699, [5, 6, 3]) },
  { set: BASE, number: "26", days: 173, offers: normal(399, [6, 4]) },
  { set: BASE, number: "30", days: 175, offers: normal(599, [4, 3]) },
  { set: BASE, number: "42", days: 177, offers: normal(649, [4, 3]) },
  { set: BASE, number: "44", days: 179, offers: normal(449, [8, 6, 4]) },
  { set: BASE, number: "46", days: 181, offers: normal(899, [6, 5, 4, 2]) },
  { set: BASE, number: "58", days: 183, offers: normal(1199, [6, 8, 5, 3, 2]) },
  { set: BASE, number: "63", days: 185, offers: normal(599, [8, 5, 3]) },
  { set: BASE, number: "70", days: 187, offers: normal(499, [3, 2]) },
  { set: BASE, number: "71", days: 189, offers: normal(799, [2, 3]) },
  { set: BASE, number: "88", days: 191, offers: normal(599, [4, 4]) },
  { set: BASE, number: "96", days: 193, offers: normal(299, [10, 8]) },

  // ----- Jungle: unlimited and 1st Edition holos -----
  {
    set: "base2",
    number: "11",
    days: 140,
    note: "Both the unlimited and the 1st Edition print.",
    offers: [...holo(3499, [2, 2, 1]), ...ladder("first_edition", 8999, [1, 1], { limitNm: 1 })],
  },
  { set: "base2", number: "10", days: 142, offers: [...holo(2499, [2, 1]), ...ladder("first_edition", 5999, [1])] },
  { set: "base2", number: "12", days: 144, offers: [...holo(3999, [1, 2]), ...ladder("first_edition", 9999, [0, 1])] },

  // ----- Scarlet & Violet—151 -----
  {
    set: MEW,
    number: "199",
    days: 55,
    note: "The special illustration rare Charizard ex, the chase card of the set.",
    offers: [
      ...holo(21999, [2, 1], { pro: 8 }),
      slab("psa", "10", 44999, 2),
      slab("bgs", "9.5", 39999, 1, { limit: 1 }),
      slab("cgc", "9", 17999, 0),
    ],
  },
  { set: MEW, number: "205", days: 95, note: "The gold hyper rare Mew ex.", offers: holo(2499, [9, 3]) },
  { set: MEW, number: "151", days: 196, offers: holo(299, [40, 12]) },
  { set: MEW, number: "193", days: 197, offers: holo(1199, [5, 2]) },
  { set: MEW, number: "183", days: 198, offers: holo(3499, [3, 1]) },
  { set: MEW, number: "006", days: 199, offers: holo(499, [15, 4]) },
  { set: MEW, number: "168", days: 190, offers: holo(1899, [14, 3]) },
  { set: MEW, number: "166", days: 192, offers: [...holo(1199, [12, 2]), slab("psa", "10", 8999, 4)] },
  { set: MEW, number: "170", days: 194, offers: holo(1399, [11, 3]) },
  { set: MEW, number: "173", days: 200, offers: holo(999, [8, 2]) },
  { set: MEW, number: "175", days: 201, offers: holo(899, [6]) },
  { set: MEW, number: "198", days: 202, offers: holo(5999, [3, 1], { pro: 6 }) },
  { set: MEW, number: "200", days: 203, offers: holo(6999, [2, 1], { pro: 6 }) },
  { set: MEW, number: "201", days: 204, offers: holo(4499, [3]) },
  { set: MEW, number: "202", days: 205, offers: holo(3499, [2, 1]) },
  { set: MEW, number: "203", days: 206, limit: 1, offers: holo(8999, [1, 0]) },
  { set: MEW, number: "204", days: 207, offers: holo(2999, [2]) },
  { set: MEW, number: "206", days: 208, offers: holo(799, [4]) },
  { set: MEW, number: "207", days: 209, offers: holo(899, [3]) },
  { set: MEW, number: "003", days: 210, offers: holo(249, [10, 4]) },
  { set: MEW, number: "009", days: 211, offers: holo(299, [9, 3]) },
  { set: MEW, number: "065", days: 212, offers: holo(199, [12]) },
  { set: MEW, number: "145", days: 213, offers: holo(249, [8, 2]) },
  { set: MEW, number: "001", days: 214, offers: [...normal(30, [20, 10]), ...reverse(149, [8, 3])] },
  { set: MEW, number: "004", days: 215, offers: [...normal(40, [20, 8]), ...reverse(199, [6, 2])] },
  { set: MEW, number: "007", days: 216, offers: [...normal(30, [18, 6]), ...reverse(149, [7, 0])] },
  { set: MEW, number: "025", days: 217, offers: [...normal(50, [25, 10, 4]), ...reverse(249, [6, 2])] },
  { set: MEW, number: "052", days: 218, offers: [...normal(20, [15]), ...reverse(99, [4])] },
  { set: MEW, number: "129", days: 219, offers: [...normal(20, [12]), ...reverse(99, [5])] },
  { set: MEW, number: "133", days: 220, offers: [...normal(30, [20, 6]), ...reverse(149, [6])] },
  { set: MEW, number: "143", days: 221, offers: [...normal(40, [10]), ...reverse(149, [4, 1])] },
  { set: MEW, number: "147", days: 222, offers: [...normal(20, [14]), ...reverse(99, [3])] },
  { set: MEW, number: "094", days: 223, offers: [...holo(149, [8, 3]), ...reverse(249, [5])] },
  { set: MEW, number: "149", days: 224, offers: [...holo(199, [6, 2]), ...reverse(299, [4])] },
  { set: MEW, number: "150", days: 225, offers: [...holo(249, [7, 2]), ...reverse(399, [3, 1])] },
  { set: MEW, number: "130", days: 226, offers: [...holo(149, [5]), ...reverse(249, [3])] },
  { set: MEW, number: "132", days: 227, offers: [...holo(99, [9]), ...reverse(199, [4])] },
  { set: MEW, number: "134", days: 228, offers: [...holo(99, [6]), ...reverse(149, [3])] },
  { set: MEW, number: "135", days: 229, offers: [...holo(99, [5]), ...reverse(149, [2])] },
  { set: MEW, number: "136", days: 230, offers: [...holo(99, [4]), ...reverse(149, [0])] },
  { set: MEW, number: "156", days: 231, offers: [...normal(20, [12]), ...reverse(79, [4])] },
  { set: MEW, number: "160", days: 232, offers: [...normal(20, [10]), ...reverse(79, [3])] },
  { set: MEW, number: "161", days: 233, offers: [...normal(20, [16]), ...reverse(79, [5])] },

  // ----- Other English sets -----
  {
    set: "swsh7",
    number: "215",
    days: 8,
    limit: 1,
    note: "The \"Moonbreon\", one of the most sought-after modern cards.",
    offers: [...holo(79999, [1, 1]), slab("psa", "10", 189999, 1)],
  },
  { set: "swsh7", number: "218", days: 168, offers: [...holo(32999, [3, 1], { pro: 5 }), slab("bgs", "9.5", 54999, 0)] },
  { set: "sv08", number: "238", days: 58, offers: [...holo(27999, [1, 0], { pro: 7, limitNm: 1 }), slab("cgc", "10", 39999, 1)] },
  { set: "sv08", number: "239", days: 220, offers: holo(5499, [6]) },
  { set: "sv08.5", number: "161", days: 150, limit: 1, note: "The chase card of the set.", offers: holo(54999, [1]) },
  { set: "sv08.5", number: "156", days: 146, offers: holo(17999, [4, 1]) },
  { set: "sv08.5", number: "155", days: 141, offers: holo(22999, [0]) },
  { set: "sv04.5", number: "232", days: 90, offers: [...holo(5499, [6, 2], { pro: 7 }), slab("psa", "10", 14999, 3, { pro: 6 })] },
  { set: "sv04.5", number: "234", days: 350, note: "The shiny Charizard ex.", offers: holo(8499, [10, 3], { pro: 6 }) },
  { set: "swsh11", number: "186", days: 131, offers: [...holo(29999, [0, 1], { pro: 5 }), slab("psa", "10", 79999, 1, { pro: 5 })] },
  { set: "swsh12", number: "186", days: 165, offers: holo(24999, [3, 1]) },
  { set: "sv03", number: "223", days: 185, offers: holo(5999, [7, 2]) },
  { set: "sv02", number: "269", days: 210, offers: holo(6999, [5, 1], { pro: 6 }) },
  { set: "sv02", number: "203", days: 215, offers: [...holo(7499, [6, 1]), slab("psa", "10", 14999, 2)] },
  { set: "sv06", number: "214", days: 305, note: null, offers: holo(8999, [6]) },
  { set: "sv07", number: "170", days: 255, offers: holo(5999, [8, 2]) },
  {
    set: "svp",
    number: "085",
    days: 160,
    limit: 1,
    note: "The Van Gogh Museum promo.",
    offers: [...ladder(null, 44999, [2]), slab("psa", "10", 109999, 0)],
  },
  { set: "swsh8", number: "271", days: 380, hidden: true, offers: [slab("psa", "10", 69999, 0)] },

  // ----- Japanese -----
  { set: "SV8a", number: "217", days: 11, limit: 1, offers: [...holo(29999, [2], { pro: 5 }), slab("psa", "10", 59999, 1)] },
  { set: "SV8", number: "132", days: 230, offers: [...holo(12999, [3]), slab("psa", "10", 29999, 1)] },
  { set: "SV4a", number: "349", days: 346, note: "The shiny Charizard ex.", offers: holo(6999, [5, 2]) },
  { set: "SV4a", number: "347", days: 347, note: null, offers: holo(4999, [6]) },
  { set: "SV4a", number: "350", days: 348, offers: holo(5999, [7], { pro: 6 }) },
  { set: "SV2a", number: "201", days: 393, offers: [...holo(9999, [3, 1]), slab("psa", "10", 34999, 2, { pro: 5 })] },
];

/** The category of singles in each print language. */
export const SINGLES_CATEGORY: Record<"en" | "ja", string> = { en: "english-singles", ja: "japanese-singles" };

/** "charizard-base1-4", "charizard-ex-sv03-5-199": name, set code and number, so it never collides. */
export function singleSlug(name: string, setCode: string, number: string): string {
  return slugify(`${name} ${setCode} ${number}`);
}

function describe(seed: DemoSingleSeed, cardName: string, setName: string, printed: string, language: "en" | "ja"): string | null {
  if (seed.note === null) return null;
  const print = language === "ja" ? "Japanese print. " : "";
  const first = `${cardName}, card ${printed} of ${setName}. ${print}`;
  const raw = seed.offers.some((offer) => !("grader" in offer));
  const slabs = seed.offers.some((offer) => "grader" in offer);
  const shipping = [
    raw ? "raw copies are checked by hand and ship in a penny sleeve and toploader inside a rigid mailer" : null,
    slabs ? "slabs ship bubble-wrapped in a rigid box" : null,
  ].filter(Boolean);
  const rest = `${shipping.join("; ")}.`;
  return `${first}${seed.note ? `${seed.note} ` : ""}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/** Deterministic: the same seeds always give the same singles, in the same order. */
export function buildDemoSingles(seeds: readonly DemoSingleSeed[]): DemoSingle[] {
  return seeds.map((seed) => {
    const set = demoCardSet(seed.set);
    const card = demoCard(seed.set, seed.number);
    if (!set || !card) throw new Error(`demo single ${seed.set} ${seed.number}: no such card in app/demo/cards`);
    const printed = printedCardNumber(card.number, set.officialCount, set.code);
    const variants = seed.offers.map((offer): DemoVariant => {
      const common = {
        price: offer.price,
        premiumPrice: offer.pro === undefined ? null : memberPrice(offer.price, offer.pro),
        stock: offer.stock,
        limitPerCustomer: offer.limit ?? null,
      };
      // A slab's language is the card's too: a Japanese PSA 10 is a Japanese card.
      return "grader" in offer
        ? { condition: null, printing: null, language: set.language, grader: offer.grader, grade: offer.grade, ...common }
        : { condition: offer.condition, printing: offer.printing, language: set.language, grader: null, grade: null, ...common };
    });
    return {
      slug: singleSlug(card.name, set.code, card.number),
      name: `${card.name} ${printed} · ${set.name}`,
      categorySlug: SINGLES_CATEGORY[set.language],
      setCode: set.code,
      number: card.number,
      cardTcgdexId: card.tcgdexId,
      description: describe(seed, card.name, set.name, printed, set.language),
      limitPerCustomer: seed.limit ?? null,
      isVisible: !seed.hidden,
      createdDaysAgo: seed.days,
      variants,
    };
  });
}

export const DEMO_SINGLES: DemoSingle[] = buildDemoSingles(DEMO_SINGLE_SEEDS);
