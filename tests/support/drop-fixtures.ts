import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { dropEntries, drops } from "~/db/schema";
import type { checkoutFixtures } from "./checkout-fixtures";

const MINUTE = 60_000;

/**
 * Drops and their buyers for integration tests: accounts with their own delivery addresses (so
 * the per-person limit counts them apart), a live queue drop, and admitted entries.
 */
export function dropFixtures(db: Db, fx: ReturnType<typeof checkoutFixtures>) {
  let seq = 0;
  return {
    /** An account with its own (or a given) email and delivery address, its email verified. */
    async buyer(opts: { email?: string; line1?: string; postcode?: string } = {}) {
      seq++;
      return fx.customer(`Buyer ${seq}`, { verified: true, line1: `${seq} Unique Lane ${randomUUID().slice(0, 6)}`, postcode: "LS2 9JT", ...opts });
    },

    /** A queue drop of a fresh product that started `startsIn` minutes from now (default: half an hour ago, live). */
    async liveDrop(opts: { stock?: number; unitsPerPerson?: number; startsIn?: number; cancelled?: boolean } = {}) {
      const product = await fx.product({ stock: opts.stock ?? 20, price: 2500, name: `Hot box ${randomUUID().slice(0, 6)}` });
      const startsAt = new Date(Date.now() + (opts.startsIn ?? -30) * MINUTE);
      const [drop] = await db
        .insert(drops)
        .values({
          productId: product.id,
          mode: "queue",
          opensAt: new Date(startsAt.getTime() - 60 * MINUTE),
          startsAt,
          unitsPerPerson: opts.unitsPerPerson ?? 2,
          purchaseMinutes: 10,
          cancelledAt: opts.cancelled ? new Date() : null,
        })
        .returning();
      return { product, drop: drop! };
    },

    /** An admitted entry whose window to buy runs from `from` to `until` minutes from now. */
    async admit(dropId: number, userId: string, window: { from?: number; until?: number } = {}) {
      await db.insert(dropEntries).values({
        dropId,
        userId,
        // Entry rules are the queue's business; here every account holds its own entry.
        personKey: `test:${userId}`,
        addressKey: `test:${userId}`,
        state: "admitted",
        rightFrom: new Date(Date.now() + (window.from ?? -5) * MINUTE),
        rightUntil: new Date(Date.now() + (window.until ?? 10) * MINUTE),
      });
    },
  };
}
