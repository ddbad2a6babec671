/**
 * The one payment interface the shop talks to. Two implementations sit behind it:
 *   - Stripe (`stripe-provider.server.ts`) when STRIPE_SECRET_KEY is set;
 *   - the built-in sandbox (`sandbox/provider.server.ts`) otherwise, so the shop works offline.
 * Pick one with `paymentProviderFor(context)` / `createPaymentProvider(db, env)` in
 * `payment-provider.server.ts`. Business code (orders, membership) only ever sees this type.
 *
 * Shapes follow Stripe's on purpose: the sandbox emits Stripe-shaped events
 * (`checkout.session.completed` with a `checkout.session` object, ...), so one event handler
 * serves both providers. Money is integer pence; currency is always GBP.
 *
 * This file has no server imports so types can be shared freely; it is still server-only
 * in spirit (nothing in here is useful to a browser).
 */

export type PaymentProviderName = "sandbox" | "stripe";
export type PlanType = "monthly" | "quarterly";

/** One line on the hosted payment page. */
export interface CheckoutLineItem {
  name: string;
  quantity: number;
  /** Price of one unit in pence, exactly as the order recorded it. */
  unitAmount: number;
}

/** A one-off payment (mode "payment"): an order. */
export interface CreateCheckoutSessionInput {
  /** Lines including shipping (as its own line); a coupon discount is given separately. */
  lineItems: CheckoutLineItem[];
  /** What the customer pays in total, pence. Must equal Σ lines − discount. */
  amountTotal: number;
  /** Discount in pence already reflected in amountTotal (0 when none). */
  discountAmount: number;
  /** Label for the discount line, e.g. "Coupon SPRING10". */
  discountLabel?: string;
  customerEmail: string;
  /** Our reference for the payment; for orders the order id as a string. */
  clientReferenceId: string;
  /** Copied onto the session (and, for Stripe, the PaymentIntent): e.g. { orderId, userId }. */
  metadata: Record<string, string>;
  /** Absolute URL; may contain the literal `{CHECKOUT_SESSION_ID}` which the provider fills in. */
  successUrl: string;
  /** Absolute URL the "Cancel"/back link goes to. */
  cancelUrl: string;
  /** When the session stops accepting payment: the stock reservation's expiry. */
  expiresAt: Date;
  /** Same key → same session, so a retried request never creates two. */
  idempotencyKey: string;
  /** The customer (the sandbox stores it; Stripe gets it via metadata). */
  userId: string;
  /**
   * Pay by card only (a drop's order): the card's fingerprint is one of the keys that make
   * several accounts one buyer (decision 0053), and a wallet or pay-later method the provider
   * might otherwise offer (Link, PayPal, Klarna) has none. Card wallets (Apple Pay, Google Pay)
   * are cards and stay. The sandbox takes only cards anyway.
   */
  cardOnly?: boolean;
}

/** A subscription sign-up (mode "subscription"): Pro membership. */
export interface CreateSubscriptionSessionInput {
  userId: string;
  planType: PlanType;
  customerEmail: string;
  /** An existing provider customer (from an earlier subscription), if any. */
  customerId?: string | null;
  clientReferenceId: string;
  /** At least { userId, planType }; also copied onto the subscription. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** "Manage subscription": the provider's billing portal for one customer. */
export interface CreatePortalSessionInput {
  customerId: string;
  /** Where the portal's "return" link goes. */
  returnUrl: string;
  /** The customer (the sandbox stores it). */
  userId?: string;
}

export interface HostedSession {
  id: string;
  /** Where to send the browser. */
  url: string;
  expiresAt?: Date;
}

/** A checkout session as the provider sees it now (for the success page and events). */
export interface CheckoutSessionInfo {
  id: string;
  mode: "payment" | "subscription";
  /** Stripe's session status. */
  status: "open" | "complete" | "expired";
  /** Only "paid" (or "no_payment_required") means money was taken. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotal: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
  expiresAt: Date | null;
  /**
   * The paying card's fingerprint (Stripe: `payment_intent.payment_method.card.fingerprint`, the
   * same for the same card number whoever pays; the sandbox simulates one); null when unknown
   * (not paid yet, not a card, or the payment intent was not expanded).
   */
  cardFingerprint: string | null;
}

export interface RefundInput {
  /** The payment to refund; the sandbox and Stripe both accept the session's payment intent. */
  paymentIntentId: string | null;
  /** The checkout session the payment came through (used when there is no payment intent id). */
  sessionId: string | null;
  /**
   * For a subscription's first payment (Stripe takes it through an invoice, so a
   * subscription-mode session has no payment intent): the subscription whose invoice to refund.
   */
  subscriptionId?: string | null;
  /** Pence. */
  amount: number;
  /** Free text kept with our record, e.g. "stock_unavailable_after_expiry". */
  reason: string;
  /** Same key → same refund: a retried refund never pays out twice. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface RefundResult {
  id: string;
  status: string;
  amount: number;
}

/**
 * A verified provider event, Stripe-shaped. `object` is the event's `data.object` (for
 * `checkout.session.*` events a `checkout.session`, for `customer.subscription.*` a
 * subscription, for `invoice.*` an invoice ...).
 */
export interface PaymentEvent {
  id: string;
  provider: PaymentProviderName;
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  object: Record<string, unknown>;
  /** The whole event as received, stored in payment_events.payload. */
  raw: unknown;
}

/** Thrown by parseWebhook for a missing or wrong signature (→ HTTP 400, nothing changes). */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** Thrown when the provider cannot be reached or refuses a request. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    readonly cause?: unknown,
    /** HTTP-ish status from the provider when known (404 = no such session). */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Thrown by refundPayment when the provider holds no paid payment to refund (nothing was charged). */
export class NothingToRefundError extends PaymentProviderError {
  override name = "NothingToRefundError";
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;

  /** One-off payment for an order. The browser is then sent to `url`. */
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<HostedSession>;

  /** Subscription sign-up (Pro). The plan's price comes from the provider config (env), never the client. */
  createSubscriptionSession(input: CreateSubscriptionSessionInput): Promise<HostedSession>;

  /** Billing portal for an existing customer (manage / cancel the subscription). */
  createPortalSession(input: CreatePortalSessionInput): Promise<HostedSession>;

  /** The session as the provider sees it; null when the provider does not know the id. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null>;

  /**
   * Stops an open session from accepting payment (best effort; a session that is already
   * complete or expired is left alone). Used when a customer cancels.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;

  /** Returns money for a payment. Idempotent by `idempotencyKey`. */
  refundPayment(input: RefundInput): Promise<RefundResult>;

  /**
   * Ends a subscription at once (no further charges, nothing prorated). Safe to repeat: an
   * unknown or already ended subscription is left alone. The provider then reports the end
   * with its usual `customer.subscription.deleted` event.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;

  /**
   * Verifies and parses a webhook delivery (raw body exactly as received + the signature
   * header). Throws WebhookSignatureError when it is not genuine. The sandbox has no webhooks:
   * its events are handed to the same handler in-process, so it always throws.
   */
  parseWebhook(rawBody: string, signatureHeader: string | null): PaymentEvent;

  /**
   * Adds to a verified webhook event what the provider leaves out of webhooks but the shop's
   * handlers need (Stripe never expands objects in events: a paid payment-mode
   * `checkout.session` gets its `payment_intent` expanded with the payment method, for the
   * card fingerprint). Throws when the provider cannot be asked, so the delivery is retried.
   */
  expandEvent?(event: PaymentEvent): Promise<PaymentEvent>;

  /**
   * A subscription as the provider holds it now; null when the provider does not know the id.
   * Membership events are applied from this, not from the event's copy, so events that arrive
   * late or out of order cannot roll the subscription back.
   */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionInfo | null>;

  /**
   * Billing the provider runs itself, for providers that simulate it in this process (the
   * sandbox: subscriptions whose period ended are renewed, `invoice.paid`, or ended,
   * `customer.subscription.deleted`). Each event is handed to `deliver` (the shop's event
   * dispatch) and only forgotten once that returns; one that fails is delivered on a later
   * run. Stripe bills on its side and sends webhooks, so it does not implement this. A
   * background job calls it (server/jobs.ts).
   */
  advanceBilling?(deliver: (event: PaymentEvent) => Promise<unknown>, now?: Date): Promise<BillingRunResult>;
}

/** What one billing run (`advanceBilling`) handed over. */
export interface BillingRunResult {
  delivered: number;
  failed: number;
}

/** A Pro subscription as the provider sees it (Stripe's `subscription` object, read). */
export interface SubscriptionInfo {
  id: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  /** Cancelled by the customer: stays active until `currentPeriodEnd`, then ends. */
  cancelAtPeriodEnd: boolean;
  customerId: string | null;
  /** Copied from the subscription session (at least { userId, planType }). */
  metadata: Record<string, string>;
  /** The plan, from metadata or the price's interval; null when neither says. */
  planType: PlanType | null;
  /** Price per billing period in pence, when known. */
  amount: number | null;
  startDate: Date | null;
  currentPeriodStart: Date | null;
  /** The end of the paid period: Pro lasts until then. */
  currentPeriodEnd: Date | null;
  /** When it ended (status canceled); null while it runs. */
  endedAt: Date | null;
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in success URLs; the sandbox does the same. */
export const CHECKOUT_SESSION_ID_TEMPLATE = "{CHECKOUT_SESSION_ID}";
