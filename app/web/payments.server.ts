/**
 * The composition root of payments. `app/modules/payments` is a port: it knows no business
 * module. The areas that react to its events are listed here, and what payments' own code
 * (the webhook, the sandbox's hosted pages, a billing run) needs from them is handed in from
 * here, as functions:
 *
 *   paymentsFor(context) → { provider, dispatch(event, { now }?), membership }
 *
 * Routes take the provider and the dispatch from it; the background jobs (server/jobs.ts) run
 * the provider's own billing through `runProviderBilling`.
 */
import type { AppLoadContext } from "react-router";
import type { Db } from "~/db/client.server";
import { orderPaymentEvents } from "~/modules/checkout/payment-events.server";
import { membershipPaymentEvents } from "~/modules/membership/payment-events.server";
import { PLAN_NAMES, periodLabel } from "~/modules/membership/plans";
import { isPremium } from "~/modules/membership/premium.server";
import {
  processPaymentEvent,
  type PaymentEventContext,
  type PaymentEventDispatch,
  type PaymentEventHandler,
  type ProcessOutcome,
} from "~/modules/payments/events.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { BillingRunResult, PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import type { SandboxMembership } from "~/modules/payments/sandbox/pro-pages.server";

/**
 * Every area that reacts to payment events, in one list. Stripe's webhook, the sandbox's
 * hosted pages and the sandbox's billing run all dispatch through it, so both providers take
 * exactly the same path. To react to more events, add a `PaymentEventHandler` here.
 */
export const PAYMENT_EVENT_HANDLERS: readonly PaymentEventHandler[] = [orderPaymentEvents, membershipPaymentEvents];

/** Records one event by id and runs the handlers above that want it (a replay changes nothing). */
export function dispatchPaymentEvent(
  db: Db,
  event: PaymentEvent,
  context: Omit<PaymentEventContext, "now"> & { now?: Date },
): Promise<ProcessOutcome> {
  return processPaymentEvent(db, event, PAYMENT_EVENT_HANDLERS, { ...context, now: context.now ?? new Date() });
}

/** The dispatch bound to one database and provider: what payments' webhook and pages take. */
export function paymentEventDispatcher(db: Db, context: Omit<PaymentEventContext, "now">): PaymentEventDispatch {
  return (event, options = {}) => dispatchPaymentEvent(db, event, { ...context, now: options.now });
}

/** Membership's facts for the sandbox's Pro pages (sign-up, portal): the port they take. */
export function sandboxMembershipFor(db: Db): SandboxMembership {
  return {
    planName: (planType) => PLAN_NAMES[planType],
    periodLabel,
    isMember: (userId, now) => isPremium(db, userId, now),
  };
}

/** What payments needs of the loaded context (a request's, or the one the jobs run with). */
type PaymentsContext = Pick<AppLoadContext, "db" | "env" | "shop">;

export interface Payments {
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox (one per loaded environment). */
  provider: PaymentProvider;
  /** The shop's payment-event dispatch, with this provider and the shop's details bound. */
  dispatch: PaymentEventDispatch;
  /** What the sandbox's Pro pages need to know about memberships. */
  membership: SandboxMembership;
}

/** Payments for a request (loaders/actions) or a background job. */
export function paymentsFor(context: PaymentsContext): Payments {
  const provider = paymentProviderFor(context);
  return {
    provider,
    dispatch: paymentEventDispatcher(context.db, { provider, shop: context.shop, publicUrl: context.env.publicUrl }),
    membership: sandboxMembershipFor(context.db),
  };
}

/**
 * The provider's own billing run, for a provider that simulates billing in this process (the
 * sandbox: renewals and cancellations at the period end), its events going through the
 * shop's dispatch. Null for Stripe, which bills on its side and sends webhooks. Safe on every
 * instance at once (guarded updates, fixed event ids).
 */
export async function runProviderBilling(context: PaymentsContext, now = new Date()): Promise<BillingRunResult | null> {
  const { provider, dispatch } = paymentsFor(context);
  if (!provider.advanceBilling) return null;
  return provider.advanceBilling((event) => dispatch(event, { now }), now);
}
