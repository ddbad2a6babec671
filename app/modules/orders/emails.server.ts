import { DEMO_SHOP } from "~/config/shop";
import { ROYAL_MAIL_TRACKING_URL } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { formatPence } from "~/utils/money";

/**
 * The outbox dedupe key of each order email: one email per key, ever. Per-order emails are keyed by
 * the order; a dispatch email also by its tracking number (a corrected number mails again) and a
 * refund email by the refund.
 */
const orderEmailKey = {
  confirmation: (orderId: number) => `order-confirmation:${orderId}`,
  refunded: (orderId: number) => `order-refunded:${orderId}`,
  cancelled: (orderId: number) => `order-cancelled:${orderId}`,
  dispatched: (orderId: number, trackingNumber: string) => `order-dispatched:${orderId}:${trackingNumber}`,
  refund: (orderId: number, refundId: string) => `order-refund:${orderId}:${refundId}`,
};

/** Every email this module writes about order `orderId`: exact keys, and key prefixes (dispatch and refund emails). */
export function orderEmailKeyPrefixes(orderId: number): { keys: string[]; prefixes: string[] } {
  return {
    keys: [orderEmailKey.confirmation(orderId), orderEmailKey.refunded(orderId), orderEmailKey.cancelled(orderId)],
    prefixes: [orderEmailKey.dispatched(orderId, ""), orderEmailKey.refund(orderId, "")],
  };
}

export interface EmailBranding {
  shopName?: string;
  publicUrl?: string;
}

interface OrderForEmail {
  id: number;
  email: string;
  shippingName: string | null;
  subtotalAmount: number;
  shippingAmount: number;
  discountAmount: number;
  totalAmount: number;
  /** Pence of the total paid with store credit (absent or 0: none). */
  creditAmount?: number;
}

interface LineForEmail {
  productName: string;
  /** "Lightly Played · Holo · English" as sold; null for sealed. */
  variantLabel: string | null;
  quantity: number;
  unitPrice: number;
}

function greeting(name: string | null) {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

function itemsText(lines: LineForEmail[]) {
  return lines.map((l) => `  ${l.quantity} × ${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ""}  ${formatPence(l.unitPrice * l.quantity)}`).join("\n");
}

/**
 * The order confirmation, written in the transaction that completes the order. Its dedupe
 * key makes "one confirmation per order" a database fact, however many times fulfilment runs.
 */
export async function enqueueOrderConfirmation(tx: Db, order: OrderForEmail, lines: LineForEmail[], brand: EmailBranding = {}) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const account = brand.publicUrl ? `${brand.publicUrl}/account` : "your account page";
  const text = [
    greeting(order.shippingName),
    "",
    `Thank you for your order with ${shop}. ${order.creditAmount === order.totalAmount && order.totalAmount > 0 ? "It was paid with your store credit" : "Your payment was received"} and order #${order.id} is confirmed.`,
    "",
    itemsText(lines),
    "",
    `Subtotal: ${formatPence(order.subtotalAmount)}`,
    ...(order.discountAmount > 0 ? [`Discount: -${formatPence(order.discountAmount)}`] : []),
    `Shipping: ${formatPence(order.shippingAmount)}`,
    `Total paid: ${formatPence(order.totalAmount)}`,
    ...((order.creditAmount ?? 0) > 0 ? [`Paid with store credit: ${formatPence(order.creditAmount!)}`] : []),
    ...((order.creditAmount ?? 0) > 0 && order.creditAmount! < order.totalAmount ? [`Paid by card: ${formatPence(order.totalAmount - order.creditAmount!)}`] : []),
    "",
    "We'll email you again with a tracking number when it is dispatched.",
    `You can see your orders at ${account}.`,
    "",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "order-confirmation",
    to: order.email,
    subject: `Your ${shop} order #${order.id} is confirmed`,
    text,
    dedupeKey: orderEmailKey.confirmation(order.id),
  });
}

/**
 * Why a payment could not be honoured: the stock was gone after the reservation lapsed (the
 * default), the order's coupon had meanwhile been used up by other orders, or the order would
 * take its buyer over a drop's limit per person (counted across accounts: the same email,
 * delivery address or card; decision 0053), or it came after the order's hold ended and the
 * buyer's time to buy in a timed drop had run out (decision 0047).
 */
export type RefundCause = "stock" | "coupon" | "person_limit" | "drop_right";

/** What a drop refund's email says: the product, its limit, and whether the card tied the accounts. */
export interface PersonLimitDetail {
  productName: string;
  unitsPerPerson: number;
  byCard: boolean;
}

const REFUND_EXPLANATION: Record<RefundCause, (orderId: number, detail?: PersonLimitDetail) => string> = {
  stock: (id) => `Your payment for order #${id} reached us after the time we could hold the items for you, and by then they had sold out.`,
  coupon: (id) =>
    `Your payment for order #${id} reached us after the time we could hold the order for you, and by then its coupon code had been used as many times as it allows.`,
  person_limit: (id, detail) =>
    `We could not accept your payment for order #${id}: ${detail?.productName ?? "this timed drop"} is limited to ${detail?.unitsPerPerson ?? "a few"} per person, counting every account with the same email, delivery address or card, and ${
      detail?.byCard ? "the same card was used by another account that has already bought it" : "orders of yours already reach that limit"
    }.`,
  drop_right: (id, detail) =>
    `Your payment for order #${id} reached us after the time we could hold the items for you, and by then your time to buy ${detail?.productName ?? "this timed drop"} had run out, so the units went to the next people in line.`,
};

/**
 * Where the money of a payment that could not be honoured went: the card's part back to the
 * card, and the store credit the order used (returned to the balance when the hold lapsed).
 */
function lateRefundText(order: OrderForEmail): string[] {
  const credit = order.creditAmount ?? 0;
  if (credit === 0) return [`We have refunded the full ${formatPence(order.totalAmount)} to your card; it usually shows within 5-10 business days.`];
  return [
    `We have refunded the ${formatPence(order.totalAmount - credit)} you paid by card; it usually shows within 5-10 business days.`,
    `The ${formatPence(credit)} of store credit the order used is back on your account.`,
  ];
}

/** A payment that could not be honoured (see `RefundCause`). */
export async function enqueueOrderRefunded(tx: Db, order: OrderForEmail, brand: EmailBranding = {}, cause: RefundCause = "stock", detail?: PersonLimitDetail) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const text = [
    greeting(order.shippingName),
    "",
    REFUND_EXPLANATION[cause](order.id, detail),
    ...lateRefundText(order),
    "",
    "Sorry about that.",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "order-refunded",
    to: order.email,
    subject: `Your ${shop} order #${order.id} was refunded`,
    text,
    dedupeKey: orderEmailKey.refunded(order.id),
  });
}

export function trackingUrl(trackingNumber: string) {
  return ROYAL_MAIL_TRACKING_URL + encodeURIComponent(trackingNumber);
}

/** Dispatch notice with tracking; one per order and tracking number. */
export async function enqueueOrderDispatched(
  tx: Db,
  order: OrderForEmail,
  trackingNumber: string,
  brand: EmailBranding = {},
) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const text = [
    greeting(order.shippingName),
    "",
    `Good news: order #${order.id} is on its way.`,
    `Tracking number: ${trackingNumber}`,
    `Track it: ${trackingUrl(trackingNumber)}`,
    "",
    "Delivery usually takes about 4 business days. If anything arrives damaged, tell us within 48 hours with photos.",
    "",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "order-dispatched",
    to: order.email,
    subject: `Your ${shop} order #${order.id} has been dispatched`,
    text,
    dedupeKey: orderEmailKey.dispatched(order.id, trackingNumber),
  });
}

/** The shop cancelled an unshipped order (decision 0037); the refund, if any, has its own email. */
export async function enqueueOrderCancelled(tx: Db, order: OrderForEmail, brand: EmailBranding = {}, refundFollows = false) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const account = brand.publicUrl ? `${brand.publicUrl}/account` : "your account page";
  const text = [
    greeting(order.shippingName),
    "",
    `We have cancelled order #${order.id} before it was dispatched, so nothing will be posted.`,
    refundFollows
      ? "Your refund is on its way: we will email you the amount in a separate message."
      : "If a refund is due, we will email you the amount when it is made.",
    `You can see your orders at ${account}.`,
    "",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "order-cancelled",
    to: order.email,
    subject: `Your ${shop} order #${order.id} was cancelled`,
    text,
    dedupeKey: orderEmailKey.cancelled(order.id),
  });
}

/**
 * One refund the shop made from the back office (full or partial), with its amount; one email
 * per refund (its provider id in the dedupe key). Carries no link that grants access.
 */
export async function enqueueOrderRefundIssued(
  tx: Db,
  order: OrderForEmail,
  refund: { id: string; amount: number; refundedSoFar: number; feeKept: number; toCredit?: number },
  brand: EmailBranding = {},
) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const whole = refund.refundedSoFar >= order.totalAmount;
  const toCredit = refund.toCredit ?? 0;
  const toCard = refund.amount - toCredit;
  const refunded = `We have refunded ${formatPence(refund.amount)} for order #${order.id}`;
  const sentence =
    toCredit === 0
      ? `${refunded} to your card; it usually shows within 5-10 business days.`
      : toCard === 0
        ? `${refunded} as store credit on your account, ready to spend now.`
        : `${refunded}: ${formatPence(toCard)} to your card (it usually shows within 5-10 business days) and ${formatPence(toCredit)} as store credit on your account, ready to spend now.`;
  const text = [
    greeting(order.shippingName),
    "",
    sentence,
    whole
      ? `That is the whole ${formatPence(order.totalAmount)} you paid.`
      : `In all we have refunded ${formatPence(refund.refundedSoFar)} of the ${formatPence(order.totalAmount)} you paid.`,
    ...(refund.feeKept > 0 ? [`As our refund policy says, a 5% cancellation fee of ${formatPence(refund.feeKept)} was kept.`] : []),
    "",
    shop,
  ].join("\n");
  return enqueueEmail(tx, {
    kind: "order-refunded",
    to: order.email,
    subject: `Refund of ${formatPence(refund.amount)} for your ${shop} order #${order.id}`,
    text,
    dedupeKey: orderEmailKey.refund(order.id, refund.id),
  });
}
