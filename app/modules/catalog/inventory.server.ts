/**
 * Stock of sellable products (`products.stock`): the only place it changes. Every change is
 * one guarded statement, never read-then-write, so two buyers of the last unit cannot both
 * succeed and a count can never go below zero. Callers that touch several products do so in
 * product-id order (the lock order), so two transactions cannot deadlock.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products } from "~/db/schema";

type Executor = Db | Tx;

/** A product's sellable facts: what the cart, checkout and the purchase limit check against. */
export interface ProductFacts {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  isVisible: boolean;
}

const factColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  premiumPrice: products.premiumPrice,
  stock: products.stock,
  limitPerCustomer: products.limitPerCustomer,
  isVisible: products.isVisible,
};

export async function findProductFacts(db: Executor, productId: number): Promise<ProductFacts | null> {
  const [row] = await db.select(factColumns).from(products).where(eq(products.id, productId));
  return row ?? null;
}

export async function productFactsById(db: Executor, productIds: number[]): Promise<Map<number, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select(factColumns).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Takes `quantity` units of a visible product with one guarded statement:
 *   UPDATE products SET stock = stock - $q WHERE id = $id AND stock >= $q AND is_visible RETURNING stock
 */
export async function takeStock(tx: Executor, productId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity), eq(products.isVisible, true)))
    .returning({ stock: products.stock });
  return rows.length > 0;
}

export interface UnitLine {
  productId: number;
  quantity: number;
}

/** Puts units back, one statement per product in id order (the same lock order as taking). */
export async function returnStock(tx: Executor, lines: UnitLine[]): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${byProduct.get(productId)!}` })
      .where(eq(products.id, productId));
  }
}

/** Locks products' rows in id order ahead of a mix of returning and taking stock in one transaction. */
export async function lockProducts(tx: Executor, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("no key update");
}
