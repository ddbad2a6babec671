import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { cards, cardSets, categories, languages, products, productVariants } from "~/db/schema";
import {
  CATALOGUE_PAGE_SIZE,
  categoryPage,
  languagePage,
  memberPriceExamples,
  newestProducts,
  productBySlug,
  SEARCH_RANK_LIMIT,
  searchProducts,
  sitemapProducts,
  sitemapSections,
} from "~/modules/catalog/queries.server";
import { SITEMAP_PRODUCTS_PER_FILE } from "~/modules/catalog/sitemap";
import { loader as sitemapPartLoader } from "~/routes/sitemap-part";
import { loader as sitemapLoader } from "~/routes/sitemap-xml";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The catalogue's read side against a real database: listings show each product's headline offer
 * from its variants, the product page gets every variant and a single's card, search keeps its
 * behaviour. The shop here is this file's own (a language "Testish"), so counts and orders are
 * exact.
 */
let database: TestDatabase;
let categoryId: number;
let emptyCategoryId: number;
let bulkCategoryId: number;
let singlesCategoryId: number;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

interface VariantRow {
  price: number;
  premiumPrice?: number | null;
  stock: number;
  condition?: string | null;
  printing?: string | null;
  language?: string | null;
  grader?: string | null;
  grade?: string | null;
  limitPerCustomer?: number | null;
}

/** A product with its variants (one, all attributes null, for sealed product). */
async function insertProduct(
  db: Db,
  p: { name: string; slug: string; categoryId: number; variants: VariantRow[]; isVisible?: boolean; description?: string | null; createdAt?: Date; cardId?: number; limitPerCustomer?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      name: p.name,
      slug: p.slug,
      categoryId: p.categoryId,
      isVisible: p.isVisible ?? true,
      description: p.description ?? null,
      createdAt: p.createdAt ?? new Date(),
      kind: p.cardId === undefined ? "sealed" : "single",
      cardId: p.cardId ?? null,
      limitPerCustomer: p.limitPerCustomer ?? null,
    })
    .returning({ id: products.id });
  if (p.variants.length > 0) await db.insert(productVariants).values(p.variants.map((v) => ({ ...v, productId: row!.id })));
  return row!.id;
}

/** One sealed variant at £10 (member £9) with this stock. */
const sealed = (stock: number): VariantRow[] => [{ price: 1000, premiumPrice: 900, stock }];

/** Sealed products by name, so counts, orders and search ranks are exact. */
const FIXTURES = [
  { name: "Charizard", slug: "t-charizard", stock: 3, days: 5 },
  { name: "Charizard ex Premium Collection", slug: "t-charizard-premium", stock: 0, days: 4 },
  { name: "Charizardite Tin", slug: "t-charizardite-tin", stock: 9, days: 3 },
  { name: "Charmander Illustration Rare", slug: "t-charmander", stock: 12, days: 2 },
  { name: "Pokémon Center Zorbling Box", slug: "t-pokemon-center", stock: 1, days: 1 },
  { name: "Zorbling Secret Charizard", slug: "t-hidden", stock: 50, days: 0, hidden: true },
];

/** A single in several conditions, a slab grade and a printing; the cheapest copy is sold out. */
const CHARIZARD_VARIANTS: VariantRow[] = [
  { condition: "mp", printing: "holo", language: "en", price: 15000, premiumPrice: 14000, stock: 1 },
  { grader: "psa", grade: "9", price: 90000, stock: 0 },
  { condition: "nm", printing: "holo", language: "en", price: 30000, premiumPrice: 27000, stock: 0 },
  { condition: "dmg", printing: "holo", language: "en", price: 5000, stock: 0 },
  { grader: "psa", grade: "10", price: 500000, stock: 1, limitPerCustomer: 1 },
  { condition: "lp", printing: "holo", language: "en", price: 20000, premiumPrice: 18000, stock: 2 },
];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [language] = await db
    .insert(languages)
    .values({ code: "tt", name: "Testish", slug: "testish", flagUrl: "/flags/4x3/gb.svg", sortOrder: 99 })
    .returning({ id: languages.id });
  const [category, empty, bulk, singles] = await db
    .insert(categories)
    .values([
      { name: "Testish Things", slug: "testish-things", languageId: language!.id, sortOrder: 1 },
      { name: "Testish Nothing", slug: "testish-nothing", languageId: language!.id, sortOrder: 2 },
      { name: "Testish Bulk", slug: "testish-bulk", languageId: language!.id, sortOrder: 3 },
      { name: "Testish Singles", slug: "testish-singles", languageId: language!.id, sortOrder: 4 },
    ])
    .returning({ id: categories.id });
  categoryId = category!.id;
  emptyCategoryId = empty!.id;
  bulkCategoryId = bulk!.id;
  singlesCategoryId = singles!.id;
  for (const f of FIXTURES) {
    await insertProduct(db, {
      name: f.name,
      slug: f.slug,
      categoryId,
      variants: sealed(f.stock),
      isVisible: !f.hidden,
      description: f.slug === "t-charizard" ? null : `About ${f.name}`,
      createdAt: new Date(now - f.days * DAY),
    });
  }
  // More than a page of products, dated long ago, each with two variants.
  await db.execute(sql`
    WITH p AS (
      INSERT INTO products (name, slug, category_id, created_at)
      SELECT 'Bulk Widget ' || lpad(i::text, 3, '0'), 't-bulk-' || i, ${bulkCategoryId}, now() - interval '400 days' - i * interval '1 minute'
      FROM generate_series(1, ${CATALOGUE_PAGE_SIZE + 5}) AS i
      RETURNING id
    )
    INSERT INTO product_variants (product_id, condition, price, stock)
    SELECT id, c, 100, 1 FROM p CROSS JOIN (VALUES ('nm'), ('lp')) AS v(c)`);

  const [set] = await db
    .insert(cardSets)
    .values({ code: "base1", name: "Base Set", seriesName: "Base", officialCardCount: 102, totalCardCount: 102, tcgdexId: "base1" })
    .returning({ id: cardSets.id });
  const [charizard, blastoise] = await db
    .insert(cards)
    .values([
      { setId: set!.id, localNumber: "4", numberSort: "0004", name: "Charizard", rarity: "Rare Holo", artist: "Mitsuhiro Arita", tcgdexId: "base1-4" },
      { setId: set!.id, localNumber: "2", numberSort: "0002", name: "Blastoise", rarity: "Rare Holo", artist: null, tcgdexId: "base1-2" },
    ])
    .returning({ id: cards.id });
  await insertProduct(db, {
    name: "Charizard Holo 4/102 Base Set",
    slug: "t-charizard-base1-4",
    categoryId: singlesCategoryId,
    cardId: charizard!.id,
    limitPerCustomer: 2,
    variants: CHARIZARD_VARIANTS,
    createdAt: new Date(now - 10 * DAY),
  });
  await insertProduct(db, {
    name: "Blastoise Holo 2/102 Base Set",
    slug: "t-blastoise-base1-2",
    categoryId: singlesCategoryId,
    cardId: blastoise!.id,
    variants: [
      { condition: "nm", printing: "holo", language: "en", price: 8000, premiumPrice: 7000, stock: 0 },
      { condition: "lp", printing: "holo", language: "en", price: 6000, premiumPrice: 5500, stock: 0 },
    ],
    createdAt: new Date(now - 11 * DAY),
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe("headline offer on tiles", () => {
  it("shows the cheapest variant in stock, its member price, the stock of all variants and how many there are", async () => {
    const page = await categoryPage(database.db, "testish-singles");
    const charizard = page?.products.items.find((p) => p.slug === "t-charizard-base1-4");
    // The damaged copy (£50) is cheaper but sold out: the tile shows the MP copy at £150.
    expect(charizard).toEqual({
      id: expect.any(Number),
      slug: "t-charizard-base1-4",
      name: "Charizard Holo 4/102 Base Set",
      imageUrl: null,
      image: null,
      limitPerCustomer: 2,
      price: 15000,
      premiumPrice: 14000,
      stock: 4,
      variantCount: 6,
      priceVaries: true,
      // Not on pre-order (issue 16); the release date is what a pre-order label would read.
      preorder: false,
      releaseDate: null,
    });
  });

  it("shows the cheapest of all variants, and no stock, when none is in stock", async () => {
    const page = await categoryPage(database.db, "testish-singles");
    const blastoise = page?.products.items.find((p) => p.slug === "t-blastoise-base1-2");
    expect(blastoise).toMatchObject({ price: 6000, premiumPrice: 5500, stock: 0, variantCount: 2, priceVaries: true });
  });

  it("says the price does not vary when only one variant can be chosen, or all cost the same", async () => {
    const db = database.db;
    const id = await insertProduct(db, {
      name: "Varying Test",
      slug: "t-varying",
      categoryId: emptyCategoryId,
      variants: [
        { condition: "nm", price: 500, stock: 1 },
        { condition: "lp", price: 300, stock: 0 },
      ],
    });
    try {
      const tile = async () => (await categoryPage(db, "testish-nothing"))!.products.items[0]!;
      expect(await tile()).toMatchObject({ price: 500, stock: 1, variantCount: 2, priceVaries: false });
      await db.update(productVariants).set({ stock: 4 }).where(and(eq(productVariants.productId, id), eq(productVariants.condition, "lp")));
      expect(await tile()).toMatchObject({ price: 300, stock: 5, priceVaries: true });
      await db.update(productVariants).set({ price: 500 }).where(eq(productVariants.productId, id));
      expect(await tile()).toMatchObject({ price: 500, priceVaries: false });
      // Equal prices: the tie goes to the lower id, deterministically.
      expect((await tile()).variantCount).toBe(2);
    } finally {
      await db.delete(products).where(eq(products.id, id));
    }
  });

  it("leaves out a product without variants: it has nothing to sell", async () => {
    const db = database.db;
    const id = await insertProduct(db, { name: "Nothing Inside", slug: "t-nothing-inside", categoryId: emptyCategoryId, variants: [] });
    try {
      expect((await categoryPage(db, "testish-nothing"))!.products.items).toEqual([]);
      expect((await searchProducts(db, "nothing inside")).items).toEqual([]);
      expect((await newestProducts(db, 50)).map((p) => p.slug)).not.toContain("t-nothing-inside");
    } finally {
      await db.delete(products).where(eq(products.id, id));
    }
  });

  it("gives the home page's newest products with their offers", async () => {
    const newest = await newestProducts(database.db, 3);
    expect(newest.map((p) => p.slug)).toEqual(["t-pokemon-center", "t-charmander", "t-charizardite-tin"]);
    expect(newest[0]).toMatchObject({ price: 1000, premiumPrice: 900, stock: 1, variantCount: 1, priceVaries: false });
  });
});

describe("language page", () => {
  it("is null for an unknown slug", async () => {
    expect(await languagePage(database.db, "klingon")).toBeNull();
  });

  it("lists categories with visible-product counts and visible products newest first", async () => {
    const page = await languagePage(database.db, "testish");
    expect(page?.language.name).toBe("Testish");
    expect(page?.categories).toEqual([
      { id: categoryId, name: "Testish Things", slug: "testish-things", productCount: 5 },
      { id: emptyCategoryId, name: "Testish Nothing", slug: "testish-nothing", productCount: 0 },
      { id: bulkCategoryId, name: "Testish Bulk", slug: "testish-bulk", productCount: CATALOGUE_PAGE_SIZE + 5 },
      { id: singlesCategoryId, name: "Testish Singles", slug: "testish-singles", productCount: 2 },
    ]);
    expect(page?.productCount).toBe(5 + CATALOGUE_PAGE_SIZE + 5 + 2);
    expect(page?.products.items.slice(0, 7).map((p) => p.slug)).toEqual([
      "t-pokemon-center",
      "t-charmander",
      "t-charizardite-tin",
      "t-charizard-premium",
      "t-charizard",
      "t-charizard-base1-4",
      "t-blastoise-base1-2",
    ]);
    expect(page?.products.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(page?.products.hasNextPage).toBe(true);
    const second = await languagePage(database.db, "testish", 2);
    expect(second?.products.items).toHaveLength(12);
    expect(second?.products.items.at(-1)).toMatchObject({ slug: `t-bulk-${CATALOGUE_PAGE_SIZE + 5}`, price: 100, stock: 2, variantCount: 2 });
    expect(second?.products.hasNextPage).toBe(false);
  });

  it("counts only visible products", async () => {
    const [row] = await database.db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .where(and(eq(languages.slug, "testish"), eq(products.isVisible, true)));
    expect((await languagePage(database.db, "testish"))?.productCount).toBe(row!.n);
  });
});

describe("category page", () => {
  it("is null for an unknown slug", async () => {
    expect(await categoryPage(database.db, "nope")).toBeNull();
  });

  it("counts visible products and those in stock, and lists them by name", async () => {
    const page = await categoryPage(database.db, "testish-things");
    expect(page?.category.name).toBe("Testish Things");
    expect(page?.language).toEqual({ name: "Testish", slug: "testish" });
    expect(page?.productCount).toBe(5);
    expect(page?.inStockCount).toBe(4);
    expect(page?.products.items.map((p) => p.name)).toEqual([
      "Charizard",
      "Charizard ex Premium Collection",
      "Charizardite Tin",
      "Charmander Illustration Rare",
      "Pokémon Center Zorbling Box",
    ]);
  });

  it("counts a product as in stock when any variant is, however many are", async () => {
    const page = await categoryPage(database.db, "testish-singles");
    expect(page).toMatchObject({ productCount: 2, inStockCount: 1 });
    const bulk = await categoryPage(database.db, "testish-bulk");
    expect(bulk).toMatchObject({ productCount: CATALOGUE_PAGE_SIZE + 5, inStockCount: CATALOGUE_PAGE_SIZE + 5 });
  });

  it("shows an empty category with zero counts", async () => {
    const page = await categoryPage(database.db, "testish-nothing");
    expect(page).toMatchObject({ productCount: 0, inStockCount: 0, products: { items: [], hasNextPage: false } });
  });

  it("pages through a long category and treats a nonsense page as the first", async () => {
    const bulk = await categoryPage(database.db, "testish-bulk");
    expect(bulk?.products.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(bulk?.products.hasNextPage).toBe(true);
    const first = await categoryPage(database.db, "testish-bulk", Number.NaN);
    expect(first?.products.page).toBe(1);
    expect(first?.products.items[0]?.name).toBe("Bulk Widget 001");
    const second = await categoryPage(database.db, "testish-bulk", 2);
    expect(second?.products.items.map((p) => p.name)).toEqual(["Bulk Widget 049", "Bulk Widget 050", "Bulk Widget 051", "Bulk Widget 052", "Bulk Widget 053"]);
    const far = await categoryPage(database.db, "testish-bulk", 10_000);
    expect(far?.products.items).toEqual([]);
    expect(far?.productCount).toBe(bulk!.productCount);
  });
});

describe("product page", () => {
  it("returns a visible sealed product with its category, language and one variant", async () => {
    const product = await productBySlug(database.db, "t-charizard");
    expect(product).toMatchObject({
      name: "Charizard",
      description: null,
      kind: "sealed",
      card: null,
      category: { name: "Testish Things", slug: "testish-things" },
      language: { name: "Testish", slug: "testish", code: "tt" },
      variants: [{ price: 1000, premiumPrice: 900, stock: 3, condition: null, printing: null, language: null, grader: null, grade: null, limitPerCustomer: null }],
    });
  });

  it("returns a single with its card and set, and every variant in the order a customer compares them", async () => {
    const product = await productBySlug(database.db, "t-charizard-base1-4");
    expect(product).toMatchObject({
      kind: "single",
      limitPerCustomer: 2,
      card: { name: "Charizard", localNumber: "4", rarity: "Rare Holo", artist: "Mitsuhiro Arita", set: { code: "base1", name: "Base Set", officialCardCount: 102 } },
    });
    expect(product?.variants.map((v) => v.grader ?? v.condition)).toEqual(["nm", "lp", "mp", "dmg", "psa", "psa"]);
    expect(product?.variants.filter((v) => v.grader).map((v) => v.grade)).toEqual(["10", "9"]);
    expect(product?.variants.find((v) => v.grade === "10")).toMatchObject({ price: 500000, stock: 1, limitPerCustomer: 1 });
  });

  it("returns null for unknown and hidden products alike, whatever the slug", async () => {
    expect(await productBySlug(database.db, "t-hidden")).toBeNull();
    for (const slug of ["no-such-thing", "", "'; DROP TABLE products; --", "x".repeat(5000), "ピカチュウ"]) {
      expect(await productBySlug(database.db, slug)).toBeNull();
    }
  });
});

describe("member price examples", () => {
  it("takes each product's headline offer, biggest saving first, in stock and visible only", async () => {
    const examples = await memberPriceExamples(database.db, 50);
    // Charizard's headline is the MP copy (£150, members £140): its NM copy's bigger saving is sold out.
    expect(examples[0]).toEqual({ name: "Charizard Holo 4/102 Base Set", slug: "t-charizard-base1-4", price: 15000, premiumPrice: 14000 });
    // Then the sealed products with stock (£10, members £9), by name.
    expect(examples.slice(1).map((e) => e.slug)).toEqual(["t-charizard", "t-charizardite-tin", "t-charmander", "t-pokemon-center"]);
    // Not: Blastoise (nothing in stock), the sold-out box, the hidden one, products without member prices.
    for (const e of examples) expect(e.premiumPrice).toBeLessThan(e.price);
    expect(await memberPriceExamples(database.db, 2)).toHaveLength(2);
  });
});

describe("search", () => {
  const names = async (q: string, page = 1) => (await searchProducts(database.db, q, page)).items.map((p) => p.name);

  it("finds words by prefix: 'chari' finds Charizard", async () => {
    const found = await names("chari");
    expect(found).toEqual(expect.arrayContaining(["Charizard", "Charizard ex Premium Collection", "Charizardite Tin"]));
    expect(found).not.toContain("Charmander Illustration Rare");
  });

  it("gives each result its headline offer", async () => {
    const results = await searchProducts(database.db, "charizard holo base");
    expect(results.items[0]).toMatchObject({ slug: "t-charizard-base1-4", price: 15000, premiumPrice: 14000, stock: 4, variantCount: 6, priceVaries: true });
    const sealedOne = (await searchProducts(database.db, "charizardite")).items[0];
    expect(sealedOne).toMatchObject({ slug: "t-charizardite-tin", price: 1000, stock: 9, variantCount: 1, priceVaries: false });
  });

  it("ranks the best match first: whole words above prefixes, shorter names above longer", async () => {
    const found = (await names("charizard")).filter((n) => ["Charizard", "Charizard ex Premium Collection", "Charizardite Tin"].includes(n));
    expect(found).toEqual(["Charizard", "Charizard ex Premium Collection", "Charizardite Tin"]);
    const results = await searchProducts(database.db, "charizard");
    expect(results.order).toBe("ranked");
    expect(results.items[0]?.name).toBe("Charizard");
  });

  it("keeps web-search syntax: -exclusion, or, quoted phrases", async () => {
    const without = await names("zorbling or charizard -collection");
    expect(without).toContain("Charizard");
    expect(without).toContain("Pokémon Center Zorbling Box");
    expect(without).not.toContain("Charizard ex Premium Collection");
    const phrase = await names('"premium collection" charizard');
    expect(phrase).toContain("Charizard ex Premium Collection");
    expect(phrase).not.toContain("Charizard");
    expect(phrase).not.toContain("Charizardite Tin");
    expect(await names('"collection premium" charizard')).not.toContain("Charizard ex Premium Collection");
  });

  it("finds accented names without the accent", async () => {
    expect(await names("pokemon zorb")).toEqual(["Pokémon Center Zorbling Box"]);
    expect(await names("Pokémon zorbling")).toEqual(["Pokémon Center Zorbling Box"]);
  });

  it("never returns hidden products", async () => {
    expect(await names("zorbling secret")).toEqual([]);
    expect(await names("secret")).not.toContain("Zorbling Secret Charizard");
    for (const q of ["zorbling", "charizard", "t-hidden", "chari"]) {
      expect(await names(q)).not.toContain("Zorbling Secret Charizard");
    }
  });

  it("returns nothing, not an error, for blank or wordless queries", async () => {
    for (const q of ["", "   ", "&|!:*", "-", "or", '""', "!", "<->", ":*", "()", "'"]) {
      const result = await searchProducts(database.db, q);
      expect(result.items, q).toEqual([]);
    }
  });

  it("survives hostile input", async () => {
    const hostile = [
      "'; DROP TABLE products; --",
      "\" OR 1=1 --",
      "charizard' AND pg_sleep(5) --",
      "a:* & b | !c <-> (d",
      "!!!(((&&&|||",
      "\\x00\\",
      "pika\u0000chu",
      "\ud800lone surrogate",
      "x".repeat(10_000),
      "chari ".repeat(2_000),
      '"'.repeat(500),
      "-".repeat(300) + "charizard",
      "%_%",
      "$1 $2 ${}",
      "select * from users",
      "ピカチュウ",
      "🔥🔥🔥",
      "or or or -or",
      "charizard:*A",
      "<script>alert(1)</script>",
      // More than 32 negations in a row overflow websearch_to_tsquery's operator stack.
      "-! ".repeat(60) + "x",
      "-& -| ".repeat(40) + "charizard",
    ];
    for (const q of hostile) {
      const result = await searchProducts(database.db, q);
      expect(Array.isArray(result.items), q.slice(0, 40)).toBe(true);
      expect(result.query.length).toBeLessThanOrEqual(200);
    }
    expect(await database.db.$count(products)).toBeGreaterThan(0);
    // Stray operators around real words still find them.
    expect(await names("- ".repeat(40) + "charizard")).toContain("Charizard");
    expect(await names("!!charizard&&")).toContain("Charizard");
  });

  it("serves broad queries in name order and pages through them", async () => {
    await database.db.execute(sql`
      WITH p AS (
        INSERT INTO products (name, slug, category_id)
        SELECT 'Bulk Quuxite Energy ' || lpad(i::text, 4, '0'), 'bulk-quuxite-' || i, ${emptyCategoryId}
        FROM generate_series(1, ${SEARCH_RANK_LIMIT + 60}) AS i
        RETURNING id
      )
      INSERT INTO product_variants (product_id, price, stock) SELECT id, 10, 5 FROM p`);
    try {
      const first = await searchProducts(database.db, "quuxite");
      expect(first.order).toBe("name");
      expect(first.total).toBeNull();
      expect(first.items).toHaveLength(CATALOGUE_PAGE_SIZE);
      expect(first.hasNextPage).toBe(true);
      expect(first.items[0]).toMatchObject({ name: "Bulk Quuxite Energy 0001", price: 10, stock: 5, variantCount: 1 });
      const second = await searchProducts(database.db, "quux", 2);
      expect(second.items[0]?.name).toBe(`Bulk Quuxite Energy ${String(CATALOGUE_PAGE_SIZE + 1).padStart(4, "0")}`);
      const sorted = [...second.items.map((p) => p.name)].sort();
      expect(second.items.map((p) => p.name)).toEqual(sorted);

      // A narrower query over the same rows is ranked again, with an exact total.
      const narrow = await searchProducts(database.db, "quuxite 0007");
      expect(narrow.order).toBe("ranked");
      expect(narrow.items.map((p) => p.name)).toEqual(["Bulk Quuxite Energy 0007"]);
      expect(narrow.total).toBe(1);
    } finally {
      await database.db.delete(products).where(sql`${products.slug} LIKE 'bulk-quuxite-%'`);
    }
  });

  it("reports an exact total and pages of a ranked query", async () => {
    const all = await searchProducts(database.db, "widget");
    expect(all.order).toBe("ranked");
    expect(all.total).toBe(CATALOGUE_PAGE_SIZE + 5);
    expect(all.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(all.hasNextPage).toBe(true);
    const next = await searchProducts(database.db, "widget", 2);
    expect(next.items).toHaveLength(5);
    expect(next.hasNextPage).toBe(false);
    expect(new Set([...all.items, ...next.items].map((p) => p.id)).size).toBe(CATALOGUE_PAGE_SIZE + 5);
    const later = await searchProducts(database.db, "widget", 500);
    expect(later.items).toEqual([]);
    expect(later.total).toBe(all.total);
  });
});

describe("sitemap data", () => {
  it("lists every language and category, and only visible products", async () => {
    const sections = await sitemapSections(database.db);
    expect(sections.languages).toContain("testish");
    expect(sections.categories).toEqual(expect.arrayContaining(["testish-things", "testish-nothing"]));
    const rows = await sitemapProducts(database.db, 0, 10_000);
    const slugs = rows.map((r) => r.slug);
    expect(slugs).toContain("t-charizard");
    expect(slugs).toContain("t-charizard-base1-4");
    expect(slugs).not.toContain("t-hidden");
    const hidden = await database.db.select({ slug: products.slug }).from(products).where(eq(products.isVisible, false));
    for (const { slug } of hidden) expect(slugs).not.toContain(slug);
    expect(await sitemapProducts(database.db, 2, 3)).toEqual(rows.slice(2, 5));
  });
});

describe("sitemap routes", () => {
  const origin = "https://shop.test";
  const call = async (loader: (args: never) => Promise<Response>, url: string, params: Record<string, string> = {}) =>
    loader({ request: new Request(url), params, context: { db: database.db, env: { publicUrl: origin } } } as never);

  it("is one file for a small shop, with absolute URLs and no hidden products", async () => {
    const res = await call(sitemapLoader as never, `${origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain("<urlset");
    expect(xml).toContain(`<loc>${origin}/language/testish</loc>`);
    expect(xml).toContain(`<loc>${origin}/category/testish-nothing</loc>`);
    expect(xml).toContain(`<loc>${origin}/products/t-charizard</loc>`);
    expect(xml).not.toContain("t-hidden");
    const etag = res.headers.get("etag")!;
    const again = await sitemapLoader({
      request: new Request(`${origin}/sitemap.xml`, { headers: { "if-none-match": etag } }),
      params: {},
      context: { db: database.db, env: { publicUrl: origin } },
    } as never);
    expect(again.status).toBe(304);
  });

  it("becomes an index of files when the products do not fit one file", async () => {
    const extra = SITEMAP_PRODUCTS_PER_FILE + 10;
    // Sitemaps list products whatever their variants: these have none.
    await database.db.execute(sql`
      INSERT INTO products (name, slug, category_id)
      SELECT 'Sitemap Filler ' || i, 'sitemap-filler-' || i, ${emptyCategoryId} FROM generate_series(1, ${extra}) AS i`);
    try {
      const index = await (await call(sitemapLoader as never, `${origin}/sitemap.xml`)).text();
      expect(index).toContain("<sitemapindex");
      expect(index).toContain(`<loc>${origin}/sitemap/pages.xml</loc>`);
      expect(index).toContain(`<loc>${origin}/sitemap/products-2.xml</loc>`);
      expect(index).not.toContain("products-3.xml");

      const pages = await (await call(sitemapPartLoader as never, `${origin}/sitemap/pages.xml`, { file: "pages.xml" })).text();
      expect(pages).toContain(`<loc>${origin}/category/testish-things</loc>`);
      expect(pages).not.toContain("/products/");
      const first = await (await call(sitemapPartLoader as never, `${origin}/sitemap/products-1.xml`, { file: "products-1.xml" })).text();
      expect(first.match(/<url>/g)).toHaveLength(SITEMAP_PRODUCTS_PER_FILE);
      const second = await (await call(sitemapPartLoader as never, `${origin}/sitemap/products-2.xml`, { file: "products-2.xml" })).text();
      expect(second).not.toContain("t-hidden");
      for (const file of ["products-3.xml", "products-0.xml", "products-x.xml", "other.xml"]) {
        expect((await call(sitemapPartLoader as never, `${origin}/sitemap/${file}`, { file })).status, file).toBe(404);
      }
    } finally {
      await database.db.delete(products).where(sql`${products.slug} LIKE 'sitemap-filler-%'`);
    }
  });
});
