import type { Db } from "~/db/client.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import type { EmailBranding, RefundCause } from "~/modules/orders/emails.server";
import { processLog, type LogSource } from "~/utils/log.server";
import { fulfilCheckout, orderRefundCause } from "./fulfilment.server";
import { findUserOrderBySession } from "~/modules/orders/queries.server";

export interface OrderConfirmation {
  orderId: number;
  /** completed (incl. dispatched) | processing (payment not confirmed yet) | refunded | not_completed */
  state: "completed" | "processing" | "refunded" | "not_completed";
  email: string;
  totalAmount: number;
  /** Pence of the total paid with store credit. */
  creditAmount: number;
  /** This request completed the order (and emptied the cart lines). */
  cartCleared: boolean;
  /** Refunded: why the payment could not be honoured (stock, coupon, a drop's limit or time to buy). */
  refundCause: RefundCause | null;
}

/**
 * The order-success page's data. Only the customer's own order is shown; for it, fulfilment
 * runs here as well as in the webhook (whichever is first wins, the other changes nothing).
 * If the provider cannot be asked right now, the page shows what the database knows.
 */
export async function loadOrderConfirmation(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string; sessionId: string; brand?: EmailBranding; log?: LogSource },
): Promise<OrderConfirmation | null> {
  const order = await findUserOrderBySession(db, input.userId, input.sessionId);
  if (!order) return null;
  let cartCleared = false;
  if (order.status === "pending" || order.status === "expired" || order.status === "failed") {
    try {
      const result = await fulfilCheckout(db, input.sessionId, { provider, brand: input.brand });
      cartCleared = result.status === "completed" && result.changed;
    } catch (error) {
      (input.log ?? processLog)().error({ sessionId: input.sessionId, err: error }, "checkout: the success page could not confirm its payment session");
    }
  }
  const fresh = (await findUserOrderBySession(db, input.userId, input.sessionId)) ?? order;
  const state =
    fresh.status === "completed" || fresh.status === "dispatched"
      ? "completed"
      : fresh.status === "refunded"
        ? "refunded"
        : fresh.status === "pending"
          ? "processing"
          : "not_completed";
  const refundCause = state === "refunded" ? await orderRefundCause(db, fresh.id) : null;
  return { orderId: fresh.id, state, email: fresh.email, totalAmount: fresh.totalAmount, creditAmount: fresh.creditAmount, cartCleared, refundCause };
}
