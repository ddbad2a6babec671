import { BadgePercent, Check, Crown, ShoppingCart, Timer } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import type { ProPlan, ProPlanType } from "~/modules/membership/plans";
import { formatPence } from "~/utils/money";
import { PlanCard } from "./plan-card";
import { YourMembership, type ProSubscriptionView } from "./your-membership";
import { memberSaving } from "~/modules/pricing/pricing";

/** What /pro's action answers when it does not redirect: the message, and which button it is about. */
export interface ProActionData {
  intent: "subscribe" | "manage" | null;
  plan: ProPlanType | null;
  error: string;
}

const BENEFITS = [
  { icon: BadgePercent, title: "Member prices", text: "Pay the PRO price on every product that has one, marked PRO in the shop." },
  { icon: ShoppingCart, title: "Savings you can see", text: "Your cart shows each PRO price and your total Pro Savings; checkout charges the member price." },
  { icon: Timer, title: "Starts at once", text: "Member prices apply in the catalogue, cart and checkout as soon as your payment goes through." },
  { icon: Check, title: "Cancel any time", text: "Cancel in Manage subscription and keep Pro until the end of the period you have paid for." },
];

/** The membership shown on /pro (`getMembershipSummary`). */
export interface ProMembershipView {
  isPremium: boolean;
  subscription: ProSubscriptionView | null;
  /** A provider customer exists, so "Manage subscription" has somewhere to go. */
  canManage: boolean;
}

export interface ProPageProps {
  signedIn: boolean;
  plans: ProPlan[];
  /** Pence saved per quarter on the quarterly plan (≤ 0: no badge). */
  quarterlySaving: number;
  membership: ProMembershipView | null;
  examples: { name: string; slug: string; price: number; premiumPrice: number }[];
  /** Back from the provider's sign-up page: applied now, or still being confirmed. */
  welcome: "active" | "pending" | null;
  cancelled: boolean;
  /** One token per page view (a double-click opens one sign-up session). */
  attempt: string;
  actionData?: ProActionData;
  /** Sign in, then back to /pro. */
  loginPath: string;
}

/** /pro: the plans, the member's own membership, what members get, member prices right now. */
export function ProPage({ plans, membership, examples, signedIn, welcome, cancelled, attempt, quarterlySaving, actionData, loginPath }: ProPageProps) {
  const navigation = useNavigation();
  const pendingPlan = navigation.state !== "idle" && navigation.formData?.get("intent") === "subscribe" ? navigation.formData.get("plan") : null;
  const subscription = membership?.subscription ?? null;
  const premium = membership?.isPremium ?? false;

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <section className="rounded-3xl bg-gradient-to-br from-amber-400 to-amber-600 px-6 py-10 text-slate-900 shadow-sm sm:px-10">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/20 px-3 py-1 text-sm font-semibold">
          <Crown aria-hidden className="h-4 w-4" /> Nearmint Pro
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Member prices on the cards you collect</h1>
        <p className="mt-3 max-w-2xl text-lg text-amber-950">
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

      {subscription && <YourMembership subscription={subscription} premium={premium} canManage={membership?.canManage ?? false} />}

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Choose your plan
        </h2>
        {!signedIn && (
          <p className="mt-2 text-sm text-slate-600">
            You need an account to subscribe.{" "}
            <Link to={loginPath} className="font-semibold text-amber-700 underline hover:text-amber-800">
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
              <PlanCard
                key={plan.type}
                plan={plan}
                current={current}
                busy={busy}
                premium={premium}
                attempt={attempt}
                quarterlySaving={quarterlySaving}
                error={actionData?.plan === plan.type && actionData.error ? actionData.error : null}
              />
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
                  <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-slate-900">PRO</span>
                  <span className="font-semibold text-slate-900">{formatPence(product.premiumPrice)}</span>
                  <span className="text-green-700">save {formatPence(memberSaving(product))}</span>
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
