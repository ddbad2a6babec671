import type { ShopContext } from "~/load-context";
import { dispatchPaymentEvent } from "~/modules/payments/event-handlers.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { runSandboxBilling } from "~/modules/payments/sandbox-subscriptions.server";
import { expirePremiumStatuses } from "./premium.server";

/**
 * The membership's periodic work (server/jobs.ts):
 *   - with the sandbox provider, its billing run: subscriptions whose period ended are renewed
 *     (`invoice.paid`) or, when cancelled, ended (`customer.subscription.deleted`), through
 *     the same event dispatch as Stripe's webhooks (Stripe does this on its side);
 *   - the profile's premium cache is cleared for members whose paid period ran out.
 * Both are safe to run on every instance at once: sandbox changes are guarded updates with
 * fixed event ids, and the cache update is one idempotent statement.
 */
export async function runMembershipJobs(context: ShopContext, now = new Date()) {
  const provider = paymentProviderFor(context);
  const billing =
    provider.name === "sandbox"
      ? await runSandboxBilling(
          context.db,
          (event) => dispatchPaymentEvent(context.db, event, { provider, shop: context.shop, publicUrl: context.env.publicUrl, now }),
          now,
        )
      : null;
  const expired = await expirePremiumStatuses(context.db, now);
  return { billing, expired };
}
