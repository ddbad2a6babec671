import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import { DEMO_CARDS } from "~/demo/cards";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "~/demo/catalogue";
import { productArtSvg } from "~/demo/product-art.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { DEMO_SINGLES } from "~/demo/singles";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const VARIANTS = DEMO_PRODUCTS.length + DEMO_SINGLES.reduce((n, s) => n + s.variants.length, 0);

describe("demo seed on an empty database", () => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof seedDemoCatalogue>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedDemoCatalogue(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("writes every category, product, variant and card", async () => {
    const { db } = database;
    expect(first).toEqual({ seeded: true, products: DEMO_PRODUCTS.length + DEMO_SINGLES.length, variants: VARIANTS, cards: DEMO_CARDS.length });
    expect(await db.$count(categories)).toBe(DEMO_CATEGORIES.length);
    expect(await db.$count(products)).toBe(first.products);
    expect(await db.$count(productVariants)).toBe(VARIANTS);
    expect(await db.$count(cards)).toBe(DEMO_CARDS.length);
  });

  it("loads Base Set and 151 complete, with their aliases", async () => {
    const rows = await database.db
      .select({ code: cardSets.code, name: cardSets.name, official: cardSets.officialCardCount, aliases: cardSets.aliases, n: sql<number>`count(${cards.id})::int` })
      .from(cardSets)
      .leftJoin(cards, eq(cards.setId, cardSets.id))
      .groupBy(cardSets.id);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get("base1")).toMatchObject({ name: "Base Set", official: 102, n: 102, aliases: ["bs"] });
    expect(byCode.get("sv03.5")).toMatchObject({ official: 165, n: 207, aliases: ["sv3pt5", "mew"] });
    const [charizard] = await database.db
      .select({ name: cards.name, rarity: cards.rarity, printings: cards.printings, category: cards.category, cm: cards.cardmarketProductId })
      .from(cards)
      .where(eq(cards.tcgdexId, "base1-4"));
    expect(charizard).toEqual({ name: "Charizard", rarity: "Rare", printings: ["holo"], category: "Pokémon", cm: 273699 });
  });

  it("gives each sealed product exactly one variant with no attributes", async () => {
    const rows = await database.db
      .select({ slug: products.slug, n: sql<number>`count(${productVariants.id})::int`, attrs: sql<number>`(count(${productVariants.condition}) + count(${productVariants.grader}) + count(${productVariants.language}))::int` })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(and(eq(products.kind, "sealed"), isNull(products.cardId)))
      .groupBy(products.id);
    expect(rows).toHaveLength(DEMO_PRODUCTS.length);
    for (const row of rows) expect(row, row.slug).toMatchObject({ n: 1, attrs: 0 });
    const [box] = await database.db
      .select({ price: productVariants.price, premium: productVariants.premiumPrice, stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.slug, DEMO_PRODUCTS[0]!.slug));
    expect(box).toEqual({ price: DEMO_PRODUCTS[0]!.price, premium: DEMO_PRODUCTS[0]!.premiumPrice, stock: DEMO_PRODUCTS[0]!.stock });
  });

  it("lists Base Set Charizard 4/102 as a single in NM, LP and MP holo, and in slabs", async () => {
    const variants = await database.db
      .select({ condition: productVariants.condition, printing: productVariants.printing, grader: productVariants.grader, grade: productVariants.grade, language: productVariants.language })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(cards, eq(cards.id, products.cardId))
      .where(and(eq(products.slug, "charizard-base1-4"), eq(products.kind, "single"), eq(cards.tcgdexId, "base1-4")));
    const raw = variants.filter((v) => v.grader === null);
    expect(raw.map((v) => v.condition)).toEqual(expect.arrayContaining(["nm", "lp", "mp"]));
    for (const v of raw) expect(v).toMatchObject({ printing: "holo", language: "en" });
    expect(variants.filter((v) => v.grader !== null).map((v) => `${v.grader} ${v.grade}`)).toEqual(expect.arrayContaining(["psa 9", "bgs 9.5", "cgc 9"]));
  });

  it("files singles under each language's Singles category, Japanese cards as Japanese", async () => {
    const rows = await database.db
      .select({ category: categories.slug, language: productVariants.language, n: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(isNotNull(products.cardId))
      .groupBy(categories.slug, productVariants.language);
    expect(rows.map((r) => `${r.category}:${r.language}`).sort()).toEqual(["english-singles:en", "japanese-singles:ja"]);
  });

  it("draws a single's card with its number and rarity, and a slab-only card as a slab", async () => {
    const svg = await productArtSvg(database.db, "single", "charizard-base1-4");
    expect(svg).toContain("4/102");
    expect(svg).toContain("Base Set");
    const slab = await productArtSvg(database.db, "graded-slab", "umbreon-vmax-swsh7-215");
    expect(slab).toContain("215/203");
    // Hidden products have no picture, as before.
    expect(await productArtSvg(database.db, "graded-slab", "gengar-vmax-swsh8-271")).toBeNull();
  });

  it("does nothing the second time, and nothing when two instances seed at once", async () => {
    const again = await Promise.all([seedDemoCatalogue(database.db), seedDemoCatalogue(database.db)]);
    expect(again.map((r) => r.seeded)).toEqual([false, false]);
    expect(await database.db.$count(products)).toBe(first.products);
    expect(await database.db.$count(productVariants)).toBe(VARIANTS);
    expect(await database.db.$count(cards)).toBe(DEMO_CARDS.length);
  });
});

describe("demo seed racing on a fresh database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("seeds exactly once when two instances start together", async () => {
    const results = await Promise.all([seedDemoCatalogue(database.db), seedDemoCatalogue(database.db)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await database.db.$count(productVariants)).toBe(VARIANTS);
  });
});

describe("demo seed where cards were already imported", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("leaves an operator's imported card as it is and still lists it", async () => {
    const { db } = database;
    const [set] = await db
      .insert(cardSets)
      .values({ code: "base1", tcgdexId: "base1", name: "Base Set", aliases: ["base"] })
      .returning({ id: cardSets.id });
    await db.insert(cards).values({
      setId: set!.id,
      tcgdexId: "base1-4",
      localNumber: "4",
      numberSort: "000000000000004000",
      name: "Charizard",
      rarity: "Rare",
      category: "Pokémon",
      hp: 120,
      artist: "Mitsuhiro Arita",
    });
    const result = await seedDemoCatalogue(db);
    expect(result.seeded).toBe(true);
    expect(result.cards).toBe(DEMO_CARDS.length - 1);
    const [charizard] = await db.select({ hp: cards.hp, artist: cards.artist }).from(cards).where(eq(cards.tcgdexId, "base1-4"));
    expect(charizard).toEqual({ hp: 120, artist: "Mitsuhiro Arita" });
    const [setRow] = await db.select({ aliases: cardSets.aliases }).from(cardSets).where(eq(cardSets.code, "base1"));
    expect(setRow?.aliases).toEqual(["base"]);
    expect(await db.$count(products, eq(products.slug, "charizard-base1-4"))).toBe(1);
    expect(await db.$count(languages)).toBeGreaterThan(0);
  });
});
