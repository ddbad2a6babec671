import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { auditLog, cards, cardSets, categories, languages, products, productVariants, profiles, sessions, stockMovements, users } from "~/db/schema";
import { numberSortKey } from "~/modules/cards/tcgdex";
import { LIST_MESSAGES, type ListRow, type ListSingleInput } from "~/modules/catalog/singles";
import { getSingleListing, listedNotice, listRecentSingles, listSingle, searchCards } from "~/modules/catalog/singles.server";
import * as singlesList from "~/routes/admin-singles";
import * as singlesNew from "~/routes/admin-singles-new";
import { settle, testContext } from "../support/accounts";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { makeClient } from "../support/shop-world";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * Listing singles from the admin (issue 13): listSingle and searchCards against PostgreSQL, with
 * the card data arranged here (two sets, a handful of cards), and the two routes as React Router
 * calls them (who may, what a refusal answers).
 */
let database: TestDatabase;
let db: Db;

const ids = { en: 0, ja: 0, englishSingles: 0, japaneseBoxes: 0, base1: 0, sv035: 0 };
const card: Record<string, number> = {};

async function addCard(setId: number, setCode: string, localNumber: string, name: string, printings: string[] | null, rarity = "Rare Holo") {
  const [row] = await db
    .insert(cards)
    .values({ setId, localNumber, numberSort: numberSortKey(localNumber), name, rarity, category: "Pokémon", printings, tcgdexId: `${setCode}-${localNumber}` })
    .returning({ id: cards.id });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [en] = await db.insert(languages).values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/4x3/gb.svg", sortOrder: 1 }).returning();
  const [ja] = await db.insert(languages).values({ code: "ja", name: "Japanese", slug: "japanese", flagUrl: "/flags/4x3/jp.svg", sortOrder: 2 }).returning();
  ids.en = en!.id;
  ids.ja = ja!.id;
  await db.insert(categories).values({ name: "English Booster Boxes", slug: "english-booster-boxes", languageId: en!.id, sortOrder: 1 });
  const [singlesCategory] = await db.insert(categories).values({ name: "English Singles", slug: "english-singles", languageId: en!.id, sortOrder: 8 }).returning();
  await db.insert(categories).values({ name: "English Graded Slabs", slug: "english-graded-slabs", languageId: en!.id, sortOrder: 9 });
  const [jaBoxes] = await db.insert(categories).values({ name: "Japanese Booster Boxes", slug: "japanese-booster-boxes", languageId: ja!.id, sortOrder: 1 }).returning();
  ids.englishSingles = singlesCategory!.id;
  ids.japaneseBoxes = jaBoxes!.id;

  const [base1] = await db
    .insert(cardSets)
    .values({ code: "base1", name: "Base Set", seriesName: "Base", releaseDate: "1999-01-09", officialCardCount: 102, totalCardCount: 102, tcgdexId: "base1" })
    .returning();
  const [sv035] = await db
    .insert(cardSets)
    .values({ code: "sv03.5", name: "151", seriesName: "Scarlet & Violet", releaseDate: "2023-09-22", officialCardCount: 165, totalCardCount: 207, aliases: ["sv3pt5", "mew"], tcgdexId: "sv03.5" })
    .returning();
  ids.base1 = base1!.id;
  ids.sv035 = sv035!.id;
  card.alakazam = await addCard(base1!.id, "base1", "1", "Alakazam", ["holo"]);
  card.charizard = await addCard(base1!.id, "base1", "4", "Charizard", ["holo"]);
  card.pikachu = await addCard(base1!.id, "base1", "58", "Pikachu", ["normal"], "Common");
  card.machamp = await addCard(base1!.id, "base1", "8", "Machamp", null);
  card.bulbasaur = await addCard(sv035!.id, "sv03.5", "001", "Bulbasaur", ["normal", "reverse_holo"], "Common");
  card.charmander = await addCard(sv035!.id, "sv03.5", "004", "Charmander", ["normal", "reverse_holo"], "Common");
  card.mew = await addCard(sv035!.id, "sv03.5", "151", "Mew ex", ["holo"], "Double rare");
  card.mewtwo = await addCard(sv035!.id, "sv03.5", "150", "Mewtwo", ["holo", "reverse_holo"]);
  card.clash = await addCard(sv035!.id, "sv03.5", "199", "Charizard ex", ["holo"], "Special illustration rare");
  card.race = await addCard(sv035!.id, "sv03.5", "006", "Charizard ex", ["holo"], "Double rare");
  card.lonely = await addCard(sv035!.id, "sv03.5", "025", "Pikachu", ["normal", "reverse_holo"], "Common");
  card.japanese = await addCard(sv035!.id, "sv03.5", "052", "Jigglypuff", ["normal"], "Common");
});
afterAll(async () => {
  await database?.destroy();
});

/** A verified user with a live session, stored the way the accounts module stores them. */
async function userWithSession(role: "customer" | "admin") {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, passwordHash: "not-used", role, emailVerifiedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: `Test ${role}`, email });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user!.id, expiresAt: new Date(Date.now() + 60 * 60_000) });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

const raw = (condition: "nm" | "lp" | "mp" | "hp" | "dmg", printing: "normal" | "holo" | "reverse_holo" | "first_edition", quantity: number, price: number, memberPrice: number | null = null): ListRow => ({
  key: `${condition}.${printing}`,
  kind: "raw",
  condition,
  printing,
  quantity,
  price,
  memberPrice,
});

const input = (cardId: number, rows: ListRow[], extra: Partial<ListSingleInput> = {}): ListSingleInput => ({ cardId, language: "en", categoryId: null, rows, ...extra });

async function productOf(cardId: number) {
  return db.select().from(products).where(eq(products.cardId, cardId));
}
async function variantsOf(productId: number) {
  return db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(productVariants.id);
}
/** Each variant's stock next to the sum of its ledger rows: they must agree. */
async function ledgerOf(productId: number) {
  const rows = await db
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      // Spelled out: drizzle leaves columns unqualified in a one-table select, which would bind "id" to the ledger's own.
      ledger: sql<number>`(SELECT coalesce(sum(m.delta), 0) FROM stock_movements m WHERE m.variant_id = product_variants.id)::int`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return rows;
}

async function tableCounts() {
  const [row] = await db
    .select({
      products: sql<number>`(SELECT count(*) FROM products)::int`,
      variants: sql<number>`(SELECT count(*) FROM product_variants)::int`,
      stock: sql<number>`(SELECT coalesce(sum(stock), 0) FROM product_variants)::int`,
      audit: sql<number>`(SELECT count(*) FROM audit_log)::int`,
      movements: sql<number>`(SELECT count(*) FROM stock_movements)::int`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row!;
}

let admin: { id: string; cookie: string };
let customer: { id: string; cookie: string };
beforeAll(async () => {
  admin = await userWithSession("admin");
  customer = await userWithSession("customer");
});

describe("listSingle", () => {
  it("creates the card's product in the language's Singles category and a variant per row, and logs it", async () => {
    const result = await listSingle(db, admin, input(card.charizard!, [raw("nm", "holo", 2, 35000, 33000), raw("lp", "holo", 1, 29750), raw("mp", "holo", 1, 24500)]));
    expect(result).toMatchObject({ ok: true, productCreated: true, name: "Charizard 4/102 · Base Set", slug: "charizard-base1-4" });
    const [product] = await productOf(card.charizard!);
    expect(product).toMatchObject({ kind: "single", name: "Charizard 4/102 · Base Set", slug: "charizard-base1-4", categoryId: ids.englishSingles, isVisible: true });
    const variants = await variantsOf(product!.id);
    expect(variants.map((v) => [v.condition, v.printing, v.language, v.grader, v.grade, v.stock, v.price, v.premiumPrice])).toEqual([
      ["nm", "holo", "en", null, null, 2, 35000, 33000],
      ["lp", "holo", "en", null, null, 1, 29750, null],
      ["mp", "holo", "en", null, null, 1, 24500, null],
    ]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(product!.id))));
    expect(entry).toMatchObject({ actorUserId: admin.id, action: "single.listed" });
    expect(entry!.details).toMatchObject({ cardId: card.charizard, productCreated: true, language: "en" });
    expect((entry!.details as { variants: unknown[] }).variants).toHaveLength(3);
    // Each variant's stock has its opening row in the ledger, by this admin, for this listing.
    const moves = await db.select().from(stockMovements).where(sql`${stockMovements.variantId} IN (SELECT id FROM product_variants WHERE product_id = ${product!.id})`);
    expect(moves.map((m) => [m.delta, m.stockAfter, m.reason, m.actorId]).sort()).toEqual([
      [1, 1, "listing", admin.id],
      [1, 1, "listing", admin.id],
      [2, 2, "listing", admin.id],
    ]);
  });

  it("re-listing adds to the stock of the same variants, updates their prices and adds new ones without duplicating", async () => {
    const [product] = await productOf(card.charizard!);
    const before = await variantsOf(product!.id);
    const result = await listSingle(db, admin, input(card.charizard!, [raw("lp", "holo", 3, 27500, 26000), raw("hp", "holo", 1, 15000)]));
    expect(result).toMatchObject({ ok: true, productCreated: false, productId: product!.id });
    const after = await variantsOf(product!.id);
    expect(after).toHaveLength(4);
    const lp = after.find((v) => v.condition === "lp")!;
    expect(lp.id).toBe(before.find((v) => v.condition === "lp")!.id);
    expect([lp.stock, lp.price, lp.premiumPrice]).toEqual([4, 27500, 26000]);
    expect(after.find((v) => v.condition === "nm")!.stock).toBe(2);
    expect(after.find((v) => v.condition === "hp")).toMatchObject({ stock: 1, price: 15000 });
    expect(await productOf(card.charizard!)).toHaveLength(1);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, String(product!.id))).orderBy(auditLog.id);
    const last = entries.at(-1)!.details as { productCreated: boolean; variants: Array<Record<string, unknown>> };
    expect(last.productCreated).toBe(false);
    expect(last.variants.find((v) => v.variantId === lp.id)).toMatchObject({ created: false, quantityAdded: 3, stockBefore: 1, stockAfter: 4, priceBefore: 29750, price: 27500 });
    for (const v of await ledgerOf(product!.id)) expect(v.ledger, `variant ${v.id}`).toBe(v.stock);
    const [lpMove] = await db.select().from(stockMovements).where(eq(stockMovements.variantId, lp.id)).orderBy(sql`${stockMovements.id} DESC`).limit(1);
    expect(lpMove).toMatchObject({ delta: 3, stockAfter: 4, reason: "listing", actorId: admin.id });
  });

  it("quantity 0 sets the price without adding stock; a graded slab is its own variant, in the chosen language", async () => {
    const [product] = await productOf(card.charizard!);
    const result = await listSingle(db, admin, {
      ...input(card.charizard!, [raw("nm", "holo", 0, 36000)]),
      rows: [raw("nm", "holo", 0, 36000), { key: "g0", kind: "graded", grader: "psa", grade: "9", quantity: 1, price: 120000, memberPrice: 115000 }],
    });
    expect(result.ok).toBe(true);
    const variants = await variantsOf(product!.id);
    expect(variants.find((v) => v.condition === "nm")).toMatchObject({ stock: 2, price: 36000, premiumPrice: null });
    expect(variants.find((v) => v.grader === "psa")).toMatchObject({ grade: "9", condition: null, printing: null, language: "en", stock: 1, price: 120000 });
  });

  it("refuses a printing the card was not printed in, a member price above the price and a negative quantity, writing nothing", async () => {
    const before = await tableCounts();
    const printing = await listSingle(db, admin, input(card.alakazam!, [raw("nm", "holo", 1, 5000), raw("nm", "reverse_holo", 1, 4000)]));
    expect(printing).toMatchObject({ ok: false, status: 400, message: LIST_MESSAGES.rowsNeedAttention(1) });
    expect(!printing.ok && printing.rowErrors["nm.reverse_holo"]?.message).toBe("This card was not printed like this (it exists as Holo).");
    expect(!printing.ok && printing.rowErrors["nm.holo"]).toBeUndefined();

    const member = await listSingle(db, admin, input(card.alakazam!, [raw("nm", "holo", 1, 5000, 5001)]));
    expect(member).toMatchObject({ ok: false, status: 400, rowErrors: { "nm.holo": { field: "member", message: LIST_MESSAGES.memberAbovePrice } } });

    const negative = await listSingle(db, admin, input(card.alakazam!, [raw("lp", "holo", -1, 5000)]));
    expect(negative).toMatchObject({ ok: false, status: 400, rowErrors: { "lp.holo": { field: "qty", message: LIST_MESSAGES.quantity } } });

    const tooMany = await listSingle(db, admin, input(card.alakazam!, [raw("lp", "holo", 10_000, 5000)]));
    expect(tooMany).toMatchObject({ ok: false, rowErrors: { "lp.holo": { field: "qty" } } });

    const none = await listSingle(db, admin, input(card.alakazam!, []));
    expect(none).toMatchObject({ ok: false, status: 400, message: LIST_MESSAGES.nothingTicked });

    const missing = await listSingle(db, admin, input(2_000_000_000, [raw("nm", "holo", 1, 100)]));
    expect(missing).toMatchObject({ ok: false, status: 404, message: LIST_MESSAGES.cardMissing });

    expect(await tableCounts()).toEqual(before);
    expect(await productOf(card.alakazam!)).toHaveLength(0);
  });

  it("a card whose printings are unknown takes any printing", async () => {
    const result = await listSingle(db, admin, input(card.machamp!, [raw("nm", "first_edition", 1, 9000), raw("nm", "normal", 2, 1500)]));
    expect(result).toMatchObject({ ok: true, name: "Machamp 8/102 · Base Set" });
  });

  it("without a Singles category for the language it asks for one; a chosen category is used", async () => {
    const before = await tableCounts();
    const refused = await listSingle(db, admin, input(card.japanese!, [raw("nm", "normal", 1, 300)], { language: "ja" }));
    expect(refused).toMatchObject({ ok: false, status: 400, field: "category", message: LIST_MESSAGES.noSinglesCategory("ja") });
    const unknown = await listSingle(db, admin, input(card.japanese!, [raw("nm", "normal", 1, 300)], { categoryId: 2_000_000_000 }));
    expect(unknown).toMatchObject({ ok: false, status: 400, field: "category" });
    expect(await tableCounts()).toEqual(before);

    const chosen = await listSingle(db, admin, input(card.japanese!, [raw("nm", "normal", 1, 300)], { language: "ja", categoryId: ids.japaneseBoxes }));
    expect(chosen.ok).toBe(true);
    const [product] = await productOf(card.japanese!);
    expect(product!.categoryId).toBe(ids.japaneseBoxes);
    expect((await variantsOf(product!.id))[0]).toMatchObject({ language: "ja" });
  });

  it("never defaults to a hidden Singles category", async () => {
    await db.update(categories).set({ isVisible: false }).where(eq(categories.id, ids.englishSingles));
    try {
      const refused = await listSingle(db, admin, input(card.lonely!, [raw("nm", "normal", 1, 100)]));
      expect(refused).toMatchObject({ ok: false, field: "category", message: LIST_MESSAGES.noSinglesCategory("en") });
    } finally {
      await db.update(categories).set({ isVisible: true }).where(eq(categories.id, ids.englishSingles));
    }
  });

  it("gives the slug a suffix when another product has it", async () => {
    const [category] = await db.select().from(categories).where(eq(categories.id, ids.englishSingles));
    await db.insert(products).values({ name: "Pikachu promo bundle", slug: "pikachu-base1-58", categoryId: category!.id });
    await db.insert(products).values({ name: "Pikachu promo bundle 2", slug: "pikachu-base1-58-2", categoryId: category!.id });
    const result = await listSingle(db, admin, input(card.pikachu!, [raw("nm", "normal", 1, 250)]));
    expect(result).toMatchObject({ ok: true, slug: "pikachu-base1-58-3" });
  });

  it("two admins listing the same card at once: one product, every copy counted", async () => {
    const second = await userWithSession("admin");
    const rows = [raw("nm", "normal", 1, 120), raw("lp", "reverse_holo", 2, 100)];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => listSingle(db, i % 2 === 0 ? admin : second, input(card.bulbasaur!, i % 2 === 0 ? rows : [...rows].reverse()))),
    );
    expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
    const listed = await productOf(card.bulbasaur!);
    expect(listed).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.productCreated)).toHaveLength(1);
    const variants = await variantsOf(listed[0]!.id);
    expect(variants.map((v) => [v.condition, v.printing, v.stock])).toEqual([
      ["nm", "normal", 8],
      ["lp", "reverse_holo", 16],
    ]);
    // The audit log agrees with the stock: what was added adds up.
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, String(listed[0]!.id)));
    const added = entries.flatMap((e) => (e.details as { variants: Array<{ quantityAdded: number }> }).variants).reduce((sum, v) => sum + v.quantityAdded, 0);
    expect(added).toBe(24);
    // And so does the stock ledger, variant by variant.
    for (const v of await ledgerOf(listed[0]!.id)) expect(v.ledger, `variant ${v.id}`).toBe(v.stock);
  });

  it("refuses stock that would pass the ceiling, and keeps what was there", async () => {
    const [product] = await productOf(card.bulbasaur!);
    // Arranged past the ledger on purpose (this test is about the ceiling, not the ledger).
    await db.update(productVariants).set({ stock: 999_000 }).where(and(eq(productVariants.productId, product!.id), eq(productVariants.condition, "nm")));
    const result = await listSingle(db, admin, input(card.bulbasaur!, [raw("nm", "normal", 1000, 120), raw("mp", "normal", 1, 80)]));
    expect(result).toMatchObject({ ok: false, rowErrors: { "nm.normal": { field: "qty", message: LIST_MESSAGES.stockTooHigh } } });
    const variants = await variantsOf(product!.id);
    expect(variants.find((v) => v.condition === "nm")!.stock).toBe(999_000);
    expect(variants.find((v) => v.condition === "mp")).toBeUndefined();
  });
});

describe("searchCards", () => {
  const titles = async (q: string) => (await searchCards(db, q)).map((c) => c.title);

  it("finds by name prefix, number, number/count, set code, alias and set name", async () => {
    expect(await titles("alaka")).toEqual(["Alakazam 1/102 · Base Set"]);
    expect((await titles("charizard"))[0]).toMatch(/^Charizard ex/); // newest set first
    expect(await titles("charizard 4/102")).toEqual(["Charizard 4/102 · Base Set"]);
    expect(await titles("4/102")).toEqual(["Charizard 4/102 · Base Set"]);
    expect(await titles("base1 4")).toEqual(["Charizard 4/102 · Base Set"]);
    expect(await titles("sv03.5 199")).toEqual(["Charizard ex 199/165 · 151"]);
    expect(await titles("sv3pt5 6")).toEqual(["Charizard ex 006/165 · 151"]);
    expect(await titles("charmander 4")).toEqual(["Charmander 004/165 · 151"]);
    expect((await titles("151 mew"))[0]).toBe("Mew ex 151/165 · 151");
    expect(await titles("pikachu base")).toEqual(["Pikachu 58/102 · Base Set"]);
    expect(await titles("zzzz")).toEqual([]);
    expect(await titles("   ")).toEqual([]);
  });

  it("says whether a card is listed, with its stock", async () => {
    const [hit] = await searchCards(db, "charizard 4/102");
    const [product] = await productOf(card.charizard!);
    expect(hit!.listed).toMatchObject({ productId: product!.id, slug: "charizard-base1-4" });
    expect(hit!.listed!.stock).toBeGreaterThan(0);
    expect((await searchCards(db, "alakazam"))[0]!.listed).toBeNull();
  });

  it("takes any text without an error", async () => {
    for (const q of ["'", "a:*", "!!", "(", "4/", "/102", "é", "🃏", "x".repeat(500), "a & b | c", "\\", "%_", "1/99999999"]) {
      await expect(searchCards(db, q)).resolves.toBeInstanceOf(Array);
    }
  });
});

describe("the listing pages", () => {
  it("getSingleListing gives the card, its variants and the Singles category of each language", async () => {
    const listing = await getSingleListing(db, card.charizard!);
    expect(listing!.card.title).toBe("Charizard 4/102 · Base Set");
    expect(listing!.printings).toEqual(["holo"]);
    expect(listing!.product).toMatchObject({ slug: "charizard-base1-4", categoryName: "English Singles" });
    expect(listing!.variants.map((v) => v.label)).toEqual([
      "Near Mint · Holo · English",
      "Lightly Played · Holo · English",
      "Moderately Played · Holo · English",
      "Heavily Played · Holo · English",
      "PSA 9 · English",
    ]);
    expect(listing!.singlesCategoryByLanguage).toEqual({ en: ids.englishSingles });
    expect((await getSingleListing(db, card.machamp!))!.printings).toEqual(["normal", "holo", "reverse_holo", "first_edition"]);
    const suggested = await getSingleListing(db, card.alakazam!, { suggestPrices: async () => ({ "nm.holo": 4999 }) });
    expect(suggested!.suggestions).toEqual({ "nm.holo": 4999 });
    expect(await getSingleListing(db, 2_000_000_000)).toBeNull();
  });

  it("listRecentSingles and listedNotice show the singles with their stock", async () => {
    const recent = await listRecentSingles(db);
    expect(recent.total).toBeGreaterThanOrEqual(4);
    expect(recent.singles[0]!.variants.length).toBeGreaterThan(0);
    const [product] = await productOf(card.charizard!);
    expect((await listedNotice(db, product!.id))!.variants).toHaveLength(5);
    expect(await listedNotice(db, 2_000_000_000)).toBeNull();
  });
});

// --- the routes, called as React Router would --------------------------------------------------

const context = () => testContext(db);
const get = (path: string, cookie?: string) => new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (fields: Record<string, string>, cookie?: string, path = "/admin/singles/new") =>
  new Request(`https://shop.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://shop.test", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
type Args = Parameters<typeof singlesNew.loader>[0];
const call = (fn: (args: Args) => Promise<unknown>, request: Request) => settle(() => fn({ request, context: context(), params: {} } as unknown as Args));

describe("/admin/singles and /admin/singles/new", () => {
  const goodForm = () => ({ cardId: String(card.mewtwo), language: "en", "nm.holo.on": "on", "nm.holo.qty": "1", "nm.holo.price": "4.99" });

  it("refuse guests (401) and customers (403) on every loader and action, writing nothing", async () => {
    const before = await tableCounts();
    for (const [who, cookie, status] of [
      ["guest", undefined, 401],
      ["customer", customer.cookie, 403],
    ] as const) {
      expect((await call(singlesList.loader as never, get("/admin/singles", cookie))).status, who).toBe(status);
      expect((await call(singlesNew.loader as never, get("/admin/singles/new?q=charizard", cookie))).status, who).toBe(status);
      expect((await call(singlesNew.action as never, post(goodForm(), cookie))).status, who).toBe(status);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await productOf(card.mewtwo!)).toHaveLength(0);
  });

  it("an admin searches, picks, lists and is sent back to the search with the card named", async () => {
    const search = await call(singlesNew.loader as never, get("/admin/singles/new?q=mewtwo", admin.cookie));
    expect(search.status).toBe(200);
    expect((search.body as { results: Array<{ id: number }> }).results.map((r) => r.id)).toEqual([card.mewtwo]);

    const picked = await call(singlesNew.loader as never, get(`/admin/singles/new?q=mewtwo&card=${card.mewtwo}`, admin.cookie));
    expect((picked.body as { listing: { printings: string[] } }).listing.printings).toEqual(["holo", "reverse_holo"]);

    const listed = await call(singlesNew.action as never, post(goodForm(), admin.cookie));
    const [product] = await productOf(card.mewtwo!);
    expect(listed.status).toBe(302);
    expect(listed.headers.get("Location")).toBe(`/admin/singles/new?listed=${product!.id}`);
    const notice = await call(singlesNew.loader as never, get(`/admin/singles/new?listed=${product!.id}`, admin.cookie));
    expect((notice.body as { listed: { name: string } }).listed.name).toBe("Mewtwo 150/165 · 151");

    const list = await call(singlesList.loader as never, get("/admin/singles", admin.cookie));
    expect((list.body as { singles: Array<{ productId: number }> }).singles.map((s) => s.productId)).toContain(product!.id);
  });

  it("answers a refused form with 400, the row's message and what was typed; an unknown card with 404", async () => {
    const before = await tableCounts();
    const refused = await call(singlesNew.action as never, post({ ...goodForm(), "nm.holo.price": "4.999", "lp.holo.on": "on", "lp.holo.qty": "1", "lp.holo.price": "3", "lp.holo.member": "4" }, admin.cookie));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      rowErrors: { "nm.holo": { field: "price", message: LIST_MESSAGES.price }, "lp.holo": { field: "member" } },
      values: { "nm.holo.price": "4.999", "lp.holo.member": "4" },
    });
    const printing = await call(singlesNew.action as never, post({ cardId: String(card.alakazam), "nm.normal.on": "on", "nm.normal.qty": "1", "nm.normal.price": "3" }, admin.cookie));
    expect(printing.status).toBe(400);
    expect(printing.body).toMatchObject({ rowErrors: { "nm.normal": { field: "row" } }, values: { "nm.normal.price": "3" } });
    const unknown = await call(singlesNew.action as never, post({ ...goodForm(), cardId: "2000000000" }, admin.cookie));
    expect(unknown.status).toBe(404);
    expect((await call(singlesNew.loader as never, get("/admin/singles/new?card=2000000000", admin.cookie))).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});

// --- the pages through the real HTTP stack (server/app.ts + the production build), as a browser without JavaScript sends them

describe.runIf(hasBuild)("the pages over HTTP, without JavaScript", () => {
  let app: RunningApp;
  let send: ReturnType<typeof makeClient>;
  beforeAll(async () => {
    app = await startApp(db, {});
    send = makeClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("guests get 401 and customers 403 on each page, as documents and .data, and on the form", async () => {
    for (const path of ["/admin/singles", "/admin/singles.data", "/admin/singles/new?q=charizard", "/admin/singles/new.data?q=charizard"]) {
      expect((await send("GET", path)).status, path).toBe(401);
      expect((await send("GET", path, { cookie: customer.cookie })).status, path).toBe(403);
    }
    const form = new URLSearchParams({ cardId: String(card.charmander), "nm.normal.on": "on", "nm.normal.qty": "1", "nm.normal.price": "1" });
    expect((await send("POST", "/admin/singles/new", { form })).status).toBe(401);
    expect((await send("POST", "/admin/singles/new", { form, cookie: customer.cookie })).status).toBe(403);
    expect(await productOf(card.charmander!)).toHaveLength(0);
  });

  it("search, pick, a refused row kept as typed, then a listing and the notice", async () => {
    const search = await send("GET", "/admin/singles/new?q=charmander", { cookie: admin.cookie });
    expect(search.status).toBe(200);
    expect(search.cacheControl).toContain("no-store");
    expect(search.body).toContain("Charmander 004/165 · 151");
    expect(search.body).toContain(`/admin/singles/new?q=charmander&amp;card=${card.charmander}`);

    const picked = await send("GET", `/admin/singles/new?q=charmander&card=${card.charmander}`, { cookie: admin.cookie });
    expect(picked.status).toBe(200);
    // A row per condition × printing the card has, Near Mint of the first printing ticked, quantity 1.
    expect(picked.body.match(/name="[a-z]+\.(normal|reverse_holo)\.on"/g)).toHaveLength(10);
    expect(picked.body).not.toContain('name="nm.holo.on"');
    expect(picked.body).toMatch(/name="nm\.normal\.on"[^>]*checked/);
    expect(picked.body).toMatch(/name="lp\.normal\.on"(?![^>]*checked)[^>]*>/);

    const refused = await send("POST", `/admin/singles/new?q=charmander&card=${card.charmander}`, {
      cookie: admin.cookie,
      form: new URLSearchParams({ cardId: String(card.charmander), language: "en", "nm.normal.on": "on", "nm.normal.qty": "2", "nm.normal.price": "1.999", "lp.normal.on": "on", "lp.normal.qty": "1", "lp.normal.price": "0.80" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(LIST_MESSAGES.price);
    expect(refused.body).toContain('value="1.999"');
    expect(refused.body).toMatch(/id="row-nm-normal-price"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="row-nm-normal-price"/);
    expect(await productOf(card.charmander!)).toHaveLength(0);

    const listed = await send("POST", `/admin/singles/new?q=charmander&card=${card.charmander}`, {
      cookie: admin.cookie,
      form: new URLSearchParams({ cardId: String(card.charmander), language: "en", "nm.normal.on": "on", "nm.normal.qty": "2", "nm.normal.price": "1.99", "lp.normal.on": "on", "lp.normal.qty": "1", "lp.normal.price": "0.80" }),
    });
    const [product] = await productOf(card.charmander!);
    expect(listed.status).toBe(302);
    expect(listed.location).toBe(`/admin/singles/new?listed=${product!.id}`);
    const notice = await send("GET", listed.location!, { cookie: admin.cookie });
    expect(notice.body).toContain("Listed");
    expect(notice.body).toContain(`href="/products/${product!.slug}"`);
    expect(notice.body).toContain("2 in stock");

    const list = await send("GET", "/admin/singles", { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toContain("Charmander 004/165 · 151");
  });
});
