/**
 * Every area that reacts to payment events, in one list. The Stripe webhook and the sandbox's
 * hosted page both dispatch through here, so both providers take exactly the same path.
 * To react to more events (e.g. Pro subscriptions), add a handler to PAYMENT_EVENT_HANDLERS.
 */
import type { Db } from "~/db/client.server";
import { membershipPaymentEvents } from "~/modules/membership/payment-events.server";
import { orderPaymentEvents } from "~/modules/orders/payment-events.server";
import { processPaymentEvent, type PaymentEventContext, type PaymentEventHandler } from "./events.server";
import type { PaymentEvent } from "./provider";

export const PAYMENT_EVENT_HANDLERS: PaymentEventHandler[] = [orderPaymentEvents, membershipPaymentEvents];

export function dispatchPaymentEvent(
  db: Db,
  event: PaymentEvent,
  context: Omit<PaymentEventContext, "now"> & { now?: Date },
) {
  return processPaymentEvent(db, event, PAYMENT_EVENT_HANDLERS, { ...context, now: context.now ?? new Date() });
}
