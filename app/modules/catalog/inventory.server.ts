/**
 * Stock of what is sold (`product_variants.stock`): the only place it changes. Every change is
 * one guarded statement, never read-then-write, so two buyers of the last unit cannot both
 * succeed and a count can never go below zero; the same statement writes the change's row in the
 * stock ledger (`stock_movements`: who, why, how much, stock after), so the two never disagree. Callers that touch several variants do so in
 * variant-id order (the lock order), so two transactions cannot deadlock.
 */
import { asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "~/db/raw";
import type { Db, Tx } from "~/db/client.server";
import { isTransaction, preparedPerDatabase } from "~/db/prepared.server";
import { products, productVariants, STOCK_MOVEMENT_REASONS, stockMovements, users } from "~/db/schema";
import { notifyCatalogueChangedSql } from "./catalogue-changes.server";
import { productShown, productShownAs } from "./visibility.server";
import { limitFor, type LimitScope, variantLabel, type VariantAttributes } from "./variants";

type Executor = Db | Tx;

/**
 * A variant's sellable facts, with its product's: what the cart, checkout and the purchase limit
 * check against. `name` is the product's; `displayName` adds the variant ("Charizard 4/102 ·
 * Base Set (Lightly Played · Holo · English)") for messages about this line.
 */
export interface VariantFacts extends VariantAttributes {
  variantId: number;
  productId: number;
  slug: string;
  name: string;
  variantLabel: string | null;
  displayName: string;
  imageUrl: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
  /** The limit that applies: the variant's own, else the product's (null: none). */
  limitPerCustomer: number | null;
  /** The variant's own limit as stored (null: the product's applies, or none). */
  ownLimit: number | null;
  /** Which units count against `limitPerCustomer`. */
  limitScope: LimitScope;
  isVisible: boolean;
}

const factColumns = {
  variantId: productVariants.id,
  productId: productVariants.productId,
  condition: productVariants.condition,
  printing: productVariants.printing,
  language: productVariants.language,
  grader: productVariants.grader,
  grade: productVariants.grade,
  price: productVariants.price,
  premiumPrice: productVariants.premiumPrice,
  stock: productVariants.stock,
  variantLimit: productVariants.limitPerCustomer,
  productLimit: products.limitPerCustomer,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  isVisible: sql<boolean>`${productShown}`,
};

function selectFacts(db: Executor) {
  return db.select(factColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId));
}

type FactRow = Awaited<ReturnType<typeof selectFacts>>[number];

/**
 * The facts of the variants another table's rows name (a cart's lines) in the same round trip
 * as that table's own columns (`extra`: the line's quantity, say): `db.select` of the facts and
 * `extra` from productVariants joined to products. The caller joins its table and makes each
 * row's facts with `toVariantFactsWith`.
 */
export function selectFactsWith<Extra extends Record<string, SQL<unknown>>>(db: Executor, extra: Extra) {
  return db.select({ ...factColumns, ...extra }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId));
}

/** A row of `selectFactsWith`: its VariantFacts, with the caller's columns kept as they came. */
export function toVariantFactsWith<Extra extends object>(row: FactRow & Extra): VariantFacts & Extra {
  // toFacts keeps every column it does not turn into something else: the caller's among them.
  return toFacts(row) as VariantFacts & Extra;
}

function toFacts(row: FactRow): VariantFacts {
  const { variantLimit, productLimit, ...rest } = row;
  const label = variantLabel(row);
  const { limit, scope } = limitFor({ variantId: row.variantId, productId: row.productId, variantLimit, productLimit });
  return { ...rest, variantLabel: label, displayName: label ? `${row.name} (${label})` : row.name, limitPerCustomer: limit, ownLimit: variantLimit, limitScope: scope };
}

/** One variant's facts, asked on every cart add and change: a prepared statement (decision 0056). */
const variantFactsStatement = preparedPerDatabase("catalog_variant_facts", (db: Db) =>
  selectFacts(db).where(eq(productVariants.id, sql.placeholder("variantId"))),
);

export async function findVariantFacts(db: Executor, variantId: number): Promise<VariantFacts | null> {
  // A prepared statement runs on the pool, so inside a transaction the query is built as usual.
  const [row] = isTransaction(db) ? await selectFacts(db).where(eq(productVariants.id, variantId)) : await variantFactsStatement(db).execute({ variantId });
  return row ? toFacts(row) : null;
}

export async function variantFactsById(db: Executor, variantIds: number[]): Promise<Map<number, VariantFacts>> {
  if (variantIds.length === 0) return new Map();
  const rows = await selectFacts(db).where(inArray(productVariants.id, [...new Set(variantIds)]));
  return new Map(rows.map((r) => [r.variantId, toFacts(r)]));
}

/** Why a stock change happened, and on whose behalf: becomes its row in the stock ledger. */
export interface StockMovement {
  reason: StockMovementReason;
  /** The order a hold, release, late payment or restock belongs to. */
  orderId?: number | null;
  /** The admin who adjusted, listed or imported; absent for the shop itself. */
  actorId?: string | null;
  /** An adjustment's reason as written; an import's file name. */
  note?: string | null;
}

export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];


/**
 * The ledger row for a change made by `changed` (a CTE named `changed` returning `id`,
 * `stock` and `delta`), in the same statement: the change and its record stand or fall
 * together, and `stock_after` is what the guarded statement itself left. Each changed row also
 * tells every instance's render cache (decision 0049), in the same statement, at the commit.
 */
function recordInSameStatement(changed: SQL, movement: StockMovement): SQL {
  return sql`WITH changed AS (${changed})
    INSERT INTO ${stockMovements} (variant_id, delta, stock_after, reason, order_id, actor_id, note)
    SELECT id, delta, stock, ${movement.reason}, ${movement.orderId ?? null}, ${movement.actorId ?? null}, ${movement.note ?? null}
    FROM changed WHERE delta <> 0
    RETURNING variant_id, stock_after, ${notifyCatalogueChangedSql} AS notified`;
}

/**
 * A variant's own facts as a caller read them before taking its stock: the take is refused if
 * any has changed since (checkout prices and limits the order on them without holding the row).
 */
export interface VariantFactsAsRead {
  price: number;
  premiumPrice: number | null;
  /** The variant's own limit (null when the product's applies or there is none). */
  ownLimit: number | null;
}

/** The facts `takeStock` can be asked to find unchanged, from a VariantFacts read. */
export function factsAsRead(facts: Pick<VariantFacts, "price" | "premiumPrice" | "ownLimit">): VariantFactsAsRead {
  return { price: facts.price, premiumPrice: facts.premiumPrice, ownLimit: facts.ownLimit };
}

/**
 * Takes `quantity` units of a variant of a visible product with one guarded statement, and
 * writes its ledger row in the same statement:
 *   UPDATE product_variants SET stock = stock - $q
 *   WHERE id = $id AND stock >= $q AND <its product is visible> [AND <facts unchanged>] RETURNING stock
 * With `unchanged`, also refused when the variant's price, member price or own limit is no
 * longer what the caller read. The statement locks the row, so this is checked on the latest
 * committed version, after any writer it waited for.
 */
export async function takeStock(tx: Executor, variantId: number, quantity: number, movement: StockMovement, unchanged?: VariantFactsAsRead): Promise<boolean> {
  const factsGuard = unchanged
    ? sql`AND price = ${unchanged.price} AND premium_price IS NOT DISTINCT FROM ${unchanged.premiumPrice}::int
          AND limit_per_customer IS NOT DISTINCT FROM ${unchanged.ownLimit}::int`
    : sql``;
  const result = await tx.execute(
    recordInSameStatement(
      sql`UPDATE ${productVariants} SET stock = stock - ${quantity}, updated_at = now()
          WHERE id = ${variantId} AND stock >= ${quantity} ${factsGuard}
            AND EXISTS (SELECT 1 FROM ${products} p WHERE p.id = product_variants.product_id AND ${productShownAs("p")})
          RETURNING id, stock, ${-quantity}::int AS delta`,
      movement,
    ),
  );
  return rowsOf(result).length > 0;
}

export interface UnitLine {
  variantId: number;
  quantity: number;
}

/** Puts units back, one statement per variant in id order (the same lock order as taking). */
export async function returnStock(tx: Executor, lines: UnitLine[], movement: StockMovement): Promise<void> {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  for (const variantId of [...byVariant.keys()].sort((a, b) => a - b)) {
    const quantity = byVariant.get(variantId)!;
    await tx.execute(
      recordInSameStatement(
        sql`UPDATE ${productVariants} SET stock = stock + ${quantity}, updated_at = now()
            WHERE id = ${variantId} RETURNING id, stock, ${quantity}::int AS delta`,
        movement,
      ),
    );
  }
}

/**
 * Adds `delta` (negative: removes) to a variant's stock, guarded so it never goes below zero
 * nor above `max`; the stock after, or null when the guard refused (nothing changed).
 */
export async function adjustStock(tx: Executor, variantId: number, delta: number, movement: StockMovement, max = 1_000_000): Promise<number | null> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new RangeError(`adjustStock: delta must be a non-zero integer, got ${delta}`);
  const result = await tx.execute(
    recordInSameStatement(
      sql`UPDATE ${productVariants} SET stock = stock + ${delta}, updated_at = now()
          WHERE id = ${variantId} AND stock + ${delta} >= 0 AND stock + ${delta} <= ${max}
          RETURNING id, stock, ${delta}::int AS delta`,
      movement,
    ),
  );
  const [row] = rowsOf<{ stock_after: number }>(result);
  return row ? Number(row.stock_after) : null;
}

/**
 * Sets a variant's stock to `stock` (an editor's or an import's absolute figure), recording the
 * difference; the stock before and after, or null for an unknown variant. The row is locked
 * first, so the recorded difference is the one this statement made.
 */
export async function setStock(tx: Executor, variantId: number, stock: number, movement: StockMovement): Promise<{ before: number; after: number } | null> {
  if (!Number.isSafeInteger(stock) || stock < 0) throw new RangeError(`setStock: stock must be a whole number ≥ 0, got ${stock}`);
  const [locked] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)).for("no key update");
  if (!locked) return null;
  if (locked.stock === stock) return { before: stock, after: stock };
  await tx.execute(
    recordInSameStatement(
      sql`UPDATE ${productVariants} SET stock = ${stock}, updated_at = now()
          WHERE id = ${variantId} RETURNING id, stock, ${stock - locked.stock}::int AS delta`,
      movement,
    ),
  );
  return { before: locked.stock, after: stock };
}

/**
 * Sets many variants' stock to absolute figures (an import's), recording each difference: the
 * rows are locked in variant-id order (the lock order), then ONE statement changes every stock
 * and writes every ledger row, so 10,000 variants are two statements, not 20,000, and each
 * change still has its ledger row written with it. Variants already at their figure are left
 * alone (no row). Returns what changed; throws on an unknown variant (nothing is written then,
 * as the caller's transaction fails).
 */
export async function setStocks(
  tx: Executor,
  targets: ReadonlyArray<{ variantId: number; stock: number }>,
  movement: StockMovement,
): Promise<Array<{ variantId: number; before: number; after: number }>> {
  if (targets.length === 0) return [];
  const wanted = new Map<number, number>();
  for (const { variantId, stock } of targets) {
    if (!Number.isSafeInteger(stock) || stock < 0) throw new RangeError(`setStocks: stock must be a whole number ≥ 0, got ${stock}`);
    if (wanted.has(variantId)) throw new RangeError(`setStocks: variant ${variantId} given twice`);
    wanted.set(variantId, stock);
  }
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("no key update");
  if (locked.length !== ids.length) throw new Error("setStocks: unknown variant");
  const changes = locked
    .filter((row) => wanted.get(row.id) !== row.stock)
    .map((row) => ({ variantId: row.id, before: row.stock, after: wanted.get(row.id)! }));
  if (changes.length === 0) return [];
  const rows = JSON.stringify(changes.map((c) => ({ id: c.variantId, stock: c.after, delta: c.after - c.before })));
  const result = await tx.execute(
    recordInSameStatement(
      sql`UPDATE ${productVariants} v SET stock = x.stock, updated_at = now()
          FROM json_to_recordset(${rows}::json) AS x(id int, stock int, delta int)
          WHERE v.id = x.id AND v.stock = x.stock - x.delta
          RETURNING v.id, v.stock, x.delta`,
      movement,
    ),
  );
  // The rows are locked: every one matches its "before". A miss would be a bug, not a race.
  if (rowsOf(result).length !== changes.length) throw new Error("setStocks: a variant's stock moved while locked");
  return changes;
}

/**
 * The opening ledger rows of variants just created with stock (a listing, an import, the demo
 * seed): one `movement` row each for the stock they hold, so their ledger sums to it from the
 * start. Call it in the transaction that inserted them.
 */
export async function recordOpeningStock(tx: Executor, variantIds: number[], movement: StockMovement): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${stockMovements} (variant_id, delta, stock_after, reason, order_id, actor_id, note)
    SELECT id, stock, stock, ${movement.reason}, ${movement.orderId ?? null}, ${movement.actorId ?? null}, ${movement.note ?? null}
    FROM ${productVariants} WHERE id = ANY(${`{${variantIds.join(",")}}`}::int[]) AND stock <> 0 ORDER BY id`);
}

export interface StockMovementRow {
  id: number;
  delta: number;
  stockBefore: number;
  stockAfter: number;
  reason: StockMovementReason;
  orderId: number | null;
  actorId: string | null;
  note: string | null;
  createdAt: Date;
}

/** A variant's ledger, newest first. */
export async function stockHistory(db: Executor, variantId: number, limit = 100): Promise<StockMovementRow[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      actorId: stockMovements.actorId,
      note: stockMovements.note,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, reason: r.reason as StockMovementReason, stockBefore: r.stockAfter - r.delta }));
}

/**
 * Units of each variant an order has had put back on the shelf so far by `reasons` (a cancel's
 * or a refund's restock), from the ledger: what a later restock of the same order may not
 * return again.
 */
export async function unitsReturnedForOrder(db: Executor, orderId: number, reasons: StockMovementReason[]): Promise<Map<number, number>> {
  if (reasons.length === 0) return new Map();
  const rows = await db
    .select({ variantId: stockMovements.variantId, units: sql<number>`sum(${stockMovements.delta})::int` })
    .from(stockMovements)
    .where(sql`${stockMovements.orderId} = ${orderId} AND ${inArray(stockMovements.reason, reasons)}`)
    .groupBy(stockMovements.variantId);
  return new Map(rows.map((r) => [r.variantId, Number(r.units)]));
}

/**
 * Locks variants' rows in id order ahead of a mix of returning and taking stock in one
 * transaction. The other place that locks them ahead of a take is checkout's locking read of
 * the cart (`checkoutLines` with `lock`), in the same order.
 */
export async function lockVariants(tx: Executor, variantIds: number[]): Promise<void> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("no key update");
}

/** One ledger row on a product's admin page: which variant, and who (by email) moved it. */
export interface ProductStockMovementRow extends StockMovementRow {
  variantId: number;
  variant: VariantAttributes;
  actorEmail: string | null;
}

/**
 * A product's ledger over all its variants, newest first, a page at a time (the admin's product
 * page). Joins `users` for the acting admin's email (a reporting read).
 */
export async function productStockHistory(db: Executor, productId: number, page: number, pageSize: number): Promise<{ rows: ProductStockMovementRow[]; total: number }> {
  const where = eq(productVariants.productId, productId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        variantId: stockMovements.variantId,
        condition: productVariants.condition,
        printing: productVariants.printing,
        language: productVariants.language,
        grader: productVariants.grader,
        grade: productVariants.grade,
        delta: stockMovements.delta,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        orderId: stockMovements.orderId,
        actorId: stockMovements.actorId,
        actorEmail: users.email,
        note: stockMovements.note,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId)).where(where),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map(({ condition, printing, language, grader, grade, ...r }) => ({
      ...r,
      reason: r.reason as StockMovementReason,
      stockBefore: r.stockAfter - r.delta,
      variant: { condition, printing, language, grader, grade },
    })),
  };
}
