import { data } from "react-router";
import { handlePaymentWebhook } from "~/modules/payments/webhook.server";
import { paymentsFor } from "~/web/payments.server";
import type { Route } from "./+types/api-stripe-webhook";

/**
 * Stripe's webhook. The body is read raw (exactly the bytes Stripe signed) and verified
 * before anything is touched; a bad signature answers 400 and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const rawBody = await request.text();
  const { provider, dispatch } = paymentsFor(context);
  const result = await handlePaymentWebhook(provider, dispatch, rawBody, request.headers.get("stripe-signature"), context.requestLog);
  return data(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
