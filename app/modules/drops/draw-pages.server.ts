/**
 * The draw's two pages: the public verification (anonymous: entry ids and ranks only) and the
 * back office's list of entrants. Client-safe shapes in draw-view.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dropEntries, drops, products, users } from "~/db/schema";
import { productShown } from "~/modules/catalog/visibility.server";
import { dropPhase } from "./drop-rules";
import { entryRank } from "./draw-order";
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

/** The verification page of a draw drop (null: no such draw). Before the draw: no seed, no order. */
export async function drawVerification(db: Db, dropId: number): Promise<DrawVerification | null> {
  const row = await drawDrop(db, dropId, true);
  if (!row) return null;
  const { drop } = row;
  const drawn = drop.orderedAt && drop.seed ? { at: drop.orderedAt, seed: drop.seed } : null;
  const entries = drawn
    ? await db
        .select({ entryId: dropEntries.id, position: dropEntries.position })
        .from(dropEntries)
        .where(sql`${dropEntries.dropId} = ${drop.id} AND ${dropEntries.position} IS NOT NULL`)
        .orderBy(asc(dropEntries.position))
    : [];
  const [won] = drawn
    ? await db
        .select({ places: sql<number>`count(*) FILTER (WHERE ${dropEntries.rightFrom} = ${drawn.at.toISOString()}::timestamptz)::int` })
        .from(dropEntries)
        .where(eq(dropEntries.dropId, drop.id))
    : [];
  return {
    dropId: drop.id,
    productName: row.productName,
    productSlug: row.productSlug,
    startsAt: drop.startsAt.toISOString(),
    drawnAt: drawn?.at.toISOString() ?? null,
    seed: drawn?.seed ?? null,
    order: drawn ? entries.map((e) => ({ entryId: e.entryId, position: e.position!, rank: entryRank(drawn.seed, e.entryId) })) : [],
    places: won?.places ?? 0,
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
