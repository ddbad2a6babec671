/**
 * Store credit (issue 15): a ledger per customer, append-only, and the balance it sums to.
 *
 * Every movement is one call to `moveCredit`, inside the caller's transaction:
 *   1. the customer's balance row is made if missing and locked (FOR UPDATE), so movements of
 *      one customer's credit run one after the other, whoever makes them (two checkouts, a
 *      payout and a spend);
 *   2. a movement with a dedupe key already written changes nothing (a replayed payout, refund
 *      or the return of an order's spend);
 *   3. a movement that would take the balance below zero is refused, and the CHECKs on both
 *      tables are the last guard;
 *   4. the row and the new balance are written together, so the balance is always the sum.
 * The ledger rows are never changed or deleted (a trigger refuses it): a mistake is put right
 * by a `correction` row with its reason.
 */
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { storeCreditBalances, storeCreditEntries, type StoreCreditKind } from "~/db/schema";

export interface CreditMovement {
  userId: string;
  /** Signed pence: positive adds to the balance, negative spends it. Never zero. */
  amount: number;
  kind: StoreCreditKind;
  orderId?: number | null;
  buylistSubmissionId?: number | null;
  /** Shown to the customer in their history (a grant's or correction's reason). */
  note?: string | null;
  actorUserId?: string | null;
  /** One movement per key: the same key again changes nothing. */
  dedupeKey?: string | null;
}

export type CreditMoveResult =
  | { ok: true; entryId: number; balance: number }
  /** The key was written before: nothing changed. */
  | { ok: false; reason: "duplicate"; balance: number }
  /** The balance is too small for this spend: nothing changed. */
  | { ok: false; reason: "insufficient"; balance: number };

/** Locks the customer's balance row (made at 0 if they never had credit) and returns the balance. */
export async function lockCreditBalance(tx: Db | Tx, userId: string): Promise<number> {
  await tx.insert(storeCreditBalances).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ balance: storeCreditBalances.balance }).from(storeCreditBalances).where(eq(storeCreditBalances.userId, userId)).for("update");
  return row!.balance;
}

/** Moves credit: call inside a transaction (the lock lasts until it ends). */
export async function moveCredit(tx: Db | Tx, movement: CreditMovement): Promise<CreditMoveResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount === 0) throw new RangeError(`moveCredit: bad amount ${movement.amount}`);
  const balance = await lockCreditBalance(tx, movement.userId);
  if (movement.dedupeKey) {
    const [seen] = await tx.select({ id: storeCreditEntries.id }).from(storeCreditEntries).where(eq(storeCreditEntries.dedupeKey, movement.dedupeKey));
    if (seen) return { ok: false, reason: "duplicate", balance };
  }
  const after = balance + movement.amount;
  if (after < 0) return { ok: false, reason: "insufficient", balance };
  const [entry] = await tx
    .insert(storeCreditEntries)
    .values({
      userId: movement.userId,
      amount: movement.amount,
      balanceAfter: after,
      kind: movement.kind,
      orderId: movement.orderId ?? null,
      buylistSubmissionId: movement.buylistSubmissionId ?? null,
      note: movement.note ?? null,
      actorUserId: movement.actorUserId ?? null,
      dedupeKey: movement.dedupeKey ?? null,
    })
    .returning({ id: storeCreditEntries.id });
  await tx.update(storeCreditBalances).set({ balance: after, updatedAt: sql`now()` }).where(eq(storeCreditBalances.userId, movement.userId));
  return { ok: true, entryId: entry!.id, balance: after };
}

/** The customer's balance now (0 when they never had credit). Not locked: for display. */
export async function creditBalance(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ balance: storeCreditBalances.balance }).from(storeCreditBalances).where(eq(storeCreditBalances.userId, userId));
  return row?.balance ?? 0;
}

export interface CreditEntry {
  id: number;
  amount: number;
  balanceAfter: number;
  kind: StoreCreditKind;
  orderId: number | null;
  buylistSubmissionId: number | null;
  note: string | null;
  createdAt: Date;
}

/** Every movement of the customer's credit, newest first (the data download). */
export async function allCreditEntries(db: Db | Tx, userId: string): Promise<CreditEntry[]> {
  const all: CreditEntry[] = [];
  for (;;) {
    const page = await creditHistory(db, userId, { limit: HISTORY_PAGE_MAX, beforeId: all.at(-1)?.id });
    all.push(...page);
    if (page.length < HISTORY_PAGE_MAX) return all;
  }
}

/** One page of the customer's history and where the next (older) page starts, if there is one. */
export async function creditHistoryPage(db: Db | Tx, userId: string, pageSize: number, beforeId: number | null) {
  // One more than a page says whether there are older rows.
  const rows = await creditHistory(db, userId, { limit: pageSize + 1, beforeId: beforeId ?? undefined });
  const page = rows.slice(0, pageSize);
  return { rows: page, olderFrom: rows.length > pageSize ? page[page.length - 1]!.id : null };
}

const HISTORY_PAGE_MAX = 200;

/** A customer's ledger, newest first, a page at a time (`beforeId`: the last id of the page before). */
export async function creditHistory(db: Db | Tx, userId: string, options: { limit?: number; beforeId?: number } = {}): Promise<CreditEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), HISTORY_PAGE_MAX + 1);
  const rows = await db
    .select({
      id: storeCreditEntries.id,
      amount: storeCreditEntries.amount,
      balanceAfter: storeCreditEntries.balanceAfter,
      kind: storeCreditEntries.kind,
      orderId: storeCreditEntries.orderId,
      buylistSubmissionId: storeCreditEntries.buylistSubmissionId,
      note: storeCreditEntries.note,
      createdAt: storeCreditEntries.createdAt,
    })
    .from(storeCreditEntries)
    .where(options.beforeId ? and(eq(storeCreditEntries.userId, userId), lt(storeCreditEntries.id, options.beforeId)) : eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, kind: r.kind as StoreCreditKind }));
}

/**
 * Net credit an order's checkout has taken (its spends less what went back as `order_return`):
 * what the expiry sweep and a cancelled checkout give back, and what a late payment must take
 * again. Refunds of paid orders are worked out from the order's amounts instead (`splitRefund`).
 */
export async function creditHeldByOrder(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${storeCreditEntries.amount}), 0)` })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.orderId, orderId), sql`${storeCreditEntries.kind} IN ('order_spend', 'order_return')`));
  return -Number(row?.net ?? 0);
}

/**
 * Gives back the credit unpaid orders still hold (checkouts that failed, expired, were
 * cancelled or replaced): for each order, its spends less what already went back, so a repeat
 * returns nothing. Customers in id order (each movement locks the customer's balance row: the
 * same order everywhere). Call in the transaction that ends the orders.
 */
export async function returnCreditOfOrders(tx: Db | Tx, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const held = await tx
    .select({ userId: storeCreditEntries.userId, orderId: storeCreditEntries.orderId })
    .from(storeCreditEntries)
    .where(and(inArray(storeCreditEntries.orderId, orderIds), eq(storeCreditEntries.kind, "order_spend")))
    .groupBy(storeCreditEntries.userId, storeCreditEntries.orderId)
    .orderBy(asc(storeCreditEntries.userId), asc(storeCreditEntries.orderId));
  let returned = 0;
  for (const { userId, orderId } of held) {
    await lockCreditBalance(tx, userId);
    // Counted under the lock: a return made meanwhile by another path is seen.
    const net = await creditHeldByOrder(tx, orderId!);
    if (net <= 0) continue;
    await moveCredit(tx, { userId, amount: net, kind: "order_return", orderId });
    returned += net;
  }
  return returned;
}
