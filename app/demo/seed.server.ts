import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, languages, products } from "~/db/schema";
import { DEMO_CATEGORIES, DEMO_LANGUAGES, DEMO_PRODUCTS, demoFlagUrl } from "./catalogue";
import { productArtUrl } from "./product-art";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the demo catalogue into an empty shop. Does nothing if any language exists, so it
 * is safe at every start and never touches a real shop's data.
 */
export async function seedDemoCatalogue(db: Db, now = new Date()): Promise<{ seeded: boolean; products: number }> {
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const existing = await tx.$count(languages);
    if (existing > 0) return { seeded: false, products: 0 };

    const languageRows = await tx
      .insert(languages)
      .values(
        DEMO_LANGUAGES.map((l) => ({
          code: l.code,
          name: l.name,
          slug: l.slug,
          flagUrl: demoFlagUrl(l),
          sortOrder: l.sortOrder,
        })),
      )
      .returning({ id: languages.id, code: languages.code });
    const languageId = new Map(languageRows.map((r) => [r.code, r.id]));

    const categoryRows = await tx
      .insert(categories)
      .values(
        DEMO_CATEGORIES.map((c) => ({
          name: c.name,
          slug: c.slug,
          languageId: languageId.get(c.languageCode)!,
          sortOrder: c.sortOrder,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));
    const kindOf = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c.kind]));

    await tx.insert(products).values(
      DEMO_PRODUCTS.map((p) => {
        const createdAt = new Date(now.getTime() - p.createdDaysAgo * DAY_MS);
        return {
          name: p.name,
          slug: p.slug,
          price: p.price,
          premiumPrice: p.premiumPrice,
          imageUrl: productArtUrl(kindOf.get(p.categorySlug)!, p.slug),
          stock: p.stock,
          limitPerCustomer: p.limitPerCustomer,
          description: p.description,
          isVisible: p.isVisible,
          categoryId: categoryId.get(p.categorySlug)!,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    return { seeded: true, products: DEMO_PRODUCTS.length };
  });
}
