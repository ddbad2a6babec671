/**
 * The buylist settings page (/admin/buylist/settings): the settings (saved through
 * settings.server.ts, which audits them) and the wanted cards — a card's buylist row (buying or
 * not, wanted quantity, cap per sell list, hot-list premium), found through the admin's card
 * search, added, edited and removed, each change audited with before and after; and the hot-list.
 */
import { asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { buylistCards, cards, cardSets } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { cardsWithStock, searchCards } from "~/modules/catalog/singles.server";
import type { BuylistSettingsPage, WantedCardInput, WantedCardRow } from "./admin";
import { cardLabelOf, unitsInOpenSubmissions } from "./offer.server";
import type { BuylistSettings } from "./settings";

export type { BuylistSettingsPage };
import { loadBuylistSettings, saveBuylistSettings } from "./settings.server";

/** Most wanted-card rows the page lists (the hot-list first, then the newest changes). */
export const WANTED_LIST_LIMIT = 200;

async function wantedRows(db: Db, where: ReturnType<typeof eq> | undefined, order: "hot" | "recent"): Promise<WantedCardRow[]> {
  const rows = await db
    .select({
      cardId: buylistCards.cardId,
      buying: buylistCards.buying,
      wantedQuantity: buylistCards.wantedQuantity,
      maxPerSubmission: buylistCards.maxPerSubmission,
      hotPremiumBasisPoints: buylistCards.hotPremiumBasisPoints,
      note: buylistCards.note,
      updatedAt: buylistCards.updatedAt,
      setCode: cardSets.code,
    })
    .from(buylistCards)
    .innerJoin(cards, eq(cards.id, buylistCards.cardId))
    .innerJoin(cardSets, eq(cardSets.id, cards.setId))
    .where(where)
    .orderBy(...(order === "hot" ? [desc(buylistCards.hotPremiumBasisPoints)] : []), desc(buylistCards.updatedAt), asc(buylistCards.cardId))
    .limit(WANTED_LIST_LIMIT);
  const ids = rows.map((r) => r.cardId);
  const [stock, open] = await Promise.all([cardsWithStock(db, ids), unitsInOpenSubmissions(db, ids)]);
  return rows.map((r) => {
    const card = stock.get(r.cardId);
    return {
      cardId: r.cardId,
      title: card ? cardLabelOf(card) : `Card ${r.cardId}`,
      setCode: r.setCode,
      buying: r.buying,
      wantedQuantity: r.wantedQuantity,
      maxPerSubmission: r.maxPerSubmission,
      hotPremiumBasisPoints: r.hotPremiumBasisPoints,
      note: r.note,
      inStock: card?.stock ?? 0,
      inOpenSubmissions: open.get(r.cardId) ?? 0,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function loadBuylistSettingsPage(db: Db, query: string): Promise<BuylistSettingsPage> {
  const [settings, wanted, hotList] = await Promise.all([
    loadBuylistSettings(db),
    wantedRows(db, undefined, "recent"),
    wantedRows(db, gt(buylistCards.hotPremiumBasisPoints, 0) as ReturnType<typeof eq>, "hot"),
  ]);
  let results: BuylistSettingsPage["results"] = null;
  if (query) {
    const hits = await searchCards(db, query);
    const listed = hits.length === 0 ? [] : await db.select({ cardId: buylistCards.cardId }).from(buylistCards).where(inArray(buylistCards.cardId, hits.map((h) => h.id)));
    const onList = new Set(listed.map((r) => r.cardId));
    results = hits.map((hit) => ({ ...hit, onBuylist: onList.has(hit.id) }));
  }
  return { settings, wanted, hotList, query, results };
}

export async function saveSettings(db: Db, adminId: string, settings: BuylistSettings): Promise<void> {
  await db.transaction((tx) => saveBuylistSettings(tx, settings, adminId));
}

/** Adds or changes a card's buylist row; false when the card does not exist. */
export async function saveWantedCard(db: Db, adminId: string, input: WantedCardInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, input.cardId));
    if (!card) return false;
    const [before] = await tx.select().from(buylistCards).where(eq(buylistCards.cardId, input.cardId)).for("update");
    const values = {
      buying: input.buying,
      wantedQuantity: input.wantedQuantity,
      maxPerSubmission: input.maxPerSubmission,
      hotPremiumBasisPoints: input.hotPremium,
      note: input.note || null,
    };
    await tx
      .insert(buylistCards)
      .values({ cardId: input.cardId, ...values })
      .onConflictDoUpdate({ target: buylistCards.cardId, set: { ...values, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorUserId: adminId,
      action: before ? "buylist.card_changed" : "buylist.card_added",
      entityType: "buylist_card",
      entityId: String(input.cardId),
      details: {
        before: before ? { buying: before.buying, wantedQuantity: before.wantedQuantity, maxPerSubmission: before.maxPerSubmission, hotPremiumBasisPoints: before.hotPremiumBasisPoints, note: before.note } : null,
        after: values,
      },
    });
    return true;
  });
}

/** Removes a card's row (it is then bought by the default rule); false when there was none. */
export async function removeWantedCard(db: Db, adminId: string, cardId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(buylistCards).where(eq(buylistCards.cardId, cardId)).returning();
    if (!removed) return false;
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "buylist.card_removed",
      entityType: "buylist_card",
      entityId: String(cardId),
      details: {
        before: { buying: removed.buying, wantedQuantity: removed.wantedQuantity, maxPerSubmission: removed.maxPerSubmission, hotPremiumBasisPoints: removed.hotPremiumBasisPoints, note: removed.note },
        after: null,
      },
    });
    return true;
  });
}
