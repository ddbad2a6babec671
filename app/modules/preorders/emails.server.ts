import { DEMO_SHOP } from "~/config/shop";
import type { Db, Tx } from "~/db/client.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { formatPence } from "~/utils/money";
import { ukLongDate } from "./rules";

export interface PreorderEmailBranding {
  shopName?: string;
  publicUrl?: string;
}

interface Customer {
  email: string;
  shippingName: string | null;
}

function greeting(name: string | null) {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

/**
 * The outbox dedupe keys of pre-order and alert emails: one per line and decision (a "waiting"
 * email per delivered total, so a second short delivery tells the customer again), one per alert.
 */
export const preorderEmailKey = {
  shortRefunded: (orderItemId: number) => `preorder-short-refund:${orderItemId}`,
  waiting: (orderItemId: number, delivered: number) => `preorder-waiting:${orderItemId}:${delivered}`,
  alert: (alertId: number) => `stock-alert:${alertId}`,
};

export async function enqueueShortRefundEmail(
  tx: Db | Tx,
  line: Customer & { orderId: number; orderItemId: number; productName: string; units: number; amount: number },
  brand: PreorderEmailBranding = {},
) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const text = [
    greeting(line.shippingName),
    "",
    `We are sorry: our delivery of ${line.productName} came in short, and ${line.units === 1 ? "one unit" : `${line.units} units`} of your pre-order (order #${line.orderId}) could not be filled.`,
    `We have refunded ${formatPence(line.amount)} for ${line.units === 1 ? "it" : "them"}; a separate email confirms the refund.`,
    "Pre-orders are filled in the order they were paid.",
    "",
    `— ${shop}`,
  ].join("\n");
  await enqueueEmail(tx as Db, {
    kind: "preorder-short-refund",
    to: line.email,
    subject: `Your pre-order #${line.orderId}: part refunded`,
    text,
    dedupeKey: preorderEmailKey.shortRefunded(line.orderItemId),
  });
}

export async function enqueueWaitingEmail(
  tx: Db | Tx,
  line: Customer & { orderId: number; orderItemId: number; productName: string; units: number; delivered: number },
  brand: PreorderEmailBranding = {},
) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const text = [
    greeting(line.shippingName),
    "",
    `Our delivery of ${line.productName} came in short, and ${line.units === 1 ? "one unit" : `${line.units} units`} of your pre-order (order #${line.orderId}) could not be filled yet.`,
    "Your pre-order keeps its place in the queue (filled in the order paid) and waits for our next delivery. We will email you when it ships.",
    "If you would rather have a refund, reply to this email.",
    "",
    `— ${shop}`,
  ].join("\n");
  await enqueueEmail(tx as Db, {
    kind: "preorder-waiting",
    to: line.email,
    subject: `Your pre-order #${line.orderId} is waiting for our next delivery`,
    text,
    dedupeKey: preorderEmailKey.waiting(line.orderItemId, line.delivered),
  });
}

export async function enqueueAlertEmail(
  tx: Db | Tx,
  alert: { id: number; email: string; productName: string; productSlug: string; token: string; releaseDate: string | null },
  brand: PreorderEmailBranding = {},
) {
  const shop = brand.shopName ?? DEMO_SHOP.name;
  const base = brand.publicUrl ?? "";
  const productUrl = `${base}/products/${alert.productSlug}`;
  const unsubscribe = `${base}/alerts/${alert.token}`;
  const text = [
    "Hello,",
    "",
    `${alert.productName} is available at ${shop}${alert.releaseDate ? ` (released ${ukLongDate(alert.releaseDate)})` : ""}: ${productUrl}`,
    "You asked us to tell you. Stock is limited and it may sell out again; this is the only email about it.",
    "",
    `Stop availability emails: ${unsubscribe}`,
    "",
    `— ${shop}`,
  ].join("\n");
  await enqueueEmail(tx as Db, {
    kind: "stock-alert",
    to: alert.email,
    subject: `${alert.productName} is available`,
    text,
    dedupeKey: preorderEmailKey.alert(alert.id),
    secrets: [unsubscribe],
  });
}
