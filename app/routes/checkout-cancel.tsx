import { redirect } from "react-router";
import { z } from "zod";
import { cartErrorPath } from "~/modules/checkout/checkout-errors";
import { cancelOrderCheckout } from "~/modules/checkout/cancel.server";
import { requireUser } from "~/web/auth.server";
import { paymentsFor } from "~/web/payments.server";
import type { Route } from "./+types/checkout-cancel";
import { MAX_INT4 } from "~/utils/db-id";

/** The order number and its cancel token (128 bits, base64url: 22 characters). */
const query = z.object({
  order: z.coerce.number().int().positive().max(MAX_INT4),
  token: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

/**
 * Where the payment page's Cancel link lands: the customer's own pending order is cancelled at
 * once (stock back, the payment session closed) instead of holding the stock until it expires,
 * then they are back at their cart.
 *
 * It must stay a GET (it is the provider's cancel_url), so any site could link here and the
 * SameSite=Lax session cookie would come along; order ids are sequential. The order's cancel
 * token, which only the payment page knows, is what proves the click came from there. Without
 * the right token (or for someone else's order) nothing changes and the cart is shown as it is;
 * the reservation then simply runs out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse({ order: params.get("order"), token: params.get("token") });
  if (!parsed.success) return redirect("/cart");
  const result = await cancelOrderCheckout(context.db, paymentsFor(context).provider, {
    orderId: parsed.data.order,
    userId: user.id,
    cancelToken: parsed.data.token,
  }, context.requestLog);
  return redirect(result ? cartErrorPath("cancelled") : "/cart");
}
