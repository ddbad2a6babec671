/** A product as a tile in a grid shows it (home, language, category, search). Client-safe. */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  price: number;
  premiumPrice: number | null;
  imageUrl: string | null;
  stock: number;
  limitPerCustomer: number | null;
};
