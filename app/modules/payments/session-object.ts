import type { CheckoutSessionInfo } from "./provider";

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") return value.id;
  return null;
}

/** `payment_intent.payment_method.card.fingerprint` when the payment intent came expanded. */
function cardFingerprintOf(paymentIntent: unknown): string | null {
  if (!paymentIntent || typeof paymentIntent !== "object") return null;
  const method = (paymentIntent as { payment_method?: unknown }).payment_method;
  if (!method || typeof method !== "object") return null;
  const fingerprint = (method as { card?: { fingerprint?: unknown } | null }).card?.fingerprint;
  return typeof fingerprint === "string" && fingerprint.trim() !== "" ? fingerprint : null;
}

const STATUSES = ["open", "complete", "expired"] as const;

/**
 * Reads a Stripe `checkout.session` object (from the API or an event's `data.object`; the
 * sandbox emits the same shape). Unknown values are read conservatively: anything but
 * "paid"/"no_payment_required" is unpaid.
 */
export function sessionInfoFromObject(object: Record<string, unknown>): CheckoutSessionInfo {
  const details = object.customer_details as { email?: string | null } | null | undefined;
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  const expiresAt = typeof object.expires_at === "number" ? new Date(object.expires_at * 1000) : null;
  return {
    id: String(object.id),
    mode: object.mode === "subscription" ? "subscription" : "payment",
    status: STATUSES.find((s) => s === object.status) ?? "open",
    paymentStatus: object.payment_status === "paid" || object.payment_status === "no_payment_required" ? object.payment_status : "unpaid",
    amountTotal: typeof object.amount_total === "number" ? object.amount_total : null,
    currency: typeof object.currency === "string" ? object.currency : null,
    clientReferenceId: typeof object.client_reference_id === "string" ? object.client_reference_id : null,
    metadata,
    paymentIntentId: idOf(object.payment_intent),
    customerId: idOf(object.customer),
    subscriptionId: idOf(object.subscription),
    customerEmail: details?.email ?? (typeof object.customer_email === "string" ? object.customer_email : null),
    expiresAt,
    cardFingerprint: cardFingerprintOf(object.payment_intent),
  };
}
