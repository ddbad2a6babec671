/**
 * Demo catalogue: the languages, categories and sealed products loaded into an empty database so
 * that a fresh `npm start` shows a shop that looks real. Pure data plus a deterministic builder;
 * singles (one product per card, sold by condition and printing) are in singles.ts, the cards
 * they are in cards/, and the code that writes it all is seed.server.ts.
 *
 * Money is integer pence. Product names are real Pokémon TCG sets and cards; prices are merely
 * plausible UK retail/secondary-market figures, not copied from anywhere.
 */
import type { ProductKind } from "./product-kind";
import { slugify } from "~/utils/slug";

export interface DemoLanguage {
  code: string;
  name: string;
  slug: string;
  /** ISO 3166 code used by the flag-icons package; the flag URL is `/flags/4x3/${flagCode}.svg`. */
  flagCode: string;
  sortOrder: number;
}

export interface DemoCategory {
  slug: string;
  name: string;
  languageCode: string;
  kind: ProductKind;
  sortOrder: number;
}

/** A sealed product: the seed gives it one variant with this price, member price and stock. */
export interface DemoProduct {
  slug: string;
  name: string;
  categorySlug: string;
  /** Normal price in pence. */
  price: number;
  /** Member ("Pro") price in pence, always below `price`; null when there is none. */
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  description: string | null;
  isVisible: boolean;
  /** The seeder sets created_at to "now minus this many days". */
  createdDaysAgo: number;
}

// ---------------------------------------------------------------------------------------------
// Languages: the real print languages of the Pokémon TCG.
// ---------------------------------------------------------------------------------------------

export const DEMO_LANGUAGES: DemoLanguage[] = [
  { code: "en", name: "English", slug: "english", flagCode: "gb", sortOrder: 1 },
  { code: "ja", name: "Japanese", slug: "japanese", flagCode: "jp", sortOrder: 2 },
  { code: "zh-cn", name: "Chinese (Simplified)", slug: "chinese-simplified", flagCode: "cn", sortOrder: 3 },
  { code: "zh-tw", name: "Chinese (Traditional)", slug: "chinese-traditional", flagCode: "tw", sortOrder: 4 },
  { code: "ko", name: "Korean", slug: "korean", flagCode: "kr", sortOrder: 5 },
  { code: "th", name: "Thai", slug: "thai", flagCode: "th", sortOrder: 6 },
  { code: "id", name: "Indonesian", slug: "indonesian", flagCode: "id", sortOrder: 7 },
];

/** Where the flag image of a language is served from (the flag-icons package, copied to public/). */
export function demoFlagUrl(language: Pick<DemoLanguage, "flagCode">): string {
  return `/flags/4x3/${language.flagCode}.svg`;
}

// ---------------------------------------------------------------------------------------------
// Categories: each belongs to exactly one language; slugs are globally unique.
// ---------------------------------------------------------------------------------------------

function category(languageCode: string, slug: string, name: string, kind: ProductKind, sortOrder: number): DemoCategory {
  return { slug, name, languageCode, kind, sortOrder };
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  category("en", "english-booster-boxes", "English Booster Boxes", "booster-box", 1),
  category("en", "english-elite-trainer-boxes", "English Elite Trainer Boxes", "elite-trainer-box", 2),
  category("en", "english-booster-bundles", "English Booster Bundles", "booster-bundle", 3),
  category("en", "english-booster-packs", "English Booster Packs", "booster-pack", 4),
  category("en", "english-collection-boxes", "English Collection Boxes", "collection-box", 5),
  category("en", "english-tins", "English Tins", "tin", 6),
  category("en", "english-blisters", "English Blisters", "blister", 7),
  category("en", "english-singles", "English Singles", "single", 8),
  category("en", "accessories", "Accessories", "accessory", 9),

  category("ja", "japanese-booster-boxes", "Japanese Booster Boxes", "booster-box", 1),
  category("ja", "japanese-booster-packs", "Japanese Booster Packs", "booster-pack", 2),
  category("ja", "japanese-singles", "Japanese Singles", "single", 3),

  category("zh-cn", "chinese-simplified-booster-boxes", "Simplified Chinese Booster Boxes", "booster-box", 1),
  category("zh-cn", "chinese-simplified-booster-packs", "Simplified Chinese Booster Packs", "booster-pack", 2),

  category("zh-tw", "chinese-traditional-booster-boxes", "Traditional Chinese Booster Boxes", "booster-box", 1),

  category("ko", "korean-booster-boxes", "Korean Booster Boxes", "booster-box", 1),

  category("th", "thai-booster-boxes", "Thai Booster Boxes", "booster-box", 1),

  category("id", "indonesian-booster-boxes", "Indonesian Booster Boxes", "booster-box", 1),
];

// ---------------------------------------------------------------------------------------------
// Products.
// ---------------------------------------------------------------------------------------------

/** One product as written by hand; `buildDemoProducts` turns it into a `DemoProduct`. */
export interface DemoProductSeed {
  name: string;
  category: string;
  price: number;
  /** Member discount in whole percent (5–10); the member price is derived from it. */
  proDiscount?: number;
  stock: number;
  limit?: number;
  days: number;
  description: string | null;
  hidden?: boolean;
  /** Only when the slug derived from the name is not wanted. */
  slug?: string;
}

/** Kebab-case slug of a product name: "Scarlet & Violet 151 Booster Bundle" → "scarlet-and-violet-151-booster-bundle". */
export { slugify };

/** Member price: `discountPercent` off the normal price, rounded to the nearest penny. */
export function memberPrice(price: number, discountPercent: number): number {
  return Math.round((price * (100 - discountPercent)) / 100);
}

/** Deterministic: the same seeds always give the same products, in the same order. */
export function buildDemoProducts(seeds: readonly DemoProductSeed[]): DemoProduct[] {
  return seeds.map((seed) => ({
    slug: seed.slug ?? slugify(seed.name),
    name: seed.name,
    categorySlug: seed.category,
    price: seed.price,
    premiumPrice: seed.proDiscount === undefined ? null : memberPrice(seed.price, seed.proDiscount),
    stock: seed.stock,
    limitPerCustomer: seed.limit ?? null,
    description: seed.description,
    isVisible: !seed.hidden,
    createdDaysAgo: seed.days,
  }));
}

// Copy shared by many products.
const ETB_CONTENTS =
  "65 card sleeves, 45 Energy cards, a player's guide, 6 damage-counter dice, a coin-flip die, 2 acrylic condition markers and a collector's box to keep it all in.";

function boosterBoxCopy(set: string, packs: number, cardsPerPack: number, language = "English"): string {
  return `${packs} ${set} booster packs, each with ${cardsPerPack} cards. Factory-sealed ${language} display box, shipped in a protective outer box.`;
}

function etbCopy(set: string, promo?: string, packs = 9): string {
  const card = promo ? `a full-art foil promo card of ${promo}` : "a full-art foil promo card";
  return `${packs} ${set} booster packs and ${card}, plus ${ETB_CONTENTS}`;
}

function packCopy(set: string, cards = 10, language = "English"): string {
  return `One ${language} ${set} booster pack with ${cards} cards, including at least one foil.`;
}

function bundleCopy(set: string): string {
  return `6 ${set} booster packs in a compact display box. A good way to open a new set without committing to a full booster box.`;
}

const EN_BOX = "english-booster-boxes";
const EN_ETB = "english-elite-trainer-boxes";
const EN_BUNDLE = "english-booster-bundles";
const EN_PACK = "english-booster-packs";
const EN_COLLECTION = "english-collection-boxes";
const EN_TIN = "english-tins";
const EN_BLISTER = "english-blisters";
const ACCESSORY = "accessories";
const JA_BOX = "japanese-booster-boxes";
const JA_PACK = "japanese-booster-packs";

export const DEMO_PRODUCT_SEEDS: readonly DemoProductSeed[] = [
  // ----- English booster boxes -----
  { name: "Phantasmal Flames Booster Box (36 packs)", category: EN_BOX, price: 16499, proDiscount: 6, stock: 14, limit: 2, days: 2, description: boosterBoxCopy("Mega Evolution—Phantasmal Flames", 36, 10) },
  { name: "Mega Evolution Booster Box (36 packs)", category: EN_BOX, price: 15999, proDiscount: 7, stock: 22, limit: 2, days: 41, description: boosterBoxCopy("Mega Evolution", 36, 10) },
  { name: "Destined Rivals Booster Box (36 packs)", category: EN_BOX, price: 18999, proDiscount: 5, stock: 3, limit: 1, days: 118, description: boosterBoxCopy("Scarlet & Violet—Destined Rivals", 36, 10) },
  { name: "Journey Together Booster Box (36 packs)", category: EN_BOX, price: 14999, proDiscount: 6, stock: 17, days: 178, description: boosterBoxCopy("Scarlet & Violet—Journey Together", 36, 10) },
  { name: "Surging Sparks Booster Box (36 packs)", category: EN_BOX, price: 15499, proDiscount: 8, stock: 9, limit: 2, days: 228, description: boosterBoxCopy("Scarlet & Violet—Surging Sparks", 36, 10) },
  { name: "Stellar Crown Booster Box (36 packs)", category: EN_BOX, price: 12999, stock: 26, days: 262, description: boosterBoxCopy("Scarlet & Violet—Stellar Crown", 36, 10) },
  { name: "Twilight Masquerade Booster Box (36 packs)", category: EN_BOX, price: 13499, stock: 0, days: 331, description: boosterBoxCopy("Scarlet & Violet—Twilight Masquerade", 36, 10) },
  { name: "Temporal Forces Booster Box (36 packs)", category: EN_BOX, price: 12999, proDiscount: 8, stock: 12, days: 371, description: boosterBoxCopy("Scarlet & Violet—Temporal Forces", 36, 10) },
  { name: "Obsidian Flames Booster Box (36 packs)", category: EN_BOX, price: 15999, stock: 4, days: 398, description: boosterBoxCopy("Scarlet & Violet—Obsidian Flames", 36, 10) },

  // ----- English Elite Trainer Boxes -----
  { name: "Phantasmal Flames Elite Trainer Box", category: EN_ETB, price: 5499, proDiscount: 7, stock: 0, limit: 2, days: 0, description: etbCopy("Phantasmal Flames") },
  { name: "Mega Evolution Elite Trainer Box (Mega Lucario)", category: EN_ETB, price: 5499, stock: 31, days: 40, description: etbCopy("Mega Evolution") },
  { name: "Mega Evolution Elite Trainer Box (Mega Gardevoir)", category: EN_ETB, price: 5499, stock: 28, days: 39, description: etbCopy("Mega Evolution") },
  { name: "Black Bolt Elite Trainer Box", category: EN_ETB, price: 5999, proDiscount: 8, stock: 7, days: 76, description: etbCopy("Black Bolt") },
  { name: "White Flare Elite Trainer Box", category: EN_ETB, price: 5999, proDiscount: 8, stock: 11, days: 75, description: etbCopy("White Flare") },
  { name: "Destined Rivals Elite Trainer Box", category: EN_ETB, price: 6499, stock: 2, limit: 2, days: 117, description: etbCopy("Destined Rivals") },
  { name: "Journey Together Elite Trainer Box", category: EN_ETB, price: 5299, proDiscount: 5, stock: 19, days: 177, description: etbCopy("Journey Together") },
  { name: "Surging Sparks Elite Trainer Box", category: EN_ETB, price: 5499, proDiscount: 6, stock: 24, days: 227, description: etbCopy("Surging Sparks") },
  { name: "Prismatic Evolutions Elite Trainer Box", category: EN_ETB, price: 8499, proDiscount: 6, stock: 0, limit: 1, days: 281, description: etbCopy("Prismatic Evolutions", "Eevee") },
  { name: "Prismatic Evolutions Pokémon Center Elite Trainer Box", category: EN_ETB, price: 8999, stock: 1, limit: 1, days: 279, description: "The Pokémon Center edition of the Prismatic Evolutions Elite Trainer Box, with 11 booster packs instead of 9, a foil promo card and a stamped collector's box." },
  { name: "Paldean Fates Elite Trainer Box", category: EN_ETB, price: 6999, proDiscount: 7, stock: 13, days: 356, description: etbCopy("Paldean Fates") },
  { name: "Scarlet & Violet 151 Elite Trainer Box", category: EN_ETB, price: 8999, proDiscount: 5, stock: 5, limit: 1, days: 389, description: etbCopy("Scarlet & Violet 151", "Snorlax") },
  { name: "Ascended Heroes Elite Trainer Box", category: EN_ETB, price: 6499, stock: 0, limit: 2, days: 4, hidden: true, description: "9 Ascended Heroes booster packs and a foil promo card, plus sleeves, Energy cards, dice and a collector's box. Not yet released; listed for launch day." },
  { name: "Crown Zenith Elite Trainer Box", category: EN_ETB, price: 5999, stock: 0, days: 400, hidden: true, description: etbCopy("Crown Zenith", "Lucario", 10) },

  // ----- English booster bundles -----
  { name: "Phantasmal Flames Booster Bundle", category: EN_BUNDLE, price: 2999, proDiscount: 7, stock: 18, limit: 3, days: 1, description: bundleCopy("Phantasmal Flames") },
  { name: "Prismatic Evolutions Booster Bundle", category: EN_BUNDLE, price: 4499, proDiscount: 6, stock: 3, limit: 1, days: 283, description: bundleCopy("Prismatic Evolutions") },
  { name: "Scarlet & Violet 151 Booster Bundle", category: EN_BUNDLE, price: 3999, proDiscount: 5, stock: 8, limit: 2, days: 387, description: bundleCopy("Scarlet & Violet 151") },
  { name: "Destined Rivals Booster Bundle", category: EN_BUNDLE, price: 3299, proDiscount: 6, stock: 16, days: 115, description: bundleCopy("Destined Rivals") },
  { name: "Black Bolt Booster Bundle", category: EN_BUNDLE, price: 2999, stock: 21, days: 72, description: bundleCopy("Black Bolt") },
  { name: "Surging Sparks Booster Bundle", category: EN_BUNDLE, price: 2799, proDiscount: 9, stock: 25, days: 225, description: bundleCopy("Surging Sparks") },
  { name: "Journey Together Booster Bundle", category: EN_BUNDLE, price: 2699, stock: 30, days: 174, description: null },
  { name: "Ascended Heroes Booster Bundle", category: EN_BUNDLE, price: 3499, stock: 0, limit: 2, days: 10, hidden: true, description: "6 Ascended Heroes booster packs. Not yet released; listed for launch day." },

  // ----- English booster packs -----
  { name: "Phantasmal Flames Booster Pack", category: EN_PACK, price: 499, stock: 60, days: 3, description: packCopy("Phantasmal Flames") },
  { name: "Mega Evolution Booster Pack", category: EN_PACK, price: 449, stock: 48, days: 42, description: packCopy("Mega Evolution") },
  { name: "Destined Rivals Booster Pack", category: EN_PACK, price: 549, stock: 36, days: 116, description: packCopy("Destined Rivals") },
  { name: "Black Bolt Booster Pack", category: EN_PACK, price: 499, stock: 40, days: 77, description: packCopy("Black Bolt") },
  { name: "White Flare Booster Pack", category: EN_PACK, price: 499, stock: 44, days: 73, description: packCopy("White Flare") },
  { name: "Journey Together Booster Pack", category: EN_PACK, price: 449, stock: 57, days: 176, description: packCopy("Journey Together") },
  { name: "Surging Sparks Booster Pack", category: EN_PACK, price: 449, stock: 52, days: 226, description: packCopy("Surging Sparks") },
  { name: "Prismatic Evolutions Booster Pack", category: EN_PACK, price: 599, proDiscount: 5, stock: 0, limit: 4, days: 282, description: packCopy("Prismatic Evolutions") },
  { name: "Scarlet & Violet 151 Booster Pack", category: EN_PACK, price: 599, stock: 4, limit: 4, days: 388, description: packCopy("Scarlet & Violet 151") },

  // ----- English collection boxes -----
  { name: "Prismatic Evolutions Super-Premium Collection", category: EN_COLLECTION, price: 14999, stock: 2, limit: 1, days: 240, description: "Prismatic Evolutions booster packs, foil promo cards and collector extras in a large premium display box." },
  { name: "Prismatic Evolutions Binder Collection", category: EN_COLLECTION, price: 3999, stock: 7, days: 242, description: "Prismatic Evolutions booster packs and a themed 4-pocket binder for your best pulls." },
  { name: "Prismatic Evolutions Surprise Box", category: EN_COLLECTION, price: 3499, stock: 0, limit: 2, days: 200, description: "Prismatic Evolutions booster packs and a randomly chosen foil promo card of one of Eevee's evolutions." },
  { name: "Charizard ex Super-Premium Collection", category: EN_COLLECTION, price: 11999, proDiscount: 6, stock: 6, limit: 1, days: 301, description: "Booster packs from recent Scarlet & Violet sets, foil promo cards of Charizard ex and its evolution line, and collector extras in a premium display box." },
  { name: "Terapagos ex Ultra-Premium Collection", category: EN_COLLECTION, price: 11999, stock: 9, days: 250, description: "Scarlet & Violet booster packs, Terapagos ex foil promo cards, a playmat, deck box and card sleeves in a premium display box." },
  { name: "Scarlet & Violet 151 Ultra-Premium Collection", category: EN_COLLECTION, price: 17999, proDiscount: 5, stock: 1, limit: 1, days: 361, description: "16 Scarlet & Violet 151 booster packs, foil promo cards, a metal Mew card, a playmat, deck box and card sleeves." },
  { name: "Scarlet & Violet 151 Poster Collection", category: EN_COLLECTION, price: 2999, stock: 14, days: 353, description: "Scarlet & Violet 151 booster packs, foil promo cards and a folded poster of the original 151 Pokémon." },
  { name: "Celebrations Ultra-Premium Collection", category: EN_COLLECTION, price: 29999, stock: 0, days: 397, hidden: true, description: "The 25th anniversary collection: Celebrations booster packs, two metal Pikachu cards and a stack of collector extras. No longer available." },

  // ----- English tins -----
  { name: "Prismatic Evolutions Mini Tin", category: EN_TIN, price: 1499, stock: 34, days: 284, description: "2 Prismatic Evolutions booster packs, an art card and a sticker sheet in a collectable mini tin." },
  { name: "Scarlet & Violet 151 Mini Tin", category: EN_TIN, price: 1699, stock: 12, days: 385, description: "2 Scarlet & Violet 151 booster packs and an art card in a collectable mini tin." },
  { name: "Paldean Fates Mini Tin", category: EN_TIN, price: 1499, stock: 15, days: 354, description: "2 Paldean Fates booster packs and an art card in a collectable mini tin." },
  { name: "Pokémon TCG Stacking Tin", category: EN_TIN, price: 2499, stock: 20, days: 310, description: null },

  // ----- English blisters -----
  { name: "Phantasmal Flames Three Booster Blister", category: EN_BLISTER, price: 1599, proDiscount: 5, stock: 10, days: 5, description: "3 Phantasmal Flames booster packs, a foil promo card and a coin in a hanging blister." },
  { name: "Surging Sparks Three Booster Blister", category: EN_BLISTER, price: 1499, stock: 27, days: 224, description: "3 Surging Sparks booster packs, a foil promo card and a coin in a hanging blister." },
  { name: "Journey Together Three Booster Blister", category: EN_BLISTER, price: 1399, stock: 33, days: 173, description: "3 Journey Together booster packs, a foil promo card and a coin in a hanging blister." },
  { name: "Destined Rivals Checklane Blister", category: EN_BLISTER, price: 599, stock: 45, days: 114, description: "1 Destined Rivals booster pack and a foil promo card in a small hanging blister." },

  // ----- Accessories -----
  { name: "Ultra PRO Eclipse Matte Sleeves (100) – Jet Black", category: ACCESSORY, price: 799, stock: 60, days: 9, description: "100 matte standard-size sleeves (66 x 91 mm) with a fully opaque, blackout core. Acid-free and PVC-free." },
  { name: "Ultra PRO Eclipse Matte Sleeves (100) – Pacific Blue", category: ACCESSORY, price: 799, stock: 0, days: 340, hidden: true, description: "100 matte standard-size sleeves (66 x 91 mm) with a fully opaque, blackout core. Discontinued colour." },
  { name: "Dragon Shield Matte Sleeves (100) – Jet", category: ACCESSORY, price: 1199, proDiscount: 8, stock: 45, days: 235, description: "100 matte standard-size sleeves (63 x 88 mm cards) in a Dragon Shield box. Tournament favourite for shuffling feel." },
  { name: "KMC Perfect Size Inner Sleeves (100)", category: ACCESSORY, price: 599, stock: 52, days: 245, description: "100 tight-fitting clear inner sleeves for double-sleeving standard-size cards." },
  { name: "Ultra PRO 3\" x 4\" Toploaders (25)", category: ACCESSORY, price: 399, stock: 58, days: 248, description: "25 clear rigid toploaders for standard cards, 35pt thickness. Put the card in a penny sleeve first." },
  { name: "Ultra PRO ONE-TOUCH 35pt Magnetic Holder", category: ACCESSORY, price: 349, stock: 40, days: 275, description: "UV-protected magnetic holder for a single standard card up to 35pt thick." },
  { name: "Card Saver 1 Semi-Rigid Holders (50)", category: ACCESSORY, price: 699, stock: 35, days: 286, description: "50 semi-rigid card holders, the size most grading companies ask for on submission." },
  { name: "Vault X 9-Pocket Exo-Tec Zip Binder", category: ACCESSORY, price: 2999, proDiscount: 7, stock: 16, days: 265, description: "Zip-closing binder with 20 side-loading double-sided pages that hold 360 cards. Acid-free pockets." },
  { name: "Ultra PRO 9-Pocket Pro-Binder (Black)", category: ACCESSORY, price: 2499, stock: 13, days: 290, description: "20 side-loading 9-pocket pages that hold 360 cards, with a padded leatherette cover." },
  { name: "Ultimate Guard Boulder 100+ Deck Case", category: ACCESSORY, price: 899, proDiscount: 9, stock: 23, days: 270, description: "Hard-shell deck case that holds 100 double-sleeved cards. Snap-fit lid." },
  { name: "Magnetic Acrylic Booster Box Display Case", category: ACCESSORY, price: 3999, stock: 8, days: 295, description: "Clear UV-resistant acrylic case with a magnetic lid, sized for an English booster box." },

  // ----- Japanese booster boxes -----
  { name: "Japanese Inferno X Booster Box (30 packs)", category: JA_BOX, price: 12499, proDiscount: 6, stock: 10, limit: 2, days: 6, description: boosterBoxCopy("Inferno X", 30, 5, "Japanese") },
  { name: "Japanese Mega Brave Booster Box (30 packs)", category: JA_BOX, price: 12999, stock: 6, limit: 2, days: 45, description: boosterBoxCopy("Mega Brave", 30, 5, "Japanese") },
  { name: "Japanese Mega Symphonia Booster Box (30 packs)", category: JA_BOX, price: 12999, stock: 0, limit: 2, days: 44, description: boosterBoxCopy("Mega Symphonia", 30, 5, "Japanese") },
  { name: "Japanese Heat Wave Arena Booster Box (30 packs)", category: JA_BOX, price: 12499, stock: 15, days: 110, description: boosterBoxCopy("Heat Wave Arena", 30, 5, "Japanese") },
  { name: "Japanese Battle Partners Booster Box (30 packs)", category: JA_BOX, price: 13999, proDiscount: 6, stock: 13, days: 157, description: boosterBoxCopy("Battle Partners", 30, 5, "Japanese") },
  { name: "Japanese Terastal Festival ex Booster Box (10 packs)", category: JA_BOX, price: 16999, proDiscount: 7, stock: 5, limit: 1, days: 205, description: boosterBoxCopy("Terastal Festival ex", 10, 10, "Japanese") },
  { name: "Japanese Super Electric Breaker Booster Box (30 packs)", category: JA_BOX, price: 13999, stock: 9, days: 232, description: boosterBoxCopy("Super Electric Breaker", 30, 5, "Japanese") },
  { name: "Japanese Paradise Dragona Booster Box (30 packs)", category: JA_BOX, price: 12999, stock: 18, days: 320, description: boosterBoxCopy("Paradise Dragona", 30, 5, "Japanese") },
  { name: "Japanese Shiny Treasure ex Booster Box (10 packs)", category: JA_BOX, price: 14999, stock: 7, days: 345, description: boosterBoxCopy("Shiny Treasure ex", 10, 10, "Japanese") },
  { name: "Japanese Pokémon Card 151 Booster Box (20 packs)", category: JA_BOX, price: 24999, proDiscount: 5, stock: 2, limit: 1, days: 392, description: boosterBoxCopy("Pokémon Card 151", 20, 7, "Japanese") },
  { name: "Japanese VSTAR Universe Booster Box (10 packs)", category: JA_BOX, price: 19999, stock: 3, days: 399, description: null },

  // ----- Japanese booster packs -----
  { name: "Japanese Inferno X Booster Pack", category: JA_PACK, price: 449, stock: 55, days: 7, description: packCopy("Inferno X", 5, "Japanese") },
  { name: "Japanese Terastal Festival ex Booster Pack", category: JA_PACK, price: 699, stock: 30, days: 204, description: packCopy("Terastal Festival ex", 10, "Japanese") },
  { name: "Japanese Battle Partners Booster Pack", category: JA_PACK, price: 449, stock: 50, days: 158, description: packCopy("Battle Partners", 5, "Japanese") },
  { name: "Japanese Pokémon Card 151 Booster Pack", category: JA_PACK, price: 899, stock: 0, limit: 4, days: 391, description: packCopy("Pokémon Card 151", 7, "Japanese") },

  // ----- Simplified Chinese -----
  { name: "Simplified Chinese Gem Pack Vol. 1 Booster Box", category: "chinese-simplified-booster-boxes", price: 12499, stock: 8, days: 330, description: "Sealed Simplified Chinese Gem Pack Vol. 1 booster box. Gem Pack is a series released only in Simplified Chinese." },
  { name: "Simplified Chinese Gem Pack Vol. 2 Booster Box", category: "chinese-simplified-booster-boxes", price: 12999, proDiscount: 6, stock: 11, days: 266, description: "Sealed Simplified Chinese Gem Pack Vol. 2 booster box. Gem Pack is a series released only in Simplified Chinese." },
  { name: "Simplified Chinese Gem Pack Vol. 3 Booster Box", category: "chinese-simplified-booster-boxes", price: 13999, stock: 5, days: 96, description: "Sealed Simplified Chinese Gem Pack Vol. 3 booster box. Gem Pack is a series released only in Simplified Chinese." },
  { name: "Simplified Chinese Gem Pack Vol. 3 Booster Pack", category: "chinese-simplified-booster-packs", price: 599, stock: 38, days: 97, description: "One sealed Simplified Chinese Gem Pack Vol. 3 booster pack." },
  { name: "Simplified Chinese Gem Pack Vol. 2 Booster Pack", category: "chinese-simplified-booster-packs", price: 549, stock: 26, days: 263, description: "One sealed Simplified Chinese Gem Pack Vol. 2 booster pack." },

  // ----- Traditional Chinese -----
  { name: "Traditional Chinese Terastal Festival ex Booster Box", category: "chinese-traditional-booster-boxes", price: 13999, proDiscount: 7, stock: 6, days: 180, description: "10 Traditional Chinese Terastal Festival ex booster packs, each with 10 cards. The set matches the Japanese release card for card." },
  { name: "Traditional Chinese Battle Partners Booster Box", category: "chinese-traditional-booster-boxes", price: 12499, stock: 10, days: 120, description: "30 Traditional Chinese Battle Partners booster packs, each with 5 cards." },
  { name: "Traditional Chinese Paradise Dragona Booster Box", category: "chinese-traditional-booster-boxes", price: 12499, stock: 0, days: 315, description: "30 Traditional Chinese Paradise Dragona booster packs, each with 5 cards." },

  // ----- Korean -----
  { name: "Korean Terastal Festival ex Booster Box", category: "korean-booster-boxes", price: 13499, proDiscount: 6, stock: 9, days: 187, description: "10 Korean Terastal Festival ex booster packs, each with 10 cards. Korean cards use the same artwork as the Japanese release." },
  { name: "Korean Pokémon Card 151 Booster Box", category: "korean-booster-boxes", price: 17999, proDiscount: 5, stock: 4, limit: 1, days: 366, description: "20 Korean Pokémon Card 151 booster packs, each with 7 cards." },
  { name: "Korean Super Electric Breaker Booster Box", category: "korean-booster-boxes", price: 12499, stock: 16, days: 219, description: "30 Korean Super Electric Breaker booster packs, each with 5 cards." },

  // ----- Thai -----
  { name: "Thai Terastal Festival ex Booster Box", category: "thai-booster-boxes", price: 12999, stock: 7, days: 167, description: null },
  { name: "Thai Battle Partners Booster Box", category: "thai-booster-boxes", price: 12499, proDiscount: 10, stock: 12, days: 101, description: "30 Thai Battle Partners booster packs, each with 5 cards. A budget-friendly way to chase the Battle Partners artwork." },

  // ----- Indonesian -----
  { name: "Indonesian Terastal Festival ex Booster Box", category: "indonesian-booster-boxes", price: 12999, proDiscount: 7, stock: 6, days: 163, description: "10 Indonesian Terastal Festival ex booster packs, each with 10 cards." },
  { name: "Indonesian Paradise Dragona Booster Box", category: "indonesian-booster-boxes", price: 12499, proDiscount: 8, stock: 14, days: 299, description: "30 Indonesian Paradise Dragona booster packs, each with 5 cards." },
];

export const DEMO_PRODUCTS: DemoProduct[] = buildDemoProducts(DEMO_PRODUCT_SEEDS);
