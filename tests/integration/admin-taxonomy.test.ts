import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, categories, languages, products } from "~/db/schema";
import { takeStock } from "~/modules/catalog/inventory.server";
import { categoryPage, languagePage, listLanguages, newestProducts, productBySlug, searchProducts, sitemapSections } from "~/modules/catalog/queries.server";
import {
  categoryForAdmin,
  createCategory,
  createLanguage,
  languageForAdmin,
  listLanguagesForAdmin,
  moveTaxonomy,
  setTaxonomyVisibility,
  updateCategory,
  updateLanguage,
} from "~/modules/catalog/taxonomy-admin.server";
import { parseLanguageForm } from "~/modules/catalog/taxonomy-form";
import { stockAlerts } from "~/modules/reports/dashboard.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";

/**
 * Languages and categories in the back office (issue 14): create, edit, reorder, hide and show,
 * slugs checked, every write audited; and what hiding does to the shop (visibility.server.ts):
 * a hidden language or category takes its products out of every listing, search, the sitemap
 * and stock taking, and showing it again brings back exactly what was there.
 */
let database: TestDatabase;
let db: Db;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  adminId = (await createUser(db, { verified: true })).id;
});
afterAll(async () => database?.destroy());

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
};

async function newLanguage(name: string, code: string, extra: Record<string, string> = {}) {
  const parsed = parseLanguageForm(form({ name, code, flag: "gb", ...extra }), { creating: true });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return createLanguage(db, adminId, parsed.input);
}

describe("languages", () => {
  it("creates a language hidden and last, with a slug made from its name, and audits it", async () => {
    const result = await newLanguage("Korean Cards", "ko");
    expect(result).toMatchObject({ ok: true, done: "created" });
    if (!result.ok) return;
    const [row] = await db.select().from(languages).where(eq(languages.id, result.id));
    expect(row).toMatchObject({ name: "Korean Cards", slug: "korean-cards", code: "ko", flagUrl: "/flags/4x3/gb.svg", isVisible: false });
    const all = await listLanguagesForAdmin(db);
    expect(all.at(-1)!.id).toBe(result.id);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, "language.created"), eq(auditLog.entityId, String(result.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(adminId);
  });

  it("refuses a taken slug with a free suggestion, a taken code, and an unknown flag", async () => {
    await newLanguage("Thai", "th");
    const sameSlug = await newLanguage("Thai", "tt");
    expect(sameSlug).toMatchObject({ ok: false, errors: { slug: 'The address "thai" is already used. "thai-2" is free.' } });
    const sameCode = await newLanguage("Thai again", "th");
    expect(sameCode).toMatchObject({ ok: false, errors: { code: 'There is already a language with the code "th".' } });
    const noFlag = await newLanguage("Nowhere", "nw", { flag: "zz" });
    expect(noFlag).toMatchObject({ ok: false, errors: { flag: 'There is no flag for "zz". Use a two-letter country code such as "gb".' } });
    expect((await listLanguagesForAdmin(db)).filter((l) => l.name.startsWith("Thai") || l.name === "Nowhere")).toHaveLength(1);
  });

  it("refuses bad input before it reaches the database", () => {
    const parsed = parseLanguageForm(form({ name: " ", code: "english", flag: "../etc", slug: "Not A Slug" }), { creating: true });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["code", "flag", "name", "slug"]);
  });

  it("edits name, slug and flag but never the code; says when nothing changed", async () => {
    const created = await newLanguage("Chinese", "zh-cn");
    if (!created.ok) throw new Error("not created");
    const input = { name: "Chinese (Simplified)", slug: "chinese-simplified", flagCode: "cn" };
    expect(await updateLanguage(db, adminId, created.id, input)).toMatchObject({ ok: true, done: "saved" });
    expect(await updateLanguage(db, adminId, created.id, input)).toMatchObject({ ok: true, done: "unchanged" });
    const [row] = await db.select().from(languages).where(eq(languages.id, created.id));
    expect(row).toMatchObject({ ...{ name: input.name, slug: input.slug }, flagUrl: "/flags/4x3/cn.svg", code: "zh-cn" });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, "language.updated"), eq(auditLog.entityId, String(created.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { name: "Chinese", slug: "chinese" }, after: { name: input.name } });
    expect(await updateLanguage(db, adminId, 2_000_000_000, input)).toMatchObject({ ok: false, notFound: true });
  });

  it("two admins taking one slug at once: one wins, the other is told it is taken", async () => {
    const results = await Promise.all([newLanguage("Race", "ra", { slug: "race-slug" }), newLanguage("Race", "rb", { slug: "race-slug" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(loser).toMatchObject({ ok: false, errors: { slug: expect.stringContaining('"race-slug" is already used') } });
  });

  it("moves one place at a time and renumbers, even from equal sort orders", async () => {
    await db.update(languages).set({ sortOrder: 0 });
    const before = (await listLanguagesForAdmin(db)).map((l) => l.id);
    const second = before[1]!;
    expect(await moveTaxonomy(db, adminId, "language", second, "up")).toMatchObject({ ok: true, done: "moved" });
    const after = (await listLanguagesForAdmin(db)).map((l) => l.id);
    expect(after).toEqual([second, before[0], ...before.slice(2)]);
    expect(await moveTaxonomy(db, adminId, "language", second, "up")).toMatchObject({ ok: true, done: "cannotMove" });
    const sortOrders = (await listLanguagesForAdmin(db)).map((l) => l.sortOrder);
    expect(sortOrders).toEqual(sortOrders.map((_, i) => (i + 1) * 10));
  });
});

describe("categories", () => {
  it("creates, renames and moves a category to another language (it goes last there)", async () => {
    const en = await newLanguage("Cat Lang A", "ca");
    const jp = await newLanguage("Cat Lang B", "cb");
    if (!en.ok || !jp.ok) throw new Error("languages");
    const first = await createCategory(db, adminId, { name: "Tins", slug: "tins", languageId: en.id });
    const second = await createCategory(db, adminId, { name: "Blisters", slug: "blisters", languageId: jp.id });
    if (!first.ok || !second.ok) throw new Error("categories");
    expect(await createCategory(db, adminId, { name: "Tins", slug: "tins", languageId: en.id })).toMatchObject({ ok: false, errors: { slug: expect.stringContaining('"tins-2" is free') } });
    expect(await createCategory(db, adminId, { name: "Orphan", slug: "orphan", languageId: 2_000_000_000 })).toMatchObject({ ok: false, errors: { languageId: expect.any(String) } });
    expect(await updateCategory(db, adminId, first.id, { name: "Collector Tins", slug: "collector-tins", languageId: jp.id })).toMatchObject({ ok: true, done: "saved" });
    const moved = await languageForAdmin(db, jp.id);
    expect(moved!.categories.map((c) => c.name)).toEqual(["Blisters", "Collector Tins"]);
    expect((await categoryForAdmin(db, first.id))!.language.id).toBe(jp.id);
  });
});

describe("hiding takes things out of the shop; showing brings them back", () => {
  it("a hidden language or category hides its products everywhere, and stock cannot be taken", async () => {
    const fx = checkoutFixtures(db);
    const product = await fx.product({ name: "Zubat Hideaway Tin", stock: 3 });
    const lowStockAlert = async () => (await stockAlerts(db)).low.some((alert) => alert.productId === product.id);
    const [category] = await db.select().from(categories).where(eq(categories.id, product.categoryId));
    const [language] = await db.select().from(languages).where(eq(languages.id, category!.languageId));
    const shown = async () => ({
      product: Boolean(await productBySlug(db, product.slug)),
      newest: (await newestProducts(db, 500)).some((p) => p.id === product.id),
      search: (await searchProducts(db, "Zubat Hideaway")).items.some((p) => p.id === product.id),
      languagePage: Boolean(await languagePage(db, language!.slug)),
      languageListed: (await listLanguages(db)).some((l) => l.id === language!.id),
      categoryPage: Boolean(await categoryPage(db, category!.slug)),
      sitemap: (await sitemapSections(db)).categories.includes(category!.slug),
      // Not for sale, so not the owner's worry on the dashboard either.
      dashboardLowStock: await lowStockAlert(),
    });
    const everywhere = { product: true, newest: true, search: true, languagePage: true, languageListed: true, categoryPage: true, sitemap: true, dashboardLowStock: true };
    expect(await shown()).toEqual(everywhere);

    expect(await setTaxonomyVisibility(db, adminId, "category", category!.id, false)).toMatchObject({ ok: true, done: "hidden" });
    expect(await shown()).toEqual({ ...everywhere, product: false, newest: false, search: false, categoryPage: false, sitemap: false, dashboardLowStock: false });
    const took = await db.transaction((tx) => takeStock(tx, product.variantId, 1, { reason: "checkout_hold", note: "test" }));
    expect(took).toBe(false);

    expect(await setTaxonomyVisibility(db, adminId, "category", category!.id, true)).toMatchObject({ done: "shown" });
    expect(await setTaxonomyVisibility(db, adminId, "language", language!.id, false)).toMatchObject({ done: "hidden" });
    expect(await shown()).toEqual({ product: false, newest: false, search: false, languagePage: false, languageListed: false, categoryPage: false, sitemap: false, dashboardLowStock: false });
    expect(await setTaxonomyVisibility(db, adminId, "language", language!.id, false)).toMatchObject({ done: "unchanged" });

    expect(await setTaxonomyVisibility(db, adminId, "language", language!.id, true)).toMatchObject({ done: "shown" });
    expect(await shown()).toEqual(everywhere);
    // The product's own flag was never touched.
    const [after] = await db.select({ isVisible: products.isVisible }).from(products).where(eq(products.id, product.id));
    expect(after!.isVisible).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, String(language!.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["language.hidden", "language.shown"]));
  });
});
