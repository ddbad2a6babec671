/**
 * Buylist submissions (decision 0042): creating one from a sell list (re-priced here, never
 * from posted prices), the customer's reads, and every status move, customer's, shop's and the
 * expiry job's, through `moveSubmission`: it locks the row, asks `canMove`, writes the status and
 * a history event in the caller's transaction, or refuses.
 *
 * Ownership: every customer function takes the signed-in user's id and treats another
 * customer's submission exactly like a missing one ("not_found"), so nothing tells them apart.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { buylistEvents, buylistLines, buylistPhotos, buylistSubmissions } from "~/db/schema";
import { consumeRateLimit } from "~/modules/accounts/rate-limit.server";
import { HOUR_MS, type RateLimitRule } from "~/modules/accounts/policy";
import { customerEmail } from "~/modules/accounts/customers.server";
import type { Condition, Printing } from "~/modules/catalog/variants";
import type { EmailBranding } from "~/modules/orders/emails.server";
import { enqueueSubmissionReceived } from "./emails-customer.server";
import { priceSellLines, type PricedSellLine, type SellLineInput, type SellLineProblem } from "./offer.server";
import { canMove, type BuylistActor, type BuylistStatus } from "./status";
import type { SubmissionDetail, SubmissionLineView, SubmissionSummary } from "./customer";

export type { SubmissionDetail, SubmissionLineView, SubmissionSummary };

type Executor = Db | Tx;

export type SubmissionRow = typeof buylistSubmissions.$inferSelect;
export type SubmissionUpdate = Partial<Omit<typeof buylistSubmissions.$inferInsert, "id" | "userId" | "status" | "createdAt">>;

/** Submissions one customer may make: enough for a busy collector, not for a script. */
export const SUBMISSION_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: HOUR_MS };
/** The advisory lock creating a submission holds (the shop's other ids: 727001 migrations, 727002 the seed, 727013/14 market, 727040 CSV import). */
const SUBMISSION_LOCK = 727_050;
/** Copies of one card on one line. */
export const MAX_LINE_QUANTITY = 100;
export const MAX_CUSTOMER_NOTE_LENGTH = 2000;

// ---- History and moves ------------------------------------------------------------------------

export async function recordBuylistEvent(tx: Executor, submissionId: number, status: BuylistStatus, actorUserId: string | null, note: string | null = null) {
  await tx.insert(buylistEvents).values({ submissionId, status, actorUserId, note });
}

export type MoveResult =
  | { ok: true; before: SubmissionRow; after: SubmissionRow }
  /** not_found: no such submission, or (with `ownerId`) someone else's. not_allowed: not from its current status by this actor. */
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_allowed"; status: BuylistStatus };

/**
 * Moves a submission to `to` as `actor`, in the caller's transaction: locks the row, checks the
 * move, writes the status (with any `set` columns, e.g. a quote's amounts) and a history event.
 * `ownerId` (customer moves) makes someone else's submission "not_found".
 */
export async function moveSubmission(
  tx: Tx,
  id: number,
  to: BuylistStatus,
  actor: BuylistActor,
  options: { actorUserId: string | null; note?: string | null; ownerId?: string; set?: SubmissionUpdate },
): Promise<MoveResult> {
  const [before] = await tx.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id)).for("update");
  if (!before || (options.ownerId !== undefined && before.userId !== options.ownerId)) return { ok: false, reason: "not_found" };
  const from = before.status as BuylistStatus;
  if (!canMove(from, to, actor)) return { ok: false, reason: "not_allowed", status: from };
  const [after] = await tx
    .update(buylistSubmissions)
    .set({ ...options.set, status: to, updatedAt: sql`now()` })
    .where(eq(buylistSubmissions.id, id))
    .returning();
  // A customer's own moves are recorded as theirs; the expiry job's as nobody's.
  await recordBuylistEvent(tx, id, to, actor === "system" ? null : options.actorUserId, options.note ?? null);
  return { ok: true, before, after: after! };
}

// ---- Creating ---------------------------------------------------------------------------------

export interface NewSubmission {
  lines: SellLineInput[];
  payoutPreference: "cash" | "credit";
  note: string | null;
}

export type CreateRefusal =
  | { reason: "empty" }
  | { reason: "too_many_lines"; max: number }
  | { reason: "bad_lines"; problems: Array<{ index: number; problem: SellLineProblem | "quantity" }> }
  | { reason: "nothing_bought" }
  | { reason: "rate_limited"; retryAfterSeconds: number };

export type CreateResult = { ok: true; id: number; lines: PricedSellLine[] } | ({ ok: false } & CreateRefusal);

/**
 * A partly bought line (more copies than the shop wants) is kept as two rows: the copies bought
 * at the offer, and the rest at nothing with the reason, so every stored row is either bought or
 * not and the wanted counts can add up rows.
 */
function rowsOf(submissionId: number, line: PricedSellLine) {
  const base = { submissionId, cardId: line.cardId, cardLabel: line.cardLabel, printing: line.printing, condition: line.condition };
  if (line.reason === null) return [{ ...base, quantity: line.quantity, offeredUnit: line.unitCash, notBuyingReason: null }];
  const rows = [];
  if (line.acceptedQuantity > 0) rows.push({ ...base, quantity: line.acceptedQuantity, offeredUnit: line.unitCash, notBuyingReason: null });
  rows.push({ ...base, quantity: line.quantity - line.acceptedQuantity, offeredUnit: 0, notBuyingReason: line.reason });
  return rows;
}

/**
 * Creates a submission from a customer's sell list: re-prices every line, refuses an empty or
 * too long list, unknown cards or printings, bad quantities, and a list the shop buys nothing
 * of; writes the submission ("submitted"), its lines, the first history event and the "we
 * received your sell list" email in one transaction. Counted against the customer's rate limit.
 */
export async function createSubmission(db: Db, userId: string, input: NewSubmission, brand: EmailBranding = {}): Promise<CreateResult> {
  if (input.lines.length === 0) return { ok: false, reason: "empty" };

  return db.transaction(async (tx): Promise<CreateResult> => {
    // Submissions are priced one after the other: the wanted quantities count copies already in
    // open submissions, so two at once would each see the same room and together buy more
    // copies than the shop wants. Held to the end of this transaction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUBMISSION_LOCK})`);
    const priced = await priceSellLines(tx, input.lines);
    if (input.lines.length > priced.settings.maxLinesPerSubmission) return { ok: false, reason: "too_many_lines", max: priced.settings.maxLinesPerSubmission };
    const problems = priced.lines.flatMap((line, index): Array<{ index: number; problem: SellLineProblem | "quantity" }> => {
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY) return [{ index, problem: "quantity" }];
      return line.problem === null ? [] : [{ index, problem: line.problem }];
    });
    if (problems.length > 0) return { ok: false, reason: "bad_lines", problems };
    if (priced.totals.cash === 0) return { ok: false, reason: "nothing_bought" };
    // Counted only once the list is valid: a list sent back to be fixed does not use up the hour's submissions.
    const limited = await consumeRateLimit(tx, `buylist-submit:${userId}`, SUBMISSION_RATE_LIMIT);
    if (!limited.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };

    const [submission] = await tx
      .insert(buylistSubmissions)
      .values({
        userId,
        status: "submitted",
        payoutPreference: input.payoutPreference,
        customerNote: input.note?.trim().slice(0, MAX_CUSTOMER_NOTE_LENGTH) || null,
        offerCash: priced.totals.cash,
        offerCredit: priced.totals.credit,
      })
      .returning({ id: buylistSubmissions.id });
    const id = submission!.id;
    await tx.insert(buylistLines).values(priced.lines.flatMap((line) => rowsOf(id, line)));
    await recordBuylistEvent(tx, id, "submitted", userId);
    const email = await customerEmail(tx, userId);
    if (email) await enqueueSubmissionReceived(tx, { id, email, offerCash: priced.totals.cash, offerCredit: priced.totals.credit, payoutPreference: input.payoutPreference }, priced.lines, priced.settings, brand);
    return { ok: true, id, lines: priced.lines };
  });
}

// ---- The customer's reads ---------------------------------------------------------------------


const summaryColumns = {
  id: buylistSubmissions.id,
  status: buylistSubmissions.status,
  createdAt: buylistSubmissions.createdAt,
  offerCash: buylistSubmissions.offerCash,
  offerCredit: buylistSubmissions.offerCredit,
  quotedCash: buylistSubmissions.quotedCash,
  quotedCredit: buylistSubmissions.quotedCredit,
  finalCash: buylistSubmissions.finalCash,
  finalCredit: buylistSubmissions.finalCredit,
  payoutPreference: buylistSubmissions.payoutPreference,
  lineCount: sql<number>`(SELECT count(*) FROM ${buylistLines} WHERE ${buylistLines.submissionId} = ${buylistSubmissions.id})::int`,
};

function toSummary(row: { status: string; payoutPreference: string; lineCount: number } & Omit<SubmissionSummary, "status" | "payoutPreference" | "lineCount">): SubmissionSummary {
  return { ...row, status: row.status as BuylistStatus, payoutPreference: row.payoutPreference as "cash" | "credit", lineCount: Number(row.lineCount) };
}

/** A customer's submissions, newest first. */
export async function listSubmissionsFor(db: Executor, userId: string, limit = 100): Promise<SubmissionSummary[]> {
  const rows = await db.select(summaryColumns).from(buylistSubmissions).where(eq(buylistSubmissions.userId, userId)).orderBy(desc(buylistSubmissions.createdAt), desc(buylistSubmissions.id)).limit(limit);
  return rows.map(toSummary);
}



/** A submission with its lines, photos and history, for its owner; null for a missing one or someone else's. */
export async function submissionForCustomer(db: Executor, userId: string, id: number): Promise<SubmissionDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      userId: buylistSubmissions.userId,
      customerNote: buylistSubmissions.customerNote,
      quoteSentAt: buylistSubmissions.quoteSentAt,
      quoteExpiresAt: buylistSubmissions.quoteExpiresAt,
      quoteToken: buylistSubmissions.quoteToken,
      labelKey: buylistSubmissions.labelKey,
      labelFileName: buylistSubmissions.labelFileName,
      payout: buylistSubmissions.payout,
      paidAt: buylistSubmissions.paidAt,
      paidAmount: buylistSubmissions.paidAmount,
    })
    .from(buylistSubmissions)
    .where(and(eq(buylistSubmissions.id, id), eq(buylistSubmissions.userId, userId)));
  if (!row) return null;
  const [lines, photos, events] = await Promise.all([
    db.select().from(buylistLines).where(eq(buylistLines.submissionId, id)).orderBy(asc(buylistLines.id)),
    db
      .select({ id: buylistPhotos.id, storageKey: buylistPhotos.storageKey, widths: buylistPhotos.widths, width: buylistPhotos.width, height: buylistPhotos.height })
      .from(buylistPhotos)
      .where(eq(buylistPhotos.submissionId, id))
      .orderBy(asc(buylistPhotos.id)),
    db.select().from(buylistEvents).where(eq(buylistEvents.submissionId, id)).orderBy(asc(buylistEvents.createdAt), asc(buylistEvents.id)),
  ]);
  const { userId: _owner, labelKey, ...summary } = row;
  // The shop's review of each line (accepted or not, at what price, why) is its working until the
  // quote is sent: the customer sees it only from then on.
  const reviewShown = row.quoteSentAt !== null;
  return {
    ...toSummary(summary),
    customerNote: row.customerNote,
    quoteSentAt: row.quoteSentAt,
    quoteExpiresAt: row.quoteExpiresAt,
    quoteToken: row.status === "quoted" ? row.quoteToken : null,
    hasLabel: labelKey !== null,
    labelFileName: row.labelFileName,
    payout: row.payout,
    paidAt: row.paidAt,
    paidAmount: row.paidAmount,
    lines: lines.map((l) => ({
      id: l.id,
      cardId: l.cardId,
      cardLabel: l.cardLabel,
      printing: l.printing as Printing,
      condition: l.condition as Condition,
      quantity: l.quantity,
      offeredUnit: l.offeredUnit,
      notBuyingReason: l.notBuyingReason,
      status: reviewShown ? (l.status as SubmissionLineView["status"]) : "offered",
      quotedCondition: reviewShown ? (l.quotedCondition as Condition | null) : null,
      quotedUnit: reviewShown ? l.quotedUnit : null,
      reviewNote: reviewShown ? l.reviewNote : null,
      receivedCondition: l.receivedCondition as Condition | null,
      receivedQuantity: l.receivedQuantity,
      finalUnit: l.finalUnit,
      gradeNote: l.gradeNote,
    })),
    photos,
    // The shop's people are named to nobody: an event is the customer's own or the shop's.
    events: events.map((e) => ({ id: e.id, status: e.status as BuylistStatus, note: e.note, createdAt: e.createdAt, byShop: e.actorUserId !== null && e.actorUserId !== userId })),
  };
}

/** The owner of a submission (for the photo and label routes, which also let admins in); null when there is none. */
export async function submissionOwner(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ userId: buylistSubmissions.userId }).from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
  return row?.userId ?? null;
}

// ---- The customer's moves ---------------------------------------------------------------------

export type CustomerActionResult =
  | { ok: true; status: BuylistStatus }
  /** quote_updating: the shop changed a line after sending the quote (its token is cleared) and will send a new one. */
  | { ok: false; reason: "not_found" | "not_allowed" | "bad_token" | "quote_updating" | "expired"; status?: BuylistStatus };

function refusalOf(result: Extract<MoveResult, { ok: false }>): CustomerActionResult {
  return result.reason === "not_found" ? { ok: false, reason: "not_found" } : { ok: false, reason: "not_allowed", status: result.status };
}

/** The customer withdraws a submission the shop has not quoted yet. */
export async function withdrawSubmission(db: Db, userId: string, id: number): Promise<CustomerActionResult> {
  return db.transaction(async (tx) => {
    const moved = await moveSubmission(tx, id, "withdrawn", "customer", { actorUserId: userId, ownerId: userId });
    return moved.ok ? { ok: true, status: "withdrawn" } : refusalOf(moved);
  });
}

/** The customer says they have posted the cards (after accepting the quote), with an optional tracking note. */
export async function markSubmissionShipped(db: Db, userId: string, id: number, note: string | null): Promise<CustomerActionResult> {
  return db.transaction(async (tx) => {
    const moved = await moveSubmission(tx, id, "shipped", "customer", { actorUserId: userId, ownerId: userId, note: note?.trim().slice(0, 500) || null });
    return moved.ok ? { ok: true, status: "shipped" } : refusalOf(moved);
  });
}

/** 128 random bits for a quote's accept/decline link (the admin side sets it when it sends a quote). */
export function newQuoteToken(): string {
  return randomBytes(16).toString("base64url");
}

function sameToken(given: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The owner accepts or declines a quote. Both the signed-in owner and the quote's token are
 * needed: the token names the quote sent (a re-sent quote has a new one, so an old link or a
 * page loaded before it was re-sent cannot answer the new quote). A quote past its expiry is
 * moved to "expired" here and refused.
 */
export async function respondToQuote(db: Db, userId: string, id: number, token: string, answer: "accept" | "decline", now = new Date()): Promise<CustomerActionResult> {
  return db.transaction(async (tx): Promise<CustomerActionResult> => {
    const [row] = await tx.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id)).for("update");
    if (!row || row.userId !== userId) return { ok: false, reason: "not_found" };
    if (row.status !== "quoted") return { ok: false, reason: "not_allowed", status: row.status as BuylistStatus };
    if (row.quoteToken === null) return { ok: false, reason: "quote_updating" };
    if (!sameToken(token, row.quoteToken)) return { ok: false, reason: "bad_token" };
    if (row.quoteExpiresAt !== null && row.quoteExpiresAt <= now) {
      await moveSubmission(tx, id, "expired", "system", { actorUserId: null, note: "The quote ran out before it was answered." });
      return { ok: false, reason: "expired" };
    }
    const to = answer === "accept" ? "accepted" : "declined";
    const moved = await moveSubmission(tx, id, to, "customer", { actorUserId: userId, ownerId: userId });
    return moved.ok ? { ok: true, status: to } : refusalOf(moved);
  });
}

// ---- The expiry sweep -------------------------------------------------------------------------

/** Quotes past their expiry move to "expired" (the background job; SKIP LOCKED lets every instance run it). */
export async function expireQuotes(db: Db, now = new Date()): Promise<{ expired: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: buylistSubmissions.id })
      .from(buylistSubmissions)
      .where(and(eq(buylistSubmissions.status, "quoted"), lte(buylistSubmissions.quoteExpiresAt, now)))
      .orderBy(asc(buylistSubmissions.id))
      .limit(500)
      .for("update", { skipLocked: true });
    let expired = 0;
    for (const { id } of due) {
      const moved = await moveSubmission(tx, id, "expired", "system", { actorUserId: null, note: "The quote ran out before it was answered." });
      if (moved.ok) expired += 1;
    }
    return { expired };
  });
}
