/**
 * Per-person limits across accounts for drop products (decision 0047). Accounts that share a
 * verified email (normalised), a delivery address (postcode + first line) or a payment card (the
 * provider's fingerprint) are one buyer: their units in counted orders of the drop's product are
 * added up against the drop's `unitsPerPerson`.
 *
 * Two accounts of one person checking out at the same moment do not share a customer lock, so
 * each key is also locked (a transaction-level advisory lock, in key order) before the units are
 * counted: the second waits and then sees the first's order. Lock order: customer → person keys →
 * coupon → variants → credit balance.
 *
 * Under a key anyone can claim (the delivery address: `isClaimableKey`) another account's order
 * counts only once paid, so a rival's unpaid checkout with someone's address blocks nobody. Two
 * accounts of one person at one address may then both hold a pending checkout; the limit is kept
 * at payment instead: each payment takes the same key locks (payment-limits.server.ts) and counts
 * the paid orders, so the second payment waits for the first, sees it paid, and is refunded.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, notLike, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { dropOrderKeys, orders } from "~/db/schema";
import { LIMIT_COUNTED_ORDER_STATUSES, PAID_ORDER_STATUSES } from "~/modules/orders/purchase-limit";
import { CLAIMABLE_KEY_PREFIXES } from "./buyer-identity";

type Executor = Db | Tx;

/** The advisory-lock class of person keys (the shop's other ids: 727001 migrations, 727002 seed, 727013/14 market, 727040 CSV import, 727050 buylist). */
const PERSON_KEY_LOCK = 727_160;

/** A key's 32-bit lock id: the first four bytes of its SHA-256 (collisions only make two buyers wait for each other). */
function lockIdOf(key: string): number {
  return createHash("sha256").update(key).digest().readInt32BE(0);
}

/** Locks each key for the rest of the transaction, in one order everywhere. */
export async function lockPersonKeys(tx: Tx, keys: string[]): Promise<void> {
  const ids = [...new Set(keys.map(lockIdOf))].sort((a, b) => a - b);
  for (const id of ids) await tx.execute(sql`SELECT pg_advisory_xact_lock(${PERSON_KEY_LOCK}, ${id})`);
}

/**
 * Units of the drop held by the buyer `userId`, known by `keys`: every order sharing any of the
 * keys that counts toward limits (paid, or still pending), each order once however many keys it
 * shares; but another account's pending order only through a key its owner cannot merely claim
 * (`isClaimableKey`: not through the address alone). Optionally not counting one order (a
 * payment's own).
 */
export async function unitsHeldByPerson(db: Executor, dropId: number, userId: string, keys: string[], exceptOrderId?: number): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .selectDistinct({ orderId: dropOrderKeys.orderId, units: dropOrderKeys.units })
    .from(dropOrderKeys)
    .innerJoin(orders, eq(orders.id, dropOrderKeys.orderId))
    .where(
      and(
        eq(dropOrderKeys.dropId, dropId),
        inArray(dropOrderKeys.key, keys),
        inArray(orders.status, [...LIMIT_COUNTED_ORDER_STATUSES]),
        or(inArray(orders.status, [...PAID_ORDER_STATUSES]), eq(orders.userId, userId), and(...CLAIMABLE_KEY_PREFIXES.map((prefix) => notLike(dropOrderKeys.key, `${prefix}%`)))),
        exceptOrderId === undefined ? undefined : sql`${orders.id} <> ${exceptOrderId}`,
      ),
    );
  return rows.reduce((sum, r) => sum + r.units, 0);
}

/**
 * The card keys the account has paid drop orders with (any drop, any outcome): a card once used
 * by the account identifies its owner from then on, so a second purchase paid with another
 * card still counts what others bought with the first (decision 0053).
 */
export async function cardKeysOfAccount(db: Executor, userId: string): Promise<string[]> {
  const ownOrders = db.select({ orderId: dropOrderKeys.orderId }).from(dropOrderKeys).where(eq(dropOrderKeys.key, `account:${userId}`));
  const rows = await db
    .selectDistinct({ key: dropOrderKeys.key })
    .from(dropOrderKeys)
    .where(and(inArray(dropOrderKeys.orderId, ownOrders), sql`${dropOrderKeys.key} LIKE 'card:%'`));
  return rows.map((r) => r.key).sort();
}

/** Records the keys an order of the drop was bought under (again for a key learnt later, e.g. the card's). */
export async function recordOrderKeys(tx: Executor, dropId: number, orderId: number, keys: string[], units: number): Promise<void> {
  if (keys.length === 0 || units <= 0) return;
  await tx
    .insert(dropOrderKeys)
    .values([...new Set(keys)].map((key) => ({ dropId, orderId, key, units })))
    .onConflictDoNothing();
}

/** "Limited to 2 per person" as the checkout and the product page say it. */
export function personLimitMessage(productName: string, unitsPerPerson: number, held: number): string {
  const left = Math.max(0, unitsPerPerson - held);
  return left === 0
    ? `${productName} is limited to ${unitsPerPerson} per person, counting every account with the same email, delivery address or card, and you already have ${held}.`
    : `${productName} is limited to ${unitsPerPerson} per person, counting every account with the same email, delivery address or card: you can buy ${left} more.`;
}
