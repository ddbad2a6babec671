/**
 * Fills a migrated database with singles to reprice: one card set, `cards` cards each with a
 * Cardmarket id, a single per card with four variants (Near Mint, Lightly Played and Moderately
 * Played normal copies, and a Near Mint reverse holo), a price guide with every card's figures,
 * 1 % of the variants pinned, and 500 variants held by pending checkouts. A handful of
 * INSERT … SELECT generate_series statements: 100,000 variants take seconds.
 * Deterministic: the same count gives the same rows.
 */
import type pg from "pg";

export const VARIANTS_PER_CARD = 4;
export const HELD_VARIANTS = 500;

export async function fillSingles(client: pg.Pool | pg.Client, cards: number): Promise<{ variants: number; guideId: number }> {
  await client.query(`INSERT INTO languages (code, name, slug, flag_url) VALUES ('en', 'English', 'english', '/flags/gb.svg')`);
  await client.query(`INSERT INTO categories (name, slug, language_id) SELECT 'English Singles', 'english-singles', id FROM languages`);
  await client.query(`INSERT INTO card_sets (code, name, tcgdex_id) VALUES ('bench', 'Bench Set', 'bench')`);
  await client.query(
    `INSERT INTO cards (set_id, local_number, number_sort, name, tcgdex_id, cardmarket_product_id, printings)
     SELECT s.id, i::text, lpad(i::text, 10, '0'), 'Bench Card ' || i, 'bench-' || i, 1000000 + i, ARRAY['normal', 'reverse_holo']
     FROM card_sets s, generate_series(1, $1::int) AS i`,
    [cards],
  );
  await client.query(
    `INSERT INTO products (name, slug, category_id, kind, card_id)
     SELECT c.name || ' ' || c.local_number || '/' || $1::int, 'bench-card-' || c.local_number, cat.id, 'single', c.id
     FROM cards c, categories cat`,
    [cards],
  );
  // Prices from £0.10 to £40, a member price on a third; 1 % pinned.
  const variants = await client.query(
    `INSERT INTO product_variants (product_id, condition, printing, language, price, premium_price, stock, price_pinned)
     SELECT p.id, v.condition, v.printing, 'en', price.value,
            CASE WHEN abs(hashint4(p.id * 4 + v.n)) % 3 = 0 THEN price.value * 9 / 10 END,
            abs(hashint4(p.id * 4 + v.n + 1)) % 8,
            abs(hashint4(p.id * 4 + v.n + 2)) % 100 = 0
     FROM products p
     CROSS JOIN (VALUES (0, 'nm', 'normal'), (1, 'lp', 'normal'), (2, 'mp', 'normal'), (3, 'nm', 'reverse_holo')) AS v(n, condition, printing)
     CROSS JOIN LATERAL (SELECT 10 + abs(hashint4(p.id * 4 + v.n)) % 4000 AS value) AS price`,
  );
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO market_price_guides (source, published_at, file_name, row_count, matched_count)
     VALUES ('cardmarket', '2026-11-20T02:00:00Z', 'bench.json', $1, $1) RETURNING id`,
    [cards],
  );
  const guideId = rows[0]!.id;
  // Figures from €0.02 to €50; a sixth of the cards without a reverse-holo figure.
  await client.query(
    `INSERT INTO market_prices (guide_id, cardmarket_product_id, avg, low, trend, avg1, avg7, avg30, avg_holo, low_holo, trend_holo, avg1_holo, avg7_holo, avg30_holo)
     SELECT $1::int, c.cardmarket_product_id, f.base + 10, f.base / 2 + 1, f.base, f.base + 5, f.base + 3, f.base - 1,
            h.holo + 10, h.holo / 2 + 1, h.holo, h.holo + 5, h.holo + 3, h.holo - 1
     FROM cards c
     CROSS JOIN LATERAL (SELECT 2 + abs(hashint4(c.id)) % 5000 AS base) AS f
     CROSS JOIN LATERAL (SELECT CASE WHEN c.id % 6 = 0 THEN NULL ELSE f.base * 2 END AS holo) AS h`,
    [guideId],
  );
  // Pending checkouts holding 500 variants spread over the catalogue.
  const { rows: users } = await client.query<{ id: string }>(
    `INSERT INTO users (email, password_hash) VALUES ('bench-buyer@example.test', 'x') RETURNING id`,
  );
  const { rows: orders } = await client.query<{ id: number }>(
    `INSERT INTO orders (user_id, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
                         reservation_expires_at, email)
     VALUES ($1, 0, 0, 0, 0, 'sandbox', now() + interval '1 hour', 'bench-buyer@example.test') RETURNING id`,
    [users[0]!.id],
  );
  await client.query(
    `INSERT INTO stock_reservations (order_id, variant_id, quantity, status, expires_at)
     SELECT $1::int, id, 1, 'held', now() + interval '1 hour'
     FROM product_variants WHERE id % (SELECT greatest(1, count(*) / $2::int) FROM product_variants) = 0 LIMIT $2::int`,
    [orders[0]!.id, HELD_VARIANTS],
  );
  return { variants: variants.rowCount ?? 0, guideId };
}
