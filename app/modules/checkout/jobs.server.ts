import type { Db } from "~/db/client.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { Env } from "~/utils/env.server";
import { loggableMessage, processLog } from "~/utils/log.server";
import { releaseExpiredReservations } from "./reservations.server";

/**
 * Background job: expired reservations go back to stock (claimed with SKIP LOCKED, safe on
 * every instance), then their payment sessions are closed at the provider so a customer who
 * left the tab open cannot pay for stock that is no longer held (best effort: a payment that
 * still arrives is a late payment and is re-reserved or refunded).
 */
export async function runReservationSweep(context: { db: Db; env: Env }) {
  const result = await releaseExpiredReservations(context.db, new Date());
  if (result.orderIds.length === 0) return result;
  processLog().info({ orders: result.orderIds.length, units: result.units }, "checkout: expired checkouts released; units back in stock");
  const provider = paymentProviderFor(context);
  for (const session of result.sessions) {
    if (session.provider !== provider.name) continue;
    await provider.expireCheckoutSession(session.sessionId).catch((error: unknown) => {
      processLog().warn({ orderId: session.orderId, sessionId: session.sessionId, reason: loggableMessage(error) }, "checkout: could not close the payment session of an expired checkout");
    });
  }
  return result;
}
