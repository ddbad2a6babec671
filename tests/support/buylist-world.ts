import type { Db } from "~/db/client.server";
import { buylistEvents, buylistLines, buylistSubmissions } from "~/db/schema";
import { cardSinglesFixtures } from "./card-singles";

/**
 * A customer's sell list, written straight to the tables (no price guide needed): one card in a
 * set of its own, one line offered at £20, status "submitted". For the route-by-route tests
 * (authorization matrix, fuzzer) of the buylist pages.
 */
export async function arrangeSellList(db: Db, userId: string): Promise<{ submissionId: number; lineId: number; cardId: number }> {
  const fx = cardSinglesFixtures(db);
  const setId = await fx.set({ code: "bwld", name: "Buylist World", officialCardCount: 10 });
  const cardId = await fx.card(setId, { number: "1", name: "Matrixmon" });
  const [submission] = await db.insert(buylistSubmissions).values({ userId, status: "submitted", payoutPreference: "cash", offerCash: 2_000, offerCredit: 2_400 }).returning({ id: buylistSubmissions.id });
  const [line] = await db
    .insert(buylistLines)
    .values({ submissionId: submission!.id, cardId, cardLabel: "Matrixmon · Buylist World · 1/10", printing: "normal", condition: "nm", quantity: 1, offeredUnit: 2_000 })
    .returning({ id: buylistLines.id });
  await db.insert(buylistEvents).values({ submissionId: submission!.id, status: "submitted", actorUserId: userId });
  return { submissionId: submission!.id, lineId: line!.id, cardId };
}
