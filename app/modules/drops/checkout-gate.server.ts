/**
 * The checkout's drop step (decision 0047): for each cart line whose product is a live drop, the
 * buyer must hold a right to buy now (rights.server.ts) and stay within the drop's units per
 * person counted across accounts (person-limits.server.ts). Runs inside the checkout
 * transaction after the customer lock and before the coupon and variants are locked.
 */
import type { Tx } from "~/db/client.server";
import { buyerIdentityKeys } from "./buyer-identity";
import { cardKeysOfAccount, personLimitMessage, lockPersonKeys, recordOrderKeys, unitsHeldByPerson } from "./person-limits.server";
import { dropRefusal, dropRefusalMessage, dropsOfProducts, type Drop } from "./rights.server";

export interface DropCheckoutLine {
  productId: number;
  quantity: number;
  displayName: string;
}

export interface DropBuyer {
  userId: string;
  email: string;
  address: { postalCode: string | null; line1: string | null };
}

/** What the order must record once it exists: the keys it is bought under, per drop. */
export interface DropOrderRecord {
  dropId: number;
  keys: string[];
  units: number;
}

export type DropCheckoutCheck =
  | { ok: true; records: DropOrderRecord[] }
  | { ok: false; code: "drop_not_open" | "drop_person_limit"; message: string; productName: string };

/** The drops in the cart and the buyer's keys, locked: taken early, in the lock order. */
export interface DropBuyerLock {
  dropOf: Map<number, Drop>;
  personKeys: string[];
}

/**
 * Finds the cart's live drops and locks the buyer's person keys (only when there are any), after
 * the customer lock and before the coupon and the variants.
 */
export async function lockDropBuyer(tx: Tx, buyer: DropBuyer, productIds: number[]): Promise<DropBuyerLock> {
  const dropOf = await dropsOfProducts(tx, productIds);
  if (dropOf.size === 0) return { dropOf, personKeys: [] };
  // The account itself is a key too, so an account with no usable email or address still counts
  // its own orders; and so is every card it has paid a drop order with (read before the lock: a
  // card first learnt meanwhile is counted at payment instead).
  const personKeys = [
    ...buyerIdentityKeys({ verifiedEmail: buyer.email, address: buyer.address, card: null }),
    `account:${buyer.userId}`,
    ...(await cardKeysOfAccount(tx, buyer.userId)),
  ];
  await lockPersonKeys(tx, personKeys);
  return { dropOf, personKeys };
}

/** The rights and the per-person limits, on the cart as it is locked for the order. */
export async function checkDropCheckout(tx: Tx, lock: DropBuyerLock, userId: string, lines: DropCheckoutLine[], now: Date): Promise<DropCheckoutCheck> {
  if (lock.dropOf.size === 0) return { ok: true, records: [] };
  const unitsByDrop = new Map<number, { units: number; name: string; drop: Drop }>();
  for (const line of lines) {
    const drop = lock.dropOf.get(line.productId);
    if (!drop) continue;
    const refusal = await dropRefusal(tx, drop, userId, now);
    if (refusal) return { ok: false, code: "drop_not_open", message: dropRefusalMessage(refusal, line.displayName), productName: line.displayName };
    const seen = unitsByDrop.get(drop.id);
    unitsByDrop.set(drop.id, { units: (seen?.units ?? 0) + line.quantity, name: seen?.name ?? line.displayName, drop });
  }
  const records: DropOrderRecord[] = [];
  for (const [dropId, { units, name, drop }] of unitsByDrop) {
    const held = await unitsHeldByPerson(tx, dropId, userId, lock.personKeys);
    if (held + units > drop.unitsPerPerson) {
      return { ok: false, code: "drop_person_limit", message: personLimitMessage(name, drop.unitsPerPerson, held), productName: name };
    }
    records.push({ dropId, keys: lock.personKeys, units });
  }
  return { ok: true, records };
}

/** Writes the order's keys (same transaction, once the order row exists). */
export async function recordDropOrder(tx: Tx, orderId: number, records: DropOrderRecord[]): Promise<void> {
  for (const r of records) await recordOrderKeys(tx, r.dropId, orderId, r.keys, r.units);
}
