import type { Db } from "~/db/client.server";
import { lockCustomer } from "~/modules/accounts/customers.server";
import { cardPart } from "~/modules/credit/credit-rules";
import { creditHeldByOrder, lockCreditBalance, moveCredit, returnCreditOfOrders } from "~/modules/credit/ledger.server";
import { removePaidLines } from "~/modules/cart/cart.server";
import { variantFactsById } from "~/modules/catalog/inventory.server";
import { couponRedemptions } from "~/modules/orders/coupon-redemptions.server";
import { checkDropPayment, dropPaymentRefusal, lockDropPayment, type DropPaymentRefusal } from "~/modules/drops/payment-limits.server";
import { enqueueOrderConfirmation, enqueueOrderRefunded, type EmailBranding, type PersonLimitDetail, type RefundCause } from "~/modules/orders/emails.server";
import { limitScopeKey } from "~/modules/catalog/variants";
import { exceedsLimit } from "~/modules/orders/purchase-limit";
import { heldUnitsByScope } from "~/modules/orders/purchase-limit.server";
import {
  findOrderIdForSession,
  lockOrder,
  lockOrderToCancel,
  markOrderPaid,
  markOrderRefunded,
  moveOrders,
  orderLines,
  orderStatusOf,
  orderUserIdOf,
  recordPaymentIntent,
  type OrderRow,
} from "~/modules/orders/records.server";
import type { CheckoutSessionInfo, PaymentProvider } from "~/modules/payments/provider";
import { hasRefund, recordRefund, refundReasonOf } from "~/modules/payments/refunds.server";
import { lockCouponLimits } from "~/modules/pricing/coupons.server";
import { couponRedemptionProblem } from "~/modules/pricing/pricing";
import { processLog } from "~/utils/log.server";
import { releaseHeldReservations, reserveStock, settleReservations, type UnitLine } from "./reservations.server";

/** Thrown inside the savepoint to undo a partial re-reservation. */
class RetakeRefused extends Error {}

/** The reason recorded with each kind of refund (`refunds.reason`, and the provider's metadata). */
const REFUND_REASONS: Record<RefundCause, string> = {
  stock: "stock_unavailable_after_payment",
  coupon: "coupon_limit_reached_after_payment",
  person_limit: "drop_person_limit_after_payment",
  drop_right: "drop_right_lapsed_after_payment",
};

/** Why a refunded order's payment went back, from its recorded refund (for the success page). */
export async function orderRefundCause(db: Db, orderId: number): Promise<RefundCause> {
  const reason = await refundReasonOf(db, { orderId });
  return (Object.keys(REFUND_REASONS) as RefundCause[]).find((cause) => REFUND_REASONS[cause] === reason) ?? "stock";
}

export interface FulfilDeps {
  provider: PaymentProvider;
  /** The session as an already-verified event carried it; otherwise it is asked from the provider. */
  session?: CheckoutSessionInfo;
  now?: Date;
  brand?: EmailBranding;
}

export type FulfilResult =
  /** `changed`: this call completed it (false: it already was). */
  | { status: "completed"; orderId: number; changed: boolean }
  /** Paid too late, stock (or the order's coupon) gone, or over a drop's limit per person: the money went back. */
  | { status: "refunded"; orderId: number; changed: boolean }
  /** The provider has not taken the money (yet): nothing happens. */
  | { status: "unpaid"; orderId: number; orderStatus: string }
  /** No order belongs to this session. */
  | { status: "not_found" };

/** The order a checkout session belongs to: by session id, else by our reference on the session. */
async function findOrderId(db: Db, sessionId: string, session: CheckoutSessionInfo | null): Promise<number | null> {
  const reference = Number(session?.metadata.orderId ?? session?.clientReferenceId);
  return findOrderIdForSession(db, sessionId, Number.isFinite(reference) ? reference : null);
}

/**
 * The one way an order gets paid, called by the payment webhook and by the success page
 * (whichever comes first; the other finds it done). Idempotent:
 *   - pending → completed exactly once (guarded update), reservations held → sold, the
 *     customer's cart lines for those variants removed, ONE confirmation email (outbox,
 *     dedupe key), all in one transaction;
 *   - a payment for an order whose reservation already expired (or was cancelled) takes the
 *     stock again with guarded updates if it is there, the per-customer limit allows and its
 *     coupon (if any) has a redemption left counting every other order, otherwise the order is
 *     marked refunded and the payment refunded: never oversold, a limited code never over;
 *   - replays, late duplicates and unknown sessions change nothing.
 */
export async function fulfilCheckout(db: Db, sessionId: string, deps: FulfilDeps): Promise<FulfilResult> {
  const now = deps.now ?? new Date();
  const session = deps.session ?? (await deps.provider.retrieveCheckoutSession(sessionId));
  if (session && session.mode !== "payment") return { status: "not_found" };
  const orderId = await findOrderId(db, sessionId, session);
  if (orderId === null) return { status: "not_found" };

  const paid = session && (session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required");
  if (!session || !paid) {
    return { status: "unpaid", orderId, orderStatus: (await orderStatusOf(db, orderId)) ?? "unknown" };
  }

  const card = session.cardFingerprint ? { provider: deps.provider.name, fingerprint: session.cardFingerprint } : null;
  const outcome = await db.transaction(async (tx) => {
    // An order of a drop product: its buyer's keys (and the card's) are locked before the order
    // row, in checkout's lock order (customer → person keys → ...); nothing for other orders.
    const owner = await orderUserIdOf(tx, orderId);
    const dropLock = owner ? await lockDropPayment(tx, { id: orderId, userId: owner }, card) : null;
    const order = await lockOrder(tx, orderId);
    if (!order) return { status: "not_found" as const };
    if (order.status === "completed" || order.status === "dispatched") {
      return { status: "completed" as const, orderId, changed: false };
    }
    if (order.status === "refunded") {
      // A replay; its refund is normally recorded already. If the provider failed last time,
      // the retried refund is recorded with the reason the checks gave when the order was
      // refunded (its last update), not now: by now the buyer's time to buy may have run out,
      // which would turn a "sold out" refund into a "too late" one.
      const refusedAt = order.updatedAt ?? now;
      const dropRefused = dropLock ? await dropPaymentRefusal(tx, dropLock, order, refusedAt) : null;
      const cause: RefundCause = (await couponLimitReached(tx, order)) ? "coupon" : (dropRefused?.cause ?? "stock");
      return { status: "refunded" as const, orderId, changed: false, order, cause };
    }

    if (session.amountTotal !== null && session.amountTotal !== cardPart(order)) {
      // We set the amount ourselves, so this means something is badly wrong: keep the
      // customer whole rather than ship an order for the wrong money.
      processLog().error({ orderId, paid: session.amountTotal, cardPart: cardPart(order) }, "checkout: paid an amount other than the order's card part; refunding");
      await releaseHeldReservations(tx, [orderId], now);
      await returnCreditOfOrders(tx, [orderId]);
      return markRefunded(tx, order, deps.brand);
    }

    // Only an unpaid order moves on from here. Anything else was settled by the shop (a
    // cancelled order, refunded in card or credit) and must not come back to life when a
    // delayed webhook for its payment arrives.
    if (order.status !== "pending" && order.status !== "failed" && order.status !== "expired") {
      processLog().warn({ orderId, status: order.status }, "checkout: payment event for an order already settled; nothing to do");
      return { status: "completed" as const, orderId, changed: false };
    }

    // A drop's limit per person, counted again with the card that paid (decision 0053), and the
    // right to buy when the checkout no longer holds the units (decision 0047).
    const dropRefused = dropLock ? await checkDropPayment(tx, dropLock, order, now) : null;

    const lines = await orderLines(tx, orderId);
    if (order.status === "pending") {
      if (dropRefused) {
        // Not fulfilled: its held stock and store credit go back, the card's part is refunded below.
        await releaseHeldReservations(tx, [orderId], now);
        await returnCreditOfOrders(tx, [orderId]);
        return markRefunded(tx, order, deps.brand, dropRefused.cause, limitDetail(dropRefused));
      }
      await settleReservations(tx, orderId, now);
      return complete(tx, order, lines, session, now, deps.brand);
    }

    // failed / expired: the reservation was released, and so was its coupon redemption (a
    // newer checkout of the customer's may have taken it). Under checkout's locks, in its
    // order (customer → coupon → variants), the code must still have a redemption left
    // counting every other order (this one is not counted: it is not pending), decision 0018.
    await lockCustomer(tx, order.userId);
    // While it was not pending it did not count, so the person may have bought their limit since,
    // and a drop's place may have passed on.
    if (dropRefused) return markRefunded(tx, order, deps.brand, dropRefused.cause, limitDetail(dropRefused));
    if (await couponLimitReached(tx, order)) return markRefunded(tx, order, deps.brand, "coupon");
    // Take the stock again, all or nothing.
    const retaken = await tx.transaction(async (sp) => {
      // Any refusal rolls back to the savepoint, so units taken for earlier lines go back.
      if (lines.some((l) => l.variantId === null)) throw new RetakeRefused(); // the variant was deleted
      const variants = await variantFactsById(
        sp,
        lines.map((l) => l.variantId!),
      );
      const facts = lines.map((l) => variants.get(l.variantId!));
      if (facts.some((f) => f === undefined)) throw new RetakeRefused();
      const held = await heldUnitsByScope(
        sp,
        order.userId,
        facts.map((f) => f!.limitScope),
        orderId,
      );
      // The order's own lines of one product count together against the product's limit.
      const taking = new Map<string, number>();
      lines.forEach((line, i) => {
        const scope = limitScopeKey(facts[i]!.limitScope);
        taking.set(scope, (taking.get(scope) ?? 0) + line.quantity);
      });
      for (const f of facts) {
        const scope = limitScopeKey(f!.limitScope);
        if (exceedsLimit(f!.limitPerCustomer, held.get(scope) ?? 0, taking.get(scope)!)) throw new RetakeRefused();
      }
      // Variant-id order: the lock order of every stock change.
      const wanted: UnitLine[] = lines.map((l) => ({ variantId: l.variantId!, quantity: l.quantity })).sort((a, b) => a.variantId - b.variantId);
      const taken = await reserveStock(sp, orderId, wanted, { status: "sold", expiresAt: now, now });
      if (!taken.ok) throw new RetakeRefused();
      // The store credit the order used went back when it expired: it must be there to take
      // again (the customer may have spent it since), or the order is refunded like one whose
      // stock is gone. In the savepoint, so a refusal puts the stock back too.
      if (!(await retakeOrderCredit(sp, order))) throw new RetakeRefused();
      return wanted;
    }).catch((error: unknown) => {
      if (error instanceof RetakeRefused) return null;
      throw error;
    });
    if (!retaken) return markRefunded(tx, order, deps.brand);
    return complete(tx, order, lines, session, now, deps.brand);
  });

  if (outcome.status === "refunded") {
    await ensureRefunded(db, outcome.order, session, deps.provider, REFUND_REASONS[outcome.cause]);
    return { status: "refunded", orderId: outcome.order.id, changed: outcome.changed };
  }
  return outcome;
}

/** Takes an order's store credit again after it went back (a late payment); false when the balance no longer has it. */
async function retakeOrderCredit(tx: Db, order: OrderRow): Promise<boolean> {
  if (order.creditAmount === 0) return true;
  await lockCreditBalance(tx, order.userId);
  const missing = order.creditAmount - (await creditHeldByOrder(tx, order.id));
  if (missing <= 0) return true;
  const spent = await moveCredit(tx, { userId: order.userId, amount: -missing, kind: "order_spend", orderId: order.id });
  return spent.ok;
}

/**
 * Completes an order the customer paid entirely with store credit, in the checkout's own
 * transaction: there is no payment page, so nothing else would. The credit is already taken
 * and the stock held; this settles the hold, marks the order paid under `sessionId` (our own
 * reference, which the success page looks it up by), empties those cart lines and queues the
 * confirmation, as a paid checkout does.
 */
export async function completeCreditOrder(tx: Db, orderId: number, sessionId: string, now: Date, brand?: EmailBranding): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== "pending" || order.creditAmount !== order.totalAmount) return false;
  await settleReservations(tx, orderId, now);
  const lines = await orderLines(tx, orderId);
  const done = await complete(tx, order, lines, { id: sessionId, paymentIntentId: null }, now, brand);
  return done.changed;
}

/**
 * Whether the order's coupon has no redemption left for it, counting every other order that
 * holds the code (this one is not counted unless pending). Locks the coupon row as checkout
 * does, so call it after the customer lock and before any product lock.
 */
async function couponLimitReached(tx: Db, order: OrderRow): Promise<boolean> {
  if (!order.couponCode) return false;
  const limits = await lockCouponLimits(tx, order.couponCode);
  return limits !== null && couponRedemptionProblem(limits, await couponRedemptions(tx, order.couponCode, order.userId)) !== null;
}

async function complete(
  tx: Db,
  order: OrderRow,
  lines: Awaited<ReturnType<typeof orderLines>>,
  session: Pick<CheckoutSessionInfo, "id" | "paymentIntentId">,
  now: Date,
  brand?: EmailBranding,
) {
  const done = await markOrderPaid(tx, order, { sessionId: session.id, paymentIntentId: session.paymentIntentId }, now);
  if (!done) return { status: "completed" as const, orderId: order.id, changed: false };
  await removePaidLines(
    tx,
    order.userId,
    lines.flatMap((l) => (l.variantId === null ? [] : [l.variantId])),
  );
  await enqueueOrderConfirmation(tx, order, lines, brand);
  return { status: "completed" as const, orderId: order.id, changed: true };
}

function limitDetail(refusal: DropPaymentRefusal): PersonLimitDetail {
  return { productName: refusal.productName, unitsPerPerson: refusal.unitsPerPerson, byCard: refusal.cause === "person_limit" && refusal.byCard };
}

async function markRefunded(tx: Db, order: OrderRow, brand?: EmailBranding, cause: RefundCause = "stock", detail?: PersonLimitDetail) {
  const row = await markOrderRefunded(tx, order);
  if (row) await enqueueOrderRefunded(tx, order, brand, cause, detail);
  return { status: "refunded" as const, orderId: order.id, changed: Boolean(row), order: row ?? order, cause };
}

/**
 * Returns the money for a refunded order once. Outside any transaction (it may call the
 * provider); safe to repeat: the idempotency key gives the same refund, and the row in
 * `refunds` is written once. If the provider fails, this throws and the caller (a webhook)
 * fails, so the provider delivers the event again and the refund is retried.
 */
async function ensureRefunded(db: Db, order: OrderRow, session: CheckoutSessionInfo, provider: PaymentProvider, reason: string) {
  if (await hasRefund(db, { orderId: order.id })) return;
  const amount = session.amountTotal ?? cardPart(order);
  const refund = await provider.refundPayment({
    paymentIntentId: session.paymentIntentId ?? order.paymentIntentId,
    sessionId: session.id,
    amount,
    reason,
    idempotencyKey: `refund-order-${order.id}`,
    metadata: { orderId: String(order.id) },
  });
  await recordRefund(db, {
    id: refund.id,
    provider: provider.name,
    orderId: order.id,
    paymentIntentId: session.paymentIntentId,
    amount: refund.amount,
    reason,
  });
  await recordPaymentIntent(db, order.id, session.paymentIntentId);
}

/**
 * Ends a pending checkout without payment: declined card, cancel link, provider expiry.
 * The reservation is released (stock back, once) and the order becomes `failed` or
 * `expired`. Anything not pending is left alone, so a late or replayed event is harmless.
 */
export async function cancelCheckout(
  db: Db,
  target: { sessionId: string } | { orderId: number; userId?: string; cancelToken?: string },
  status: "failed" | "expired",
  now = new Date(),
): Promise<{ orderId: number; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    // With a cancel token, only the order whose token it is matches (a null token never does).
    const order = await lockOrderToCancel(tx, target);
    if (!order) return null;
    if (order.status !== "pending") return { orderId: order.id, changed: false };
    await moveOrders(tx, [order.id], "pending", status, now);
    await releaseHeldReservations(tx, [order.id], now);
    await returnCreditOfOrders(tx, [order.id]);
    return { orderId: order.id, changed: true };
  });
}
