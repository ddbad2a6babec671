import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordOpeningStock } from "~/modules/catalog/inventory.server";
import { cartItems, categories, languages, outbox, products, productVariants, profiles, stockReservations, subscriptions, users } from "~/db/schema";

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
    /**
     * A sealed product and its one variant (price, member price, stock and a variant limit
     * live on the variant). Returns the product row with the variant's facts and `variantId`:
     * carts, stock and reservations are per variant.
     */
    async product(values: Partial<typeof products.$inferInsert> & Partial<Omit<typeof productVariants.$inferInsert, "limitPerCustomer">> & { variantLimit?: number | null } = {}) {
      seq++;
      const { price, premiumPrice, stock, variantLimit, condition, printing, language, grader, grade, pricePinned, ...productValues } = values;
      const [row] = await db
        .insert(products)
        .values({
          name: `Test product ${seq}`,
          slug: `test-product-${seq}-${randomUUID().slice(0, 8)}`,
          categoryId: await category(),
          ...productValues,
        })
        .returning();
      const [variant] = await db
        .insert(productVariants)
        .values({
          productId: row!.id,
          price: price ?? 1000,
          premiumPrice: premiumPrice ?? null,
          stock: stock ?? 10,
          limitPerCustomer: variantLimit ?? null,
          condition,
          printing,
          language,
          grader,
          grade,
          pricePinned,
        })
        .returning();
      await recordOpeningStock(db, [variant!.id], { reason: "opening", note: "test fixture" });
      return { ...row!, variantId: variant!.id, price: variant!.price, premiumPrice: variant!.premiumPrice, stock: variant!.stock };
    },
    /** Another variant of a fixture product (a second condition of a single, say). */
    async variant(productId: number, values: Partial<typeof productVariants.$inferInsert> = {}) {
      const [variant] = await db
        .insert(productVariants)
        .values({ productId, price: 1000, stock: 10, ...values })
        .returning();
      await recordOpeningStock(db, [variant!.id], { reason: "opening", note: "test fixture" });
      return { ...variant!, variantId: variant!.id };
    },
    /**
     * A customer with a delivery address. Every one shares "1 Pallet Road" unless given another:
     * a drop's per-person limit counts them as one person then.
     */
    async customer(name = "Ash Ketchum", opts: { email?: string; line1?: string; postcode?: string; verified?: boolean } = {}) {
      const [user] = await db
        .insert(users)
        .values({ email: opts.email ?? `buyer-${randomUUID()}@example.test`, passwordHash: "not-a-real-hash", emailVerifiedAt: opts.verified ? new Date() : null })
        .returning();
      await db.insert(profiles).values({
        id: user!.id,
        fullName: name,
        email: user!.email,
        addressLine1: opts.line1 ?? "1 Pallet Road",
        city: "Leeds",
        postalCode: opts.postcode ?? "LS1 1AA",
        country: "United Kingdom",
      });
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
    async cart(userId: string, lines: { variantId: number; quantity: number }[]) {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
      if (lines.length > 0) await db.insert(cartItems).values(lines.map((l) => ({ userId, ...l })));
    },
    async stock(variantId: number) {
      const [row] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
      return row!.stock;
    },
    async heldUnits(variantId: number) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
        .from(stockReservations)
        .where(sql`${stockReservations.variantId} = ${variantId} AND ${stockReservations.status} = 'held'`);
      return Number(row!.n);
    },
    async emails(dedupeKey: string) {
      return db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    },
  };
}
