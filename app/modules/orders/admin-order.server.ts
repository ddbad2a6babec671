/**
 * One order in the back office: its page (lines, customer, payment, refunds, timeline), and the
 * two money acts on it: cancelling an unshipped order (stock back through the ledger) and
 * refunding it, fully or partly, to the card through the payment provider and/or as store
 * credit (decision 0044: the card first up to what it paid, or all as credit). Callers have already checked
 * that the user is an admin; every change is audit-logged with before and after.
 *
 * Refunds (decision 0037):
 * - The order row is locked for the whole refund, provider call included, so two refunds of
 *   one order run one after the other and the second sees what the first refunded: together
 *   they never pass the total (the orders_refunded_range CHECK is the last guard).
 * - Each refund form carries a one-time request key, written to the refund's audit entry in the
 *   same transaction as the refund's rows: a replayed or double-submitted form finds that entry
 *   (after waiting for the lock) and pays nothing. The provider's idempotency key is built from
 *   the order's refunded amount under the lock, so a retry after a crash between the provider
 *   and our commit gets the provider's same refund back, recorded once (its id is the
 *   `refunds` key).
 * - A refund that brings the refunded amount to the total makes the order `refunded`; a
 *   partial one leaves the status alone (it says what happened to the parcel) and the
 *   customer reads "Partly refunded £x" from `refunded_amount`.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderItems, orders, profiles } from "~/db/schema";
import { findAuditEntry } from "~/modules/audit/find.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { auditTrailFor } from "~/modules/audit/trail.server";
import { returnStock, unitsReturnedForOrder } from "~/modules/catalog/inventory.server";
import { emailsByDedupeKey } from "~/modules/email/outbox-lookup.server";
import { PaymentProviderError, type PaymentProvider } from "~/modules/payments/provider";
import { recordRefund, refundsForOrder } from "~/modules/payments/refunds.server";
import { formatPence } from "~/utils/money";
import { ORDER_ACTION_TEXT, type AdminOrderDetail, type AdminOrderLine, type OrderActionResult, type TimelineEvent } from "./admin-order";
import { enqueueOrderCancelled, enqueueOrderRefundIssued, orderEmailKeyPrefixes, type EmailBranding } from "./emails.server";
import { creditDedupeKey, STORE_CREDIT_PROVIDER } from "~/modules/credit/credit-rules";
import { moveCredit } from "~/modules/credit/ledger.server";
import {
  cancellationFee,
  cardRefundable,
  feeApplies,
  refundAmountFor,
  refundLessFee,
  remainingRefundable,
  splitRefund,
  type RefundDestination,
  type RefundMode,
  type RefundableOrder,
} from "./refund-rules";

type OrderRow = typeof orders.$inferSelect;

const RESTOCK_REASONS = ["cancel_restock", "refund_restock"] as const;

function refundable(order: OrderRow): RefundableOrder {
  return {
    status: order.status,
    totalAmount: order.totalAmount,
    refundedAmount: order.refundedAmount,
    dispatched: order.trackingNumber !== null || order.dispatchedAt !== null,
    creditAmount: order.creditAmount,
    creditRefundedAmount: order.creditRefundedAmount,
  };
}

/** Paid and never posted: the one state an order can be cancelled from. */
function cancellable(order: OrderRow): boolean {
  return order.status === "completed" && order.trackingNumber === null && order.dispatchedAt === null;
}

async function lockOrderRow(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

async function linesOf(db: Db | Tx, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      productSlug: orderItems.productSlug,
      variantId: orderItems.variantId,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * Each line's units already back on the shelf: the ledger counts per variant, shared out over
 * the order's lines of that variant in line order.
 */
async function withRestocked(db: Db | Tx, orderId: number, lines: Awaited<ReturnType<typeof linesOf>>): Promise<AdminOrderLine[]> {
  const returned = await unitsReturnedForOrder(db, orderId, [...RESTOCK_REASONS]);
  return lines.map((line) => {
    if (line.variantId === null) return { ...line, restocked: 0 };
    const left = returned.get(line.variantId) ?? 0;
    const restocked = Math.max(0, Math.min(line.quantity, left));
    returned.set(line.variantId, left - restocked);
    return { ...line, restocked };
  });
}

/** Puts lines' units back, one ledger row per line, in variant-id order (the lock order). */
async function restockLines(tx: Tx, orderId: number, lines: AdminOrderLine[], reason: (typeof RESTOCK_REASONS)[number], actorId: string | null, note: string | null) {
  const back = lines
    .filter((l) => l.variantId !== null && l.quantity - l.restocked > 0)
    .sort((a, b) => a.variantId! - b.variantId! || a.id - b.id);
  for (const line of back) {
    await returnStock(tx, [{ variantId: line.variantId!, quantity: line.quantity - line.restocked }], { reason, orderId, actorId, note });
  }
  return back.map((l) => ({ lineId: l.id, variantId: l.variantId, quantity: l.quantity - l.restocked }));
}

// ---------------------------------------------------------------------------------------------
// The page

export async function orderDetailForAdmin(db: Db, orderId: number): Promise<AdminOrderDetail | null> {
  const [row] = await db
    .select({ order: orders, customerName: profiles.fullName })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, customerName } = row;
  const [lines, refunds, emails, trail] = await Promise.all([
    linesOf(db, orderId).then((l) => withRestocked(db, orderId, l)),
    refundsForOrder(db, orderId),
    emailsByDedupeKey(db, orderEmailKeyPrefixes(orderId)),
    auditTrailFor(db, "order", String(orderId)),
  ]);

  const timeline: TimelineEvent[] = [{ kind: "created", at: order.createdAt }];
  if (order.paidAt) timeline.push({ kind: "paid", at: order.paidAt });
  if (order.dispatchedAt) timeline.push({ kind: "dispatched", at: order.dispatchedAt, trackingNumber: order.trackingNumber });
  if (order.cancelledAt) timeline.push({ kind: "cancelled", at: order.cancelledAt, reason: order.cancelReason });
  for (const r of refunds) timeline.push({ kind: "refund", at: r.createdAt, amount: r.amount, reason: r.reason, toCredit: r.provider === STORE_CREDIT_PROVIDER });
  for (const e of emails) timeline.push({ kind: "email", at: e.createdAt, subject: e.subject, to: e.to, status: e.status, sentAt: e.sentAt });
  for (const a of trail) timeline.push({ kind: "audit", at: a.createdAt, action: a.action, actorEmail: a.actorEmail });
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());

  const money = refundable(order);
  const remaining = remainingRefundable(money);
  return {
    id: order.id,
    userId: order.userId,
    createdAt: order.createdAt,
    status: order.status,
    totalAmount: order.totalAmount,
    subtotalAmount: order.subtotalAmount,
    shippingAmount: order.shippingAmount,
    discountAmount: order.discountAmount,
    couponCode: order.couponCode,
    trackingNumber: order.trackingNumber,
    customerName,
    email: order.email,
    shippingName: order.shippingName,
    shippingAddress: order.shippingAddress,
    paymentProvider: order.paymentProvider,
    paymentSessionId: order.paymentSessionId,
    paymentIntentId: order.paymentIntentId,
    paidAt: order.paidAt,
    dispatchedAt: order.dispatchedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    refundedAmount: order.refundedAmount,
    creditAmount: order.creditAmount,
    creditRefundedAmount: order.creditRefundedAmount,
    cardRefundable: cardRefundable(money),
    lines,
    refunds,
    timeline,
    can: {
      cancel: cancellable(order),
      refund: remaining > 0,
      keepFee: remaining > 0 && feeApplies(money) && refundLessFee(money) !== null,
      restock: order.status === "completed" && !money.dispatched && lines.some((l) => l.variantId !== null && l.quantity > l.restocked),
    },
    remaining,
    lessFee: refundLessFee(money),
    fee: cancellationFee(order.totalAmount),
  };
}

// ---------------------------------------------------------------------------------------------
// Refund

export type RefundOutcome =
  | { status: "refunded"; orderId: number; refundId: string; amount: number; toCredit: number; refundedAmount: number; orderStatus: string }
  | { status: "replayed"; orderId: number; amount: number }
  | { status: "not_found"; orderId: number }
  | { status: "refused"; orderId: number; reason: "nothing_left" | "fee_not_allowed" | "over_remaining" | "not_positive" | "restock_not_allowed"; remaining: number }
  | { status: "provider_failed"; orderId: number; detail: string };

export interface RefundRequest {
  orderId: number;
  mode: RefundMode;
  /** Pence, for mode "amount". */
  amount?: number;
  /** Order line ids to put back in stock (only for a paid order not yet dispatched). */
  restockLineIds?: number[];
  /** The form's one-time key: the provider's idempotency key, and how a replay is known. */
  requestKey: string;
  adminId: string | null;
  /** Kept with the refund's row: why the money went back. */
  reason?: string;
  /** Card first (credit-paid parts back to credit), or all as store credit; default "original". */
  destination?: RefundDestination;
}

export async function refundOrder(db: Db, provider: PaymentProvider, input: RefundRequest, brand: EmailBranding = {}): Promise<RefundOutcome> {
  const { orderId, requestKey, adminId } = input;
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) return { status: "not_found", orderId } as const;
    // Under the lock: a double-submit waits here for the first to commit, then finds it.
    const done = await findAuditEntry(tx, { entityType: "order", entityId: String(orderId), action: "order.refunded", detail: { key: "requestKey", value: requestKey } });
    if (done) return { status: "replayed", orderId, amount: Number(done.details?.amount ?? 0) } as const;

    const money = refundable(order);
    const remaining = remainingRefundable(money);
    const figure = refundAmountFor(money, input.mode, input.amount);
    if (!figure.ok) return { status: "refused", orderId, reason: figure.reason, remaining } as const;

    const restockIds = new Set(input.restockLineIds ?? []);
    let toRestock: AdminOrderLine[] = [];
    if (restockIds.size > 0) {
      const lines = await withRestocked(tx, orderId, await linesOf(tx, orderId));
      toRestock = lines.filter((l) => restockIds.has(l.id));
      // Only units still meant for the parcel can go back: not a posted or cancelled order's.
      const allowed = order.status === "completed" && !money.dispatched && toRestock.length === restockIds.size && toRestock.every((l) => l.variantId !== null && l.quantity > l.restocked);
      if (!allowed) return { status: "refused", orderId, reason: "restock_not_allowed", remaining } as const;
    }

    const reason = input.reason ?? (order.status === "cancelled" ? "order_cancelled" : "admin_refund");
    const split = splitRefund(money, figure.amount, input.destination ?? "original");
    // The card's part through the provider (nothing to ask for when credit takes it all).
    let cardRefundId: string | null = null;
    if (split.toCard > 0) {
      let refund;
      try {
        refund = await provider.refundPayment({
          paymentIntentId: order.paymentIntentId,
          sessionId: order.paymentSessionId,
          amount: split.toCard,
          reason,
          // Derived from the order as it stands under the lock, not from the form: a refund the
          // provider made but whose record then failed to commit is asked for again with the same
          // key from any page or form (the provider answers with the refund it already made),
          // while each committed refund moves refunded_amount on, so the next real one has a new key.
          idempotencyKey: `order-refund-payment:${orderId}:after-${order.refundedAmount}:${split.toCard}`,
          metadata: { orderId: String(orderId) },
        });
      } catch (error) {
        if (error instanceof PaymentProviderError) return { status: "provider_failed", orderId, detail: error.message } as const;
        throw error;
      }
      const recorded = await recordRefund(tx, {
        id: refund.id,
        provider: provider.name,
        orderId,
        paymentIntentId: order.paymentIntentId,
        amount: split.toCard,
        reason,
      });
      // The provider handed back a refund we already hold: the same request, come again.
      if (!recorded) return { status: "replayed", orderId, amount: figure.amount } as const;
      cardRefundId = refund.id;
    }
    // Stock back (variant rows) before the credit part (the customer's balance row): every path
    // takes variants first and the balance last, so a refund cannot deadlock a checkout.
    const restocked = await restockLines(tx, orderId, toRestock, "refund_restock", adminId, `refund ${cardRefundId ?? "to store credit"}`);

    // The store credit part: a ledger row for the customer, and a refund row (provider
    // "store_credit") so the order's refunds and timeline show it with the card's.
    let creditRefundId: string | null = null;
    if (split.toCredit > 0) {
      const moved = await moveCredit(tx, {
        userId: order.userId,
        amount: split.toCredit,
        kind: "order_refund",
        orderId,
        note: `Refund for order #${orderId}`,
        actorUserId: adminId,
        dedupeKey: creditDedupeKey.orderRefund(orderId, order.refundedAmount, split.toCredit),
      });
      // refunded_amount moves on with every committed refund, so the key is new unless this very
      // refund was committed already, which the request key's audit check above would have
      // found. Throw (never return) so nothing of this refund is committed half-made.
      if (!moved.ok) throw new Error(`refund of order ${orderId}: store credit not added (${moved.reason})`);
      creditRefundId = `credit-${moved.entryId}`;
      await recordRefund(tx, { id: creditRefundId, provider: STORE_CREDIT_PROVIDER, orderId, paymentIntentId: null, amount: split.toCredit, reason });
    }
    const refund = { id: (cardRefundId ?? creditRefundId)! };

    const refundedAmount = order.refundedAmount + figure.amount;
    const creditRefundedAmount = order.creditRefundedAmount + split.toCredit;
    const orderStatus = refundedAmount >= order.totalAmount ? "refunded" : order.status;
    await tx.update(orders).set({ refundedAmount, creditRefundedAmount, status: orderStatus, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "order.refunded",
      entityType: "order",
      entityId: String(orderId),
      details: {
        requestKey,
        refundId: refund.id,
        amount: figure.amount,
        toCard: split.toCard,
        toCredit: split.toCredit,
        feeKept: figure.feeKept,
        mode: input.mode,
        destination: input.destination ?? "original",
        restocked,
        before: { status: order.status, refundedAmount: order.refundedAmount, creditRefundedAmount: order.creditRefundedAmount },
        after: { status: orderStatus, refundedAmount, creditRefundedAmount },
      },
    });
    await enqueueOrderRefundIssued(tx, order, { id: refund.id, amount: figure.amount, refundedSoFar: refundedAmount, feeKept: figure.feeKept, toCredit: split.toCredit }, brand);
    return { status: "refunded", orderId, refundId: refund.id, amount: figure.amount, toCredit: split.toCredit, refundedAmount, orderStatus } as const;
  });
}

// ---------------------------------------------------------------------------------------------
// Cancel

export type CancelOutcome =
  | { status: "cancelled"; orderId: number; changed: boolean; refund: RefundOutcome | null }
  | { status: "not_found"; orderId: number }
  | { status: "not_cancellable"; orderId: number; orderStatus: string }
  | { status: "refund_refused"; orderId: number; refusal: Extract<RefundOutcome, { status: "refused" }> };

export interface CancelRequest {
  orderId: number;
  reason: string;
  /** Refund in the same step ("none": not now). */
  refund: RefundMode | "none";
  amount?: number;
  /** Where the refund goes (see RefundRequest). */
  destination?: RefundDestination;
  requestKey: string;
  adminId: string | null;
}

/**
 * Cancels a paid order that was not dispatched: every line's units go back through the stock
 * ledger (`cancel_restock`, one row per line), the order becomes `cancelled` with the admin's
 * reason, and the customer's email is queued — one transaction. Then, if asked, the refund runs
 * as `refundOrder` (its own transaction: the cancel stands even if the provider fails). A repeat
 * on an order already cancelled changes nothing and goes on to the refund, which knows a replay.
 */
export async function cancelOrder(db: Db, provider: PaymentProvider, input: CancelRequest, brand: EmailBranding = {}): Promise<CancelOutcome> {
  const { orderId, adminId } = input;
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) return { status: "not_found", orderId } as const;
    if (order.status === "cancelled") return { status: "cancelled", orderId, changed: false } as const;
    if (!cancellable(order)) return { status: "not_cancellable", orderId, orderStatus: order.trackingNumber || order.dispatchedAt ? "dispatched" : order.status } as const;
    // A refund the same step cannot make (more than was paid, say) stops the cancel too: the admin fixes the form.
    if (input.refund !== "none") {
      const figure = refundAmountFor({ ...refundable(order), status: "cancelled" }, input.refund, input.amount);
      if (!figure.ok) return { status: "refund_refused", orderId, refusal: { status: "refused", orderId, reason: figure.reason, remaining: remainingRefundable(refundable(order)) } } as const;
    }
    const lines = await withRestocked(tx, orderId, await linesOf(tx, orderId));
    const restocked = await restockLines(tx, orderId, lines, "cancel_restock", adminId, input.reason);
    const now = new Date();
    await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: input.reason, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "completed")));
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "order.cancelled",
      entityType: "order",
      entityId: String(orderId),
      details: {
        reason: input.reason,
        restocked,
        before: { status: order.status, cancelledAt: null },
        after: { status: "cancelled", cancelledAt: now.toISOString() },
      },
    });
    await enqueueOrderCancelled(tx, order, brand, input.refund !== "none" && remainingRefundable(refundable(order)) > 0);
    return { status: "cancelled", orderId, changed: true } as const;
  });
  if (cancelled.status !== "cancelled") return cancelled;
  const refund =
    input.refund === "none"
      ? null
      : await refundOrder(db, provider, { orderId, mode: input.refund, amount: input.amount, destination: input.destination, requestKey: input.requestKey, adminId, reason: "order_cancelled" }, brand);
  return { ...cancelled, refund };
}

// ---------------------------------------------------------------------------------------------
// What the page says about an outcome (status code and message)

type Answer = { status: number; result: OrderActionResult };

function refusalText(outcome: Extract<RefundOutcome, { status: "refused" }>): string {
  switch (outcome.reason) {
    case "nothing_left":
      return ORDER_ACTION_TEXT.notRefundable(outcome.orderId);
    case "fee_not_allowed":
      return ORDER_ACTION_TEXT.feeNotAllowed;
    case "over_remaining":
      return ORDER_ACTION_TEXT.overRemaining(formatPence(outcome.remaining));
    case "not_positive":
      return ORDER_ACTION_TEXT.amountInvalid;
    case "restock_not_allowed":
      return ORDER_ACTION_TEXT.restockNotAllowed;
  }
}

export function refundAnswer(outcome: RefundOutcome, values: Record<string, string | string[]>, intent: "cancel" | "refund" = "refund"): Answer {
  const refuse = (status: number, message: string, field?: "amount" | "mode"): Answer => ({ status, result: { ok: false, intent, field, message, values } });
  switch (outcome.status) {
    case "refunded":
      return {
        status: 200,
        result: {
          ok: true,
          message:
            outcome.toCredit > 0
              ? ORDER_ACTION_TEXT.refundedSplit(outcome.orderId, formatPence(outcome.amount), formatPence(outcome.toCredit))
              : ORDER_ACTION_TEXT.refunded(outcome.orderId, formatPence(outcome.amount)),
        },
      };
    case "replayed":
      return { status: 200, result: { ok: true, message: ORDER_ACTION_TEXT.replayed(outcome.orderId, formatPence(outcome.amount)) } };
    case "not_found":
      return refuse(404, ORDER_ACTION_TEXT.notFound(outcome.orderId));
    case "refused":
      return refuse(outcome.reason === "not_positive" ? 400 : 409, refusalText(outcome), outcome.reason === "over_remaining" || outcome.reason === "not_positive" ? "amount" : "mode");
    case "provider_failed":
      return refuse(502, ORDER_ACTION_TEXT.providerFailed(outcome.detail));
  }
}

export function cancelAnswer(outcome: CancelOutcome, values: Record<string, string | string[]>): Answer {
  switch (outcome.status) {
    case "not_found":
      return { status: 404, result: { ok: false, intent: "cancel", message: ORDER_ACTION_TEXT.notFound(outcome.orderId), values } };
    case "not_cancellable":
      return { status: 409, result: { ok: false, intent: "cancel", message: ORDER_ACTION_TEXT.notCancellable(outcome.orderId, outcome.orderStatus), values } };
    case "refund_refused":
      return refundAnswer(outcome.refusal, values, "cancel");
    case "cancelled": {
      const { refund, orderId, changed } = outcome;
      if (!refund) return { status: 200, result: { ok: true, message: changed ? ORDER_ACTION_TEXT.cancelled(orderId) : ORDER_ACTION_TEXT.notCancellable(orderId, "cancelled") } };
      if (refund.status === "refunded") return { status: 200, result: { ok: true, message: ORDER_ACTION_TEXT.cancelledAndRefunded(orderId, formatPence(refund.amount)) } };
      if (refund.status === "replayed") return refundAnswer(refund, values, "cancel");
      // The cancel stands (so 200: it was done); the refund's failure is shown at the refund form.
      const failed = refundAnswer(refund, values, "refund");
      return {
        status: 200,
        result: { ok: false, intent: "refund", message: ORDER_ACTION_TEXT.cancelledRefundFailed(orderId, failed.result.ok ? "" : failed.result.message), values },
      };
    }
  }
}
