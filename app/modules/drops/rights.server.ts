/**
 * Who may buy a drop product now (decision 0047): the one check the cart and the checkout both
 * make, so a right shown on the page is enforced again where stock is taken.
 *
 * - before the drop starts nobody may buy (the page counts down);
 * - queue: only an entry whose admission has come and whose window has not closed;
 * - draw: only a drawn winner (or someone a place passed to) inside their window;
 * - a drop the owner called off, or a product without a drop: anyone, as usual.
 *
 * Guests cannot hold a right: every right belongs to an account.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { dropEntries, drops } from "~/db/schema";
import { dropPhase } from "./drop-rules";

type Executor = Db | Tx;

export type Drop = typeof drops.$inferSelect;

/** Why someone may not buy a drop product now. */
export type DropRefusal = "sign_in" | "not_started" | "join_queue" | "waiting" | "not_drawn" | "window_over";

/**
 * One product's drop rows, asked by every product page and cart add (most products have none):
 * a prepared statement (decision 0056).
 */
const dropsOfProductStatement = preparedPerDatabase("drops_of_product", (db: Db) =>
  db.select().from(drops).where(eq(drops.productId, sql.placeholder("productId"))),
);

/** The live drop (not called off) of one product, or null. */
export async function liveDropOf(db: Db, productId: number): Promise<Drop | null> {
  const rows = await dropsOfProductStatement(db).execute({ productId });
  return rows.find((d) => !d.cancelledAt) ?? null;
}

/** The live drops (not called off) of these products, by product id. */
export async function dropsOfProducts(db: Executor, productIds: number[]): Promise<Map<number, Drop>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select().from(drops).where(inArray(drops.productId, [...new Set(productIds)]));
  return new Map(rows.filter((d) => !d.cancelledAt).map((d) => [d.productId, d]));
}

/** Null when `userId` may buy the drop's product at `now`, else why not. */
export async function dropRefusal(db: Executor, drop: Drop, userId: string | null, now: Date): Promise<DropRefusal | null> {
  const phase = dropPhase(drop, now);
  if (phase === "off") return null;
  if (phase === "announced" || phase === "open") return "not_started";
  if (!userId) return "sign_in";
  const [entry] = await db
    .select({ state: dropEntries.state, rightFrom: dropEntries.rightFrom, rightUntil: dropEntries.rightUntil })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, drop.id), eq(dropEntries.userId, userId)));
  if (!entry) return drop.mode === "queue" ? "join_queue" : "not_drawn";
  if (!entry.rightFrom || !entry.rightUntil || now < entry.rightFrom) return drop.mode === "queue" ? "waiting" : "not_drawn";
  if (now >= entry.rightUntil) return "window_over";
  // A window still open after a purchase lets the buyer add more up to the per-person limit,
  // which the checkout counts separately (person-limits.server.ts).
  if (entry.state !== "admitted" && entry.state !== "won" && entry.state !== "purchased") return drop.mode === "queue" ? "waiting" : "not_drawn";
  return null;
}

/** The sentence for a refusal, naming the product. */
export function dropRefusalMessage(refusal: DropRefusal, productName: string): string {
  switch (refusal) {
    case "sign_in":
      return `${productName} is a timed drop: sign in to take part.`;
    case "not_started":
      return `${productName} is a timed drop and is not on sale yet.`;
    case "join_queue":
      return `${productName} is sold through a waiting room: join the queue on its page to buy.`;
    case "waiting":
      return `Your place in the queue for ${productName} has not come up yet.`;
    case "not_drawn":
      return `${productName} is sold by a free draw: only entries drawn can buy it, while their time to buy is open.`;
    case "window_over":
      return `Your time to buy ${productName} has run out.`;
  }
}

/**
 * The cart's check before adding a variant: null when its product is not a live drop or the
 * account may buy it now, else the sentence to show. (The checkout checks again, with the
 * per-person limit: a right can run out while the item sits in the cart.)
 */
export async function dropAddRefusal(
  db: Db,
  variant: { productId: number; name: string },
  userId: string | null,
  now = new Date(),
): Promise<string | null> {
  const drop = await liveDropOf(db, variant.productId);
  if (!drop) return null;
  const refusal = await dropRefusal(db, drop, userId, now);
  return refusal ? dropRefusalMessage(refusal, variant.name) : null;
}
