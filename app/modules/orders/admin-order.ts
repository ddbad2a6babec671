/**
 * The admin's order page (/admin/orders/:id), its packing slip and label: shapes, input schemas
 * and messages. Plain (no `.server`): the page's components render these, and the action
 * parses with the same schemas.
 */
import { z } from "zod";
import { parsePounds } from "~/utils/money";
import type { OutboxStatus } from "~/modules/email/outbox-status";
import type { AdminOrder } from "./admin-orders";
import { REFUND_DESTINATIONS, type RefundMode } from "./refund-rules";

/** What the timeline lists, oldest first. */
export type TimelineEvent =
  | { kind: "created"; at: Date }
  | { kind: "paid"; at: Date }
  | { kind: "dispatched"; at: Date; trackingNumber: string | null }
  | { kind: "cancelled"; at: Date; reason: string | null }
  | { kind: "refund"; at: Date; amount: number; reason: string; toCredit: boolean }
  | { kind: "email"; at: Date; subject: string; to: string; status: OutboxStatus; sentAt: Date | null }
  | { kind: "audit"; at: Date; action: string; actorEmail: string | null };

export interface AdminOrderLine {
  id: number;
  productName: string;
  productSlug: string | null;
  variantId: number | null;
  variantLabel: string | null;
  quantity: number;
  unitPrice: number;
  /** Units of this line put back on the shelf (cancel or refund restock). */
  restocked: number;
}

export interface AdminOrderDetail extends Omit<AdminOrder, "items"> {
  userId: string;
  subtotalAmount: number;
  shippingAmount: number;
  discountAmount: number;
  couponCode: string | null;
  paymentProvider: string;
  paymentSessionId: string | null;
  paymentIntentId: string | null;
  paidAt: Date | null;
  dispatchedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  refundedAmount: number;
  /** Pence paid with store credit, and the part of refundedAmount that went back as credit. */
  creditAmount: number;
  creditRefundedAmount: number;
  /** Pence the card can still get back (a refund "to the original payment" sends the rest to credit). */
  cardRefundable: number;
  lines: AdminOrderLine[];
  /** `provider` is the payment provider, or STORE_CREDIT_PROVIDER for a refund to store credit. */
  refunds: { id: string; provider: string; amount: number; reason: string; createdAt: Date }[];
  timeline: TimelineEvent[];
  /** What the forms may offer now (the server checks again). */
  can: { cancel: boolean; refund: boolean; keepFee: boolean; restock: boolean };
  /** Pence still refundable; with the fee kept (null when the fee cannot be kept). */
  remaining: number;
  lessFee: number | null;
  fee: number;
}

export const CANCEL_REASON_MAX = 500;

export const ORDER_ACTION_TEXT = {
  notFound: (id: number) => `Order #${id} was not found.`,
  resend: "Please send the form again.",
  unknownIntent: "Unknown action.",
  reasonRequired: "Say why the order is cancelled (the customer is not shown this).",
  reasonTooLong: `Keep the reason under ${CANCEL_REASON_MAX} characters.`,
  amountRequired: "Enter the amount to refund, e.g. 12.50.",
  amountInvalid: "Enter the amount in pounds and pence, e.g. 12.50.",
  badKey: "This form is out of date. Please reload the page and try again.",
  modeInvalid: "Choose how much to refund.",
  destinationInvalid: "Choose where the refund goes: the original payment or store credit.",
  notCancellable: (id: number, status: string) =>
    status === "dispatched"
      ? `Order #${id} has been dispatched, so it cannot be cancelled. Refund it instead.`
      : status === "cancelled"
        ? `Order #${id} is already cancelled.`
        : `Order #${id} is ${status}: only a paid order that has not been dispatched can be cancelled.`,
  notRefundable: (id: number) => `Order #${id} has nothing left to refund.`,
  overRemaining: (left: string) => `That is more than is left to refund (${left}).`,
  restockNotAllowed: "Only the lines of a paid order that has not been dispatched can go back in stock, once.",
  feeNotAllowed: "The cancellation fee applies only to an order that was not dispatched.",
  providerFailed: (detail: string) => `The payment provider did not make the refund (${detail}). Nothing was refunded; try again.`,
  cancelled: (id: number) => `Order #${id} is cancelled and its items are back in stock. The customer's email is queued.`,
  refunded: (id: number, amount: string) => `Refunded ${amount} for order #${id}. The customer's email is queued.`,
  refundedSplit: (id: number, amount: string, toCredit: string) =>
    `Refunded ${amount} for order #${id} (${toCredit} of it as store credit). The customer's email is queued.`,
  cancelledAndRefunded: (id: number, amount: string) =>
    `Order #${id} is cancelled, its items are back in stock, and ${amount} was refunded. The customer's emails are queued.`,
  cancelledRefundFailed: (id: number, detail: string) =>
    `Order #${id} is cancelled and its items are back in stock, but the refund failed (${detail}). Refund it below.`,
  replayed: (id: number, amount: string) => `This refund of ${amount} for order #${id} was already made: nothing more was refunded.`,
} as const;


/** A form's one-time key (hidden field): the refund's idempotency key at the provider. */
export const requestKeySchema = z.string({ error: ORDER_ACTION_TEXT.badKey }).regex(/^[A-Za-z0-9_-]{16,64}$/, ORDER_ACTION_TEXT.badKey);

export const REFUND_MODES = ["full", "less-fee", "amount"] as const satisfies readonly RefundMode[];
/** The cancel form's choice: no refund now, or one of the refund modes. */
export const CANCEL_REFUND_CHOICES = ["none", ...REFUND_MODES] as const;

const amountField = z
  .string()
  .max(20)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const pence = parsePounds(v);
    if (pence === null) {
      ctx.addIssue({ code: "custom", message: ORDER_ACTION_TEXT.amountInvalid });
      return z.NEVER;
    }
    return pence;
  });

/** Where the money goes; a form without the field (older pages) refunds to the original payment. */
const destinationField = z.enum(REFUND_DESTINATIONS, { error: ORDER_ACTION_TEXT.destinationInvalid }).default("original");

const restockField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0));

export const refundInputSchema = z
  .object({
    intent: z.literal("refund"),
    requestKey: requestKeySchema,
    mode: z.enum(REFUND_MODES, { error: ORDER_ACTION_TEXT.modeInvalid }),
    amount: amountField,
    destination: destinationField,
    /** Order line ids to put back in stock (an order not yet dispatched). */
    restock: restockField,
  })
  .superRefine((v, ctx) => {
    if (v.mode === "amount" && v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: ORDER_ACTION_TEXT.amountRequired });
  });

export const cancelInputSchema = z
  .object({
    intent: z.literal("cancel"),
    requestKey: requestKeySchema,
    reason: z
      .string({ error: ORDER_ACTION_TEXT.reasonRequired })
      .trim()
      .min(1, ORDER_ACTION_TEXT.reasonRequired)
      .max(CANCEL_REASON_MAX, ORDER_ACTION_TEXT.reasonTooLong),
    refund: z.enum(CANCEL_REFUND_CHOICES, { error: ORDER_ACTION_TEXT.modeInvalid }),
    amount: amountField,
    destination: destinationField,
  })
  .superRefine((v, ctx) => {
    if (v.refund === "amount" && v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: ORDER_ACTION_TEXT.amountRequired });
  });

export type RefundInput = z.infer<typeof refundInputSchema>;
export type CancelInput = z.infer<typeof cancelInputSchema>;

/** The action's answer: a notice, or a refusal with the field it is about and what was typed. */
export type OrderActionResult =
  | { ok: true; message: string }
  | {
      ok: false;
      intent: "cancel" | "refund" | null;
      field?: "reason" | "amount" | "mode" | "refund";
      message: string;
      /** What was typed, given back so nothing is lost; the same request key, so a retry cannot pay twice. */
      values: Record<string, string | string[]>;
    };
