/**
 * Stock of what is sold (`product_variants.stock`): the only place it changes. Every change is
 * one guarded statement, never read-then-write, so two buyers of the last unit cannot both
 * succeed and a count can never go below zero. Callers that touch several variants do so in
 * variant-id order (the lock order), so two transactions cannot deadlock.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import { limitFor, type LimitScope } from "~/modules/orders/purchase-limit";
import { variantLabel, type VariantAttributes } from "./variants";

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
  isVisible: products.isVisible,
};

function selectFacts(db: Executor) {
  return db.select(factColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId));
}

type FactRow = Awaited<ReturnType<typeof selectFacts>>[number];

function toFacts(row: FactRow): VariantFacts {
  const { variantLimit, productLimit, ...rest } = row;
  const label = variantLabel(row);
  const { limit, scope } = limitFor({ variantId: row.variantId, productId: row.productId, variantLimit, productLimit });
  return { ...rest, variantLabel: label, displayName: label ? `${row.name} (${label})` : row.name, limitPerCustomer: limit, limitScope: scope };
}

export async function findVariantFacts(db: Executor, variantId: number): Promise<VariantFacts | null> {
  const [row] = await selectFacts(db).where(eq(productVariants.id, variantId));
  return row ? toFacts(row) : null;
}

export async function variantFactsById(db: Executor, variantIds: number[]): Promise<Map<number, VariantFacts>> {
  if (variantIds.length === 0) return new Map();
  const rows = await selectFacts(db).where(inArray(productVariants.id, [...new Set(variantIds)]));
  return new Map(rows.map((r) => [r.variantId, toFacts(r)]));
}

/**
 * Takes `quantity` units of a variant of a visible product with one guarded statement:
 *   UPDATE product_variants SET stock = stock - $q
 *   WHERE id = $id AND stock >= $q AND <its product is visible> RETURNING stock
 */
export async function takeStock(tx: Executor, variantId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.id, variantId),
        gte(productVariants.stock, quantity),
        sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${productVariants.productId} AND ${products.isVisible})`,
      ),
    )
    .returning({ stock: productVariants.stock });
  return rows.length > 0;
}

export interface UnitLine {
  variantId: number;
  quantity: number;
}

/** Puts units back, one statement per variant in id order (the same lock order as taking). */
export async function returnStock(tx: Executor, lines: UnitLine[]): Promise<void> {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  for (const variantId of [...byVariant.keys()].sort((a, b) => a - b)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${byVariant.get(variantId)!}`, updatedAt: sql`now()` })
      .where(eq(productVariants.id, variantId));
  }
}

/** Locks variants' rows in id order ahead of a mix of returning and taking stock in one transaction. */
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
