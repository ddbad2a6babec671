/**
 * One sell list in the back office (/admin/buylist/:id): what the page shows, and every move the
 * shop makes on it before payment — review a line, send (or re-send) the quote, reject the whole
 * list, mark the parcel received, grade each card, finish grading, return the cards. Each runs in
 * one transaction that locks the submission (through `moveSubmission` or `lockSubmission`),
 * checks the status, writes the change, its history event, its audit entry (before/after) and its
 * email together. Payment is in admin-payout.server.ts. Callers have checked the admin role.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistEvents, buylistLines, buylistPhotos, buylistSubmissions, profiles, users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { auditTrailFor } from "~/modules/audit/trail.server";
import { creditBalance } from "~/modules/credit/ledger.server";
import { CONDITION_LABELS, type Condition, isCondition, type Printing } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";
import { type AdminLine, type AdminSubmissionDetail, BUYLIST_ADMIN_TEXT, REVIEW_PRICE_MAX_TIMES_OFFER, finalTotals, gradeExplanation, type GradeLineInput, type GradedLineFacts, lineValues, type ReviewLineInput } from "./admin";
import {
  type BuylistEmailBranding,
  enqueueGradedEmail,
  enqueueQuoteEmail,
  enqueueRejectedEmail,
  enqueueReturnedEmail,
  type LineForEmail,
  type SubmissionForEmail,
} from "./emails-admin.server";
import { isNotBuyingReason, lineAmounts, notBuyingReasonLabel } from "./offer";
import { unitOfferFor } from "./offer.server";
import type { BuylistSettings } from "./settings";
import { loadBuylistSettings } from "./settings.server";
import { type BuylistStatus, formatSubmissionReference } from "./status";
import { moveSubmission, newQuoteToken } from "./submissions.server";

type Executor = Db | Tx;

/** What a move answers: done, or refused with the status the page should answer and why. */
export type AdminOutcome<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string };

const notFound = (id: number): AdminOutcome<never> => ({ ok: false, status: 404, message: BUYLIST_ADMIN_TEXT.notFound(id) });
const ownSellList: Extract<AdminOutcome, { ok: false }> = { ok: false, status: 403, message: BUYLIST_ADMIN_TEXT.ownSellList };

/**
 * Whether the acting admin is the sell list's customer. Such a list is handled by another admin
 * only: otherwise an admin could quote, grade and pay themselves (store credit minted from
 * nothing), the same rule as the store-credit page's "another admin must do it".
 */
export function isOwnSellList(submission: { userId: string }, adminId: string): boolean {
  return submission.userId === adminId;
}
const wrongStatus = (status: BuylistStatus, what: string): AdminOutcome<never> => ({ ok: false, status: 409, message: BUYLIST_ADMIN_TEXT.wrongStatus(status, what) });

/** A refusal inside a transaction: thrown to roll back, answered as an outcome. */
export class BuylistRefusal extends Error {
  constructor(readonly outcome: Extract<AdminOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

export async function refusing<T>(work: () => Promise<AdminOutcome<T>>): Promise<AdminOutcome<T>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BuylistRefusal) return error.outcome;
    throw error;
  }
}

// ---- Reading ------------------------------------------------------------------------------------

const submissionColumns = {
  id: buylistSubmissions.id,
  userId: buylistSubmissions.userId,
  status: buylistSubmissions.status,
  payoutPreference: buylistSubmissions.payoutPreference,
  customerNote: buylistSubmissions.customerNote,
  offerCash: buylistSubmissions.offerCash,
  offerCredit: buylistSubmissions.offerCredit,
  quotedCash: buylistSubmissions.quotedCash,
  quotedCredit: buylistSubmissions.quotedCredit,
  quoteSentAt: buylistSubmissions.quoteSentAt,
  quoteExpiresAt: buylistSubmissions.quoteExpiresAt,
  quoteToken: buylistSubmissions.quoteToken,
  finalCash: buylistSubmissions.finalCash,
  finalCredit: buylistSubmissions.finalCredit,
  labelKey: buylistSubmissions.labelKey,
  labelContentType: buylistSubmissions.labelContentType,
  labelFileName: buylistSubmissions.labelFileName,
  payout: buylistSubmissions.payout,
  cashMethod: buylistSubmissions.cashMethod,
  paidReference: buylistSubmissions.paidReference,
  paidOn: buylistSubmissions.paidOn,
  paidAmount: buylistSubmissions.paidAmount,
  paidAt: buylistSubmissions.paidAt,
  createdAt: buylistSubmissions.createdAt,
  updatedAt: buylistSubmissions.updatedAt,
  email: users.email,
  name: profiles.fullName,
};

type SubmissionRow = Awaited<ReturnType<typeof readSubmission>>;

async function readSubmission(db: Executor, id: number, lock: boolean) {
  const query = db
    .select(submissionColumns)
    .from(buylistSubmissions)
    .innerJoin(users, eq(users.id, buylistSubmissions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(buylistSubmissions.id, id));
  const [row] = lock ? await query.for("update", { of: buylistSubmissions }) : await query;
  return row ? { ...row, status: row.status as BuylistStatus, name: row.name ?? null } : null;
}

/** The submission locked for this transaction (the same row lock `moveSubmission` takes), or null. */
export async function lockSubmission(tx: Tx, id: number) {
  return readSubmission(tx, id, true);
}

/**
 * The submission locked for a back-office move by `adminId`: every move (review, quote, reject,
 * receive, grade, finish, pay, return, label) starts here, so a missing list is 404 and the
 * admin's own list is 403 in one place.
 */
export async function lockForAdmin(tx: Tx, id: number, adminId: string) {
  const row = await lockSubmission(tx, id);
  if (!row) throw new BuylistRefusal(notFound(id) as Extract<AdminOutcome, { ok: false }>);
  if (isOwnSellList(row, adminId)) throw new BuylistRefusal(ownSellList);
  return row;
}

const lineColumns = {
  id: buylistLines.id,
  cardId: buylistLines.cardId,
  cardLabel: buylistLines.cardLabel,
  printing: buylistLines.printing,
  condition: buylistLines.condition,
  quantity: buylistLines.quantity,
  offeredUnit: buylistLines.offeredUnit,
  notBuyingReason: buylistLines.notBuyingReason,
  status: buylistLines.status,
  quotedCondition: buylistLines.quotedCondition,
  quotedUnit: buylistLines.quotedUnit,
  reviewNote: buylistLines.reviewNote,
  receivedCondition: buylistLines.receivedCondition,
  receivedQuantity: buylistLines.receivedQuantity,
  finalUnit: buylistLines.finalUnit,
  gradeNote: buylistLines.gradeNote,
};

async function readLines(db: Executor, submissionId: number, minLineValuePence: number): Promise<AdminLine[]> {
  const rows = await db.select(lineColumns).from(buylistLines).where(eq(buylistLines.submissionId, submissionId)).orderBy(asc(buylistLines.id));
  return rows.map((r) => ({
    ...r,
    printing: r.printing as Printing,
    condition: r.condition as Condition,
    status: r.status as AdminLine["status"],
    quotedCondition: isCondition(r.quotedCondition) ? r.quotedCondition : null,
    receivedCondition: isCondition(r.receivedCondition) ? r.receivedCondition : null,
    notBuyingLabel: isNotBuyingReason(r.notBuyingReason) ? notBuyingReasonLabel(r.notBuyingReason, { minLineValuePence, acceptedQuantity: 0 }) : null,
  }));
}

/** The page's data; `viewerId` (the admin looking) marks their own sell list, whose forms the page hides. */
export async function submissionForAdmin(db: Db, id: number, viewerId?: string): Promise<AdminSubmissionDetail | null> {
  const row = await readSubmission(db, id, false);
  if (!row) return null;
  const settings = await loadBuylistSettings(db);
  const [lines, photos, events, audit, balance] = await Promise.all([
    readLines(db, id, settings.minLineValuePence),
    db
      .select({ id: buylistPhotos.id, storageKey: buylistPhotos.storageKey, widths: buylistPhotos.widths, width: buylistPhotos.width, height: buylistPhotos.height })
      .from(buylistPhotos)
      .where(eq(buylistPhotos.submissionId, id))
      .orderBy(asc(buylistPhotos.id)),
    db
      .select({ id: buylistEvents.id, status: buylistEvents.status, note: buylistEvents.note, actorEmail: users.email, createdAt: buylistEvents.createdAt })
      .from(buylistEvents)
      .leftJoin(users, eq(users.id, buylistEvents.actorUserId))
      .where(eq(buylistEvents.submissionId, id))
      .orderBy(asc(buylistEvents.id)),
    auditTrailFor(db, "buylist_submission", String(id), 50),
    creditBalance(db, row.userId),
  ]);
  const { quoteToken, ...submission } = row;
  return {
    submission: { ...submission, reference: formatSubmissionReference(id), hasQuoteToken: quoteToken !== null },
    ownSellList: viewerId !== undefined && isOwnSellList(row, viewerId),
    lines,
    photos,
    events: events.map((e) => ({ ...e, actorEmail: e.actorEmail ?? null })),
    audit,
    settings,
    creditBalance: balance,
    draftQuote: quoteTotals(lines, settings),
    draftFinal: finalTotals(lines, { cash: row.quotedCash ?? 0, credit: row.quotedCredit ?? 0 }),
  };
}

/** The quote the reviewed lines add up to: lines still unreviewed count at their offer, as sending the quote takes them. */
function quoteTotals(lines: AdminLine[], settings: BuylistSettings): { cash: number; credit: number } {
  let cash = 0;
  let credit = 0;
  for (const line of lines) {
    const decided = decideForQuote(line);
    if (decided.status !== "accepted") continue;
    const amounts = lineAmounts(decided.quotedUnit, line.quantity, settings);
    cash += amounts.lineCash;
    credit += amounts.lineCredit;
  }
  return { cash, credit };
}

/** A line as the quote takes it: reviewed lines as reviewed; an unreviewed one accepted at its offer, or rejected with the reason it was not bought. */
function decideForQuote(line: AdminLine): { status: "accepted"; quotedCondition: Condition; quotedUnit: number; reviewNote: string | null } | { status: "rejected"; reviewNote: string | null } {
  if (line.status === "accepted") return { status: "accepted", quotedCondition: line.quotedCondition ?? line.condition, quotedUnit: line.quotedUnit ?? line.offeredUnit, reviewNote: line.reviewNote };
  if (line.status === "rejected") return { status: "rejected", reviewNote: line.reviewNote };
  if (line.offeredUnit > 0 && line.notBuyingReason === null) return { status: "accepted", quotedCondition: line.condition, quotedUnit: line.offeredUnit, reviewNote: null };
  return { status: "rejected", reviewNote: line.reviewNote ?? line.notBuyingLabel };
}

const emailLine = (l: AdminLine): LineForEmail => l;
const forEmail = (s: NonNullable<SubmissionRow>): SubmissionForEmail => ({ id: s.id, email: s.email, name: s.name });

function auditEntry(adminId: string, id: number, action: string, details: Record<string, unknown>) {
  return { actorUserId: adminId, action: `buylist.${action}`, entityType: "buylist_submission", entityId: String(id), details };
}

/** Moves the (already locked) submission, or refuses with the page's message. */
async function move(tx: Tx, id: number, to: BuylistStatus, adminId: string, note: string | null, what: string) {
  const moved = await moveSubmission(tx, id, to, "admin", { actorUserId: adminId, note });
  if (!moved.ok) throw new BuylistRefusal((moved.reason === "not_found" ? notFound(id) : wrongStatus(moved.status, what)) as Extract<AdminOutcome, { ok: false }>);
  return moved;
}

async function lockOrRefuse(tx: Tx, id: number, adminId: string, allowed: readonly BuylistStatus[], what: string) {
  const row = await lockForAdmin(tx, id, adminId);
  if (!allowed.includes(row.status)) throw new BuylistRefusal(wrongStatus(row.status, what) as Extract<AdminOutcome, { ok: false }>);
  return row;
}

async function lockLine(tx: Tx, submissionId: number, lineId: number) {
  const [line] = await tx
    .select(lineColumns)
    .from(buylistLines)
    .where(and(eq(buylistLines.id, lineId), eq(buylistLines.submissionId, submissionId)))
    .for("update");
  if (!line) throw new BuylistRefusal({ ok: false, status: 404, message: BUYLIST_ADMIN_TEXT.lineNotFound });
  return line;
}

// ---- Review and quote ---------------------------------------------------------------------------

/**
 * Accepts a line (in the claimed or an adjusted condition, at the offer, the rule's price for the
 * adjusted condition, or a typed price) or rejects it, with a note the customer sees. Changing a
 * line of a quote already sent withdraws that quote's link until it is sent again, so the customer
 * never accepts a quote that no longer matches its lines.
 */
export async function reviewLine(db: Db, adminId: string, id: number, input: ReviewLineInput): Promise<AdminOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["submitted", "quoted"], "reviewed");
      const line = await lockLine(tx, id, input.lineId);
      let after: Partial<typeof line>;
      if (input.decision === "reject") {
        after = { status: "rejected", quotedCondition: null, quotedUnit: null, reviewNote: input.note };
      } else {
        // The rule's offer for one copy in the condition the admin chose: the default price, and the yardstick a typed price is checked against.
        const ruleUnit = input.condition === line.condition ? line.offeredUnit : ((await unitOfferFor(tx, line.cardId, line.printing as Printing, input.condition as Condition))?.unitCash ?? 0);
        const unit = input.unitPrice ?? ruleUnit;
        if (input.unitPrice !== null && ruleUnit > 0 && input.unitPrice > ruleUnit * REVIEW_PRICE_MAX_TIMES_OFFER) {
          throw new BuylistRefusal({ ok: false, status: 400, field: "unitPrice", message: BUYLIST_ADMIN_TEXT.reviewPriceTooHigh(ruleUnit) });
        }
        if (unit <= 0) throw new BuylistRefusal({ ok: false, status: 400, field: "unitPrice", message: "Our rule offers nothing for this card: type the price you will pay for each." });
        const adjusted = input.condition !== line.condition || unit !== line.offeredUnit;
        if (adjusted && !input.note) throw new BuylistRefusal({ ok: false, status: 400, field: "note", message: "Say why the condition or price changed: the customer sees this note." });
        after = { status: "accepted", quotedCondition: input.condition, quotedUnit: unit, reviewNote: input.note || null };
      }
      await tx.update(buylistLines).set(after).where(eq(buylistLines.id, line.id));
      const quoteWithdrawn = submission.status === "quoted" && submission.quoteToken !== null;
      if (quoteWithdrawn) await tx.update(buylistSubmissions).set({ quoteToken: null, updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      else await tx.update(buylistSubmissions).set({ updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await recordAudit(
        tx,
        auditEntry(adminId, id, "line_reviewed", {
          lineId: line.id,
          before: { status: line.status, quotedCondition: line.quotedCondition, quotedUnit: line.quotedUnit, reviewNote: line.reviewNote },
          after,
          quoteWithdrawn,
        }),
      );
      return { ok: true as const };
    }),
  );
}

/**
 * Sends the quote (submitted → quoted) or sends it again (quoted → quoted: a new token and
 * expiry, the lines as they are now). Unreviewed lines are decided as `decideForQuote` says.
 */
export async function sendQuote(db: Db, adminId: string, id: number, brand: BuylistEmailBranding, now = new Date()): Promise<AdminOutcome<{ again: boolean }>> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["submitted", "quoted"], "quoted");
      const settings = await loadBuylistSettings(tx);
      const lines = await readLines(tx, id, settings.minLineValuePence);
      const decided = lines.map((line) => ({ line, decision: decideForQuote(line) }));
      if (!decided.some((d) => d.decision.status === "accepted")) {
        throw new BuylistRefusal({ ok: false, status: 400, message: BUYLIST_ADMIN_TEXT.nothingAccepted });
      }
      for (const { line, decision } of decided) {
        if (decision.status === "accepted") {
          await tx.update(buylistLines).set({ status: "accepted", quotedCondition: decision.quotedCondition, quotedUnit: decision.quotedUnit, reviewNote: decision.reviewNote }).where(eq(buylistLines.id, line.id));
          Object.assign(line, { status: "accepted", quotedCondition: decision.quotedCondition, quotedUnit: decision.quotedUnit, reviewNote: decision.reviewNote });
        } else {
          await tx.update(buylistLines).set({ status: "rejected", quotedCondition: null, quotedUnit: null, reviewNote: decision.reviewNote }).where(eq(buylistLines.id, line.id));
          Object.assign(line, { status: "rejected", quotedCondition: null, quotedUnit: null, reviewNote: decision.reviewNote });
        }
      }
      // The lines now hold their decisions: the same sum the page showed as "Quote as reviewed".
      const { cash, credit } = quoteTotals(lines, settings);
      const again = submission.status === "quoted";
      const token = newQuoteToken();
      const expiresAt = new Date(now.getTime() + settings.quoteValidDays * 24 * 60 * 60 * 1000);
      await move(tx, id, "quoted", adminId, again ? `Quote sent again: ${formatPence(cash)}` : `Quote: ${formatPence(cash)}`, "quoted");
      await tx
        .update(buylistSubmissions)
        .set({ quotedCash: cash, quotedCredit: credit, quoteSentAt: now, quoteExpiresAt: expiresAt, quoteToken: token, updatedAt: sql`now()` })
        .where(eq(buylistSubmissions.id, id));
      await enqueueQuoteEmail(tx, forEmail(submission), { cash, credit, sentAt: now, expiresAt, token, labelComing: cash >= settings.prepaidLabelThresholdPence }, lines.map(emailLine), brand);
      await recordAudit(
        tx,
        auditEntry(adminId, id, again ? "requoted" : "quoted", {
          before: { status: submission.status, quotedCash: submission.quotedCash, quotedCredit: submission.quotedCredit, quoteExpiresAt: submission.quoteExpiresAt },
          after: { status: "quoted", quotedCash: cash, quotedCredit: credit, quoteExpiresAt: expiresAt.toISOString(), creditBonusBasisPoints: settings.creditBonusBasisPoints },
        }),
      );
      return { ok: true as const, again };
    }),
  );
}

/** Rejects the whole sell list (before a quote is accepted), telling the customer why. */
export async function rejectSubmission(db: Db, adminId: string, id: number, reason: string, brand: BuylistEmailBranding): Promise<AdminOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["submitted"], "rejected");
      await move(tx, id, "rejected", adminId, reason, "rejected");
      await tx.update(buylistSubmissions).set({ quoteToken: null, updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await enqueueRejectedEmail(tx, forEmail(submission), reason, brand);
      await recordAudit(tx, auditEntry(adminId, id, "rejected", { before: { status: submission.status }, after: { status: "rejected" }, reason }));
      return { ok: true as const };
    }),
  );
}

// ---- Receive and grade --------------------------------------------------------------------------

/** The parcel arrived (accepted or shipped → received). */
export async function markReceived(db: Db, adminId: string, id: number): Promise<AdminOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["accepted", "shipped"], "marked received");
      await move(tx, id, "received", adminId, null, "marked received");
      await tx.update(buylistSubmissions).set({ updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await recordAudit(tx, auditEntry(adminId, id, "received", { before: { status: submission.status }, after: { status: "received" } }));
      return { ok: true as const };
    }),
  );
}

/**
 * Grades one accepted line while the list is "received": how many arrived (fewer: the rest are
 * missing), in what condition, at what unit price — the quoted one in the quoted condition, the
 * rule's (`unitOfferFor`) in another, or one the admin typed — and a note saying why, which the
 * customer reads: the automatic explanation plus the admin's words.
 */
export async function gradeLine(db: Db, adminId: string, id: number, input: GradeLineInput): Promise<AdminOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      await lockOrRefuse(tx, id, adminId, ["received"], "graded");
      const line = await lockLine(tx, id, input.lineId);
      if (line.status !== "accepted") throw new BuylistRefusal({ ok: false, status: 409, message: "Only cards accepted in the quote are graded." });
      if (input.receivedQuantity > line.quantity) {
        throw new BuylistRefusal({ ok: false, status: 400, field: "receivedQuantity", message: `At most ${line.quantity} (the sell list's quantity) can have arrived.` });
      }
      const quotedCondition = isCondition(line.quotedCondition) ? line.quotedCondition : (line.condition as Condition);
      const quotedUnit = line.quotedUnit ?? 0;
      let finalUnit = input.unitPrice;
      let priced: "typed" | "quoted" | "rule" = "typed";
      if (finalUnit === null) {
        if (input.receivedCondition === quotedCondition) {
          finalUnit = quotedUnit;
          priced = "quoted";
        } else {
          // Capped at the quoted unit: a card found in another condition is never paid more than the customer accepted.
          const ruleUnit = (await unitOfferFor(tx, line.cardId, line.printing as Printing, input.receivedCondition as Condition))?.unitCash ?? 0;
          finalUnit = Math.min(ruleUnit, quotedUnit);
          priced = "rule";
        }
      } else if (finalUnit > quotedUnit) {
        // The customer accepted the quote: grading can lower a price, never raise it (a typo would pay at once).
        throw new BuylistRefusal({ ok: false, status: 400, field: "unitPrice", message: BUYLIST_ADMIN_TEXT.gradePriceOverQuote(quotedUnit) });
      }
      const facts: GradedLineFacts = {
        status: "accepted",
        quantity: line.quantity,
        quotedCondition,
        quotedUnit,
        receivedQuantity: input.receivedQuantity,
        receivedCondition: input.receivedCondition as Condition,
        finalUnit,
      };
      const why = gradeExplanation(facts);
      // Capped at the quote: the price did not change, so there is nothing to explain about it.
      if (priced === "rule" && input.receivedQuantity > 0 && finalUnit !== quotedUnit) {
        why.push(finalUnit > 0 ? `Priced at our offer for ${CONDITION_LABELS[input.receivedCondition as Condition]} copies.` : `We do not buy this card in ${CONDITION_LABELS[input.receivedCondition as Condition]} condition.`);
      }
      if (priced === "typed" && finalUnit !== quotedUnit && input.receivedQuantity > 0 && !input.note) {
        throw new BuylistRefusal({ ok: false, status: 400, field: "note", message: "Say why the price changed: the customer sees this note." });
      }
      const gradeNote = [...why, ...(input.note ? [input.note] : [])].join(" ") || null;
      const after = { receivedQuantity: input.receivedQuantity, receivedCondition: input.receivedCondition, finalUnit, gradeNote };
      await tx.update(buylistLines).set(after).where(eq(buylistLines.id, line.id));
      await tx.update(buylistSubmissions).set({ updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await recordAudit(
        tx,
        auditEntry(adminId, id, "line_graded", {
          lineId: line.id,
          before: { receivedQuantity: line.receivedQuantity, receivedCondition: line.receivedCondition, finalUnit: line.finalUnit, gradeNote: line.gradeNote },
          after: { ...after, priced },
          value: { quoted: lineValues({ ...facts, receivedQuantity: null }).quoted, final: lineValues(facts).final },
        }),
      );
      return { ok: true as const };
    }),
  );
}

/**
 * Finishes grading (received → graded): lines not graded one by one are taken as received in
 * full, as quoted; the final cash and credit are worked out (finalTotals) and the customer is
 * emailed every line with its changes and why.
 */
export async function finishGrading(db: Db, adminId: string, id: number, brand: BuylistEmailBranding): Promise<AdminOutcome<{ finalCash: number; finalCredit: number }>> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["received"], "graded");
      const settings = await loadBuylistSettings(tx);
      const lines = await readLines(tx, id, settings.minLineValuePence);
      for (const line of lines) {
        if (line.status !== "accepted" || line.receivedQuantity !== null) continue;
        const asQuoted = { receivedQuantity: line.quantity, receivedCondition: line.quotedCondition ?? line.condition, finalUnit: line.quotedUnit ?? 0 };
        await tx.update(buylistLines).set(asQuoted).where(eq(buylistLines.id, line.id));
        Object.assign(line, asQuoted);
      }
      const quote = { cash: submission.quotedCash ?? 0, credit: submission.quotedCredit ?? 0 };
      const totals = finalTotals(lines, quote);
      await move(tx, id, "graded", adminId, totals.cash === quote.cash ? `Final: ${formatPence(totals.cash)}, as quoted` : `Final: ${formatPence(totals.cash)} (quoted ${formatPence(quote.cash)})`, "graded");
      await tx.update(buylistSubmissions).set({ finalCash: totals.cash, finalCredit: totals.credit, updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await enqueueGradedEmail(tx, forEmail(submission), { quotedCash: quote.cash, quotedCredit: quote.credit, finalCash: totals.cash, finalCredit: totals.credit, payoutPreference: submission.payoutPreference === "credit" ? "credit" : "cash" }, lines.map(emailLine), brand);
      await recordAudit(
        tx,
        auditEntry(adminId, id, "graded", {
          before: { status: submission.status, finalCash: submission.finalCash, finalCredit: submission.finalCredit },
          after: { status: "graded", finalCash: totals.cash, finalCredit: totals.credit },
          quoted: quote,
        }),
      );
      return { ok: true as const, finalCash: totals.cash, finalCredit: totals.credit };
    }),
  );
}

/** Sends the cards back (received or graded → returned), with a note the customer reads. */
export async function returnSubmission(db: Db, adminId: string, id: number, note: string, brand: BuylistEmailBranding): Promise<AdminOutcome> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const submission = await lockOrRefuse(tx, id, adminId, ["received", "graded"], "returned");
      await move(tx, id, "returned", adminId, note, "returned");
      await tx.update(buylistSubmissions).set({ updatedAt: sql`now()` }).where(eq(buylistSubmissions.id, id));
      await enqueueReturnedEmail(tx, forEmail(submission), note, brand);
      await recordAudit(tx, auditEntry(adminId, id, "returned", { before: { status: submission.status }, after: { status: "returned" }, note }));
      return { ok: true as const };
    }),
  );
}

export type { AdminLine };
export { auditEntry as buylistAuditEntry, forEmail as submissionForEmail, readLines as readSubmissionLines, wrongStatus as wrongStatusOutcome, notFound as notFoundOutcome };
export type { Executor as BuylistExecutor };
