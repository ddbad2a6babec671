import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { productVariants } from "~/db/schema";
import { findVariantFacts } from "~/modules/catalog/inventory.server";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe("preparedPerDatabase", () => {
  it("prepares once per database handle and refuses a transaction (the statement would run outside it)", async () => {
    let prepared = 0;
    const stockOf = preparedPerDatabase("test_stock_of", (db: Db) => {
      prepared++;
      return db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, sql.placeholder("id")));
    });
    const product = await checkoutFixtures(database.db).product({ stock: 7 });
    expect(await stockOf(database.db).execute({ id: product.variantId })).toEqual([{ stock: 7 }]);
    expect(await stockOf(database.db).execute({ id: product.variantId })).toEqual([{ stock: 7 }]);
    expect(prepared).toBe(1);
    await expect(database.db.transaction(async (tx) => stockOf(tx))).rejects.toThrow(/cannot run inside a transaction/);
  });

  it("names each statement by its SQL too: the same name with other SQL (an edited query, the pool still open) is another statement", async () => {
    const product = await checkoutFixtures(database.db).product({ stock: 3, price: 1234 });
    const byColumn = (column: typeof productVariants.stock | typeof productVariants.price) =>
      preparedPerDatabase("test_edited", (db: Db) => db.select({ value: column }).from(productVariants).where(eq(productVariants.id, sql.placeholder("id"))));
    expect(await byColumn(productVariants.stock)(database.db).execute({ id: product.variantId })).toEqual([{ value: 3 }]);
    expect(await byColumn(productVariants.price)(database.db).execute({ id: product.variantId })).toEqual([{ value: 1234 }]);
  });

  it("findVariantFacts reads inside a transaction what the transaction sees, not what the pool sees", async () => {
    const product = await checkoutFixtures(database.db).product({ stock: 4 });
    await database.db.transaction(async (tx) => {
      await tx.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, product.variantId));
      expect((await findVariantFacts(tx, product.variantId))?.stock).toBe(1);
      tx.rollback();
    }).catch(() => {});
    expect((await findVariantFacts(database.db, product.variantId))?.stock).toBe(4);
  });
});
