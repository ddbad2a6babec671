/**
 * Paying a graded sell list (graded → paid), in one transaction with the submission locked:
 * - cash: the PayPal or bank transfer reference and the day, as recorded by the admin (the money
 *   itself moves outside the shop);
 * - store credit: `moveCredit` with kind "buylist_payout" and the dedupe key
 *   `buylist-payout:<id>`, so a replayed post can never credit twice (the status check refuses it
 *   first; the key is the last guard);
 * and, if asked, the received cards put into stock: each graded line's card → its single product
 * and the variant (received condition × printing, English), made when missing as "add single"
 * makes them (catalog's `ensureSingleVariant`), the units added by inventory's `adjustStock` with
 * reason "buylist" — one ledger row per line. Then the "paid" email and the audit entry.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistCards, buylistSubmissions } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { adjustStock } from "~/modules/catalog/inventory.server";
import { rawRowKey } from "~/modules/catalog/singles";
import { cardsWithStock, ensureSingleVariant } from "~/modules/catalog/singles.server";
import { type Condition, isCondition, isPrinting, type Printing } from "~/modules/catalog/variants";
import { creditDedupeKey } from "~/modules/credit/credit-rules";
import { moveCredit } from "~/modules/credit/ledger.server";
import { suggestListingPrices } from "~/modules/market/suggestions.server";
import { formatPence } from "~/utils/money";
import { BUYLIST_ADMIN_TEXT, CASH_METHOD_LABELS, type PayInput } from "./admin";
import {
  type AdminOutcome,
  BuylistRefusal,
  buylistAuditEntry,
  lockForAdmin,
  readSubmissionLines,
  refusing,
  submissionForEmail,
  wrongStatusOutcome,
  type AdminLine,
} from "./admin-submission.server";
import { type BuylistEmailBranding, enqueuePaidEmail } from "./emails-admin.server";
import { WHOLE_BASIS_POINTS, type BuylistSettings } from "./settings";
import { loadBuylistSettings } from "./settings.server";
import { formatSubmissionReference } from "./status";
import { moveSubmission } from "./submissions.server";

/** The language cards bought through the buylist are stocked in (the sell list's cards are English). */
export const BUYLIST_STOCK_LANGUAGE = "en";

export interface RestockedLine {
  lineId: number;
  variantId: number;
  quantity: number;
  stockAfter: number;
  variantCreated: boolean;
}

export type PayOutcome = AdminOutcome<{ payout: "cash" | "credit"; amount: number; restocked: RestockedLine[] }>;

export async function paySubmission(db: Db, adminId: string, id: number, input: PayInput, brand: BuylistEmailBranding, now = new Date()): Promise<PayOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockForAdmin(tx, id, adminId);
      if (submission.status === "paid") throw new BuylistRefusal({ ok: false, status: 409, message: BUYLIST_ADMIN_TEXT.alreadyPaid });
      if (submission.status !== "graded") throw new BuylistRefusal(wrongStatusOutcome(submission.status, "paid") as Extract<AdminOutcome, { ok: false }>);
      const amount = input.payout === "credit" ? (submission.finalCredit ?? 0) : (submission.finalCash ?? 0);
      if (amount <= 0) throw new BuylistRefusal({ ok: false, status: 409, message: BUYLIST_ADMIN_TEXT.nothingToPay });

      const reference = formatSubmissionReference(id);
      const moved = await moveSubmission(tx, id, "paid", "admin", {
        actorUserId: adminId,
        note: input.payout === "credit" ? `${formatPence(amount)} in store credit` : `${formatPence(amount)} by ${CASH_METHOD_LABELS[input.method]} (${input.reference})`,
      });
      if (!moved.ok) throw new BuylistRefusal(wrongStatusOutcome(submission.status, "paid") as Extract<AdminOutcome, { ok: false }>);

      let balance: number | null = null;
      if (input.payout === "credit") {
        const credited = await moveCredit(tx, {
          userId: submission.userId,
          amount,
          kind: "buylist_payout",
          buylistSubmissionId: id,
          note: `Sell list ${reference}`,
          actorUserId: adminId,
          dedupeKey: creditDedupeKey.buylistPayout(id),
        });
        // A payout for this list is already in the ledger (a replay that got past the status): pay nothing.
        if (!credited.ok) throw new BuylistRefusal({ ok: false, status: 409, message: BUYLIST_ADMIN_TEXT.alreadyPaid });
        balance = credited.balance;
      }
      await tx
        .update(buylistSubmissions)
        .set({
          payout: input.payout,
          cashMethod: input.payout === "cash" ? input.method : null,
          paidReference: input.payout === "cash" ? input.reference : null,
          paidOn: input.payout === "cash" ? input.paidOn : null,
          paidAmount: amount,
          paidAt: now,
          quoteToken: null,
          updatedAt: sql`now()`,
        })
        .where(eq(buylistSubmissions.id, id));

      const settings = await loadBuylistSettings(tx);
      const restocked = input.restock ? await restockLines(tx, adminId, reference, await readSubmissionLines(tx, id, settings.minLineValuePence), settings) : [];

      await enqueuePaidEmail(
        tx,
        submissionForEmail(submission),
        input.payout === "credit" ? { payout: "credit", amount, balance: balance! } : { payout: "cash", method: input.method, reference: input.reference, paidOn: input.paidOn, amount },
        brand,
      );
      await recordAudit(
        tx,
        buylistAuditEntry(adminId, id, "paid", {
          before: { status: submission.status, payout: submission.payout, paidAmount: submission.paidAmount },
          after: {
            status: "paid",
            payout: input.payout,
            paidAmount: amount,
            ...(input.payout === "cash" ? { cashMethod: input.method, paidReference: input.reference, paidOn: input.paidOn } : { creditBalanceAfter: balance }),
          },
          restocked,
        }),
      );
      return { ok: true as const, payout: input.payout, amount, restocked };
    }),
  );
}

/**
 * The price a variant made for bought cards starts at: what "add single" would suggest (the
 * market figure through the shop's pricing rules). Without a market figure, the unit paid grossed
 * back up by the rate it was bought at (buy rate + the card's hot-list premium, as `unitCashFor`
 * made the offer): that is the market value the offer was made from, so the shop never lists a
 * card below what it paid for it. Null when neither gives a price above £0: the card is not
 * stocked (a variant at £0 would sell it for nothing). Repricing moves it later.
 */
async function newVariantPrice(tx: Tx, cardmarketProductId: number | null, cardId: number, condition: Condition, printing: Printing, unitPaid: number, settings: BuylistSettings): Promise<number | null> {
  const suggestions = await suggestListingPrices(tx, { cardmarketProductId, printings: [printing] });
  const suggested = suggestions[rawRowKey(condition, printing)];
  if (suggested !== undefined && suggested > 0) return suggested;
  const [rule] = await tx.select({ hot: buylistCards.hotPremiumBasisPoints }).from(buylistCards).where(eq(buylistCards.cardId, cardId));
  const rate = settings.buyRateBasisPoints[condition] + (rule?.hot ?? 0);
  const grossed = rate > 0 ? Math.ceil((unitPaid * WHOLE_BASIS_POINTS) / rate) : 0;
  return grossed > 0 ? grossed : null;
}

/** Received units into stock, one ledger row per line; lines in card order (the catalogue's lock order: product, then variant). */
async function restockLines(tx: Tx, adminId: string, reference: string, lines: AdminLine[], settings: BuylistSettings): Promise<RestockedLine[]> {
  // A line graded at £0 was not bought (the shop does not buy it in that condition): those cards
  // go back to the customer, never into stock.
  const toStock = lines
    .filter((l) => l.status === "accepted" && (l.receivedQuantity ?? 0) > 0 && (l.finalUnit ?? 0) > 0 && isPrinting(l.printing))
    .sort((a, b) => a.cardId - b.cardId || a.id - b.id);
  const catalogCards = await cardsWithStock(tx, toStock.map((l) => l.cardId));
  const ensured: Array<{ line: AdminLine; variantId: number; variantCreated: boolean }> = [];
  for (const line of toStock) {
    const condition = isCondition(line.receivedCondition) ? line.receivedCondition : line.condition;
    const priced = await newVariantPrice(tx, catalogCards.get(line.cardId)?.cardmarketProductId ?? null, line.cardId, condition, line.printing, line.finalUnit!, settings);
    if (priced === null) continue;
    const variant = await ensureSingleVariant(tx, line.cardId, { condition, printing: line.printing, language: BUYLIST_STOCK_LANGUAGE }, () => priced);
    if (!variant.ok) throw new BuylistRefusal({ ok: false, status: 409, message: `${line.cardLabel}: ${variant.message}` });
    ensured.push({ line, variantId: variant.variantId, variantCreated: variant.variantCreated });
  }
  // Stock in variant-id order: inventory's lock order.
  ensured.sort((a, b) => a.variantId - b.variantId || a.line.id - b.line.id);
  const restocked: RestockedLine[] = [];
  for (const { line, variantId, variantCreated } of ensured) {
    const stockAfter = await adjustStock(tx, variantId, line.receivedQuantity!, { reason: "buylist", actorId: adminId, note: `Sell list ${reference}` });
    if (stockAfter === null) throw new BuylistRefusal({ ok: false, status: 409, message: `${line.cardLabel}: the stock of that variant cannot take ${line.receivedQuantity} more.` });
    restocked.push({ lineId: line.id, variantId, quantity: line.receivedQuantity!, stockAfter, variantCreated });
  }
  return restocked;
}
