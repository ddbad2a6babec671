import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox/provider.server";
import { createStripeProvider } from "./stripe-provider.server";

/**
 * The provider this shop uses, as loadEnv decided (`env.payments`, PAYMENTS): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the built-in sandbox (so `npm start` works offline and
 * never takes real money); a shop on an https address runs the sandbox only when asked to.
 */
export function createPaymentProvider(db: Db, env: Env): PaymentProvider {
  const planPrices = { monthly: env.PRO_MONTHLY_PRICE_PENCE, quarterly: env.PRO_QUARTERLY_PRICE_PENCE };
  if (env.payments === "stripe" && env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      planPriceIds: { monthly: env.STRIPE_PRICE_MONTHLY, quarterly: env.STRIPE_PRICE_QUARTERLY },
      planPrices,
    });
  }
  return createSandboxProvider(db, { publicUrl: env.publicUrl, planPrices });
}

// One provider per loaded environment: the Stripe client keeps its connection pool.
const cache = new WeakMap<Env, PaymentProvider>();

/**
 * The provider for a request (loaders/actions) or a background job. Routes get it, with the
 * shop's event dispatch, from `paymentsFor(context)` (app/web/payments.server.ts); jobs of
 * other modules may call this directly: it needs nothing but the database and the environment.
 */
export function paymentProviderFor(context: { db: Db; env: Env }): PaymentProvider {
  let provider = cache.get(context.env);
  if (!provider) {
    provider = createPaymentProvider(context.db, context.env);
    cache.set(context.env, provider);
  }
  return provider;
}
