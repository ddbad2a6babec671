/**
 * The back office's drops (decision 0047): the list, creating a drop for a product, editing it
 * while it has not started, and calling it off. Every change is audited in its transaction.
 *
 * Once a drop has started (or its queue been ordered, or its draw made) the mode, the times, the
 * admission rate and the buying time are fixed: places and windows were given from them, and
 * changing them would move people already told when their turn is. Only the units per person
 * may still change (the checkout reads it each time).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries, drops, products } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { DROP_TEXT, type DropFieldErrors, type DropInput } from "./admin-form";
import { dropOrdersSql, PAID_STATUSES_SQL } from "./drop-orders.server";
import { dropPhase, type DropPhase } from "./drop-rules";

export interface AdminDropRow {
  id: number;
  productId: number;
  productName: string;
  mode: "queue" | "draw";
  phase: DropPhase;
  opensAt: Date;
  startsAt: Date;
  entries: number;
  /** Units in paid orders (paid, dispatched) bought through the drop. */
  sold: number;
}

export interface AdminDrop extends DropInput {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  phase: DropPhase;
  seed: string | null;
  orderedAt: Date | null;
  cancelledAt: Date | null;
  entries: number;
  sold: number;
  /** Times and mode can no longer change. */
  locked: boolean;
}

export type DropWrite<T> = ({ ok: true } & T) | { ok: false; status: 400 | 404 | 409; message: string; errors: DropFieldErrors };

const entriesCount = sql<number>`(SELECT count(*)::int FROM drop_entries e WHERE e.drop_id = ${drops.id})`;
const soldUnits = sql<number>`(SELECT coalesce(sum(d.units), 0)::int FROM ${dropOrdersSql(sql`${drops.id}`)} d
  JOIN orders o ON o.id = d.order_id WHERE o.status IN (${PAID_STATUSES_SQL}))`;

export async function listDrops(db: Db, now = new Date()): Promise<AdminDropRow[]> {
  const rows = await db
    .select({
      drop: drops,
      productName: products.name,
      entries: entriesCount,
      sold: soldUnits,
    })
    .from(drops)
    .innerJoin(products, eq(products.id, drops.productId))
    .orderBy(sql`${drops.cancelledAt} IS NOT NULL`, asc(drops.startsAt));
  return rows.map(({ drop, productName, entries, sold }) => ({
    id: drop.id,
    productId: drop.productId,
    productName,
    mode: drop.mode,
    phase: dropPhase(drop, now),
    opensAt: drop.opensAt,
    startsAt: drop.startsAt,
    entries,
    sold,
  }));
}

export async function getAdminDrop(db: Db, id: number, now = new Date()): Promise<AdminDrop | null> {
  const [row] = await db
    .select({ drop: drops, productName: products.name, productSlug: products.slug, entries: entriesCount, sold: soldUnits })
    .from(drops)
    .innerJoin(products, eq(products.id, drops.productId))
    .where(eq(drops.id, id));
  if (!row) return null;
  const { drop } = row;
  return {
    id: drop.id,
    productId: drop.productId,
    productName: row.productName,
    productSlug: row.productSlug,
    mode: drop.mode,
    opensAt: drop.opensAt,
    startsAt: drop.startsAt,
    admitPerMinute: drop.admitPerMinute,
    purchaseMinutes: drop.purchaseMinutes,
    unitsPerPerson: drop.unitsPerPerson,
    places: drop.places,
    phase: dropPhase(drop, now),
    seed: drop.seed,
    orderedAt: drop.orderedAt,
    cancelledAt: drop.cancelledAt,
    entries: row.entries,
    sold: row.sold,
    locked: isLocked(drop, now),
  };
}

/** The form types times to the minute: a time it sends back unchanged may have lost its seconds. */
function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
}

function isLocked(drop: { startsAt: Date; orderedAt: Date | null }, now: Date): boolean {
  return now >= drop.startsAt || drop.orderedAt !== null;
}

/** The product a new drop is for, and its drop if it has one already. */
export async function productForNewDrop(db: Db, productId: number): Promise<{ id: number; name: string; existingDropId: number | null } | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name, existingDropId: drops.id })
    .from(products)
    .leftJoin(drops, eq(drops.productId, products.id))
    .where(eq(products.id, productId));
  return row ?? null;
}

function auditDetails(input: DropInput) {
  return {
    mode: input.mode,
    opensAt: input.opensAt.toISOString(),
    startsAt: input.startsAt.toISOString(),
    admitPerMinute: input.admitPerMinute,
    purchaseMinutes: input.purchaseMinutes,
    unitsPerPerson: input.unitsPerPerson,
    places: input.places,
  };
}

export async function createDrop(db: Db, adminId: string, productId: number, input: DropInput): Promise<DropWrite<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
    if (!product) return { ok: false, status: 404, message: DROP_TEXT.noProduct, errors: {} } as const;
    const [existing] = await tx.select({ id: drops.id }).from(drops).where(eq(drops.productId, productId));
    if (existing) return { ok: false, status: 409, message: DROP_TEXT.productHasDrop, errors: {} } as const;
    const [created] = await tx
      .insert(drops)
      .values({ productId, ...input, createdBy: adminId })
      .returning({ id: drops.id });
    if (!created) throw new Error("createDrop: the insert returned no row");
    await recordAudit(tx, { actorUserId: adminId, action: "drop.created", entityType: "drop", entityId: String(created.id), details: { productId, ...auditDetails(input) } });
    return { ok: true, id: created.id } as const;
  });
}

/** Edits a drop; after its start only the units per person may change. */
export async function updateDrop(db: Db, adminId: string, id: number, input: DropInput, now = new Date()): Promise<DropWrite<{ changed: boolean }>> {
  return db.transaction(async (tx) => {
    // The row lock orders this after a join or the queue's ordering in progress.
    const [drop] = await tx.select().from(drops).where(eq(drops.id, id)).for("update");
    if (!drop) return { ok: false, status: 404, message: DROP_TEXT.notFound, errors: {} } as const;
    if (drop.cancelledAt) return { ok: false, status: 409, message: DROP_TEXT.calledOff, errors: {} } as const;
    const before: DropInput = {
      mode: drop.mode,
      opensAt: drop.opensAt,
      startsAt: drop.startsAt,
      admitPerMinute: drop.admitPerMinute,
      purchaseMinutes: drop.purchaseMinutes,
      unitsPerPerson: drop.unitsPerPerson,
      places: drop.places,
    };
    const fixedChanged =
      before.mode !== input.mode ||
      !sameMinute(before.opensAt, input.opensAt) ||
      !sameMinute(before.startsAt, input.startsAt) ||
      before.admitPerMinute !== input.admitPerMinute ||
      before.purchaseMinutes !== input.purchaseMinutes ||
      before.places !== input.places;
    if (fixedChanged && isLocked(drop, now)) return { ok: false, status: 409, message: DROP_TEXT.started, errors: {} } as const;
    if (before.mode !== input.mode) {
      // Entries were made under the mode (waiting in a queue, entered in a draw): they cannot change kind.
      const [joined] = await tx.select({ id: dropEntries.id }).from(dropEntries).where(eq(dropEntries.dropId, id)).limit(1);
      if (joined) return { ok: false, status: 409, message: DROP_TEXT.modeHasEntries, errors: { mode: DROP_TEXT.modeHasEntries } } as const;
    }
    if (fixedChanged && input.startsAt <= now) return { ok: false, status: 400, message: DROP_TEXT.fix, errors: { startsAt: DROP_TEXT.startInPast } } as const;
    if (!fixedChanged && before.unitsPerPerson === input.unitsPerPerson) return { ok: true, changed: false } as const;
    // Times as stored unless they changed: the form shows them to the minute.
    await tx.update(drops).set(fixedChanged ? input : { unitsPerPerson: input.unitsPerPerson }).where(eq(drops.id, id));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "drop.updated",
      entityType: "drop",
      entityId: String(id),
      details: { before: auditDetails(before), after: auditDetails(fixedChanged ? input : { ...before, unitsPerPerson: input.unitsPerPerson }) },
    });
    return { ok: true, changed: true } as const;
  });
}

/** Calls the drop off: the product sells as usual from now; entries stay for the record. */
export async function callOffDrop(db: Db, adminId: string, id: number, now = new Date()): Promise<DropWrite<Record<never, never>>> {
  return db.transaction(async (tx) => {
    const [drop] = await tx.select({ cancelledAt: drops.cancelledAt }).from(drops).where(eq(drops.id, id)).for("update");
    if (!drop) return { ok: false, status: 404, message: DROP_TEXT.notFound, errors: {} } as const;
    if (drop.cancelledAt) return { ok: false, status: 409, message: DROP_TEXT.alreadyCalledOff, errors: {} } as const;
    await tx.update(drops).set({ cancelledAt: now }).where(eq(drops.id, id));
    await recordAudit(tx, { actorUserId: adminId, action: "drop.called_off", entityType: "drop", entityId: String(id), details: { at: now.toISOString() } });
    return { ok: true } as const;
  });
}
