import type { PaymentEventHandler } from "~/modules/payments/events.server";
import { sessionInfoFromObject } from "~/modules/payments/session-object";
import { subscriptionIdOfEvent } from "~/modules/payments/subscription-object";
import { syncSubscription, type SyncHints } from "./subscription-sync.server";

/** Stripe's events about a subscription's life (the sandbox sends the same ones). */
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
]);

const SESSION_PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Pro membership's reaction to provider events. Whatever the event, the subscription it is
 * about is read back from the provider and applied (see syncSubscription), so:
 *   - `checkout.session.completed` (mode subscription) stores it: plan, status, dates, period
 *     end, amount, provider ids, and the member gets Pro at once;
 *   - `customer.subscription.updated` brings cancel_at_period_end / status / period;
 *   - `customer.subscription.deleted` ends it (expired, Pro off);
 *   - `invoice.paid` extends the period (+1 or +3 months, as the provider billed it);
 *   - `invoice.payment_failed` leaves it past_due (Pro off) once the provider says so.
 * The event log (processPaymentEvent) stops replays; the sync rules make a late or
 * out-of-order event harmless. A paid sign-up that would be the customer's second live
 * membership is cancelled at the provider and refunded, and the customer emailed (see
 * syncSubscription).
 */
export const membershipPaymentEvents: PaymentEventHandler = {
  name: "membership",
  handles(event) {
    if (event.type.startsWith("checkout.session.")) return event.object.mode === "subscription";
    return SUBSCRIPTION_EVENTS.has(event.type);
  },
  async handle(db, event, { provider, now, shop }) {
    let hints: SyncHints = {};
    if (event.type.startsWith("checkout.session.")) {
      if (!SESSION_PAID_EVENTS.has(event.type)) return; // expired / failed sign-ups start nothing
      const session = sessionInfoFromObject(event.object);
      if (session.paymentStatus === "unpaid") return; // a delayed payment: its own event follows
      hints = {
        userId: session.metadata.userId ?? session.clientReferenceId,
        paymentSessionId: session.id,
        planType: session.metadata.planType,
        amount: session.amountTotal,
        customerId: session.customerId,
      };
    }
    const subscriptionId = subscriptionIdOfEvent(event.type, event.object);
    if (!subscriptionId) return; // e.g. an invoice for something other than a subscription
    await syncSubscription(db, provider, subscriptionId, hints, now, { shopName: shop?.name });
  },
};
