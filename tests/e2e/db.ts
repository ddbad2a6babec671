import pg from "pg";

/**
 * Direct access to the browser tests' database, for arranging state the UI cannot (moving a
 * subscription's period end, reading the outbox) and for checking what the UI did.
 */
let pool: pg.Pool | undefined;

export function e2eDb(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 });
  return pool;
}

export async function query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) {
  const result = await e2eDb().query<T>(text, params);
  return result.rows;
}

/**
 * What the shop's own writers do after a catalogue change (decision 0049): the render caches of
 * the server forget their anonymous pages, so a spec sees its arranged product at once.
 */
async function announceCatalogueChange(): Promise<void> {
  await query("SELECT pg_notify('nearmint_catalogue_changed', '')");
  // The server hears it on its own connection a moment later, not before this returns.
  await new Promise((resolve) => setTimeout(resolve, 250));
}

export interface SealedProductRow {
  name: string;
  slug: string;
  /** Pence. */
  price: number;
  premiumPrice?: number | null;
  stock: number;
  limitPerCustomer?: number | null;
  /** The category: its id, or its slug (a demo category's, say). */
  category: number | string;
  description?: string | null;
  imageUrl?: string | null;
  isVisible?: boolean;
  createdAt?: Date;
}

/**
 * Inserts a sealed product with its one variant (price, member price and stock live on the
 * variant) and returns both ids. Specs arrange their products through this, never by SQL of
 * their own, so the shape of a product lives here once.
 */
export async function insertSealedProduct(p: SealedProductRow): Promise<{ productId: number; variantId: number }> {
  const [row] = await query<{ product_id: number; variant_id: number }>(
    `WITH product AS (
       INSERT INTO products (name, slug, limit_per_customer, category_id, description, image_url, is_visible, created_at)
       SELECT $1, $2, $3, c.id, $4, $5, $6, $7 FROM categories c WHERE c.slug = $8::text OR c.id::text = $8::text
       RETURNING id
     )
     , variant AS (
       INSERT INTO product_variants (product_id, price, premium_price, stock)
       SELECT id, $9, $10, $11 FROM product
       RETURNING product_id, id, stock
     ), opening AS (
       INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note)
       SELECT id, stock, stock, 'opening', 'browser test fixture' FROM variant WHERE stock <> 0
     )
     SELECT product_id, id AS variant_id FROM variant`,
    [
      p.name,
      p.slug,
      p.limitPerCustomer ?? null,
      p.description ?? null,
      p.imageUrl ?? null,
      p.isVisible ?? true,
      p.createdAt ?? new Date(),
      String(p.category),
      p.price,
      p.premiumPrice ?? null,
      p.stock,
    ],
  );
  if (!row) throw new Error(`insertSealedProduct: no category "${p.category}"`);
  await announceCatalogueChange();
  return { productId: row.product_id, variantId: row.variant_id };
}

/**
 * Removes products a spec arranged, with their variants and cart lines. Orders keep their
 * snapshot lines (product and variant links set to null); reservations pointing at the
 * variants go first, as the schema refuses to lose them silently.
 */
export async function removeProducts(productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await query("DELETE FROM stock_reservations WHERE variant_id IN (SELECT id FROM product_variants WHERE product_id = ANY($1::int[]))", [productIds]);
  await query("UPDATE order_items SET product_id = NULL WHERE product_id = ANY($1::int[])", [productIds]);
  await query("DELETE FROM products WHERE id = ANY($1::int[])", [productIds]);
  await announceCatalogueChange();
}

/** A sealed product's stock (its one variant's). */
export async function sealedStock(productId: number): Promise<number> {
  const [row] = await query<{ stock: number }>("SELECT stock FROM product_variants WHERE product_id = $1", [productId]);
  return row!.stock;
}

/** Sets a sealed product's stock (its one variant's), with its ledger row as an adjustment would. */
export async function setSealedStock(productId: number, stock: number): Promise<void> {
  await query(
    `WITH before AS (SELECT id, stock FROM product_variants WHERE product_id = $1 FOR UPDATE),
     changed AS (UPDATE product_variants v SET stock = $2 FROM before WHERE v.id = before.id RETURNING v.id, v.stock, v.stock - before.stock AS delta)
     INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note)
     SELECT id, delta, stock, 'adjustment', 'browser test' FROM changed WHERE delta <> 0`,
    [productId, stock],
  );
  await announceCatalogueChange();
}
