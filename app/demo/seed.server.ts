import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { recordOpeningStock } from "~/modules/catalog/inventory.server";
import { importPriceGuide } from "~/modules/market/import.server";
import { importPlan } from "~/modules/cards/import.server";
import { planImport, problemLine } from "~/modules/cards/tcgdex";
import { DEMO_CARD_SETS, DEMO_CARDS, tcgdexDocuments } from "./cards";
import { DEMO_CATEGORIES, DEMO_LANGUAGES, DEMO_PRODUCTS, demoFlagUrl } from "./catalogue";
import { productArtUrl } from "./product-art";
import { DEMO_PRICE_GUIDE, DEMO_PRICE_GUIDE_FILE } from "./market";
import { DEMO_SINGLES } from "./singles";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResult {
  seeded: boolean;
  products: number;
  variants: number;
  /** Card rows the seed added (cards already in the database are left as they are). */
  cards: number;
}

/**
 * Writes the demo's card reference data through the TCGdex importer, so the mapping to card_sets
 * and cards has one home. Cards already present (an operator's own TCGdex import) are left alone:
 * the demo's rows are sparser than TCGdex's and must not overwrite them. Returns card ids by
 * TCGdex id.
 */
async function seedDemoCards(tx: Tx): Promise<{ added: number; idByTcgdexId: Map<string, number> }> {
  const ids = DEMO_CARDS.map((card) => card.tcgdexId);
  const present = new Set(
    (await tx.select({ tcgdexId: cards.tcgdexId }).from(cards).where(inArray(cards.tcgdexId, ids))).map((row) => row.tcgdexId),
  );
  const plan = planImport(tcgdexDocuments());
  if (plan.problems.length > 0) throw new Error(`demo card data refused: ${plan.problems.map(problemLine).join("; ")}`);
  const missing = { ...plan, sets: plan.sets.map((entry) => ({ ...entry, cards: entry.cards.filter((card) => !present.has(card.tcgdexId)) })) };
  // A transaction is a database too: importPlan's per-set transactions become savepoints in ours.
  const report = await importPlan(tx, missing);
  if (report.problems.length > 0) throw new Error(`demo card data refused: ${report.problems.map(problemLine).join("; ")}`);

  // Aliases are the shop's own (TCGdex has none); set them only where nobody has yet.
  for (const set of DEMO_CARD_SETS) {
    if (set.aliases.length === 0) continue;
    await tx
      .update(cardSets)
      .set({ aliases: [...set.aliases] })
      .where(sql`${cardSets.tcgdexId} = ${set.code} AND cardinality(${cardSets.aliases}) = 0`);
  }

  const rows = await tx.select({ id: cards.id, tcgdexId: cards.tcgdexId }).from(cards).where(inArray(cards.tcgdexId, ids));
  return { added: report.cards.inserted, idByTcgdexId: new Map(rows.map((row) => [row.tcgdexId, row.id])) };
}

/**
 * Loads the demo catalogue into an empty shop. Does nothing if any language exists, so it
 * is safe at every start and never touches a real shop's data.
 */
export async function seedDemoCatalogue(db: Db, now = new Date()): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const existing = await tx.$count(languages);
    if (existing > 0) return { seeded: false, products: 0, variants: 0, cards: 0 };

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

    const { added, idByTcgdexId } = await seedDemoCards(tx);
    // The demo's market figures, through the importer (its transaction is a savepoint in ours).
    await importPriceGuide(tx as unknown as Db, DEMO_PRICE_GUIDE, DEMO_PRICE_GUIDE_FILE);
    const createdAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

    const productRows = await tx
      .insert(products)
      .values([
        ...DEMO_PRODUCTS.map((p) => ({
          name: p.name,
          slug: p.slug,
          kind: "sealed",
          imageUrl: productArtUrl(kindOf.get(p.categorySlug)!, p.slug),
          limitPerCustomer: p.limitPerCustomer,
          description: p.description,
          isVisible: p.isVisible,
          categoryId: categoryId.get(p.categorySlug)!,
          createdAt: createdAt(p.createdDaysAgo),
          updatedAt: createdAt(p.createdDaysAgo),
        })),
        ...DEMO_SINGLES.map((s) => {
          const cardId = idByTcgdexId.get(s.cardTcgdexId);
          if (cardId === undefined) throw new Error(`demo single ${s.slug}: card ${s.cardTcgdexId} is missing`);
          // A card sold only in slabs is pictured as a slab; any raw copy makes it a card.
          const slabOnly = s.variants.every((v) => v.grader !== null);
          return {
            name: s.name,
            slug: s.slug,
            kind: "single",
            cardId,
            imageUrl: productArtUrl(slabOnly ? "graded-slab" : "single", s.slug),
            limitPerCustomer: s.limitPerCustomer,
            description: s.description,
            isVisible: s.isVisible,
            categoryId: categoryId.get(s.categorySlug)!,
            createdAt: createdAt(s.createdDaysAgo),
            updatedAt: createdAt(s.createdDaysAgo),
          };
        }),
      ])
      .returning({ id: products.id, slug: products.slug });
    const productId = new Map(productRows.map((r) => [r.slug, r.id]));

    const variantRows = [
      // A sealed product is one variant with every attribute null.
      ...DEMO_PRODUCTS.map((p) => ({
        productId: productId.get(p.slug)!,
        price: p.price,
        premiumPrice: p.premiumPrice,
        stock: p.stock,
        createdAt: createdAt(p.createdDaysAgo),
        updatedAt: createdAt(p.createdDaysAgo),
      })),
      ...DEMO_SINGLES.flatMap((s) =>
        s.variants.map((v) => ({
          productId: productId.get(s.slug)!,
          condition: v.condition,
          printing: v.printing,
          language: v.language,
          grader: v.grader,
          grade: v.grade,
          price: v.price,
          premiumPrice: v.premiumPrice,
          stock: v.stock,
          limitPerCustomer: v.limitPerCustomer,
          createdAt: createdAt(s.createdDaysAgo),
          updatedAt: createdAt(s.createdDaysAgo),
        })),
      ),
    ];
    const inserted = await tx.insert(productVariants).values(variantRows).returning({ id: productVariants.id });
    // The stock ledger starts with the demo's stock, so it sums to every variant's stock.
    await recordOpeningStock(
      tx,
      inserted.map((v) => v.id),
      { reason: "opening", note: "Demo catalogue" },
    );
    return { seeded: true, products: productRows.length, variants: variantRows.length, cards: added };
  });
}
