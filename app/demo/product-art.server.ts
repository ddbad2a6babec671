import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, languages, products } from "~/db/schema";
import { renderProductArt } from "./product-art";
import type { ProductKind } from "./product-kind";

/**
 * Generated artwork for a visible product (the demo catalogue has no photos). Returns null
 * for unknown or hidden products, so a hidden product's name never leaks through its image.
 */
export async function productArtSvg(db: Db, kind: ProductKind, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ name: products.name, languageCode: languages.code })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .where(and(eq(products.slug, slug), eq(products.isVisible, true)))
    .limit(1);
  return row ? renderProductArt({ name: row.name, kind, languageCode: row.languageCode }) : null;
}
