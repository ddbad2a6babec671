/**
 * What a demo product is, as far as its generated artwork cares: each demo category holds one
 * kind, and the art route (`/images/art/:kind/:slug.svg`) names it.
 */
export type ProductKind =
  | "booster-box"
  | "elite-trainer-box"
  | "booster-pack"
  | "booster-bundle"
  | "collection-box"
  | "tin"
  | "blister"
  | "single"
  | "graded-slab"
  | "accessory";

export const PRODUCT_KINDS: readonly ProductKind[] = [
  "booster-box",
  "elite-trainer-box",
  "booster-pack",
  "booster-bundle",
  "collection-box",
  "tin",
  "blister",
  "single",
  "graded-slab",
  "accessory",
];

const KINDS: ReadonlySet<string> = new Set(PRODUCT_KINDS);

export function isProductKind(value: string): value is ProductKind {
  return KINDS.has(value);
}
