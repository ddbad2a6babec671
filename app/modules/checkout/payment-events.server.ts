import type { PaymentEventHandler } from "~/modules/payments/events.server";
import { sessionInfoFromObject } from "~/modules/payments/session-object";
import { cancelCheckout, fulfilCheckout } from "./fulfilment.server";

const PAID_TYPES = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Orders' reaction to provider events about one-off payments (Checkout Sessions in payment
 * mode). Subscription-mode sessions are left to the membership handler.
 */
export const orderPaymentEvents: PaymentEventHandler = {
  name: "orders",
  handles(event) {
    return event.type.startsWith("checkout.session.") && event.object.mode !== "subscription";
  },
  async handle(db, event, { provider, now, shop, publicUrl }) {
    const session = sessionInfoFromObject(event.object);
    if (PAID_TYPES.has(event.type)) {
      // `completed` with payment_status "unpaid" is a delayed payment method still in
      // flight: its async_payment_succeeded / _failed event comes later.
      if (session.paymentStatus === "unpaid") return;
      await fulfilCheckout(db, session.id, { provider, session, now, brand: { shopName: shop?.name, publicUrl } });
    } else if (event.type === "checkout.session.async_payment_failed") {
      await cancelCheckout(db, { sessionId: session.id }, "failed", now);
    } else if (event.type === "checkout.session.expired") {
      await cancelCheckout(db, { sessionId: session.id }, "expired", now);
    }
  },
};
