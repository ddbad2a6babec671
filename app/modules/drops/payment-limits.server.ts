/**
 * The per-person limit again when an order of a drop product is paid (decisions 0047, 0053).
 * Checkout counted the buyer's email, address and account; only the payment tells which card
 * paid. So at payment the order's `card:` key is recorded, and the units of every counted
 * order sharing any of the order's keys (the card's included) are added up again: a second
 * account paying with a card another account already bought the drop with is over the limit,
 * and its order is not fulfilled (the caller refunds it).
 *
 * The same count also guards a late payment (an order that expired and is paid afterwards):
 * while it was expired it did not count, so another order of the same person may have been
 * placed meanwhile.
 *
 * And a payment that lands after the order's checkout stopped holding its units (its reservation
 * ended, or the order expired or failed) needs the right to buy again, now (`dropRefusal`,
 * rights.server.ts): by then a lapsed draw winner's place may have passed to the next entry, and
 * a queue buyer's window has let those behind take the units. A pending order whose reservation
 * still runs was checked out inside the window and keeps its place (the draw's `holdsReservation`
 * says the same), so it is not asked again. Refused, it is refunded like an over-limit order.
 *
 * Lock order, as at checkout: customer → person keys → (the order row) → coupon → variants →
 * credit balance. The keys are locked before the order row, because a checkout holding the
 * keys may go on to supersede (lock) that very order.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { dropOrderKeys, drops, products } from "~/db/schema";
import { lockCustomer } from "~/modules/accounts/customers.server";
import { buyerIdentityKeys } from "./buyer-identity";
import { holdsReservation } from "./draw-rules";
import { lockPersonKeys, recordOrderKeys, unitsHeldByPerson } from "./person-limits.server";
import { dropRefusal, type Drop, type DropRefusal } from "./rights.server";

export interface PaymentCard {
  /** The payment provider's name: fingerprints are only comparable within one provider. */
  provider: string;
  fingerprint: string;
}

interface PaidDrop {
  dropId: number;
  drop: Drop;
  unitsPerPerson: number;
  productName: string;
  /** The keys the order was bought under at checkout. */
  keys: string[];
  units: number;
}

/** An order's drops and keys, locked for the rest of the transaction (empty: not a drop order). */
export interface DropPaymentLock {
  orderId: number;
  /** The buyer: the account whose right to buy a late payment needs. */
  userId: string;
  drops: PaidDrop[];
  /** The paying card's key, or null when the provider did not say. */
  cardKey: string | null;
}

/**
 * Why a paid drop order is not fulfilled: the person (with this order) is over the drop's limit
 * (`person_limit`), or the payment came after the checkout's hold ended and the buyer no longer
 * holds a right to buy (`drop_right`: the window is over, or the place passed on).
 */
export type DropPaymentRefusal =
  | {
      cause: "person_limit";
      productName: string;
      unitsPerPerson: number;
      /** Units the person already holds in other orders. */
      held: number;
      /** Whether it was the card that tied this order to the other orders (the others' keys alone did not). */
      byCard: boolean;
    }
  | { cause: "drop_right"; productName: string; unitsPerPerson: number; refusal: DropRefusal };

/** What the payment knows of the order: its buyer's hold on the units (`holdsReservation`). */
export interface PaidOrder {
  status: string;
  reservationExpiresAt: Date;
}

/**
 * Reads the order's drop keys and, when it holds units of a drop that has not been called off,
 * locks the customer and every key the order is known by plus the card's. Call it inside the
 * payment's transaction before the order row is locked.
 */
export async function lockDropPayment(tx: Tx, order: { id: number; userId: string }, card: PaymentCard | null): Promise<DropPaymentLock> {
  const rows = await tx
    .select({
      drop: drops,
      key: dropOrderKeys.key,
      units: dropOrderKeys.units,
      productName: products.name,
    })
    .from(dropOrderKeys)
    .innerJoin(drops, eq(drops.id, dropOrderKeys.dropId))
    .innerJoin(products, eq(products.id, drops.productId))
    .where(eq(dropOrderKeys.orderId, order.id));
  const byDrop = new Map<number, PaidDrop>();
  for (const row of rows) {
    // A drop called off sells as any other product: no limit across accounts, no right needed.
    if (row.drop.cancelledAt) continue;
    const seen = byDrop.get(row.drop.id);
    if (seen) seen.keys.push(row.key);
    else byDrop.set(row.drop.id, { dropId: row.drop.id, drop: row.drop, unitsPerPerson: row.drop.unitsPerPerson, productName: row.productName, keys: [row.key], units: row.units });
  }
  const paidDrops = [...byDrop.values()];
  if (paidDrops.length === 0) return { orderId: order.id, userId: order.userId, drops: [], cardKey: null };
  const [cardKey = null] = buyerIdentityKeys({ verifiedEmail: null, address: null, card });
  await lockCustomer(tx, order.userId);
  await lockPersonKeys(tx, [...paidDrops.flatMap((d) => d.keys), ...(cardKey ? [cardKey] : [])]);
  return { orderId: order.id, userId: order.userId, drops: paidDrops, cardKey };
}

/**
 * Records the card's key for the order's drops, counts each drop's units again across every
 * order sharing a key with this one (this order not counted twice), and, when the order's
 * checkout no longer holds its units, asks for the right to buy at `now`. Null when the order
 * may be fulfilled; otherwise the first drop that refuses it.
 */
export async function checkDropPayment(tx: Tx, lock: DropPaymentLock, order: PaidOrder, now: Date): Promise<DropPaymentRefusal | null> {
  for (const drop of lock.drops) {
    if (lock.cardKey) await recordOrderKeys(tx, drop.dropId, lock.orderId, [lock.cardKey], drop.units);
  }
  return dropPaymentRefusal(tx, lock, order, now);
}

/** The same checks without recording anything (a replay asking why an order was refunded). */
export async function dropPaymentRefusal(tx: Tx, lock: DropPaymentLock, order: PaidOrder, now: Date): Promise<DropPaymentRefusal | null> {
  for (const drop of lock.drops) {
    const refusal = (await personOverLimit(tx, lock, drop)) ?? (await rightLapsed(tx, lock, drop, order, now));
    if (refusal) return refusal;
  }
  return null;
}

/** Null while the order's checkout holds its units, or while the buyer holds a right to buy now. */
async function rightLapsed(tx: Tx, lock: DropPaymentLock, paid: PaidDrop, order: PaidOrder, now: Date): Promise<DropPaymentRefusal | null> {
  if (holdsReservation(order, now)) return null;
  const refusal = await dropRefusal(tx, paid.drop, lock.userId, now);
  return refusal ? { cause: "drop_right", productName: paid.productName, unitsPerPerson: paid.unitsPerPerson, refusal } : null;
}

async function personOverLimit(tx: Tx, lock: DropPaymentLock, drop: PaidDrop): Promise<DropPaymentRefusal | null> {
  const keys = lock.cardKey ? [...drop.keys, lock.cardKey] : drop.keys;
  const held = await unitsHeldByPerson(tx, drop.dropId, lock.userId, keys, lock.orderId);
  if (held + drop.units <= drop.unitsPerPerson) return null;
  const heldWithoutCard = lock.cardKey ? await unitsHeldByPerson(tx, drop.dropId, lock.userId, drop.keys, lock.orderId) : held;
  return { cause: "person_limit", productName: drop.productName, unitsPerPerson: drop.unitsPerPerson, held, byCard: heldWithoutCard + drop.units <= drop.unitsPerPerson };
}
