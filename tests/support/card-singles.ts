import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { numberSortKey } from "~/modules/cards/tcgdex";

/**
 * Arranging card reference data and the singles a shop lists of it, for the set page and search
 * tests: sets, cards (with their number sort key, as the import computes it), single products
 * (kind 'single', card_id) and their variants.
 */
export interface VariantSpec {
  condition?: "nm" | "lp" | "mp" | "hp" | "dmg" | null;
  printing?: "normal" | "holo" | "reverse_holo" | "first_edition" | null;
  language?: string | null;
  grader?: string | null;
  grade?: string | null;
  /** Pence. */
  price: number;
  premiumPrice?: number | null;
  stock: number;
}

export function cardSinglesFixtures(db: Db) {
  let categoryId: number | null = null;
  const tag = randomUUID().slice(0, 8);

  async function category(): Promise<number> {
    if (categoryId !== null) return categoryId;
    const [language] = await db
      .insert(languages)
      .values({ code: `s${tag.slice(0, 3)}`, name: `Singles ${tag}`, slug: `singles-${tag}`, flagUrl: "/flags/4x3/gb.svg", sortOrder: 90 })
      .returning({ id: languages.id });
    const [row] = await db
      .insert(categories)
      .values({ name: `Singles ${tag}`, slug: `singles-${tag}`, languageId: language!.id, sortOrder: 1 })
      .returning({ id: categories.id });
    categoryId = row!.id;
    return categoryId;
  }

  return {
    category,

    async set(values: {
      code: string;
      name: string;
      seriesName?: string | null;
      releaseDate?: string | null;
      officialCardCount?: number | null;
      totalCardCount?: number | null;
      aliases?: string[];
    }): Promise<number> {
      const [row] = await db
        .insert(cardSets)
        .values({
          code: values.code,
          name: values.name,
          seriesName: values.seriesName ?? null,
          releaseDate: values.releaseDate ?? null,
          officialCardCount: values.officialCardCount ?? null,
          totalCardCount: values.totalCardCount ?? null,
          aliases: values.aliases ?? [],
          tcgdexId: `${values.code}-${tag}`,
        })
        .returning({ id: cardSets.id });
      return row!.id;
    },

    async card(setId: number, values: { number: string; name: string; rarity?: string | null }): Promise<number> {
      const [row] = await db
        .insert(cards)
        .values({
          setId,
          localNumber: values.number,
          numberSort: numberSortKey(values.number),
          name: values.name,
          rarity: values.rarity ?? null,
          category: "Pokémon",
          tcgdexId: `${setId}-${values.number}-${randomUUID().slice(0, 8)}`,
        })
        .returning({ id: cards.id });
      return row!.id;
    },

    /** A single of a card with its variants; `name` and `slug` as the shop would list it. */
    async single(
      cardId: number,
      values: { name: string; slug: string; isVisible?: boolean; limitPerCustomer?: number | null; variants: VariantSpec[] },
    ): Promise<number> {
      const [row] = await db
        .insert(products)
        .values({
          name: values.name,
          slug: values.slug,
          kind: "single",
          cardId,
          isVisible: values.isVisible ?? true,
          limitPerCustomer: values.limitPerCustomer ?? null,
          categoryId: await category(),
          imageUrl: `/images/art/single/${values.slug}.svg`,
        })
        .returning({ id: products.id });
      if (values.variants.length > 0) {
        await db.insert(productVariants).values(
          values.variants.map((v) => ({
            productId: row!.id,
            condition: v.grader ? null : (v.condition ?? "nm"),
            printing: v.printing ?? "normal",
            language: v.language ?? "en",
            grader: v.grader ?? null,
            grade: v.grade ?? null,
            price: v.price,
            premiumPrice: v.premiumPrice ?? null,
            stock: v.stock,
          })),
        );
      }
      return row!.id;
    },

    /** A sealed product with its one variant. */
    async sealed(values: { name: string; slug: string; price: number; stock: number; isVisible?: boolean }): Promise<number> {
      const [row] = await db
        .insert(products)
        .values({ name: values.name, slug: values.slug, kind: "sealed", isVisible: values.isVisible ?? true, categoryId: await category() })
        .returning({ id: products.id });
      await db.insert(productVariants).values({ productId: row!.id, price: values.price, stock: values.stock });
      return row!.id;
    },
  };
}

/**
 * A small shop of singles for the set page and search tests: Base Set (with a hidden and an
 * unlisted card), Base Set 2, 151 (with the "mew" and "sv3pt5" aliases and three-digit numbers),
 * Lost Origin (numbers 2, 10 and TG01, inserted out of order), a set with no listed cards, and
 * a few sealed products.
 */
export async function arrangeSinglesShop(db: Db) {
  const fx = cardSinglesFixtures(db);
  const base1 = await fx.set({ code: "base1", name: "Base Set", seriesName: "Base", releaseDate: "1999-01-09", officialCardCount: 102, totalCardCount: 102, aliases: ["bs"] });
  const base4 = await fx.set({ code: "base4", name: "Base Set 2", seriesName: "Base", releaseDate: "2000-02-24", officialCardCount: 130, totalCardCount: 130, aliases: ["b2"] });
  const mew = await fx.set({ code: "sv03.5", name: "151", seriesName: "Scarlet & Violet", releaseDate: "2023-09-22", officialCardCount: 165, totalCardCount: 207, aliases: ["mew", "sv3pt5"] });
  const lost = await fx.set({ code: "swsh11", name: "Lost Origin", seriesName: "Sword & Shield", releaseDate: "2022-09-09", officialCardCount: 196, totalCardCount: 247, aliases: ["lor"] });
  const jungle = await fx.set({ code: "base2", name: "Jungle", seriesName: "Base", releaseDate: "1999-06-16", officialCardCount: 64 });
  await fx.card(jungle, { number: "1", name: "Clefable", rarity: "Rare Holo" });

  const ids: Record<string, number> = {};
  const list = async (key: string, setId: number, card: { number: string; name: string; rarity: string }, single: Parameters<typeof fx.single>[1]) => {
    ids[key] = await fx.single(await fx.card(setId, card), single);
  };

  // Base Set, inserted out of number order.
  await list("base-pikachu", base1, { number: "58", name: "Pikachu", rarity: "Common" }, {
    name: "Pikachu 58/102 · Base Set",
    slug: "pikachu-base1-58",
    variants: [
      { condition: "nm", price: 200, premiumPrice: 180, stock: 10 },
      { condition: "lp", price: 120, stock: 0 },
    ],
  });
  await list("base-charizard", base1, { number: "4", name: "Charizard", rarity: "Rare Holo" }, {
    name: "Charizard 4/102 · Base Set",
    slug: "charizard-base1-4",
    limitPerCustomer: 1,
    variants: [
      { condition: "nm", printing: "holo", price: 30000, premiumPrice: 28500, stock: 1 },
      { condition: "lp", printing: "holo", price: 22000, premiumPrice: 20900, stock: 2 },
      { condition: "mp", printing: "holo", price: 15000, stock: 0 },
    ],
  });
  await list("base-mewtwo", base1, { number: "10", name: "Mewtwo", rarity: "Rare Holo" }, {
    name: "Mewtwo 10/102 · Base Set",
    slug: "mewtwo-base1-10",
    variants: [
      { condition: "lp", printing: "holo", price: 3000, stock: 1 },
      { condition: "nm", printing: "first_edition", price: 50000, stock: 1 },
    ],
  });
  await list("base-blastoise", base1, { number: "2", name: "Blastoise", rarity: "Rare Holo" }, {
    name: "Blastoise 2/102 · Base Set",
    slug: "blastoise-base1-2",
    variants: [{ condition: "nm", printing: "holo", price: 8000, stock: 3 }],
  });
  await list("base-machamp-hidden", base1, { number: "8", name: "Machamp", rarity: "Rare Holo" }, {
    name: "Machamp 8/102 · Base Set",
    slug: "machamp-base1-8",
    isVisible: false,
    variants: [{ condition: "nm", printing: "holo", price: 1000, stock: 5 }],
  });
  await fx.card(base1, { number: "15", name: "Venusaur", rarity: "Rare Holo" });

  await list("base2-charizard", base4, { number: "4", name: "Charizard", rarity: "Rare Holo" }, {
    name: "Charizard 4/130 · Base Set 2",
    slug: "charizard-base4-4",
    variants: [{ condition: "nm", printing: "holo", price: 9000, stock: 2 }],
  });

  await list("mew-charizard-006", mew, { number: "006", name: "Charizard ex", rarity: "Double rare" }, {
    name: "Charizard ex 006/165 · 151",
    slug: "charizard-ex-sv03.5-006",
    variants: [{ condition: "nm", price: 500, stock: 4 }],
  });
  await list("mew-charizard-199", mew, { number: "199", name: "Charizard ex", rarity: "Special illustration rare" }, {
    name: "Charizard ex 199/165 · 151",
    slug: "charizard-ex-sv03.5-199",
    variants: [
      { condition: "nm", price: 12000, stock: 1 },
      { condition: "nm", printing: null, grader: "psa", grade: "10", price: 40000, stock: 1 },
    ],
  });
  await list("mew-mew-151", mew, { number: "151", name: "Mew ex", rarity: "Double rare" }, {
    name: "Mew ex 151/165 · 151",
    slug: "mew-ex-sv03.5-151",
    variants: [{ condition: "nm", printing: "holo", price: 300, stock: 6 }],
  });
  await list("mew-mew-205", mew, { number: "205", name: "Mew ex", rarity: "Hyper rare" }, {
    name: "Mew ex 205/165 · 151",
    slug: "mew-ex-sv03.5-205",
    variants: [{ condition: "nm", printing: "holo", price: 2000, stock: 0 }],
  });
  await list("mew-pikachu-025", mew, { number: "025", name: "Pikachu", rarity: "Common" }, {
    name: "Pikachu 025/165 · 151",
    slug: "pikachu-sv03.5-025",
    variants: [
      { condition: "nm", price: 50, stock: 20 },
      { condition: "nm", printing: "reverse_holo", price: 90, stock: 5 },
    ],
  });

  // Lost Origin, out of order: TG01 first, then 10, then 2.
  await list("lost-tg01", lost, { number: "TG01", name: "Kricketune", rarity: "Rare Holo" }, {
    name: "Kricketune TG01/TG30 · Lost Origin",
    slug: "kricketune-swsh11-tg01",
    variants: [{ condition: "nm", printing: "holo", price: 150, stock: 3 }],
  });
  await list("lost-10", lost, { number: "10", name: "Sunflora", rarity: "Uncommon" }, {
    name: "Sunflora 10/196 · Lost Origin",
    slug: "sunflora-swsh11-10",
    variants: [{ condition: "nm", price: 25, stock: 7 }],
  });
  await list("lost-2", lost, { number: "2", name: "Kakuna", rarity: "Common" }, {
    name: "Kakuna 2/196 · Lost Origin",
    slug: "kakuna-swsh11-2",
    variants: [{ condition: "lp", price: 10, stock: 9 }],
  });

  ids["sealed-upc"] = await fx.sealed({ name: "Charizard Ultra Premium Collection", slug: "charizard-upc", price: 11999, stock: 3 });
  ids["sealed-tin"] = await fx.sealed({ name: "Mew Collector Tin", slug: "mew-tin", price: 1999, stock: 0 });
  ids["sealed-hidden"] = await fx.sealed({ name: "Charizard Secret Box", slug: "charizard-secret-box", price: 999, stock: 9, isVisible: false });

  return { fx, ids, sets: { base1, base4, mew, lost, jungle } };
}
