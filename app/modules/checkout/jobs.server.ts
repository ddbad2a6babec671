import type { Db } from "~/db/client.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { Env } from "~/utils/env.server";
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
  console.log(`[checkout] ${result.orderIds.length} checkout(s) expired, ${result.units} unit(s) back in stock`);
  const provider = paymentProviderFor(context);
  for (const session of result.sessions) {
    if (session.provider !== provider.name) continue;
    await provider.expireCheckoutSession(session.sessionId).catch((error: unknown) => {
      console.warn(`[checkout] could not close session ${session.sessionId} of order ${session.orderId}:`, (error as Error).message);
    });
  }
  return result;
}
