/**
 * The product page's data and its rules: which variant a URL shows, the picker's groups and
 * labels, the limit that applies, a single's card number. Client-safe (types and pure
 * functions): the loader builds a ProductDetail on the server, the page's components render it.
 */
import { applicableLimit, compareVariants, isSealedVariant, pickVariant, variantLabel, variantQuery, type VariantAttributes } from "./variants";
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

/** Variants in the order a customer compares them; ties (which the unique attributes forbid) by id. */
export function sortVariants<V extends VariantAttributes & { id: number }>(variants: readonly V[]): V[] {
  return [...variants].sort((a, b) => compareVariants(a, b) || a.id - b.id);
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

export interface VariantOption<V extends ProductVariant = ProductVariant> {
  variant: V;
  /** What tells it from the others in its group: "Lightly Played", "PSA 10", "Near Mint · Holo". */
  label: string;
  /** The product page's query for it, without "?". */
  query: string;
}

export interface VariantGroup<V extends ProductVariant = ProductVariant> {
  key: "raw" | "graded";
  /** "Condition" or "Graded". */
  title: string;
  /** What every option of the group shares, shown once ("Holo · English"); null when nothing is. */
  shared: string | null;
  options: VariantOption<V>[];
}

const RAW_KEYS = ["condition", "printing", "language"] as const;
const NONE: VariantAttributes = { condition: null, printing: null, language: null, grader: null, grade: null };

/** Which of `keys` take more than one value among `variants`. */
function varyingKeys(variants: readonly VariantAttributes[], keys: readonly (keyof VariantAttributes)[]) {
  return new Set(keys.filter((key) => new Set(variants.map((v) => v[key])).size > 1));
}

/**
 * The picker's groups: raw copies (by condition, printing, language) and graded slabs. Each
 * option's label names only what differs within its group ("Near Mint", "Lightly Played"), and
 * what all share is said once ("Holo · English"), so a phone-width row stays short.
 */
export function variantGroups<V extends ProductVariant>(variants: readonly V[]): VariantGroup<V>[] {
  const raw = variants.filter((v) => v.grader === null);
  const graded = variants.filter((v) => v.grader !== null);
  const groups: VariantGroup<V>[] = [];
  if (raw.length > 0) {
    const varying = varyingKeys(raw, RAW_KEYS);
    const first = raw[0]!;
    const pick = (v: VariantAttributes, differing: boolean) => {
      const picked: VariantAttributes = { ...NONE };
      for (const key of RAW_KEYS) if (varying.has(key) === differing) picked[key] = v[key];
      return picked;
    };
    groups.push({
      key: "raw",
      title: "Condition",
      shared: varying.size === 0 ? null : variantLabel(pick(first, false)),
      options: raw.map((v) => ({
        variant: v,
        label: (varying.size === 0 ? variantLabel(v) : variantLabel(pick(v, true))) ?? "Standard",
        query: variantQuery(v),
      })),
    });
  }
  if (graded.length > 0) {
    // Slabs are told apart by grader and grade; printing or language only when they differ.
    const varying = varyingKeys(graded, ["printing", "language"]);
    const shared = variantLabel({ ...NONE, printing: varying.has("printing") ? null : graded[0]!.printing, language: varying.has("language") ? null : graded[0]!.language });
    groups.push({
      key: "graded",
      title: "Graded",
      shared,
      options: graded.map((v) => {
        const extra = variantLabel({ ...NONE, printing: varying.has("printing") ? v.printing : null, language: varying.has("language") ? v.language : null });
        const slab = variantLabel({ ...NONE, grader: v.grader, grade: v.grade });
        return { variant: v, label: [slab, extra].filter(Boolean).join(" · "), query: variantQuery(v) };
      }),
    });
  }
  return groups;
}

/**
 * A variant's stock-keeping code for structured data: the product's slug, then its attributes
 * ("charizard-base1-4-lp-holo-en", "charizard-base1-4-psa-9.5"); the slug alone for sealed product.
 */
export function variantSku(slug: string, v: VariantAttributes): string {
  const parts = [v.condition, v.printing, v.language, v.grader, v.grade].filter((p): p is string => p !== null);
  return [slug, ...parts].join("-");
}
