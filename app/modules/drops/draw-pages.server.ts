/**
 * The draw's two pages: the public verification (anonymous: entry ids and ranks only) and the
 * back office's list of entrants. Client-safe shapes in draw-view.ts.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";
import { dropEntries, drops, products, users } from "~/db/schema";
import { productShown } from "~/modules/catalog/visibility.server";
import { dropPhase } from "./drop-rules";
import { entryRank } from "./draw-order";
import { DRAW_PAGE_SIZE, drawPageOf } from "./draw-rules";
import type { DrawAdminView, DrawVerification } from "./draw-view";

export type { DrawAdminView, DrawVerification };

/** A draw drop and its product; `publicOnly`: null unless customers can see the product (hidden products' drops stay unknown). */
async function drawDrop(db: Db, dropId: number, publicOnly = false) {
  const [row] = await db
    .select({ drop: drops, productName: products.name, productSlug: products.slug })
    .from(drops)
    .innerJoin(products, eq(products.id, drops.productId))
    .where(publicOnly ? and(eq(drops.id, dropId), productShown) : eq(drops.id, dropId));
  return row && row.drop.mode === "draw" ? row : null;
}

/** A draw as drawn: entry ids and their positions in draw order, and the places won at the draw. */
interface DrawnOrder {
  entryIds: Int32Array;
  positions: Int32Array;
  places: number;
}

/**
 * Drawn orders kept in memory (per process), so the public check reads a draw's entries once,
 * not on every view: once drawn, the order never changes (the positions are written once, in the
 * draw's transaction under the drop row's lock, and a drawn draw takes no entry). Keyed by drop
 * and seed; concurrent first views share one read (`fetch`). Bounded by the entries held, 8
 * bytes each: a million is 8 MB.
 */
const drawnOrders = new LRUCache<string, DrawnOrder, { db: Db; dropId: number; drawnAt: Date }>({
  maxSize: 1_000_000,
  sizeCalculation: (order) => Math.max(1, order.entryIds.length),
  fetchMethod: async (_key, _stale, { context }) => readDrawnOrder(context.db, context.dropId, context.drawnAt),
});

async function readDrawnOrder(db: Db, dropId: number, drawnAt: Date): Promise<DrawnOrder> {
  const rows = await db
    .select({ entryId: dropEntries.id, position: dropEntries.position, rightFrom: dropEntries.rightFrom })
    .from(dropEntries)
    .where(and(eq(dropEntries.dropId, dropId), isNotNull(dropEntries.position)))
    .orderBy(asc(dropEntries.position));
  return {
    entryIds: Int32Array.from(rows, (r) => r.entryId),
    positions: Int32Array.from(rows, (r) => r.position!),
    // Won at the draw: a window that began at the draw (places passed on later begin later).
    places: rows.filter((r) => r.rightFrom?.getTime() === drawnAt.getTime()).length,
  };
}

async function drawnOrderOf(db: Db, dropId: number, drawn: { at: Date; seed: string }): Promise<DrawnOrder> {
  const order = await drawnOrders.fetch(`${dropId}:${drawn.seed}`, { context: { db, dropId, drawnAt: drawn.at } });
  return order ?? readDrawnOrder(db, dropId, drawn.at);
}

/**
 * One page (`pageParam`, `?page=` from 1) of the verification of a draw drop; null when there is
 * no such draw, or no such page. Before the draw: no seed, no order. The drop and its product
 * are read on every view (a product hidden since is unknown here at once); the order drawn comes
 * from memory, and only this page's ranks are computed.
 */
export async function drawVerification(db: Db, dropId: number, pageParam: string | null = null): Promise<DrawVerification | null> {
  const row = await drawDrop(db, dropId, true);
  if (!row) return null;
  const { drop } = row;
  const drawn = drop.orderedAt && drop.seed ? { at: drop.orderedAt, seed: drop.seed } : null;
  const order = drawn ? await drawnOrderOf(db, drop.id, drawn) : null;
  const entries = order?.entryIds.length ?? 0;
  const paging = drawPageOf(pageParam, entries);
  if (!paging) return null;
  const from = (paging.page - 1) * DRAW_PAGE_SIZE;
  const to = Math.min(entries, from + DRAW_PAGE_SIZE);
  const shown: DrawVerification["order"] = [];
  if (drawn && order) for (let i = from; i < to; i++) shown.push({ entryId: order.entryIds[i]!, position: order.positions[i]!, rank: entryRank(drawn.seed, order.entryIds[i]!) });
  return {
    dropId: drop.id,
    productName: row.productName,
    productSlug: row.productSlug,
    startsAt: drop.startsAt.toISOString(),
    drawnAt: drawn?.at.toISOString() ?? null,
    seed: drawn?.seed ?? null,
    order: shown,
    places: order?.places ?? 0,
    entries,
    page: paging.page,
    pages: paging.pages,
  };
}

/** The back office's view of a draw drop (null: no such draw). */
export async function drawForAdmin(db: Db, dropId: number, now = new Date()): Promise<DrawAdminView | null> {
  const row = await drawDrop(db, dropId);
  if (!row) return null;
  const { drop } = row;
  const entries = await db
    .select({
      entryId: dropEntries.id,
      email: users.email,
      position: dropEntries.position,
      state: dropEntries.state,
      joinedAt: dropEntries.joinedAt,
      rightFrom: dropEntries.rightFrom,
      rightUntil: dropEntries.rightUntil,
      orderId: dropEntries.orderId,
    })
    .from(dropEntries)
    .innerJoin(users, eq(users.id, dropEntries.userId))
    .where(eq(dropEntries.dropId, drop.id))
    .orderBy(sql`${dropEntries.position} ASC NULLS LAST`, asc(dropEntries.joinedAt), asc(dropEntries.id));
  const phase = dropPhase(drop, now);
  return {
    dropId: drop.id,
    productId: drop.productId,
    productName: row.productName,
    phase,
    opensAt: drop.opensAt.toISOString(),
    startsAt: drop.startsAt.toISOString(),
    purchaseMinutes: drop.purchaseMinutes,
    unitsPerPerson: drop.unitsPerPerson,
    places: drop.places,
    seed: drop.seed,
    drawnAt: drop.orderedAt?.toISOString() ?? null,
    canRun: phase === "closed" && !drop.orderedAt,
    entries: entries.map((e) => ({
      ...e,
      rank: drop.seed && e.position !== null ? entryRank(drop.seed, e.entryId) : null,
      joinedAt: e.joinedAt.toISOString(),
      rightFrom: e.rightFrom?.toISOString() ?? null,
      rightUntil: e.rightUntil?.toISOString() ?? null,
    })),
  };
}
