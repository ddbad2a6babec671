import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { categories, products, productVariants } from "~/db/schema";
import { listLanguages, newestProducts } from "~/modules/catalog/queries.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe("migrations and the demo catalogue", () => {
  it("applies migrations twice without error (every instance migrates at start)", async () => {
    await database.migrate();
    await database.migrate();
  });

  it("seeds an empty database once, and never again", async () => {
    const first = await seedDemoCatalogue(database.db);
    expect(first.seeded).toBe(true);
    expect(first.products).toBeGreaterThanOrEqual(80);
    const second = await seedDemoCatalogue(database.db);
    expect(second.seeded).toBe(false);
    expect(await database.db.$count(products)).toBe(first.products);
  });

  it("lists languages with local flag images", async () => {
    const rows = await listLanguages(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(["English", "Japanese", "Korean"]));
    for (const row of rows) expect(row.flagUrl).toMatch(/^\/flags\/4x3\/[a-z]{2}\.svg$/);
  });

  it("returns the 8 newest visible products, newest first", async () => {
    const newest = await newestProducts(database.db, 8);
    expect(newest).toHaveLength(8);
    const all = await database.db
      .select({ slug: products.slug, createdAt: products.createdAt, isVisible: products.isVisible })
      .from(products)
      .orderBy(sql`${products.createdAt} DESC`);
    const expected = all.filter((p) => p.isVisible).slice(0, 8).map((p) => p.slug);
    expect(newest.map((p) => p.slug)).toEqual(expected);
  });

  it("has at least 12 categories and some hidden, out-of-stock and limited products", async () => {
    expect(await database.db.$count(categories)).toBeGreaterThanOrEqual(12);
    expect(await database.db.$count(products, eq(products.isVisible, false))).toBeGreaterThan(0);
    expect(await database.db.$count(productVariants, eq(productVariants.stock, 0))).toBeGreaterThan(0);
    expect(await database.db.$count(products, sql`${products.limitPerCustomer} IS NOT NULL`)).toBeGreaterThan(0);
  });
});

describe("constraints the database enforces", () => {
  async function aCategoryId() {
    const [row] = await database.db.select({ id: categories.id }).from(categories).limit(1);
    return row!.id;
  }

  it("refuses negative stock", async () => {
    const [row] = await database.db.select({ id: productVariants.id }).from(productVariants).limit(1);
    await expect(database.db.update(productVariants).set({ stock: -1 }).where(eq(productVariants.id, row!.id))).rejects.toThrow();
  });

  it("refuses a duplicate product slug", async () => {
    const [row] = await database.db.select({ slug: products.slug }).from(products).limit(1);
    await expect(
      database.db.insert(products).values({ name: "Dup", slug: row!.slug, categoryId: await aCategoryId() }),
    ).rejects.toThrow();
  });

  it("refuses a premium price above the normal price and a zero limit", async () => {
    const categoryId = await aCategoryId();
    const [product] = await database.db.insert(products).values({ name: "X", slug: "x-variants", categoryId }).returning();
    await expect(database.db.insert(productVariants).values({ productId: product!.id, price: 100, premiumPrice: 200 })).rejects.toThrow();
    await expect(database.db.insert(productVariants).values({ productId: product!.id, price: 100, limitPerCustomer: 0 })).rejects.toThrow();
    await expect(
      database.db.insert(products).values({ name: "X", slug: "x-limit", limitPerCustomer: 0, categoryId }),
    ).rejects.toThrow();
  });

  it("refuses variants that are not a real condition, printing or grade, and a second variant with the same attributes", async () => {
    const categoryId = await aCategoryId();
    const [product] = await database.db.insert(products).values({ name: "Y", slug: "y-variants", categoryId }).returning();
    const productId = product!.id;
    for (const bad of [
      { condition: "mint" },
      { printing: "shiny" },
      { language: "English" },
      { grader: "psa" },
      { grader: "psa", grade: "11" },
      { grader: "psa", grade: "9.7" },
      { grader: "psa", grade: "10", condition: "nm" },
    ]) {
      await expect(database.db.insert(productVariants).values({ productId, price: 100, ...bad }), JSON.stringify(bad)).rejects.toThrow();
    }
    await database.db.insert(productVariants).values({ productId, price: 100, condition: "lp", printing: "holo", language: "en" });
    await database.db.insert(productVariants).values({ productId, price: 100, grader: "bgs", grade: "9.5" });
    await expect(database.db.insert(productVariants).values({ productId, price: 200, condition: "lp", printing: "holo", language: "en" })).rejects.toThrow();
    // Sealed: every attribute null, and still only one such variant (NULLS NOT DISTINCT).
    await database.db.insert(productVariants).values({ productId, price: 100 });
    await expect(database.db.insert(productVariants).values({ productId, price: 100 })).rejects.toThrow();
  });

  it("refuses a category of a language that does not exist", async () => {
    await expect(
      database.db.insert(categories).values({ name: "Ghost", slug: "ghost", languageId: 999_999 }),
    ).rejects.toThrow();
  });

  it("refuses an unknown wholesale application status", async () => {
    await expect(
      database.db.execute(sql`INSERT INTO wholesale_applications (email, contact_name, platform_username, contact_number, billing_address, company_type, status)
        VALUES ('a@b.c', 'A', 'a', '1', 'addr', 'sole_trader', 'maybe')`),
    ).rejects.toThrow();
  });

  it("finds products through the full-text index expression", async () => {
    const rows = await database.db
      .select({ name: products.name })
      .from(products)
      .where(sql`to_tsvector('english', ${products.name}) @@ websearch_to_tsquery('english', 'booster')`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /booster/i.test(r.name))).toBe(true);
  });
});
