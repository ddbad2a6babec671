import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, languages, products } from "~/db/schema";

/** The fields every product tile shows. Hidden products never leave this module. */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  price: products.price,
  premiumPrice: products.premiumPrice,
  imageUrl: products.imageUrl,
  stock: products.stock,
  limitPerCustomer: products.limitPerCustomer,
};

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

export async function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name, slug: languages.slug, flagUrl: languages.flagUrl })
    .from(languages)
    .orderBy(asc(languages.sortOrder), asc(languages.name));
}

/** The newest visible products, for the home page's "New Releases". */
export async function newestProducts(db: Db, limit: number): Promise<ProductCard[]> {
  return db
    .select(productCardColumns)
    .from(products)
    .where(eq(products.isVisible, true))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export async function countVisibleProducts(db: Db) {
  return db.$count(products, and(eq(products.isVisible, true)));
}

export { categories, languages, products };
