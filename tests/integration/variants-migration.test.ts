import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "~/db/client.server";
import { getCart } from "~/modules/cart/cart.server";
import { createCheckout } from "~/modules/checkout/checkout.server";
import { listOrdersForAdmin } from "~/modules/orders/admin.server";
import { listOrderHistory } from "~/modules/orders/history.server";
import { createSandboxProvider } from "~/modules/payments/sandbox/provider.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * Migrations 0010–0011 move price, member price and stock from products to variants and point
 * carts, order lines and reservations at them. A shop that ran the release before them has
 * orders, carts and held checkouts: after migrating, every order reads as it did, every cart
 * holds what it held at today's prices, and held stock is still held.
 */
const LAST_BEFORE_VARIANTS = "0009_card-reference";

let database: TestDatabase;
let legacyFolder: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The migrations folder as it was before the variants release: 0000–0009 only. */
async function legacyMigrations(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "nearmint-legacy-migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === LAST_BEFORE_VARIANTS);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

interface LegacyWorld {
  userId: string;
  guestId: string;
  boxId: number;
  tinId: number;
  paidOrderId: number;
  pendingOrderId: number;
}

let world: LegacyWorld;
let ordersBefore: Array<{ id: number; status: string; total_amount: number; items: string }>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  legacyFolder = await legacyMigrations();
  if (database.kind === "postgres") await migrateNodePg(database.db as never, { migrationsFolder: legacyFolder });
  else await migratePglite(database.db as never, { migrationsFolder: legacyFolder });

  // The shop as the previous release left it, written with that release's columns.
  const [language] = await rows<{ id: number }>(sql`INSERT INTO languages (code, name, slug, flag_url) VALUES ('en', 'English', 'english', '/flags/4x3/gb.svg') RETURNING id`);
  const [category] = await rows<{ id: number }>(sql`INSERT INTO categories (name, slug, language_id) VALUES ('Booster Boxes', 'booster-boxes', ${language!.id}) RETURNING id`);
  const [box] = await rows<{ id: number }>(sql`
    INSERT INTO products (name, slug, price, premium_price, stock, limit_per_customer, category_id)
    VALUES ('Prismatic Evolutions Booster Box', 'prismatic-box', 17999, 16999, 7, 2, ${category!.id}) RETURNING id`);
  const [tin] = await rows<{ id: number }>(sql`
    INSERT INTO products (name, slug, price, stock, category_id) VALUES ('Paldea Tin', 'paldea-tin', 1999, 0, ${category!.id}) RETURNING id`);
  const [user] = await rows<{ id: string }>(sql`INSERT INTO users (email, password_hash) VALUES ('ash@example.test', 'x') RETURNING id`);
  await database.db.execute(sql`
    INSERT INTO profiles (id, full_name, email, address_line1, city, postal_code, country)
    VALUES (${user!.id}, 'Ash Ketchum', 'ash@example.test', '1 Pallet Road', 'Leeds', 'LS1 1AA', 'United Kingdom')`);
  await database.db.execute(sql`INSERT INTO guest_carts (id) VALUES ('legacy-guest-cart-00001')`);
  await database.db.execute(sql`INSERT INTO cart_items (user_id, product_id, quantity) VALUES (${user!.id}, ${box!.id}, 1)`);
  await database.db.execute(sql`INSERT INTO cart_items (guest_id, product_id, quantity) VALUES ('legacy-guest-cart-00001', ${box!.id}, 2), ('legacy-guest-cart-00001', ${tin!.id}, 1)`);
  const [paid] = await rows<{ id: number }>(sql`
    INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, reservation_expires_at, email, paid_at)
    VALUES (${user!.id}, 'completed', 19998, 529, 20527, 19998, 'sandbox', now(), 'ash@example.test', now()) RETURNING id`);
  await database.db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, product_slug, quantity, unit_price, normal_unit_price)
    VALUES (${paid!.id}, ${box!.id}, 'Prismatic Evolutions Booster Box', 'prismatic-box', 1, 17999, 17999),
           (${paid!.id}, ${tin!.id}, 'Paldea Tin', 'paldea-tin', 1, 1999, 1999)`);
  await database.db.execute(sql`INSERT INTO stock_reservations (order_id, product_id, quantity, status, expires_at, settled_at) VALUES (${paid!.id}, ${box!.id}, 1, 'sold', now(), now()), (${paid!.id}, ${tin!.id}, 1, 'sold', now(), now())`);
  const [pending] = await rows<{ id: number }>(sql`
    INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, reservation_expires_at, email)
    VALUES (${user!.id}, 'pending', 17999, 529, 18528, 17999, 'sandbox', now() + interval '20 minutes', 'ash@example.test') RETURNING id`);
  await database.db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, product_slug, quantity, unit_price, normal_unit_price)
    VALUES (${pending!.id}, ${box!.id}, 'Prismatic Evolutions Booster Box', 'prismatic-box', 1, 17999, 17999)`);
  await database.db.execute(sql`INSERT INTO stock_reservations (order_id, product_id, quantity, status, expires_at) VALUES (${pending!.id}, ${box!.id}, 1, 'held', now() + interval '20 minutes')`);

  world = { userId: user!.id, guestId: "legacy-guest-cart-00001", boxId: box!.id, tinId: tin!.id, paidOrderId: paid!.id, pendingOrderId: pending!.id };
  ordersBefore = await rows(sql`
    SELECT o.id, o.status, o.total_amount,
           string_agg(i.quantity || ' x ' || i.product_name || ' @ ' || i.unit_price, '; ' ORDER BY i.id) AS items
    FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id ORDER BY o.id`);

  await database.migrate();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
  if (legacyFolder) await rm(legacyFolder, { recursive: true, force: true });
});

describe("migrating a shop with orders and carts to variants", () => {
  it("gives every product one sealed variant with its price, member price and stock", async () => {
    const variants = await rows<{ product_id: number; price: number; premium_price: number | null; stock: number; condition: string | null; limit_per_customer: number | null }>(
      sql`SELECT product_id, price, premium_price, stock, condition, limit_per_customer FROM product_variants ORDER BY product_id`,
    );
    expect(variants).toEqual([
      { product_id: world.boxId, price: 17999, premium_price: 16999, stock: 7, condition: null, limit_per_customer: null },
      { product_id: world.tinId, price: 1999, premium_price: null, stock: 0, condition: null, limit_per_customer: null },
    ]);
    // The product keeps its limit (it counts across the product's variants).
    const [box] = await rows<{ limit_per_customer: number; kind: string }>(sql`SELECT limit_per_customer, kind FROM products WHERE id = ${world.boxId}`);
    expect(box).toEqual({ limit_per_customer: 2, kind: "sealed" });
  });

  it("keeps every order reading the same: totals, lines, names, quantities and prices", async () => {
    const after = await rows(sql`
      SELECT o.id, o.status, o.total_amount,
             string_agg(i.quantity || ' x ' || i.product_name || ' @ ' || i.unit_price, '; ' ORDER BY i.id) AS items
      FROM orders o JOIN order_items i ON i.order_id = o.id GROUP BY o.id ORDER BY o.id`);
    expect(after).toEqual(ordersBefore);
    const history = await listOrderHistory(database.db, world.userId);
    expect(history.map((o) => [o.id, o.status, o.items.map((i) => [i.productName, i.variantLabel, i.quantity, i.unitPrice])])).toEqual([
      [
        world.paidOrderId,
        "completed",
        [
          ["Prismatic Evolutions Booster Box", null, 1, 17999],
          ["Paldea Tin", null, 1, 1999],
        ],
      ],
    ]);
    const admin = await listOrdersForAdmin(database.db, { filter: "all" });
    expect(admin.orders.find((o) => o.id === world.paidOrderId)?.items.map((i) => i.productName)).toEqual(["Prismatic Evolutions Booster Box", "Paldea Tin"]);
    const unlinked = await rows(sql`SELECT id FROM order_items WHERE variant_id IS NULL`);
    expect(unlinked).toEqual([]);
  });

  it("keeps every cart's lines and the held stock of the pending checkout", async () => {
    const userCart = await getCart(database.db, { userId: world.userId });
    expect(userCart.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([["Prismatic Evolutions Booster Box", 1, 17999]]);
    const guestCart = await getCart(database.db, { guestId: world.guestId });
    // The tin was already sold out: the cart says so and drops it, as it did before.
    expect(guestCart.lines.map((l) => [l.name, l.quantity])).toEqual([["Prismatic Evolutions Booster Box", 2]]);
    expect(guestCart.notices).toEqual(["Paldea Tin is out of stock and was removed from your cart."]);
    const held = await rows<{ order_id: number; status: string; quantity: number; price: number }>(sql`
      SELECT r.order_id, r.status, r.quantity, v.price FROM stock_reservations r JOIN product_variants v ON v.id = r.variant_id ORDER BY r.id`);
    expect(held).toEqual([
      { order_id: world.paidOrderId, status: "sold", quantity: 1, price: 17999 },
      { order_id: world.paidOrderId, status: "sold", quantity: 1, price: 1999 },
      { order_id: world.pendingOrderId, status: "held", quantity: 1, price: 17999 },
    ]);
  });

  it("lets the migrated cart check out: the new checkout replaces the held one and takes the variant's stock", async () => {
    const provider = createSandboxProvider(database.db, { publicUrl: "http://shop.test", planPrices: { monthly: 499, quarterly: 1299 } });
    const result = await createCheckout(database.db, { userId: world.userId }, provider, { publicUrl: "http://shop.test", reservationMinutes: 30 });
    expect(result.ok).toBe(true);
    const [variant] = await rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE product_id = ${world.boxId}`);
    // 7 before: the replaced pending order's unit came back (8) and this checkout took one (7).
    expect(variant!.stock).toBe(7);
  });
});
