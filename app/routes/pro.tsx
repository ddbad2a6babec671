import { BadgePercent, Check, Crown, ShoppingCart, Timer } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatDate } from "~/components/account/format-date";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { ManageSubscriptionButton } from "~/components/membership/manage-subscription-button";
import { periodLabel, PLAN_NAMES, PLAN_TYPES, proPlans, quarterlySaving, type ProPlanType } from "~/modules/membership/plans";
import {
  confirmSubscriptionCheckout,
  getMembershipSummary,
  memberPriceExamples,
  openBillingPortal,
  startSubscription,
  type ConfirmResult,
} from "~/modules/membership/subscriptions.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { getCurrentUser } from "~/utils/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/pro";

const PRIVATE = { "Cache-Control": "private, no-store" };
const LOGIN_PATH = `/login?redirectTo=${encodeURIComponent("/pro")}`;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Nearmint Pro membership",
    description: "Pro members pay member prices on every product marked PRO. Monthly or quarterly, cancel any time.",
  });

const sessionIdSchema = z.string().min(1).max(255).regex(/^[A-Za-z0-9_]+$/);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request, context);
  const provider = paymentProviderFor(context);

  // Back from the provider's page: apply the sign-up now rather than wait for its event.
  let welcome: ConfirmResult["status"] | null = null;
  const sessionId = sessionIdSchema.safeParse(url.searchParams.get("session_id"));
  if (sessionId.success && user) {
    welcome = (await confirmSubscriptionCheckout(context.db, provider, sessionId.data, user.id)).status;
  }

  const prices: Record<ProPlanType, number> = {
    monthly: context.env.PRO_MONTHLY_PRICE_PENCE,
    quarterly: context.env.PRO_QUARTERLY_PRICE_PENCE,
  };
  const [membership, examples] = await Promise.all([
    user ? getMembershipSummary(context.db, user.id, provider.name) : null,
    memberPriceExamples(context.db),
  ]);
  return data(
    {
      signedIn: user !== null,
      plans: proPlans(prices),
      quarterlySaving: quarterlySaving(prices),
      membership,
      examples,
      welcome: welcome === "not_found" ? null : welcome,
      cancelled: url.searchParams.get("cancelled") === "1",
      // One token per page view: a double-click opens one sign-up session, a new visit a new one.
      attempt: crypto.randomUUID(),
    },
    { headers: PRIVATE },
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), plan: z.enum(PLAN_TYPES), attempt: z.uuid() }),
  z.object({ intent: z.literal("manage") }),
]);

export interface ProActionData {
  intent: "subscribe" | "manage" | null;
  plan: ProPlanType | null;
  error: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    return data<ProActionData>(
      { intent: null, plan: null, error: "Please choose the monthly or the quarterly plan and try again." },
      { status: 400, headers: PRIVATE },
    );
  }
  const user = await getCurrentUser(request, context);
  const provider = paymentProviderFor(context);
  const config = { publicUrl: context.env.publicUrl };
  const result =
    parsed.data.intent === "subscribe"
      ? await startSubscription(context.db, provider, { user, planType: parsed.data.plan, attempt: parsed.data.attempt }, config)
      : await openBillingPortal(context.db, provider, { userId: user?.id ?? null }, config);
  if (result.ok) return redirect(result.url, { headers: PRIVATE });
  // "User not authenticated": sign in, then come back here to subscribe.
  if (result.code === "unauthenticated") return redirect(LOGIN_PATH, { headers: PRIVATE });
  return data<ProActionData>(
    { intent: parsed.data.intent, plan: parsed.data.intent === "subscribe" ? parsed.data.plan : null, error: result.message },
    { status: result.status, headers: PRIVATE },
  );
}

const BENEFITS = [
  { icon: BadgePercent, title: "Member prices", text: "Pay the PRO price on every product that has one, marked PRO in the shop." },
  { icon: ShoppingCart, title: "Savings you can see", text: "Your cart shows each PRO price and your total Pro Savings; checkout charges the member price." },
  { icon: Timer, title: "Starts at once", text: "Member prices apply in the catalogue, cart and checkout as soon as your payment goes through." },
  { icon: Check, title: "Cancel any time", text: "Cancel in Manage subscription and keep Pro until the end of the period you have paid for." },
];

export default function Pro({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, membership, examples, signedIn, welcome, cancelled, attempt } = loaderData;
  const navigation = useNavigation();
  const pendingPlan = navigation.state !== "idle" && navigation.formData?.get("intent") === "subscribe" ? navigation.formData.get("plan") : null;
  const subscription = membership?.subscription ?? null;
  const premium = membership?.isPremium ?? false;

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <section className="rounded-3xl bg-gradient-to-br from-amber-400 to-amber-600 px-6 py-10 text-white shadow-sm sm:px-10">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/20 px-3 py-1 text-sm font-semibold">
          <Crown aria-hidden className="h-4 w-4" /> Nearmint Pro
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Member prices on the cards you collect</h1>
        <p className="mt-3 max-w-2xl text-lg text-amber-50">
          Join Pro monthly or quarterly and pay the PRO price on every product that has one. Cancel whenever you like.
        </p>
      </section>

      <div className="space-y-3" aria-live="polite">
        {welcome === "active" && (
          <FormNotice>
            <strong className="font-semibold">Welcome to Pro!</strong> Member prices now apply in the catalogue, your cart and
            at checkout.
          </FormNotice>
        )}
        {welcome === "pending" && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Thank you! We are still confirming your payment with the payment provider. This usually takes a few seconds:{" "}
            <Link to="/pro" className="font-semibold underline">
              refresh this page
            </Link>
            .
          </div>
        )}
        {cancelled && !premium && (
          <div role="status" className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            Subscription not started: nothing was charged. You can choose a plan whenever you are ready.
          </div>
        )}
        {actionData?.error && <FormError>{actionData.error}</FormError>}
      </div>

      {subscription && (
        <section aria-labelledby="membership-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="membership-heading" className="text-lg font-semibold text-slate-900">
            Your membership
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-slate-700">
            <span className="font-semibold text-slate-900">{PLAN_NAMES[subscription.planType as ProPlanType] ?? subscription.planType}</span>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${
                subscription.status === "active" ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
              }`}
            >
              {subscription.status === "active" ? "Active" : subscription.status === "past_due" ? "Payment failed" : subscription.status}
            </span>
            <span>
              {formatPence(subscription.amount)} {periodLabel(subscription.planType)}
            </span>
            {subscription.currentPeriodEnd && premium && (
              <span data-testid="pro-period-end">
                {subscription.cancelAtPeriodEnd ? "Pro until " : "Renews on "}
                {formatDate(subscription.currentPeriodEnd)}
              </span>
            )}
          </div>
          {!premium && (
            <p className="mt-3 text-sm text-amber-900">
              {subscription.status === "past_due"
                ? "Your last payment did not go through, so member prices are paused. Open Manage subscription to sort it out."
                : "Your paid period has ended, so member prices no longer apply."}
            </p>
          )}
          {membership?.canManage && (
            <div className="mt-4">
              <ManageSubscriptionButton />
            </div>
          )}
        </section>
      )}

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Choose your plan
        </h2>
        {!signedIn && (
          <p className="mt-2 text-sm text-slate-600">
            You need an account to subscribe.{" "}
            <Link to={LOGIN_PATH} className="font-semibold text-amber-700 underline hover:text-amber-800">
              Sign in
            </Link>{" "}
            or{" "}
            <Link to="/register" className="font-semibold text-amber-700 underline hover:text-amber-800">
              create an account
            </Link>
            .
          </p>
        )}
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          {plans.map((plan) => {
            const current = premium && subscription?.planType === plan.type;
            const busy = pendingPlan === plan.type;
            return (
              <article
                key={plan.type}
                aria-labelledby={`plan-${plan.type}`}
                className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.type === "quarterly" ? "border-amber-400 ring-1 ring-amber-400" : "border-slate-200"}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 id={`plan-${plan.type}`} className="text-lg font-semibold text-slate-900">
                    {plan.name}
                  </h3>
                  {plan.type === "quarterly" && loaderData.quarterlySaving > 0 && (
                    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
                      Save {formatPence(loaderData.quarterlySaving)} a quarter
                    </span>
                  )}
                </div>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid={`plan-price-${plan.type}`}>
                    {formatPence(plan.amount)}
                  </span>{" "}
                  <span className="text-slate-600">{plan.periodLabel}</span>
                </p>
                <p className="mt-1 text-sm text-slate-500">{plan.billingNote} until you cancel.</p>
                <div className="mt-6 flex-1" />
                {current ? (
                  <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center font-semibold text-green-800">Your current plan</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="subscribe" />
                    <input type="hidden" name="plan" value={plan.type} />
                    <input type="hidden" name="attempt" value={attempt} />
                    <button
                      type="submit"
                      disabled={busy || premium}
                      className="w-full rounded-lg bg-amber-500 px-5 py-3 font-semibold text-white shadow-sm hover:bg-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-400 focus:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
                    >
                      {busy ? "Processing..." : `Subscribe ${plan.type}`}
                    </button>
                  </Form>
                )}
                {actionData?.plan === plan.type && actionData.error && (
                  <p className="mt-2 text-sm font-medium text-red-700">{actionData.error}</p>
                )}
              </article>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          What members get
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
              <div>
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {examples.length > 0 && (
        <section aria-labelledby="examples-heading">
          <h2 id="examples-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Member prices right now
          </h2>
          <ul className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {examples.map((product) => (
              <li key={product.slug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <Link to={`/products/${product.slug}`} className="min-w-0 font-medium text-slate-900 hover:text-amber-700">
                  {product.name}
                </Link>
                <span className="flex items-baseline gap-2 text-sm">
                  <span className="text-slate-500 line-through">
                    <span className="sr-only">Normal price </span>
                    {formatPence(product.price)}
                  </span>
                  <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white">PRO</span>
                  <span className="font-semibold text-slate-900">{formatPence(product.premiumPrice)}</span>
                  <span className="text-green-700">save {formatPence(product.price - product.premiumPrice)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="text-sm text-slate-500">
        Prices include VAT where applicable. Your membership renews automatically at the end of each period until you cancel;
        cancelling stops the next renewal and you keep member prices until the period ends.
      </p>
    </div>
  );
}
