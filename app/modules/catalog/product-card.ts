import type { ResponsiveImage } from "~/modules/media/responsive";

/**
 * A product as a tile in a grid shows it (home, language, category, search). Client-safe.
 *
 * Price and stock live on variants (a sealed product has one; a single one per condition ×
 * printing × language or grader × grade), so a tile shows the product's headline offer: the
 * cheapest variant in stock (the cheapest of all when none is), with that variant's member
 * price, and the stock of all variants together.
 */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  /** The headline variant's price in pence. */
  price: number;
  /** The headline variant's member price in pence; null when it has none. */
  premiumPrice: number | null;
  /** The generated art (or a legacy URL): shown when the product has no uploaded image. */
  imageUrl: string | null;
  /** The product's first uploaded image (`firstImage` in queries.server.ts); null or absent: none. */
  image?: ResponsiveImage | null;
  /** Units in stock across all variants. */
  stock: number;
  /** The product's limit (a variant may set its own, shown on the product page). */
  limitPerCustomer: number | null;
  /** How many variants the product has (1 for sealed product). */
  variantCount: number;
  /**
   * The variants a customer can choose from (those in stock, or all when none is) do not all
   * cost the same: the tile says "From £x".
   */
  priceVaries: boolean;
  /** A variant is on an open pre-order (issue 16); absent where a listing does not say. */
  preorder?: boolean;
  /** The product's release date ("2027-03-14"), for the pre-order label. */
  releaseDate?: string | null;
};

/** Whether a tile's price reads "From £x": several variants to choose from, at different prices. */
export function showsFromPrice(card: Pick<ProductCard, "variantCount" | "priceVaries">): boolean {
  return card.variantCount > 1 && card.priceVaries;
}
