/**
 * The product page's data and its rules: which variant a URL shows, whether it has a picker, the
 * limit that applies, a single's card number. Client-safe (types and pure
 * functions): the loader builds a ProductDetail on the server, the page's components render it.
 */
// Not ./variants: its labels would come with this module into the product page's first load
// (decision 0051). The picker's groups and labels are built on the server (variant-groups.ts).
import { isSealedVariant, pickVariant, type VariantAttributes } from "./variant-query";
import { applicableLimit } from "./variant-limits";
import { cardNumberText } from "~/modules/cards/card-number";
import type { ResponsiveImage } from "~/modules/media/responsive";

/** One sellable unit of a product, as the product page shows it. */
export interface ProductVariant extends VariantAttributes {
  id: number;
  /** Pence. */
  price: number;
  /** Member price in pence; null when there is none. */
  premiumPrice: number | null;
  stock: number;
  /** This variant's own limit; null = the product's limit applies. */
  limitPerCustomer: number | null;
}

/** What a single is: the card and its set (null for sealed product). */
export interface CardFacts {
  name: string;
  /** As printed before the slash: "4", "TG01". */
  localNumber: string;
  rarity: string | null;
  artist: string | null;
  set: { code: string; name: string; officialCardCount: number | null };
}

export interface ProductDetail {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  /** Uploaded images in their order (the first is the main one); empty: the generated art shows. */
  images?: ResponsiveImage[];
  /** The product's limit across all its variants; null = none. */
  limitPerCustomer: number | null;
  description: string | null;
  updatedAt: Date;
  kind: "sealed" | "single";
  /** ISO date ("2026-12-24") a pre-order ships from; null: none. Read with the page's product (decision 0054). */
  releaseDate?: string | null;
  category: { name: string; slug: string };
  language: { name: string; slug: string; code: string };
  card: CardFacts | null;
  /** Every variant, in the order a customer compares them (`compareVariants`). */
  variants: ProductVariant[];
}

/**
 * The variant a product page shows: the one its query names (`?condition=lp&printing=holo`),
 * else the first in stock, else the first. A query naming no variant of this product is read as
 * no query: the product exists, so the page answers with its best choice rather than an error.
 * Null only for a product without variants.
 */
export function chooseVariant<V extends ProductVariant>(variants: readonly V[], query: URLSearchParams): V | null {
  return pickVariant(variants, query) ?? variants.find((v) => v.stock > 0) ?? variants[0] ?? null;
}

/** The limit a variant is sold under (the rule: `applicableLimit` in orders/purchase-limit.ts). */
export function effectiveLimit(variant: Pick<ProductVariant, "limitPerCustomer">, productLimit: number | null): number | null {
  return applicableLimit(variant.limitPerCustomer, productLimit);
}

/** "4/102" when the set's printed count is known, else "4". */
export function cardNumber(card: Pick<CardFacts, "localNumber" | "set">): string {
  return cardNumberText(card.localNumber, card.set.officialCardCount);
}

/** A sealed product (one variant, no attributes) has nothing to pick: the page looks as it always has. */
export function hasPicker(product: Pick<ProductDetail, "kind" | "variants">): boolean {
  return product.kind === "single" || product.variants.length > 1 || product.variants.some((v) => !isSealedVariant(v));
}

/**
 * A variant's stock-keeping code for structured data: the product's slug, then its attributes
 * ("charizard-base1-4-lp-holo-en", "charizard-base1-4-psa-9.5"); the slug alone for sealed product.
 */
export function variantSku(slug: string, v: VariantAttributes): string {
  const parts = [v.condition, v.printing, v.language, v.grader, v.grade].filter((p): p is string => p !== null);
  return [slug, ...parts].join("-");
}
