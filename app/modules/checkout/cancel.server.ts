import type { Db } from "~/db/client.server";
import { paymentSessionOf } from "~/modules/orders/records.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { loggableMessage, processLog, type LogSource } from "~/utils/log.server";
import { cancelCheckout } from "./fulfilment.server";

/**
 * The customer walked away from the payment page. Their pending order (and only theirs, and
 * only with the order's cancel token from the payment page's cancel URL) is marked failed and
 * its stock released now; then the provider session is closed so it cannot be paid later (best
 * effort: a payment that still slips through is a late payment, handled by fulfilment with
 * re-reserve or refund). Null when no order of this customer has this id and token: nothing
 * changed.
 */
export async function cancelOrderCheckout(
  db: Db,
  provider: PaymentProvider,
  target: { orderId: number; userId: string; cancelToken: string },
  log: LogSource = processLog,
) {
  const result = await cancelCheckout(db, target, "failed");
  if (!result?.changed) return result;
  const order = await paymentSessionOf(db, target.orderId, target.userId);
  if (order?.sessionId && order.provider === provider.name) {
    await provider.expireCheckoutSession(order.sessionId).catch((error: unknown) => {
      log().warn({ orderId: target.orderId, sessionId: order.sessionId, reason: loggableMessage(error) }, "checkout: could not close the payment session of a cancelled checkout");
    });
  }
  return result;
}
