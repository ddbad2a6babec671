import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, languages, products } from "~/db/schema";
import { seedDemoCatalogue } from "~/demo/seed.server";
import {
  CATALOGUE_PAGE_SIZE,
  categoryPage,
  languagePage,
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

let database: TestDatabase;
let categoryId: number;
let emptyCategoryId: number;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

/** A small language of our own, so counts and orders are exact regardless of the demo data. */
const FIXTURES = [
  { name: "Charizard", slug: "t-charizard", stock: 3, days: 5 },
  { name: "Charizard ex Premium Collection", slug: "t-charizard-premium", stock: 0, days: 4 },
  { name: "Charizardite Tin", slug: "t-charizardite-tin", stock: 9, days: 3 },
  { name: "Charmander Illustration Rare", slug: "t-charmander", stock: 12, days: 2 },
  { name: "Pokémon Center Zorbling Box", slug: "t-pokemon-center", stock: 1, days: 1 },
  { name: "Zorbling Secret Charizard", slug: "t-hidden", stock: 50, days: 0, hidden: true },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db);
  const [language] = await database.db
    .insert(languages)
    .values({ code: "tt", name: "Testish", slug: "testish", flagUrl: "/flags/4x3/gb.svg", sortOrder: 99 })
    .returning({ id: languages.id });
  const [category, empty] = await database.db
    .insert(categories)
    .values([
      { name: "Testish Things", slug: "testish-things", languageId: language!.id, sortOrder: 1 },
      { name: "Testish Nothing", slug: "testish-nothing", languageId: language!.id, sortOrder: 2 },
    ])
    .returning({ id: categories.id });
  categoryId = category!.id;
  emptyCategoryId = empty!.id;
  await database.db.insert(products).values(
    FIXTURES.map((f) => ({
      name: f.name,
      slug: f.slug,
      price: 1000,
      premiumPrice: 900,
      stock: f.stock,
      isVisible: !f.hidden,
      categoryId,
      description: f.slug === "t-charizard" ? null : `About ${f.name}`,
      createdAt: new Date(now - f.days * DAY),
    })),
  );
});

afterAll(async () => {
  await database?.destroy();
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
    ]);
    expect(page?.productCount).toBe(5);
    expect(page?.products.items.map((p) => p.slug)).toEqual([
      "t-pokemon-center",
      "t-charmander",
      "t-charizardite-tin",
      "t-charizard-premium",
      "t-charizard",
    ]);
    expect(page?.products.hasNextPage).toBe(false);
  });

  it("counts only visible products for the demo languages too", async () => {
    const english = await languagePage(database.db, "english");
    const [row] = await database.db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .where(and(eq(languages.slug, "english"), eq(products.isVisible, true)));
    expect(english?.productCount).toBe(row!.n);
    expect(english?.products.items).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(english?.products.hasNextPage).toBe(row!.n > CATALOGUE_PAGE_SIZE);
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

  it("shows an empty category with zero counts", async () => {
    const page = await categoryPage(database.db, "testish-nothing");
    expect(page).toMatchObject({ productCount: 0, inStockCount: 0, products: { items: [], hasNextPage: false } });
  });

  it("pages through a long category and treats a nonsense page as the first", async () => {
    const singles = await categoryPage(database.db, "english-singles");
    expect(singles).not.toBeNull();
    const first = await categoryPage(database.db, "english-singles", Number.NaN);
    expect(first?.products.page).toBe(1);
    const far = await categoryPage(database.db, "english-singles", 10_000);
    expect(far?.products.items).toEqual([]);
    expect(far?.productCount).toBe(singles!.productCount);
  });
});

describe("product page", () => {
  it("returns a visible product with its category and language", async () => {
    const product = await productBySlug(database.db, "t-charizard");
    expect(product).toMatchObject({
      name: "Charizard",
      description: null,
      stock: 3,
      category: { name: "Testish Things", slug: "testish-things" },
      language: { name: "Testish", slug: "testish", code: "tt" },
    });
  });

  it("returns null for unknown and hidden products alike", async () => {
    expect(await productBySlug(database.db, "t-hidden")).toBeNull();
    expect(await productBySlug(database.db, "no-such-thing")).toBeNull();
  });
});

describe("search", () => {
  const names = async (q: string, page = 1) => (await searchProducts(database.db, q, page)).items.map((p) => p.name);

  it("finds words by prefix: 'chari' finds Charizard", async () => {
    const found = await names("chari");
    expect(found).toEqual(expect.arrayContaining(["Charizard", "Charizard ex Premium Collection", "Charizardite Tin"]));
    expect(found).not.toContain("Charmander Illustration Rare");
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
      INSERT INTO products (name, slug, price, stock, category_id)
      SELECT 'Bulk Quuxite Energy ' || lpad(i::text, 4, '0'), 'bulk-quuxite-' || i, 10, 5, ${emptyCategoryId}
      FROM generate_series(1, ${SEARCH_RANK_LIMIT + 60}) AS i`);
    try {
      const first = await searchProducts(database.db, "quuxite");
      expect(first.order).toBe("name");
      expect(first.total).toBeNull();
      expect(first.items).toHaveLength(CATALOGUE_PAGE_SIZE);
      expect(first.hasNextPage).toBe(true);
      expect(first.items[0]?.name).toBe("Bulk Quuxite Energy 0001");
      const second = await searchProducts(database.db, "quux", 2);
      expect(second.items[0]?.name).toBe(`Bulk Quuxite Energy ${String(CATALOGUE_PAGE_SIZE + 1).padStart(4, "0")}`);
      const sorted = [...second.items.map((p) => p.name)].sort();
      expect(second.items.map((p) => p.name)).toEqual(sorted);

      // A narrower query over the same rows is ranked again, with an exact total.
      const narrow = await searchProducts(database.db, "quuxite 0007");
      expect(narrow.order).toBe("ranked");
      expect(narrow.items.map((p) => p.name)).toEqual(["Bulk Quuxite Energy 0007"]);
    } finally {
      await database.db.delete(products).where(sql`${products.slug} LIKE 'bulk-quuxite-%'`);
    }
  });

  it("reports an exact total and pages of a ranked query", async () => {
    const all = await searchProducts(database.db, "booster");
    expect(all.order).toBe("ranked");
    expect(all.total).toBeGreaterThan(0);
    const later = await searchProducts(database.db, "booster", 500);
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
    await database.db.execute(sql`
      INSERT INTO products (name, slug, price, stock, category_id)
      SELECT 'Sitemap Filler ' || i, 'sitemap-filler-' || i, 10, 1, ${emptyCategoryId} FROM generate_series(1, ${extra}) AS i`);
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
