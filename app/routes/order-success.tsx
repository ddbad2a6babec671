import { data, redirect } from "react-router";
import { z } from "zod";
import { OrderSuccessPage } from "~/components/checkout/order-success-page";
import { loadOrderConfirmation } from "~/modules/checkout/confirmation.server";
import { orderExistsForSession } from "~/modules/orders/queries.server";
import { getCurrentUser, loginRedirect } from "~/web/auth.server";
import { paymentsFor } from "~/web/payments.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/order-success";

const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_]{6,255}$/);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Order confirmation", description: "Your order confirmation.", noindex: true });

/**
 * The payment provider sends the customer here after paying. Fulfilment runs from here too
 * (idempotently), so the page is right even when the webhook is late. No session id, an
 * unknown one, or someone else's → home (spec §4: a lookup error goes to /), signed in or
 * not. Only a signed-out visitor holding the id of a real order is asked to log in (their
 * session may have ended while they paid); session ids are unguessable, so this tells a
 * stranger nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = sessionIdSchema.safeParse(new URL(request.url).searchParams.get("session_id"));
  if (!parsed.success) throw redirect("/");
  const user = await getCurrentUser(request, context);
  if (!user) throw (await orderExistsForSession(context.db, parsed.data)) ? loginRedirect(request) : redirect("/");
  const confirmation = await loadOrderConfirmation(context.db, paymentsFor(context).provider, {
    userId: user.id,
    sessionId: parsed.data,
    brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl },
    log: context.requestLog,
  });
  if (!confirmation) throw redirect("/");
  return data(confirmation, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  return <OrderSuccessPage {...loaderData} />;
}
