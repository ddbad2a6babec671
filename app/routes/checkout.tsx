import { redirect } from "react-router";
import { z } from "zod";
import { cartErrorPath } from "~/modules/checkout/checkout-errors";
import { createCheckout } from "~/modules/checkout/checkout.server";
import { getCurrentUser } from "~/web/auth.server";
import { clientIp } from "~/web/client-ip.server";
import { paymentsFor } from "~/web/payments.server";
import { parsePounds } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/checkout";

/**
 * Only a coupon code and the store credit to use are read from the form. Prices, quantities,
 * products, the customer and their balance all come from the database and the session:
 * anything else a client sends is ignored.
 */
const checkoutForm = z.object({
  couponCode: z.string().trim().max(64).optional(),
  useCredit: z.literal("1").optional(),
  creditAmount: z.string().trim().max(16).optional(),
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Checkout", description: "Secure checkout.", noindex: true });

/** There is no checkout page: the cart is where checkout starts. */
export function loader() {
  return redirect("/cart");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  // Back to the cart after signing in, not to this POST-only URL.
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent("/cart")}`);

  const form = await request.formData();
  const parsed = checkoutForm.safeParse({
    couponCode: form.get("couponCode") ?? undefined,
    useCredit: form.get("useCredit") ?? undefined,
    creditAmount: form.get("creditAmount") ?? undefined,
  });
  if (!parsed.success) return redirect(cartErrorPath(parsed.error.issues[0]?.path[0] === "couponCode" ? "invalid_coupon" : "credit_invalid"));
  // Blank: all the credit the customer has (up to the total); otherwise pounds as typed.
  const typed = parsed.data.creditAmount ? parsePounds(parsed.data.creditAmount) : null;
  if (parsed.data.useCredit && parsed.data.creditAmount && (typed === null || typed <= 0)) return redirect(cartErrorPath("credit_invalid"));

  const result = await createCheckout(
    context.db,
    { userId: user.id, couponCode: parsed.data.couponCode, ipAddress: clientIp(request), credit: { use: Boolean(parsed.data.useCredit), amount: typed } },
    paymentsFor(context).provider,
    {
      publicUrl: context.env.publicUrl,
      reservationMinutes: context.env.RESERVATION_MINUTES,
      brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl },
      log: context.requestLog,
    },
  );
  if (!result.ok) {
    // A customer's outcome, not a fault: one structured line (at info), not a blocking console write per refusal of a drop's crowd.
    context.requestLog?.().info({ userId: user.id, code: result.code }, "checkout refused");
    return redirect(cartErrorPath(result.code, result.productName));
  }
  return redirect(result.url);
}
