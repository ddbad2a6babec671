/**
 * The one product the bare app shows: a constant shaped like the shop's `ProductDetail` (a
 * sealed product with one variant, its category, language and image), so the loader data that
 * React Router serialises into the page is of the same kind and size.
 */
export const PRODUCT = {
  id: 1,
  slug: "scarlet-violet-151-booster-bundle",
  name: "Scarlet & Violet 151 Booster Bundle",
  imageUrl: "/images/art/sealed/scarlet-violet-151-booster-bundle.svg",
  images: [] as { storageKey: string; widths: number[]; width: number; height: number; alt: string }[],
  limitPerCustomer: 4,
  description:
    "Six booster packs of Scarlet & Violet—151, the expansion that brings back the original 151 Pokémon of the Kanto region. " +
    "Each pack holds 10 cards and 1 Basic Energy, with at least one card of rare or higher rarity. " +
    "A sealed bundle straight from the distributor, stored flat and dry, posted in a padded box.",
  updatedAt: "2026-11-20T10:12:00.000Z",
  kind: "sealed" as const,
  category: { name: "English Booster Bundles", slug: "english-booster-bundles" },
  language: { name: "English", slug: "english", code: "en" },
  card: null,
  variants: [
    {
      id: 11,
      condition: null,
      printing: null,
      language: null,
      grader: null,
      grade: null,
      price: 3499,
      premiumPrice: 3299,
      stock: 3,
      limitPerCustomer: null,
    },
  ],
};

export type Product = typeof PRODUCT;
