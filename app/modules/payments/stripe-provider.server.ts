import Stripe from "stripe";
import {
  NothingToRefundError,
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutSessionInfo,
  type CreateCheckoutSessionInput,
  type CreatePortalSessionInput,
  type CreateSubscriptionSessionInput,
  type HostedSession,
  type PaymentEvent,
  type PaymentProvider,
  type PlanType,
  type RefundInput,
  type RefundResult,
  type SubscriptionInfo,
} from "./provider";
import { processLog } from "~/utils/log.server";
import { sessionInfoFromObject } from "./session-object";
import { subscriptionInfoFromObject } from "./subscription-object";

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 : points the SDK at a local fake (tests). */
  apiBase?: string;
  /** Stripe Price ids for Pro (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_QUARTERLY). */
  planPriceIds?: Partial<Record<PlanType, string>>;
  /** Used when a plan has no Price id: an inline recurring price (pence). */
  planPrices: Record<PlanType, number>;
  /** Injectable clock for tests. */
  now?: () => Date;
}

/** The events that report a checkout session paid (their session gets its card's fingerprint). */
const PAID_SESSION_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Stripe only accepts expires_at between 30 minutes and 24 hours after creation. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
const STRIPE_MAX_EXPIRY_MS = 24 * 60 * 60_000;
/** Requests take time to reach Stripe; stay clear of the 30-minute floor. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The session's expiry as Stripe will accept it: the reservation expiry, raised to just over
 * Stripe's 30-minute minimum when the reservation is shorter. A payment in that gap arrives
 * after the reservation lapsed and is handled as a late payment (re-reserve or refund).
 */
export function stripeExpiresAt(reservationExpiresAt: Date, now: Date): number {
  const min = now.getTime() + STRIPE_MIN_EXPIRY_MS + EXPIRY_MARGIN_MS;
  const max = now.getTime() + STRIPE_MAX_EXPIRY_MS - EXPIRY_MARGIN_MS;
  const at = Math.min(max, Math.max(min, reservationExpiresAt.getTime()));
  return Math.ceil(at / 1000);
}

export function createStripeClient(config: Pick<StripeProviderConfig, "secretKey" | "apiBase">): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === "https:" ? 443 : 80),
    protocol: base.protocol === "https:" ? "https" : "http",
    // A fake answers at once or not at all; retries would only hide a broken test.
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 10_000,
  });
}

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") return value.id;
  return null;
}

export function stripeSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  return sessionInfoFromObject(session as unknown as Record<string, unknown>);
}

function wrap(action: string, error: unknown): PaymentProviderError {
  const status = (error as { statusCode?: number }).statusCode;
  const message = (error as Error).message ?? String(error);
  return new PaymentProviderError(`Stripe ${action} failed: ${message}`, error, status);
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  const now = config.now ?? (() => new Date());

  return {
    name: "stripe",

    async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<HostedSession> {
      try {
        let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
        if (input.discountAmount > 0) {
          // Our coupons live in our database; Stripe needs a coupon object to show the
          // discount, so each order gets a single-use one for exactly the amount we computed.
          const coupon = await stripe.coupons.create(
            {
              amount_off: input.discountAmount,
              currency: "gbp",
              duration: "once",
              max_redemptions: 1,
              name: input.discountLabel ?? "Discount",
            },
            { idempotencyKey: `${input.idempotencyKey}:coupon` },
          );
          discounts = [{ coupon: coupon.id }];
        }
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: input.lineItems.map((line) => ({
              quantity: line.quantity,
              price_data: { currency: "gbp", unit_amount: line.unitAmount, product_data: { name: line.name } },
            })),
            discounts,
            // Otherwise Stripe offers whatever the dashboard enables; a drop's limit needs a card.
            ...(input.cardOnly ? { payment_method_types: ["card" as const] } : {}),
            customer_email: input.customerEmail,
            client_reference_id: input.clientReferenceId,
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: stripeExpiresAt(input.expiresAt, now()),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError("No checkout URL returned from Stripe");
        if (session.amount_total !== null && session.amount_total !== input.amountTotal) {
          // Stripe computed a different total from the same lines: never send a customer to pay it.
          throw new PaymentProviderError(
            `Stripe total ${session.amount_total} differs from the order total ${input.amountTotal}`,
          );
        }
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw wrap("checkout session", error);
      }
    },

    async createSubscriptionSession(input: CreateSubscriptionSessionInput): Promise<HostedSession> {
      const priceId = config.planPriceIds?.[input.planType];
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
        ? { price: priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: config.planPrices[input.planType],
              recurring: { interval: "month", interval_count: input.planType === "quarterly" ? 3 : 1 },
              product_data: { name: `Pro membership (${input.planType})` },
            },
          };
      const metadata = { ...input.metadata, userId: input.userId, planType: input.planType };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [lineItem],
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
            client_reference_id: input.clientReferenceId,
            metadata,
            subscription_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError("No checkout URL returned from Stripe");
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw wrap("subscription session", error);
      }
    },

    async createPortalSession(input: CreatePortalSessionInput): Promise<HostedSession> {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: input.customerId,
          return_url: input.returnUrl,
        });
        if (!session.url) throw new PaymentProviderError("No portal URL returned from Stripe");
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw wrap("portal session", error);
      }
    },

    async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null> {
      try {
        // Expanded for the paying card's fingerprint (drops count one card as one buyer).
        return stripeSessionInfo(await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw wrap("session lookup", error);
      }
    },

    async expireCheckoutSession(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is already complete or expired: nothing to do.
        if ((error as { statusCode?: number }).statusCode === 400) return;
        throw wrap("session expiry", error);
      }
    },

    async refundPayment(input: RefundInput): Promise<RefundResult> {
      let paymentIntentId = input.paymentIntentId;
      try {
        let invoiceId: string | null = null;
        if (!paymentIntentId && input.sessionId) {
          const session = await stripe.checkout.sessions.retrieve(input.sessionId);
          paymentIntentId = idOf(session.payment_intent);
          invoiceId = idOf(session.invoice);
        }
        if (!paymentIntentId && !invoiceId && input.subscriptionId) {
          invoiceId = idOf((await stripe.subscriptions.retrieve(input.subscriptionId)).latest_invoice);
        }
        if (!paymentIntentId && invoiceId) {
          // A subscription's charge is an invoice payment; its payment intent is what refunds take.
          const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 1 });
          paymentIntentId = idOf(payments.data[0]?.payment.payment_intent);
        }
        if (!paymentIntentId) {
          throw new NothingToRefundError(`no payment to refund for ${input.sessionId ?? input.subscriptionId ?? "an unknown payment"}`);
        }
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: input.amount,
            metadata: { ...input.metadata, reason: input.reason },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, status: refund.status ?? "pending", amount: refund.amount };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw wrap("refund", error);
      }
    },

    async cancelSubscription(subscriptionId: string): Promise<void> {
      try {
        await stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
      } catch (error) {
        // Unknown (404) or already canceled (400): nothing left to stop.
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 400) return;
        throw wrap("subscription cancellation", error);
      }
    },

    parseWebhook(rawBody: string, signatureHeader: string | null): PaymentEvent {
      if (!config.webhookSecret) {
        processLog().error("payments: STRIPE_WEBHOOK_SECRET is not set; every Stripe webhook is refused");
        throw new WebhookSignatureError("Webhook secret not configured");
      }
      if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return {
        id: event.id,
        provider: "stripe",
        type: event.type,
        created: event.created,
        object: event.data.object as unknown as Record<string, unknown>,
        raw: JSON.parse(rawBody),
      };
    },

    async expandEvent(event: PaymentEvent): Promise<PaymentEvent> {
      const object = event.object;
      const paid = object.payment_status === "paid";
      if (!PAID_SESSION_EVENTS.has(event.type) || object.mode !== "payment" || !paid || typeof object.payment_intent !== "string") return event;
      try {
        const paymentIntent = await stripe.paymentIntents.retrieve(object.payment_intent, { expand: ["payment_method"] });
        return { ...event, object: { ...object, payment_intent: paymentIntent } };
      } catch (error) {
        // A payment intent Stripe does not know cannot tell us a card: the event goes on without one.
        if ((error as { statusCode?: number }).statusCode === 404) return event;
        throw wrap("payment intent lookup", error);
      }
    },

    async retrieveSubscription(subscriptionId: string): Promise<SubscriptionInfo | null> {
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        return subscriptionInfoFromObject(subscription as unknown as Record<string, unknown>, config.planPriceIds);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw wrap("subscription lookup", error);
      }
    },
  };
}
