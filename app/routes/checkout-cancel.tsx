import { redirect } from "react-router";
import { z } from "zod";
import { cartErrorPath } from "~/modules/orders/checkout-errors";
import { cancelOrderCheckout } from "~/modules/orders/cancel.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { requireUser } from "~/utils/auth.server";
import type { Route } from "./+types/checkout-cancel";

const query = z.object({ order: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Where the payment page's Cancel link lands: the customer's own pending order is cancelled at
 * once (stock back, the payment session closed) instead of holding the stock until it expires,
 * then they are back at their cart. Someone else's order, or one already settled, is left alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const parsed = query.safeParse({ order: new URL(request.url).searchParams.get("order") });
  if (parsed.success) {
    await cancelOrderCheckout(context.db, paymentProviderFor(context), { orderId: parsed.data.order, userId: user.id });
  }
  return redirect(cartErrorPath("cancelled"));
}
