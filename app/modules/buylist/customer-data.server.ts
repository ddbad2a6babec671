/**
 * The buylist's part of a customer's data rights (modules/privacy/customer-data.server.ts decides
 * the order): whether an open sell list stops the account's erasure, and the customer's sell
 * lists for the download. The shop's internal review notes go in only once the quote was sent,
 * as the customer's own page shows them.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistEvents, buylistLines, buylistSubmissions } from "~/db/schema";
import { formatSubmissionReference, OPEN_STATUSES } from "./status";

/**
 * Sell lists still under way (not paid, returned, rejected, withdrawn, declined or expired): the
 * shop may hold the customer's cards or owe them money, and needs the account to settle it.
 */
export async function countOpenSubmissions(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(buylistSubmissions)
    .where(and(eq(buylistSubmissions.userId, userId), inArray(buylistSubmissions.status, [...OPEN_STATUSES])));
  return Number(row?.n ?? 0);
}

/** The customer's sell lists with their lines and history, oldest first, for the data download. */
export async function submissionsData(db: Db, userId: string) {
  const submissions = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.userId, userId)).orderBy(asc(buylistSubmissions.id));
  if (submissions.length === 0) return [];
  const ids = submissions.map((s) => s.id);
  const [lines, events] = await Promise.all([
    db.select().from(buylistLines).where(inArray(buylistLines.submissionId, ids)).orderBy(asc(buylistLines.id)),
    db.select().from(buylistEvents).where(inArray(buylistEvents.submissionId, ids)).orderBy(asc(buylistEvents.createdAt), asc(buylistEvents.id)),
  ]);
  return submissions.map((s) => {
    const reviewShown = s.quoteSentAt !== null;
    return {
      reference: formatSubmissionReference(s.id),
      status: s.status,
      createdAt: s.createdAt,
      payoutPreference: s.payoutPreference,
      yourNote: s.customerNote,
      offerPence: { cash: s.offerCash, credit: s.offerCredit },
      quotePence: s.quotedCash === null ? null : { cash: s.quotedCash, credit: s.quotedCredit },
      quoteSentAt: s.quoteSentAt,
      quoteExpiresAt: s.quoteExpiresAt,
      finalPence: s.finalCash === null ? null : { cash: s.finalCash, credit: s.finalCredit },
      paid: s.paidAt === null ? null : { at: s.paidAt, as: s.payout, amountPence: s.paidAmount },
      lines: lines
        .filter((l) => l.submissionId === s.id)
        .map((l) => ({
          card: l.cardLabel,
          printing: l.printing,
          condition: l.condition,
          quantity: l.quantity,
          offeredUnitPence: l.offeredUnit,
          notBuyingReason: l.notBuyingReason,
          ...(reviewShown ? { quote: { status: l.status, condition: l.quotedCondition, unitPence: l.quotedUnit, note: l.reviewNote } } : {}),
          received: l.receivedQuantity === null && l.receivedCondition === null ? null : { quantity: l.receivedQuantity, condition: l.receivedCondition, unitPence: l.finalUnit, note: l.gradeNote },
        })),
      history: events.filter((e) => e.submissionId === s.id).map((e) => ({ at: e.createdAt, status: e.status, note: e.note, byShop: e.actorUserId !== null && e.actorUserId !== userId })),
    };
  });
}
