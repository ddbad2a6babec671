/**
 * The back office's products (issue 14): the list (filters from admin-product-filters.ts, SQL
 * from admin-product-query.server.ts), create, edit, a single's variants, duplicate, hide/show,
 * delete (only what was never ordered) and stock adjustments. Every write runs in one
 * transaction with its audit-log entry (before/after); stock changes go through
 * inventory.server.ts, so each writes its ledger row.
 *
 * Reads `order_items` and `stock_reservations` (owned by orders and checkout) to know whether a
 * product or variant was ever ordered or is held: a reporting read, listed in docs/development.md.
 */
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { MediaStore } from "~/modules/media/storage";
import { productImageKeys, removeFiles } from "./product-images.server";
import { foreignKeyViolation, uniqueViolation } from "~/db/errors";
import { firstFreeSlug } from "~/utils/slug";
import type { Db, Tx } from "~/db/client.server";
import { categories, languages, orderItems, products, productVariants, stockReservations } from "~/db/schema";
import { likePrefix } from "~/db/sql-text";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { ADMIN_PRODUCT_PAGE_SIZE, type ParsedAdminProductList, type ProductKind } from "./admin-product-filters";
import { productFilterWhere, productListOrder, productTotalStock } from "./admin-product-query.server";
import { adjustStock, productStockHistory, recordOpeningStock, setStock } from "./inventory.server";
import type { AdminProductDetail, AdminProductList, AdminVariantView, CategoryChoice, StockHistoryPage } from "./product-admin-view";
import {
  MAX_EDITOR_STOCK,
  PRODUCT_TEXT,
  STOCK_HISTORY_PAGE_SIZE,
  type FieldErrors,
  type NewVariantInput,
  type ProductFieldsInput,
  type SealedVariantInput,
  type StockAdjustment,
  type VariantEditInput,
} from "./product-form";
import { compareVariants, variantLabel } from "./variants";

type Executor = Db | Tx;

export type WriteResult<T = object> = ({ ok: true } & T) | { ok: false; status: number; message: string; errors: FieldErrors };

const refuse = (status: number, message: string, errors: FieldErrors = {}): { ok: false; status: number; message: string; errors: FieldErrors } => ({
  ok: false,
  status,
  message,
  errors,
});

// ---- The list ------------------------------------------------------------------------------

const variantCountSql = sql<number>`(SELECT count(*)::int FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`;
const minInStockSql = sql<number | null>`(SELECT min(${productVariants.price}) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id} AND ${productVariants.stock} > 0)`;
const minAnySql = sql<number | null>`(SELECT min(${productVariants.price}) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`;
const distinctPricesSql = sql<number>`(SELECT count(DISTINCT ${productVariants.price})::int FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`;

/**
 * One page of /admin/products: the rows, how many match, and the filter menus' choices.
 *
 * Two steps, for deep pages (bench/products): the page's ids alone are found first (filters,
 * order, OFFSET over products only), then the 50 rows get their variant figures. Asked in one
 * statement, PostgreSQL works out every skipped row's subqueries too: page 1,000 took seconds.
 */
export async function listAdminProducts(db: Db, { filters, sort, page }: ParsedAdminProductList): Promise<AdminProductList> {
  const where = productFilterWhere(filters);
  const [pageIds, totals, languageRows, categoryRows] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .where(where)
      .orderBy(...productListOrder(sort))
      .limit(ADMIN_PRODUCT_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCT_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .where(where),
    db.select({ value: languages.code, label: languages.name }).from(languages).orderBy(asc(languages.sortOrder), asc(languages.name)),
    db
      .select({ value: categories.slug, label: categories.name })
      .from(categories)
      .innerJoin(languages, eq(languages.id, categories.languageId))
      .orderBy(asc(languages.sortOrder), asc(categories.sortOrder), asc(categories.name)),
  ]);
  const ids = pageIds.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            name: products.name,
            slug: products.slug,
            kind: products.kind,
            isVisible: products.isVisible,
            categoryName: categories.name,
            languageName: languages.name,
            languageCode: languages.code,
            variantCount: variantCountSql,
            totalStock: productTotalStock,
            minInStock: minInStockSql,
            minAny: minAnySql,
            distinctPrices: distinctPricesSql,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .innerJoin(languages, eq(languages.id, categories.languageId))
          .where(inArray(products.id, ids));
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const total = Number(totals[0]?.n ?? 0);
  return {
    rows: rows.map((r) => {
      const headlinePrice = r.minInStock ?? r.minAny;
      return {
        id: r.id,
        name: r.name,
        slug: r.slug,
        kind: r.kind as ProductKind,
        isVisible: r.isVisible,
        categoryName: r.categoryName,
        languageName: r.languageName,
        languageCode: r.languageCode,
        variantCount: Number(r.variantCount),
        totalStock: Number(r.totalStock),
        headlinePrice: headlinePrice === null ? null : Number(headlinePrice),
        fromPrice: Number(r.distinctPrices) > 1,
      };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PRODUCT_PAGE_SIZE)),
    filters,
    sort,
    languages: languageRows,
    categories: categoryRows,
  };
}

/** Every category for the editor's select, with its language. */
export async function categoryChoices(db: Executor): Promise<CategoryChoice[]> {
  return db
    .select({ id: categories.id, name: categories.name, languageName: languages.name })
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.languageId))
    .orderBy(asc(languages.sortOrder), asc(categories.sortOrder), asc(categories.name));
}

// ---- One product ---------------------------------------------------------------------------

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  kind: products.kind,
  description: products.description,
  isVisible: products.isVisible,
  categoryId: products.categoryId,
  releaseDate: products.releaseDate,
  limitPerCustomer: products.limitPerCustomer,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const variantColumns = {
  id: productVariants.id,
  condition: productVariants.condition,
  printing: productVariants.printing,
  language: productVariants.language,
  grader: productVariants.grader,
  grade: productVariants.grade,
  price: productVariants.price,
  premiumPrice: productVariants.premiumPrice,
  stock: productVariants.stock,
  limitPerCustomer: productVariants.limitPerCustomer,
  pricePinned: productVariants.pricePinned,
};

/** Variant ids (of `ids`) that some order line or checkout hold points at. */
async function variantsInUse(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const [ordered, held] = await Promise.all([
    db.selectDistinct({ id: orderItems.variantId }).from(orderItems).where(inArray(orderItems.variantId, ids)),
    db.selectDistinct({ id: stockReservations.variantId }).from(stockReservations).where(inArray(stockReservations.variantId, ids)),
  ]);
  return new Set([...ordered, ...held].map((r) => r.id).filter((id): id is number => id !== null));
}

/** Whether any order line names the product or one of its variants. */
async function productHasOrders(db: Executor, productId: number, variantIds: number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(variantIds.length > 0 ? or(eq(orderItems.productId, productId), inArray(orderItems.variantId, variantIds)) : eq(orderItems.productId, productId))
    .limit(1);
  if (row) return true;
  if (variantIds.length === 0) return false;
  const [held] = await db.select({ id: stockReservations.id }).from(stockReservations).where(inArray(stockReservations.variantId, variantIds)).limit(1);
  return Boolean(held);
}

export async function getAdminProduct(db: Db, productId: number): Promise<AdminProductDetail | null> {
  const [row] = await db
    .select({ ...productColumns, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!row) return null;
  const variantRows = await db.select(variantColumns).from(productVariants).where(eq(productVariants.productId, productId));
  const ids = variantRows.map((v) => v.id);
  const [inUse, heldRows, hasOrders] = await Promise.all([
    variantsInUse(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: stockReservations.variantId, held: sql<number>`sum(${stockReservations.quantity})::int` })
          .from(stockReservations)
          .where(and(inArray(stockReservations.variantId, ids), eq(stockReservations.status, "held")))
          .groupBy(stockReservations.variantId),
    productHasOrders(db, productId, ids),
  ]);
  const held = new Map(heldRows.map((h) => [h.id, Number(h.held)]));
  const variants: AdminVariantView[] = variantRows
    .sort((a, b) => compareVariants(a, b) || a.id - b.id)
    .map((v) => ({ ...v, label: variantLabel(v), held: held.get(v.id) ?? 0, inUse: inUse.has(v.id) }));
  return { ...row, kind: row.kind as ProductKind, hasOrders, variants };
}

// ---- Slugs ---------------------------------------------------------------------------------

/** A free slug like `base` (itself, or with -2, -3, …), other than product `exceptId`'s own. */
export async function suggestFreeSlug(db: Executor, base: string, exceptId?: number): Promise<string> {
  const stem = base.replace(/-\d+$/, "");
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(or(eq(products.slug, base), sql`${products.slug} LIKE ${likePrefix(`${stem}-`)}`), exceptId === undefined ? undefined : ne(products.id, exceptId)));
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

async function slugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId === undefined ? undefined : ne(products.id, exceptId)))
    .limit(1);
  return Boolean(row);
}


const SLUG_UNIQUE = "products_slug_unique";

async function slugRefusal(db: Db, slug: string, exceptId?: number) {
  const suggestion = await suggestFreeSlug(db, slug, exceptId);
  return refuse(409, PRODUCT_TEXT.fix, { slug: PRODUCT_TEXT.slugTaken(slug, suggestion) });
}

async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

// ---- Create and edit -----------------------------------------------------------------------

type ProductSnapshot = Omit<ProductFieldsInput, never>;

function snapshot(p: ProductFieldsInput): ProductSnapshot {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    isVisible: p.isVisible,
    categoryId: p.categoryId,
    releaseDate: p.releaseDate,
    limitPerCustomer: p.limitPerCustomer,
  };
}

/** Only the keys whose values differ, before and after. */
function changes<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
}

/** A new sealed product with its one variant and opening stock (a ledger row when above 0). */
export async function createSealedProduct(
  db: Db,
  adminId: string,
  input: { product: ProductFieldsInput; sealed: SealedVariantInput },
): Promise<WriteResult<{ id: number; name: string }>> {
  if (!(await categoryExists(db, input.product.categoryId))) return refuse(400, PRODUCT_TEXT.fix, { categoryId: PRODUCT_TEXT.category });
  if (await slugTaken(db, input.product.slug)) return slugRefusal(db, input.product.slug);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values({ ...input.product, kind: "sealed" })
        .returning({ id: products.id });
      const productId = created!.id;
      const [variant] = await tx
        .insert(productVariants)
        .values({ productId, price: input.sealed.price, premiumPrice: input.sealed.premiumPrice, stock: input.sealed.stock })
        .returning({ id: productVariants.id });
      await recordOpeningStock(tx, [variant!.id], { reason: "opening", actorId: adminId, note: "Opening stock of a new product" });
      await recordAudit(tx, {
        actorUserId: adminId,
        action: "product.created",
        entityType: "product",
        entityId: String(productId),
        details: { after: { ...snapshot(input.product), kind: "sealed", variant: { id: variant!.id, ...input.sealed } } },
      });
      return { ok: true as const, id: productId, name: input.product.name };
    });
  } catch (error) {
    // Two admins saving the same slug at once: the unique constraint decides, the loser is told.
    if (uniqueViolation(error)?.constraint === SLUG_UNIQUE) return slugRefusal(db, input.product.slug);
    throw error;
  }
}

/** Saves the product's fields (and a sealed product's prices); `changed` false when nothing differed. */
export async function updateProduct(
  db: Db,
  adminId: string,
  productId: number,
  input: { product: ProductFieldsInput; sealed: Pick<SealedVariantInput, "price" | "premiumPrice"> | null },
): Promise<WriteResult<{ changed: boolean }>> {
  if (!(await categoryExists(db, input.product.categoryId))) return refuse(400, PRODUCT_TEXT.fix, { categoryId: PRODUCT_TEXT.category });
  if (await slugTaken(db, input.product.slug, productId)) return slugRefusal(db, input.product.slug, productId);
  try {
    return await db.transaction(async (tx): Promise<WriteResult<{ changed: boolean }>> => {
      const [row] = await tx.select(productColumns).from(products).where(eq(products.id, productId)).for("update");
      if (!row) return refuse(404, PRODUCT_TEXT.notFound);
      const productDiff = changes(snapshot(row), snapshot(input.product));
      if (productDiff) await tx.update(products).set({ ...input.product, updatedAt: new Date() }).where(eq(products.id, productId));
      let variantDiff: ReturnType<typeof changes> = null;
      if (input.sealed && row.kind === "sealed") {
        const [variant] = await tx
          .select({ id: productVariants.id, price: productVariants.price, premiumPrice: productVariants.premiumPrice })
          .from(productVariants)
          .where(eq(productVariants.productId, productId))
          .orderBy(asc(productVariants.id))
          .limit(1)
          .for("no key update");
        if (variant) {
          variantDiff = changes({ price: variant.price, premiumPrice: variant.premiumPrice }, { price: input.sealed.price, premiumPrice: input.sealed.premiumPrice });
          if (variantDiff) {
            await tx.update(productVariants).set({ price: input.sealed.price, premiumPrice: input.sealed.premiumPrice, updatedAt: new Date() }).where(eq(productVariants.id, variant.id));
            if (!productDiff) await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
          }
        }
      }
      if (!productDiff && !variantDiff) return { ok: true, changed: false };
      await recordAudit(tx, {
        actorUserId: adminId,
        action: "product.updated",
        entityType: "product",
        entityId: String(productId),
        details: { before: { ...productDiff?.before, ...(variantDiff ? { variant: variantDiff.before } : {}) }, after: { ...productDiff?.after, ...(variantDiff ? { variant: variantDiff.after } : {}) } },
      });
      return { ok: true, changed: true };
    });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === SLUG_UNIQUE) return slugRefusal(db, input.product.slug, productId);
    throw error;
  }
}

/** Locks the product's variants (id order) and returns them; null for an unknown product. */
async function lockedVariants(tx: Tx, productId: number) {
  const [product] = await tx.select({ id: products.id, kind: products.kind, name: products.name }).from(products).where(eq(products.id, productId)).for("update");
  if (!product) return null;
  const variants = await tx.select(variantColumns).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id)).for("no key update");
  return { product, variants };
}

/** The variants table of a single: prices, member prices, own limits, pinned flags. */
export async function updateVariants(db: Db, adminId: string, productId: number, rows: VariantEditInput[]): Promise<WriteResult<{ changed: boolean }>> {
  return db.transaction(async (tx): Promise<WriteResult<{ changed: boolean }>> => {
    const locked = await lockedVariants(tx, productId);
    if (!locked) return refuse(404, PRODUCT_TEXT.notFound);
    const byId = new Map(locked.variants.map((v) => [v.id, v]));
    if (rows.some((r) => !byId.has(r.variantId))) return refuse(409, PRODUCT_TEXT.variantNotFound);
    const before: unknown[] = [];
    const after: unknown[] = [];
    for (const row of rows) {
      const v = byId.get(row.variantId)!;
      const diff = changes(
        { price: v.price, premiumPrice: v.premiumPrice, limitPerCustomer: v.limitPerCustomer, pricePinned: v.pricePinned },
        { price: row.price, premiumPrice: row.premiumPrice, limitPerCustomer: row.limitPerCustomer, pricePinned: row.pricePinned },
      );
      if (!diff) continue;
      await tx.update(productVariants).set({ ...diff.after, updatedAt: new Date() }).where(eq(productVariants.id, row.variantId));
      before.push({ id: row.variantId, ...diff.before });
      after.push({ id: row.variantId, ...diff.after });
    }
    if (after.length === 0) return { ok: true, changed: false };
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await recordAudit(tx, { actorUserId: adminId, action: "product.variants_updated", entityType: "product", entityId: String(productId), details: { before, after } });
    return { ok: true, changed: true };
  });
}

/** Adds a variant to a single, with its opening stock in the ledger. */
export async function addVariant(db: Db, adminId: string, productId: number, input: NewVariantInput): Promise<WriteResult<{ variantId: number }>> {
  try {
    return await db.transaction(async (tx): Promise<WriteResult<{ variantId: number }>> => {
      const locked = await lockedVariants(tx, productId);
      if (!locked) return refuse(404, PRODUCT_TEXT.notFound);
      if (locked.product.kind !== "single") return refuse(409, PRODUCT_TEXT.sealedOneVariant);
      const [variant] = await tx
        .insert(productVariants)
        .values({ productId, ...input })
        .onConflictDoNothing()
        .returning({ id: productVariants.id });
      if (!variant) return refuse(409, PRODUCT_TEXT.fix, { "new.kind": PRODUCT_TEXT.variantExists });
      await recordOpeningStock(tx, [variant.id], { reason: "opening", actorId: adminId, note: "Opening stock of a new variant" });
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
      await recordAudit(tx, { actorUserId: adminId, action: "product.variant_added", entityType: "product", entityId: String(productId), details: { after: { id: variant.id, ...input } } });
      return { ok: true, variantId: variant.id };
    });
  } catch (error) {
    if (uniqueViolation(error)) return refuse(409, PRODUCT_TEXT.fix, { "new.kind": PRODUCT_TEXT.variantExists });
    throw error;
  }
}

/** Removes a variant never ordered nor held; a product keeps at least one. */
export async function removeVariant(db: Db, adminId: string, productId: number, variantId: number): Promise<WriteResult> {
  try {
    return await db.transaction(async (tx): Promise<WriteResult> => {
      const locked = await lockedVariants(tx, productId);
      if (!locked) return refuse(404, PRODUCT_TEXT.notFound);
      const variant = locked.variants.find((v) => v.id === variantId);
      if (!variant) return refuse(404, PRODUCT_TEXT.variantNotFound);
      if (locked.variants.length <= 1) return refuse(409, PRODUCT_TEXT.lastVariant);
      if ((await variantsInUse(tx, [variantId])).size > 0) return refuse(409, PRODUCT_TEXT.variantInUse);
      await tx.delete(productVariants).where(eq(productVariants.id, variantId));
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
      await recordAudit(tx, { actorUserId: adminId, action: "product.variant_removed", entityType: "product", entityId: String(productId), details: { before: variant } });
      return { ok: true };
    });
  } catch (error) {
    // A checkout reserved it between our check and the delete: the foreign key refuses.
    if (foreignKeyViolation(error)) return refuse(409, PRODUCT_TEXT.variantInUse);
    throw error;
  }
}

// ---- Duplicate, hide/show, delete -----------------------------------------------------------

/** A hidden copy of a sealed product with its variants at stock 0, under a free slug. */
export async function duplicateProduct(db: Db, adminId: string, productId: number): Promise<WriteResult<{ id: number; fromName: string }>> {
  const [source] = await db.select({ ...productColumns, imageUrl: products.imageUrl }).from(products).where(eq(products.id, productId));
  if (!source) return refuse(404, PRODUCT_TEXT.notFound);
  if (source.kind !== "sealed") return refuse(409, PRODUCT_TEXT.singleNoDuplicate);
  for (let attempt = 0; ; attempt++) {
    const slug = await suggestFreeSlug(db, `${source.slug.slice(0, 110).replace(/-+$/, "")}-copy`);
    try {
      return await db.transaction(async (tx) => {
        const variants = await tx.select(variantColumns).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id));
        const [copy] = await tx
          .insert(products)
          .values({
            name: `${source.name} (copy)`.slice(0, 200),
            slug,
            kind: "sealed",
            description: source.description,
            imageUrl: source.imageUrl,
            isVisible: false,
            categoryId: source.categoryId,
            releaseDate: source.releaseDate,
            limitPerCustomer: source.limitPerCustomer,
          })
          .returning({ id: products.id });
        if (variants.length > 0) {
          await tx.insert(productVariants).values(variants.map(({ id: _id, stock: _stock, ...v }) => ({ ...v, productId: copy!.id, stock: 0 })));
        }
        await recordAudit(tx, {
          actorUserId: adminId,
          action: "product.duplicated",
          entityType: "product",
          entityId: String(copy!.id),
          details: { before: { copiedFrom: productId }, after: { slug, name: `${source.name} (copy)`, isVisible: false, variants: variants.length } },
        });
        return { ok: true as const, id: copy!.id, fromName: source.name };
      });
    } catch (error) {
      if (attempt < 3 && uniqueViolation(error)?.constraint === SLUG_UNIQUE) continue;
      throw error;
    }
  }
}

export async function setProductVisibility(db: Db, adminId: string, productId: number, visible: boolean): Promise<WriteResult<{ changed: boolean }>> {
  return db.transaction(async (tx): Promise<WriteResult<{ changed: boolean }>> => {
    const [row] = await tx.select({ isVisible: products.isVisible }).from(products).where(eq(products.id, productId)).for("update");
    if (!row) return refuse(404, PRODUCT_TEXT.notFound);
    if (row.isVisible === visible) return { ok: true, changed: false };
    await tx.update(products).set({ isVisible: visible, updatedAt: new Date() }).where(eq(products.id, productId));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: visible ? "product.shown" : "product.hidden",
      entityType: "product",
      entityId: String(productId),
      details: { before: { isVisible: row.isVisible }, after: { isVisible: visible } },
    });
    return { ok: true, changed: true };
  });
}

/**
 * Deletes a product that was never ordered nor held by a checkout (its variants, ledger and
 * images go with it: the rows in the transaction, the image files from the store once it has
 * committed, so a deleted product's pictures are no longer served). One with orders is refused:
 * it is kept for the order history, hidden.
 */
export async function deleteProduct(db: Db, store: MediaStore, adminId: string, productId: number): Promise<WriteResult<{ name: string }>> {
  let imageFiles: string[] = [];
  try {
    const result = await db.transaction(async (tx): Promise<WriteResult<{ name: string }>> => {
      const [row] = await tx.select(productColumns).from(products).where(eq(products.id, productId)).for("update");
      if (!row) return refuse(404, PRODUCT_TEXT.notFound);
      // Locking the variants makes a checkout taking their stock wait for this transaction.
      const variants = await tx.select(variantColumns).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id)).for("update");
      if (await productHasOrders(tx, productId, variants.map((v) => v.id))) return refuse(409, PRODUCT_TEXT.hasOrders);
      imageFiles = await productImageKeys(tx, productId);
      await tx.delete(products).where(eq(products.id, productId));
      await recordAudit(tx, { actorUserId: adminId, action: "product.deleted", entityType: "product", entityId: String(productId), details: { before: { ...row, variants } } });
      return { ok: true, name: row.name };
    });
    if (result.ok) await removeFiles(store, imageFiles);
    return result;
  } catch (error) {
    if (foreignKeyViolation(error)) return refuse(409, PRODUCT_TEXT.hasOrders);
    throw error;
  }
}

// ---- Stock ---------------------------------------------------------------------------------

/**
 * An admin's stock adjustment of one of the product's variants: set a count (the row is locked,
 * the difference recorded) or add/remove units (one guarded statement: two admins adjusting at
 * once both land). Refused when it would take stock below 0 — `stock` already excludes units
 * held by checkouts — or above MAX_EDITOR_STOCK. Ledger row (reason "adjustment", the admin,
 * the note) and audit entry in the same transaction.
 */
export async function adjustVariantStock(db: Db, adminId: string, productId: number, adjustment: StockAdjustment): Promise<WriteResult<{ changed: boolean; before: number; after: number }>> {
  return db.transaction(async (tx): Promise<WriteResult<{ changed: boolean; before: number; after: number }>> => {
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, adjustment.variantId), eq(productVariants.productId, productId)));
    if (!variant) return refuse(404, PRODUCT_TEXT.variantNotFound);
    const movement = { reason: "adjustment" as const, actorId: adminId, note: adjustment.note };
    let before: number;
    let after: number;
    if (adjustment.mode === "set") {
      const result = await setStock(tx, variant.id, adjustment.stock, movement);
      if (!result) return refuse(404, PRODUCT_TEXT.variantNotFound);
      ({ before, after } = result);
      if (before === after) return { ok: true, changed: false, before, after };
    } else {
      const result = await adjustStock(tx, variant.id, adjustment.delta, movement, MAX_EDITOR_STOCK);
      if (result === null) {
        const [now] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variant.id));
        const stock = now?.stock ?? 0;
        return refuse(409, PRODUCT_TEXT.fix, { amount: adjustment.delta < 0 ? PRODUCT_TEXT.stockBelowZero(stock, adjustment.delta) : PRODUCT_TEXT.stockTooHigh });
      }
      after = result;
      before = result - adjustment.delta;
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "stock.adjusted",
      entityType: "product_variant",
      entityId: String(variant.id),
      details: { before: { stock: before }, after: { stock: after }, productId, note: adjustment.note },
    });
    return { ok: true, changed: true, before, after };
  });
}

/** A page of the product's stock ledger, each row with its variant's label. */
export async function productStockHistoryPage(db: Db, productId: number, page: number): Promise<StockHistoryPage> {
  const { rows, total } = await productStockHistory(db, productId, page, STOCK_HISTORY_PAGE_SIZE);
  return {
    rows: rows.map(({ variant, actorId: _actorId, ...r }) => ({ ...r, variantLabel: variantLabel(variant) })),
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / STOCK_HISTORY_PAGE_SIZE)),
  };
}

/** Everything the product's admin page shows; null for an unknown product. */
export async function productPageData(db: Db, productId: number, historyPage: number) {
  const product = await getAdminProduct(db, productId);
  if (!product) return null;
  const [categories, history] = await Promise.all([categoryChoices(db), productStockHistoryPage(db, productId, historyPage)]);
  return { product, categories, history };
}
