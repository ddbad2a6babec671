import { query, removeProducts } from "./db";

/**
 * Arranging singles for browser tests: a card set, a card, the product that sells it and its
 * variants (condition × printing × language, or grader × grade), and removing all of it again.
 * Each spec passes its own unique `tag`, so parallel specs never share a set code or a card.
 */
export interface SingleVariant {
  condition?: string | null;
  printing?: string | null;
  language?: string | null;
  grader?: string | null;
  grade?: string | null;
  /** Pence. */
  price: number;
  premiumPrice?: number | null;
  stock: number;
  limitPerCustomer?: number | null;
}

export interface SingleRow {
  name: string;
  slug: string;
  /** The category: its id, or its slug. */
  category: number | string;
  /** Unique per spec run: the set's code and TCGdex id. */
  setCode: string;
  setName: string;
  officialCardCount: number | null;
  cardName: string;
  localNumber: string;
  rarity?: string | null;
  artist?: string | null;
  limitPerCustomer?: number | null;
  description?: string | null;
  imageUrl?: string | null;
  createdAt?: Date;
  variants: SingleVariant[];
}

export interface InsertedSingle {
  productId: number;
  setId: number;
  cardId: number;
  /** In the order given. */
  variantIds: number[];
}

export async function insertSingle(s: SingleRow): Promise<InsertedSingle> {
  const [set] = await query<{ id: number }>(
    `INSERT INTO card_sets (code, name, official_card_count, total_card_count, tcgdex_id) VALUES ($1, $2, $3, $3, $1)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [s.setCode, s.setName, s.officialCardCount],
  );
  const [card] = await query<{ id: number }>(
    `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, artist, tcgdex_id)
     VALUES ($1, $2, lpad($2, 8, '0'), $3, $4, $5, $6) RETURNING id`,
    [set!.id, s.localNumber, s.cardName, s.rarity ?? null, s.artist ?? null, `${s.setCode}-${s.localNumber}`],
  );
  const [product] = await query<{ id: number }>(
    `INSERT INTO products (name, slug, kind, card_id, limit_per_customer, category_id, description, image_url, created_at)
     SELECT $1, $2, 'single', $3, $4, c.id, $5, $6, $7 FROM categories c WHERE c.slug = $8::text OR c.id::text = $8::text RETURNING id`,
    [s.name, s.slug, card!.id, s.limitPerCustomer ?? null, s.description ?? null, s.imageUrl ?? null, s.createdAt ?? new Date(), String(s.category)],
  );
  if (!product) throw new Error(`insertSingle: no category "${s.category}"`);
  const variantIds: number[] = [];
  for (const v of s.variants) {
    // With its opening row in the stock ledger, as every stock there is (tests/e2e/db.ts does the same).
    const [row] = await query<{ id: number }>(
      `WITH variant AS (
         INSERT INTO product_variants (product_id, condition, printing, language, grader, grade, price, premium_price, stock, limit_per_customer)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, stock
       ), opening AS (
         INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note)
         SELECT id, stock, stock, 'opening', 'browser test fixture' FROM variant WHERE stock <> 0
       )
       SELECT id FROM variant`,
      [product.id, v.condition ?? null, v.printing ?? null, v.language ?? null, v.grader ?? null, v.grade ?? null, v.price, v.premiumPrice ?? null, v.stock, v.limitPerCustomer ?? null],
    );
    variantIds.push(row!.id);
  }
  return { productId: product.id, setId: set!.id, cardId: card!.id, variantIds };
}

/**
 * Removes singles a spec arranged: the products (through `removeProducts`, which also clears
 * what points at them), then their cards, then any of their sets left without cards.
 */
export async function removeSingles(singles: ReadonlyArray<InsertedSingle | null>): Promise<void> {
  const arranged = singles.filter((s): s is InsertedSingle => s !== null);
  if (arranged.length === 0) return;
  await removeProducts(arranged.map((s) => s.productId));
  await query("DELETE FROM cards WHERE id = ANY($1::int[])", [arranged.map((s) => s.cardId)]);
  await query("DELETE FROM card_sets s WHERE s.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.set_id = s.id)", [arranged.map((s) => s.setId)]);
}
