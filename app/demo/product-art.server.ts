import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { compareVariants, GRADER_LABELS, GRADES, isGrader } from "~/modules/catalog/variants";
import { printedCardNumber } from "./cards/printed-number";
import { type GradeArt, renderProductArt } from "./product-art";
import type { ProductKind } from "./product-kind";

/** Cards printed before this year have the yellow border of the early sets. */
const LAST_VINTAGE_YEAR = 2002;

/**
 * Generated artwork for a visible product (the demo catalogue has no photos). A single is drawn
 * from its card (name, set, printed number, rarity), a slab with its best grade on the label.
 * Returns null for unknown or hidden products, so a hidden product's name never leaks through its image.
 */
export async function productArtSvg(db: Db, kind: ProductKind, slug: string): Promise<string | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      languageCode: languages.code,
      cardName: cards.name,
      localNumber: cards.localNumber,
      rarity: cards.rarity,
      printings: cards.printings,
      setCode: cardSets.code,
      setName: cardSets.name,
      officialCount: cardSets.officialCardCount,
      releaseDate: cardSets.releaseDate,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .leftJoin(cards, eq(cards.id, products.cardId))
    .leftJoin(cardSets, eq(cardSets.id, cards.setId))
    .where(and(eq(products.slug, slug), eq(products.isVisible, true)))
    .limit(1);
  if (!row) return null;
  if (row.cardName === null || row.localNumber === null || row.setCode === null || row.setName === null) {
    return renderProductArt({ name: row.name, kind, languageCode: row.languageCode });
  }

  let grade: GradeArt | undefined;
  if (kind === "graded-slab") {
    const slabs = await db
      .select({ condition: productVariants.condition, printing: productVariants.printing, language: productVariants.language, grader: productVariants.grader, grade: productVariants.grade })
      .from(productVariants)
      .where(and(eq(productVariants.productId, row.id), isNotNull(productVariants.grader)));
    // The highest grade is pictured; between equal grades, the grader listed first.
    const rank = (grade: string | null) => (GRADES as readonly string[]).indexOf(grade ?? "");
    const best = [...slabs].sort((a, b) => rank(a.grade) - rank(b.grade) || compareVariants(a, b))[0];
    if (best?.grader && best.grade) grade = { grader: isGrader(best.grader) ? GRADER_LABELS[best.grader] : best.grader.toUpperCase(), grade: best.grade };
  }

  return renderProductArt({
    name: row.name,
    kind,
    languageCode: row.languageCode,
    card: {
      name: row.cardName,
      setName: row.setName,
      setCode: row.setCode,
      number: printedCardNumber(row.localNumber, row.officialCount, row.setCode),
      rarity: row.rarity,
      foil: (row.printings ?? []).some((printing) => printing !== "normal"),
      vintage: row.releaseDate !== null && Number(row.releaseDate.slice(0, 4)) <= LAST_VINTAGE_YEAR,
    },
    grade,
  });
}
