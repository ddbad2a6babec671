import { and, eq, sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, products, productVariants, stockMovements } from "~/db/schema";
import { NO_ADMIN_PRODUCT_FILTERS } from "~/modules/catalog/admin-product-filters";
import { recordOpeningStock } from "~/modules/catalog/inventory.server";
import { productAction, createProductAction } from "~/modules/catalog/product-actions.server";
import {
  addVariant,
  adjustVariantStock,
  createSealedProduct,
  deleteProduct,
  duplicateProduct,
  getAdminProduct,
  listAdminProducts,
  productStockHistoryPage,
  removeVariant,
  setProductVisibility,
  updateProduct,
  updateVariants,
} from "~/modules/catalog/product-admin.server";
import { PRODUCT_TEXT, type ProductFieldsInput } from "~/modules/catalog/product-form";
import { addProductImages, productImageKeys } from "~/modules/catalog/product-images.server";
import { productBySlug } from "~/modules/catalog/queries.server";
import { FileMediaStore } from "~/modules/media/file-store.server";
import { cardSinglesFixtures } from "../support/card-singles";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { insertOrder } from "../support/orders";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The back office's products (issue 14): create, edit, a single's variants, duplicate, hide,
 * delete and stock adjustments against PostgreSQL — each write audit-logged, every stock change
 * in the ledger, and the ledger summing to the stock after all of it, races included. Who may
 * call the routes is checked by the authorization matrix.
 */
let database: TestDatabase;
let db: Db;
let fx: ReturnType<typeof checkoutFixtures>;
let singles: ReturnType<typeof cardSinglesFixtures>;
let adminId: string;
let adminEmail: string;
let categoryId: number;
let mediaDir: string;
let store: FileMediaStore;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  mediaDir = mkdtempSync(join(tmpdir(), "nearmint-products-"));
  store = new FileMediaStore(join(mediaDir, "media"));
  fx = checkoutFixtures(db);
  singles = cardSinglesFixtures(db);
  const admin = await fx.customer("Admin Person");
  adminId = admin.id;
  adminEmail = admin.email;
  categoryId = (await db.select({ id: products.categoryId }).from(products).where(eq(products.id, (await fx.product()).id)))[0]!.id;
});
afterAll(async () => {
  await database?.destroy();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const fields = (overrides: Partial<ProductFieldsInput> = {}): ProductFieldsInput => ({
  name: "Pokémon 151 Booster Box",
  slug: "pokemon-151-booster-box",
  description: "Thirty-six packs.",
  isVisible: true,
  categoryId,
  releaseDate: "2023-09-22",
  limitPerCustomer: 2,
  ...overrides,
});

function form(values: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  return body;
}

/** Variants whose ledger does not sum to their stock (should be none, ever). */
async function ledgerDisagreements() {
  const result = (await db.execute(sql`
    SELECT v.id, v.stock, coalesce(sum(m.delta), 0)::int AS ledger
    FROM product_variants v LEFT JOIN stock_movements m ON m.variant_id = v.id
    GROUP BY v.id HAVING v.stock <> coalesce(sum(m.delta), 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

async function auditOf(productId: number) {
  return db.select().from(auditLog).where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(productId)))).orderBy(auditLog.id);
}

async function aSingle(slug: string, variants: Array<{ condition?: "nm" | "lp"; stock: number; price: number }>) {
  const setId = await singles.set({ code: `t${slug.slice(0, 6)}${Math.floor(Math.random() * 1e6)}`, name: `Set ${slug}` });
  const cardId = await singles.card(setId, { number: "4", name: `Card ${slug}` });
  const productId = await singles.single(cardId, { name: `Single ${slug}`, slug, variants });
  const ids = (await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId))).map((v) => v.id);
  await recordOpeningStock(db, ids, { reason: "opening", note: "fixture" });
  return { productId, variantIds: ids.sort((a, b) => a - b) };
}

describe("creating a product", () => {
  it("creates a sealed product with its variant, opening stock in the ledger and an audit entry", async () => {
    const result = await createSealedProduct(db, adminId, { product: fields(), sealed: { price: 12_999, premiumPrice: 11_999, stock: 12 } });
    expect(result).toMatchObject({ ok: true, name: "Pokémon 151 Booster Box" });
    if (!result.ok) return;
    const detail = await getAdminProduct(db, result.id);
    expect(detail).toMatchObject({ kind: "sealed", slug: "pokemon-151-booster-box", releaseDate: "2023-09-22", limitPerCustomer: 2, hasOrders: false });
    expect(detail!.variants).toMatchObject([{ price: 12_999, premiumPrice: 11_999, stock: 12, held: 0, inUse: false }]);
    const ledger = await db.select().from(stockMovements).where(eq(stockMovements.variantId, detail!.variants[0]!.id));
    expect(ledger).toMatchObject([{ reason: "opening", delta: 12, stockAfter: 12, actorId: adminId }]);
    const audit = await auditOf(result.id);
    expect(audit).toMatchObject([{ action: "product.created", actorUserId: adminId }]);
    expect(audit[0]!.details).toMatchObject({ after: { slug: "pokemon-151-booster-box", variant: { price: 12_999, stock: 12 } } });
  });

  it("refuses a slug in use, naming a free one, and writes nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    const result = await createSealedProduct(db, adminId, { product: fields({ name: "Another box" }), sealed: { price: 100, premiumPrice: null, stock: 0 } });
    expect(result).toEqual({ ok: false, status: 409, message: PRODUCT_TEXT.fix, errors: { slug: PRODUCT_TEXT.slugTaken("pokemon-151-booster-box", "pokemon-151-booster-box-2") } });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(products)).toEqual(before);
  });

  it("lets the unique constraint settle two admins saving one slug at once, with the friendly message", async () => {
    const both = await Promise.all(
      [1, 2].map(() => createSealedProduct(db, adminId, { product: fields({ name: "Race box", slug: "race-box" }), sealed: { price: 100, premiumPrice: null, stock: 1 } })),
    );
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const loser = both.find((r) => !r.ok);
    expect(loser).toMatchObject({ ok: false, status: 409, errors: { slug: PRODUCT_TEXT.slugTaken("race-box", "race-box-2") } });
    expect(await db.select().from(products).where(eq(products.slug, "race-box"))).toHaveLength(1);
  });

  it("reads the posted form: the slug is made from the name, pounds become pence, typed values come back on a refusal", async () => {
    const created = await createProductAction(
      db,
      adminId,
      form({ intent: "save", name: "Scarlet & Violet ETB", slug: "", description: "", visibility: "hidden", categoryId: String(categoryId), releaseDate: "1/2/2027", limit: "", price: "£49.99", member: "", stock: "3" }),
    );
    expect(created).toMatchObject({ redirect: expect.stringMatching(/^\/admin\/products\/\d+\?done=created$/) });
    const [row] = await db.select().from(products).where(eq(products.slug, "scarlet-and-violet-etb"));
    expect(row).toMatchObject({ isVisible: false, releaseDate: "2027-02-01" });

    const typed = { intent: "save", name: "Box", slug: "", description: "", visibility: "visible", categoryId: String(categoryId), releaseDate: "31/02/2027", limit: "", price: "12,50", member: "", stock: "1" };
    const refused = await createProductAction(db, adminId, form(typed));
    expect(refused).toMatchObject({ status: 400, refusal: { form: "product", errors: { releaseDate: PRODUCT_TEXT.releaseDate, price: PRODUCT_TEXT.price } } });
    expect("refusal" in refused && refused.refusal.values).toMatchObject({ name: "Box", releaseDate: "31/02/2027", price: "12,50", stock: "1" });
  });

  it("refuses a category that does not exist", async () => {
    const result = await createSealedProduct(db, adminId, { product: fields({ slug: "no-category", categoryId: 2_000_000_000 }), sealed: { price: 1, premiumPrice: null, stock: 0 } });
    expect(result).toMatchObject({ ok: false, errors: { categoryId: PRODUCT_TEXT.category } });
  });
});

describe("editing a product", () => {
  it("saves what changed, records before/after, and says when nothing changed", async () => {
    const p = await fx.product({ price: 1000, stock: 4 });
    const input = { product: fields({ name: "Renamed", slug: `renamed-${p.id}`, limitPerCustomer: null }), sealed: { price: 1500, premiumPrice: 1400 } };
    expect(await updateProduct(db, adminId, p.id, input)).toEqual({ ok: true, changed: true });
    expect(await updateProduct(db, adminId, p.id, input)).toEqual({ ok: true, changed: false });
    const detail = await getAdminProduct(db, p.id);
    expect(detail).toMatchObject({ name: "Renamed", slug: `renamed-${p.id}` });
    expect(detail!.variants[0]).toMatchObject({ price: 1500, premiumPrice: 1400, stock: 4 });
    const audit = await auditOf(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "product.updated" });
    expect(audit[0]!.details).toMatchObject({ before: { name: p.name, variant: { price: 1000, premiumPrice: null } }, after: { name: "Renamed", variant: { price: 1500, premiumPrice: 1400 } } });
  });

  it("refuses another product's slug but keeps its own", async () => {
    const a = await fx.product();
    const b = await fx.product();
    const taken = await updateProduct(db, adminId, b.id, { product: fields({ name: b.name, slug: a.slug }), sealed: null });
    expect(taken).toMatchObject({ ok: false, status: 409, errors: { slug: expect.stringContaining(`“${a.slug}” is already used`) } });
    expect(await updateProduct(db, adminId, b.id, { product: fields({ name: b.name, slug: b.slug }), sealed: null })).toMatchObject({ ok: true });
  });

  it("answers 404 for an unknown product", async () => {
    expect(await productAction(db, store, adminId, 2_000_000_000, form({ intent: "hide" }))).toMatchObject({ status: 404 });
    expect(await productAction(db, store, adminId, 1, form({ intent: "explode" }))).toMatchObject({ status: 400 });
  });
});

describe("a single's variants", () => {
  it("edits prices, limits and pins; adds a variant with opening stock; removes only an unused one", async () => {
    const { productId, variantIds } = await aSingle("variants-single", [
      { condition: "nm", stock: 3, price: 500 },
      { condition: "lp", stock: 2, price: 400 },
    ]);
    const [nm, lp] = variantIds as [number, number];
    expect(
      await updateVariants(db, adminId, productId, [
        { variantId: nm, price: 550, premiumPrice: 500, limitPerCustomer: 1, pricePinned: true },
        { variantId: lp, price: 400, premiumPrice: null, limitPerCustomer: null, pricePinned: false },
      ]),
    ).toEqual({ ok: true, changed: true });
    const audit = (await auditOf(productId)).at(-1)!;
    expect(audit.details).toEqual({ before: [{ id: nm, price: 500, premiumPrice: null, limitPerCustomer: null, pricePinned: false }], after: [{ id: nm, price: 550, premiumPrice: 500, limitPerCustomer: 1, pricePinned: true }] });

    // Another product's variant cannot be edited through this one.
    const other = await fx.product();
    expect(await updateVariants(db, adminId, productId, [{ variantId: other.variantId, price: 1, premiumPrice: null, limitPerCustomer: null, pricePinned: false }])).toMatchObject({ ok: false, status: 409 });

    const added = await addVariant(db, adminId, productId, { condition: "mp", printing: "normal", language: "en", grader: null, grade: null, price: 300, premiumPrice: null, stock: 5 });
    expect(added).toMatchObject({ ok: true });
    if (!added.ok) return;
    expect(await db.select({ reason: stockMovements.reason, delta: stockMovements.delta }).from(stockMovements).where(eq(stockMovements.variantId, added.variantId))).toEqual([{ reason: "opening", delta: 5 }]);
    const again = await addVariant(db, adminId, productId, { condition: "mp", printing: "normal", language: "en", grader: null, grade: null, price: 300, premiumPrice: null, stock: 0 });
    expect(again).toMatchObject({ ok: false, errors: { "new.kind": PRODUCT_TEXT.variantExists } });

    // The NM copy was ordered: it stays. The new MP one was not: it goes.
    const buyer = await fx.customer();
    await insertOrder(db, { userId: buyer.id, status: "completed", items: [{ variantId: nm, productName: "Single", quantity: 1, unitPrice: 550 }] });
    expect(await removeVariant(db, adminId, productId, nm)).toMatchObject({ ok: false, status: 409, message: PRODUCT_TEXT.variantInUse });
    expect(await removeVariant(db, adminId, productId, added.variantId)).toEqual({ ok: true });
    expect((await getAdminProduct(db, productId))!.variants.map((v) => [v.id, v.inUse])).toEqual([
      [nm, true],
      [lp, false],
    ]);
    expect(await removeVariant(db, adminId, productId, lp)).toEqual({ ok: true });
    expect(await removeVariant(db, adminId, productId, nm)).toMatchObject({ ok: false, message: PRODUCT_TEXT.lastVariant });
  });

  it("refuses to add a second variant to a sealed product", async () => {
    const p = await fx.product();
    expect(await addVariant(db, adminId, p.id, { condition: "nm", printing: "normal", language: "en", grader: null, grade: null, price: 1, premiumPrice: null, stock: 0 })).toMatchObject({
      ok: false,
      message: PRODUCT_TEXT.sealedOneVariant,
    });
  });
});

describe("duplicate, hide and delete", () => {
  it("duplicates a sealed product: hidden, stock 0, a free slug, no ledger rows", async () => {
    const p = await fx.product({ slug: "dup-box", price: 2500, premiumPrice: 2000, stock: 7 });
    const first = await duplicateProduct(db, adminId, p.id);
    const second = await duplicateProduct(db, adminId, p.id);
    expect(first).toMatchObject({ ok: true });
    if (!first.ok || !second.ok) throw new Error("duplicate failed");
    const copy = await getAdminProduct(db, first.id);
    expect(copy).toMatchObject({ slug: "dup-box-copy", name: `${p.name} (copy)`, isVisible: false });
    expect(copy!.variants).toMatchObject([{ price: 2500, premiumPrice: 2000, stock: 0 }]);
    expect((await getAdminProduct(db, second.id))!.slug).toBe("dup-box-copy-2");
    expect(await auditOf(first.id)).toMatchObject([{ action: "product.duplicated", details: { before: { copiedFrom: p.id } } }]);
    const { productId } = await aSingle("dup-single", [{ stock: 1, price: 1 }]);
    expect(await duplicateProduct(db, adminId, productId)).toMatchObject({ ok: false, message: PRODUCT_TEXT.singleNoDuplicate });
  });

  it("hides a product from the shop and shows it again", async () => {
    const p = await fx.product();
    expect(await productBySlug(db, p.slug)).not.toBeNull();
    expect(await productAction(db, store, adminId, p.id, form({ intent: "hide" }))).toEqual({ redirect: `/admin/products/${p.id}?done=hidden` });
    expect(await productBySlug(db, p.slug)).toBeNull();
    expect(await setProductVisibility(db, adminId, p.id, false)).toEqual({ ok: true, changed: false });
    expect(await setProductVisibility(db, adminId, p.id, true)).toEqual({ ok: true, changed: true });
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual(["product.hidden", "product.shown"]);
  });

  it("deletes only a product never ordered, after confirmation", async () => {
    const unsold = await fx.product();
    expect(await productAction(db, store, adminId, unsold.id, form({ intent: "delete" }))).toMatchObject({ status: 400, refusal: { form: "delete", message: PRODUCT_TEXT.confirmDelete } });
    expect(await productAction(db, store, adminId, unsold.id, form({ intent: "delete", confirm: "yes" }))).toEqual({ redirect: "/admin/products?done=deleted" });
    expect(await getAdminProduct(db, unsold.id)).toBeNull();
    expect(await auditOf(unsold.id)).toMatchObject([{ action: "product.deleted", details: { before: { name: unsold.name } } }]);

    // A deleted product's uploaded pictures go too: no file of it is left to be served.
    const pictured = await fx.product();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#cc3366" } }).png().toBuffer();
    const added = await addProductImages(db, store, adminId, pictured.id, [new File([png], "front.png", { type: "image/png" })]);
    expect(added).toMatchObject({ status: "done" });
    const files = await productImageKeys(db, pictured.id);
    expect(files.length).toBeGreaterThan(0);
    expect(await Promise.all(files.map((key) => store.get(key).then(Boolean)))).toEqual(files.map(() => true));
    expect(await productAction(db, store, adminId, pictured.id, form({ intent: "delete", confirm: "yes" }))).toEqual({ redirect: "/admin/products?done=deleted" });
    expect(await Promise.all(files.map((key) => store.get(key).then(Boolean)))).toEqual(files.map(() => false));

    const sold = await fx.product();
    const buyer = await fx.customer();
    await insertOrder(db, { userId: buyer.id, status: "cancelled", items: [{ variantId: sold.variantId, productName: sold.name, quantity: 1, unitPrice: 1000 }] });
    expect(await deleteProduct(db, store, adminId, sold.id)).toMatchObject({ ok: false, status: 409, message: PRODUCT_TEXT.hasOrders });
    expect(await getAdminProduct(db, sold.id)).toMatchObject({ hasOrders: true });
  });
});

describe("stock adjustments", () => {
  it("sets a count and applies deltas, each a ledger row with who and why, and the ledger sums to the stock", async () => {
    const p = await fx.product({ stock: 5 });
    expect(await adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "set", stock: 9, note: "Stock count" })).toEqual({ ok: true, changed: true, before: 5, after: 9 });
    expect(await adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "delta", delta: -2, note: "Damaged: water" })).toEqual({ ok: true, changed: true, before: 9, after: 7 });
    expect(await adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "set", stock: 7, note: "Stock count" })).toMatchObject({ ok: true, changed: false });
    const history = await productStockHistoryPage(db, p.id, 1);
    expect(history.rows.map((r) => [r.reason, r.delta, r.stockBefore, r.stockAfter, r.note, r.actorEmail])).toEqual([
      ["adjustment", -2, 9, 7, "Damaged: water", adminEmail],
      ["adjustment", 4, 5, 9, "Stock count", adminEmail],
      ["opening", 5, 0, 5, "test fixture", null],
    ]);
    expect((await db.select().from(auditLog).where(and(eq(auditLog.action, "stock.adjusted"), eq(auditLog.entityId, String(p.variantId))))).map((a) => a.details)).toEqual([
      { before: { stock: 5 }, after: { stock: 9 }, productId: p.id, note: "Stock count" },
      { before: { stock: 9 }, after: { stock: 7 }, productId: p.id, note: "Damaged: water" },
    ]);
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("refuses taking stock below 0 with the figure, and another product's variant", async () => {
    const p = await fx.product({ stock: 3 });
    expect(await adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "delta", delta: -4, note: "Lost or stolen" })).toMatchObject({
      ok: false,
      status: 409,
      errors: { amount: PRODUCT_TEXT.stockBelowZero(3, -4) },
    });
    const other = await fx.product();
    expect(await adjustVariantStock(db, adminId, p.id, { variantId: other.variantId, mode: "set", stock: 1, note: "x" })).toMatchObject({ ok: false, status: 404 });
    const posted = await productAction(db, store, adminId, p.id, form({ intent: "adjust-stock", variantId: String(p.variantId), mode: "delta", amount: "-9", reason: "lost", note: "" }));
    expect(posted).toMatchObject({ status: 409, refusal: { form: "stock", variantId: p.variantId, values: { amount: "-9", reason: "lost" } } });
    expect((await getAdminProduct(db, p.id))!.variants[0]!.stock).toBe(3);
  });

  it("lands every one of many admins' adjustments made at once", async () => {
    const p = await fx.product({ stock: 50 });
    const deltas = [5, -3, 7, -10, 2, -1, 4, -6, 3, -2, 8, -4];
    const results = await Promise.all(deltas.map((delta) => adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "delta", delta, note: "Race" })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await getAdminProduct(db, p.id))!.variants[0]!.stock).toBe(50 + deltas.reduce((a, b) => a + b, 0));
    // Mixed with absolute counts, the ledger still sums to the stock.
    await Promise.all([
      adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "set", stock: 20, note: "Count" }),
      adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "delta", delta: 3, note: "Delivery" }),
      adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "set", stock: 11, note: "Count" }),
    ]);
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("pages the history", async () => {
    const p = await fx.product({ stock: 1 });
    for (let i = 0; i < 22; i++) await adjustVariantStock(db, adminId, p.id, { variantId: p.variantId, mode: "delta", delta: 1, note: `n${i}` });
    const first = await productStockHistoryPage(db, p.id, 1);
    const second = await productStockHistoryPage(db, p.id, 2);
    expect([first.total, first.pageCount, first.rows.length, second.rows.length]).toEqual([23, 2, 20, 3]);
    expect(second.rows.at(-1)!.reason).toBe("opening");
  });
});

describe("the product list", () => {
  it("filters, sorts and pages with the shared filter contract", async () => {
    const { productId } = await aSingle("list-single", [
      { condition: "nm", stock: 0, price: 900 },
      { condition: "lp", stock: 2, price: 700 },
    ]);
    const base = { filters: NO_ADMIN_PRODUCT_FILTERS, sort: "updated" as const, page: 1 };
    const all = await listAdminProducts(db, base);
    expect(all.total).toBeGreaterThan(10);
    const single = await listAdminProducts(db, { ...base, filters: { ...NO_ADMIN_PRODUCT_FILTERS, q: "list-single", kind: "single" } });
    expect(single.rows).toMatchObject([{ id: productId, kind: "single", variantCount: 2, totalStock: 2, headlinePrice: 700, fromPrice: true }]);
    const hidden = await listAdminProducts(db, { ...base, filters: { ...NO_ADMIN_PRODUCT_FILTERS, visibility: "hidden" } });
    expect(hidden.rows.every((r) => !r.isVisible)).toBe(true);
    expect(hidden.total).toBeGreaterThan(0);
    const soldOut = await listAdminProducts(db, { ...base, filters: { ...NO_ADMIN_PRODUCT_FILTERS, stock: "out" } });
    expect(soldOut.rows.every((r) => r.totalStock === 0)).toBe(true);
    const byName = await listAdminProducts(db, { ...base, sort: "name" });
    const names = byName.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const past = await listAdminProducts(db, { ...base, page: 999 });
    expect(past.rows).toEqual([]);
    expect(all.languages.length).toBeGreaterThan(0);
  });
});
