import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, categories, languages, outbox, products, profiles, stockReservations, subscriptions, users } from "~/db/schema";

/** Small builders for checkout/orders tests: a category, products, customers and their carts. */
export function checkoutFixtures(db: Db) {
  let categoryId: number | null = null;
  let seq = 0;

  async function category() {
    if (categoryId !== null) return categoryId;
    const [language] = await db
      .insert(languages)
      .values({ code: `t${randomUUID().slice(0, 6)}`, name: "Test", slug: `test-${randomUUID().slice(0, 8)}`, flagUrl: "/flags/4x3/gb.svg" })
      .returning();
    const [row] = await db
      .insert(categories)
      .values({ name: "Test boxes", slug: `test-boxes-${randomUUID().slice(0, 8)}`, languageId: language!.id })
      .returning();
    categoryId = row!.id;
    return categoryId;
  }

  return {
    async product(values: Partial<typeof products.$inferInsert> = {}) {
      seq++;
      const [row] = await db
        .insert(products)
        .values({
          name: `Test product ${seq}`,
          slug: `test-product-${seq}-${randomUUID().slice(0, 8)}`,
          price: 1000,
          stock: 10,
          categoryId: await category(),
          ...values,
        })
        .returning();
      return row!;
    },
    async customer(name = "Ash Ketchum") {
      const [user] = await db
        .insert(users)
        .values({ email: `buyer-${randomUUID()}@example.test`, passwordHash: "not-a-real-hash" })
        .returning();
      await db.insert(profiles).values({ id: user!.id, fullName: name, email: user!.email, addressLine1: "1 Pallet Road", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" });
      return user!;
    },
    async premium(userId: string) {
      await db.insert(subscriptions).values({
        userId,
        provider: "sandbox",
        planType: "monthly",
        status: "active",
        amount: 499,
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      });
    },
    async cart(userId: string, lines: { productId: number; quantity: number }[]) {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
      if (lines.length > 0) await db.insert(cartItems).values(lines.map((l) => ({ userId, ...l })));
    },
    async stock(productId: number) {
      const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      return row!.stock;
    },
    async heldUnits(productId: number) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
        .from(stockReservations)
        .where(sql`${stockReservations.productId} = ${productId} AND ${stockReservations.status} = 'held'`);
      return Number(row!.n);
    },
    async emails(dedupeKey: string) {
      return db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    },
  };
}
