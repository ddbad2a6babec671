/**
 * Generated product artwork: a self-contained 600×600 SVG per product, drawn from its kind and
 * coloured from a hash of its name, so demo products look distinct without any photographs.
 *
 * Pure string building: no I/O, no external references (fonts, images), deterministic output.
 * The parts live in ./art/: svg (numbers, escaping, hash, PRNG), palette, shapes, one file per
 * family of drawings (sealed, cards, accessories) and caption (the wrapped name, language tag).
 */
import { drawAccessory } from "./art/accessories";
import { type CardArt, drawCardSingle, drawCardSlab, type GradeArt } from "./art/card-face";
import { caption, languageTag } from "./art/caption";
import { drawSingle, drawSlab } from "./art/cards";
import { type Ctx, paletteFor } from "./art/palette";
import { drawBlister, drawBoosterBox, drawBoosterBundle, drawBoosterPack, drawCollectionBox, drawEliteTrainerBox, drawTin } from "./art/sealed";
import { sparkle } from "./art/shapes";
import { SIZE, escapeXml, hashString, randomFrom } from "./art/svg";
import type { ProductKind } from "./product-kind";

export type { CardArt, GradeArt } from "./art/card-face";
export { raritySymbol } from "./art/card-face";
export { estimateTextWidth, wrapName } from "./art/caption";
export { escapeXml } from "./art/svg";

export interface ProductArtInput {
  name: string;
  kind: ProductKind;
  languageCode?: string;
  /** For a single: the card, drawn with its name, set, number and rarity instead of a generic card. */
  card?: CardArt;
  /** For a graded slab of that card: the grader's label. */
  grade?: GradeArt;
}

/** Where a product's artwork is served (app/routes/product-art.ts); the demo seed stores it as the image URL. */
export function productArtUrl(kind: ProductKind, slug: string): string {
  return `/images/art/${kind}/${slug}.svg`;
}

/** One drawing per kind; each draws inside y < CAPTION_TOP (art/caption.ts). */
const DRAWERS: Record<ProductKind, (ctx: Ctx) => string> = {
  "booster-box": drawBoosterBox,
  "elite-trainer-box": drawEliteTrainerBox,
  "booster-pack": drawBoosterPack,
  "booster-bundle": drawBoosterBundle,
  "collection-box": drawCollectionBox,
  tin: drawTin,
  blister: drawBlister,
  single: drawSingle,
  "graded-slab": drawSlab,
  accessory: drawAccessory,
};

/** The artwork of one product as a complete, self-contained SVG document (600×600). */
export function renderProductArt(input: ProductArtInput): string {
  const name = input.name.trim() || "Untitled product";
  const seed = hashString(name);
  // Only accessories take their colour from the name: "Black Bolt" is a set, not a colour.
  const p = paletteFor(seed, input.kind === "accessory" ? name : undefined);
  const id = `nm${seed.toString(36)}`;
  const ctx: Ctx = { p, id, rand: randomFrom(seed), name };
  const drawer = DRAWERS[input.kind] ?? drawBoosterBox;
  const card = input.card;
  const drawing =
    card && input.kind === "graded-slab" && input.grade ? drawCardSlab(ctx, card, input.grade) : card && (input.kind === "single" || input.kind === "graded-slab") ? drawCardSingle(ctx, card) : drawer(ctx);

  const rand = randomFrom(seed ^ 0x9e3779b9);
  const dots: string[] = [];
  for (let i = 0; i < 14; i++) {
    dots.push(sparkle(20 + rand() * 560, 20 + rand() * 420, 4 + rand() * 9, "#ffffff", 0.35 + rand() * 0.45));
  }

  const defs = [
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>`,
    `<radialGradient id="${id}-glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${id}-shadow"><stop offset="0" stop-color="#0f172a" stop-opacity="0.35"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${id}-front" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="${id}-foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.62" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient>`,
    `<radialGradient id="${id}-emblem" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient>`,
    `<linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>`,
    `<linearGradient id="${id}-holo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5f6d" stop-opacity="0.28"/><stop offset="0.2" stop-color="#ffc371" stop-opacity="0.22"/><stop offset="0.4" stop-color="#7cffcb" stop-opacity="0.25"/><stop offset="0.6" stop-color="#5fa8ff" stop-opacity="0.25"/><stop offset="0.8" stop-color="#d66bff" stop-opacity="0.25"/><stop offset="1" stop-color="#ff5f6d" stop-opacity="0.2"/></linearGradient>`,
    `<linearGradient id="${id}-frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="0.5" stop-color="#cbd5e1"/><stop offset="1" stop-color="#f8fafc"/></linearGradient>`,
    `<linearGradient id="${id}-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.45" stop-color="#d4a72c"/><stop offset="1" stop-color="#fbe38e"/></linearGradient>`,
    `<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0.25" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.4" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.7" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.05"/></linearGradient>`,
    `<linearGradient id="${id}-metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.deep}"/><stop offset="0.22" stop-color="${p.base}"/><stop offset="0.4" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>`,
    `<radialGradient id="${id}-metal-top" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>`,
    `<linearGradient id="${id}-matte" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>`,
  ].join("");

  const title = escapeXml(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs>${defs}</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-bg)"/>`,
    `<circle cx="300" cy="240" r="260" fill="url(#${id}-glow)"/>`,
    dots.join(""),
    drawing,
    caption(name, p.deep),
    input.languageCode ? languageTag(input.languageCode, p) : "",
    `</svg>`,
  ].join("");
}
