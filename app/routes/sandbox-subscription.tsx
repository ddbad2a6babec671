import { CircleAlert, Crown, FlaskConical, Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { formatDate } from "~/components/account/format-date";
import { loadSandboxSignup, paySandboxSignup } from "~/modules/membership/sandbox-pages.server";
import { periodEnd } from "~/modules/payments/billing-periods";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { getCurrentUser, loginRedirect } from "~/utils/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/utils/use-shop";
import type { Route } from "./+types/sandbox-subscription";

const NO_STORE = { "Cache-Control": "private, no-store" };
const sessionIdSchema = z.string().regex(/^cs_sbx_[a-f0-9]{24}$/);
const payForm = z.object({ cardNumber: z.string().max(40) });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Test subscription payment",
    description: "The shop's built-in test page for Pro sign-ups. No real money is taken.",
    noindex: true,
  });

async function sessionFor({ request, context, params }: Pick<Route.LoaderArgs, "request" | "context" | "params">) {
  // With Stripe configured the sandbox is switched off entirely.
  if (paymentProviderFor(context).name !== "sandbox") throw data("Subscription session not found.", { status: 404 });
  const id = sessionIdSchema.safeParse(params.sessionId);
  if (!id.success) throw data("Subscription session not found.", { status: 404 });
  const user = await getCurrentUser(request, context);
  const page = await loadSandboxSignup(context.db, id.data, user?.id ?? null);
  if (!page) {
    if (!user) throw loginRedirect(request);
    throw data("Subscription session not found.", { status: 404 });
  }
  return { page, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { page } = await sessionFor(args);
  // If paid now, the first renewal falls one period from now (the sandbox bills from payment).
  const firstRenewal = periodEnd(new Date(), page.planType, 1).toISOString();
  return data({ page, firstRenewal }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { page, user } = await sessionFor(args);
  const parsed = payForm.safeParse({ cardNumber: (await request.formData()).get("cardNumber") ?? "" });
  const cardNumber = parsed.success ? parsed.data.cardNumber : "";
  if (!parsed.success) return data({ message: "Your card number is incorrect.", cardNumber }, { status: 400, headers: NO_STORE });
  const result = await paySandboxSignup(context.db, page.id, cardNumber, {
    provider: paymentProviderFor(context),
    viewerId: user?.id ?? null,
    shop: context.shop,
    publicUrl: context.env.publicUrl,
  });
  switch (result.status) {
    case "paid":
      return redirect(result.redirectTo, { headers: NO_STORE });
    case "declined":
      // As on Stripe's page: the card is refused, the page stays open for another card.
      return data({ message: "Your card was declined.", cardNumber }, { status: 402, headers: NO_STORE });
    case "invalid":
      return data({ message: result.message, cardNumber }, { status: 400, headers: NO_STORE });
    case "already_member":
      return data({ message: "You are already a Pro member, so nothing was charged.", cardNumber }, { status: 409, headers: NO_STORE });
    case "closed":
      return data({ message: null, cardNumber }, { status: 409, headers: NO_STORE });
    default:
      throw data("Subscription session not found.", { status: 404 });
  }
}

export default function SandboxSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const shop = useShop();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.message ?? null;
  const renewsOn = formatDate(loaderData.firstRenewal);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <p
        role="note"
        className="flex items-center gap-2 rounded-lg border-2 border-dashed border-orange-400 bg-orange-50 px-4 py-2 text-sm font-bold uppercase tracking-wide text-orange-800"
      >
        <FlaskConical aria-hidden className="h-4 w-4 shrink-0" />
        TEST PAYMENT — no real money
      </p>
      <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
        <section aria-labelledby="subscribe-summary" className="border-b border-slate-200 bg-slate-50 p-6 sm:p-8 md:border-b-0 md:border-r">
          <p className="text-sm font-medium text-slate-500">Subscribe to {shop.name}</p>
          <h1 id="subscribe-summary" className="mt-1 flex items-center gap-2 text-xl font-semibold text-slate-900">
            <Crown aria-hidden className="h-5 w-5 text-amber-500" /> {page.planName}
          </h1>
          <p className="mt-3">
            <span className="text-3xl font-bold tracking-tight text-slate-900" data-testid="sandbox-amount">
              {page.amountLabel}
            </span>{" "}
            <span className="text-slate-600">{page.periodLabel}</span>
          </p>
          <p className="mt-4 text-sm text-slate-600">
            Charged today, then every {page.planType === "quarterly" ? "3 months" : "month"} from {renewsOn} until you cancel.
            Cancel any time in Manage subscription; Pro lasts until the end of the period you paid for.
          </p>
          <div className="mt-6 flex justify-between border-t border-slate-300 pt-3 font-semibold text-slate-900">
            <span>Total due today</span>
            <span>{formatPence(page.amount)}</span>
          </div>
        </section>

        {page.state !== "open" ? (
          <section className="space-y-4 p-6 sm:p-8" role="status">
            <h2 className="text-xl font-semibold text-slate-900">
              {page.state === "complete" ? "This subscription is paid" : "This sign-up page has expired"}
            </h2>
            <p className="text-slate-600">
              {page.state === "complete" ? "Your Pro membership has started." : "Nothing was charged. Please choose a plan again."}
            </p>
            {page.state === "complete" && page.successUrl ? (
              <a href={page.successUrl} className="inline-flex rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
                Continue
              </a>
            ) : (
              <Link to="/pro" className="inline-flex rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
                Back to Pro plans
              </Link>
            )}
          </section>
        ) : (
          <section aria-labelledby="pay-heading" className="p-6 sm:p-8">
            <h2 id="pay-heading" className="text-lg font-semibold text-slate-900">
              Pay with card
            </h2>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <div>
                <label htmlFor="cardNumber" className="block text-sm font-medium text-slate-700">
                  Card number
                </label>
                <input
                  id="cardNumber"
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  maxLength={40}
                  required
                  autoFocus
                  defaultValue={actionData?.cardNumber ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "card-error card-hint" : "card-hint"}
                  className={`mt-1 block w-full rounded-lg border px-3 py-2.5 font-mono tracking-wider text-slate-900 shadow-sm focus:outline-none focus:ring-2 ${
                    error ? "border-red-400 focus:ring-red-200" : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-200"
                  }`}
                />
                {error && (
                  <p id="card-error" role="alert" className="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-700">
                    <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                    {error}
                  </p>
                )}
                <p id="card-hint" className="mt-2 text-xs text-slate-500">
                  Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
                </p>
              </div>
              <button
                type="submit"
                disabled={busy}
                className="flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-400 focus:ring-offset-2 disabled:opacity-60"
              >
                <Lock aria-hidden className="h-4 w-4" />
                {busy ? "Processing..." : `Pay ${page.amountLabel} and subscribe`}
              </button>
            </Form>
            <p className="mt-4 text-center">
              <a href={page.cancelUrl} className="text-sm font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
                Cancel
              </a>
            </p>
          </section>
        )}
      </div>
      <p className="text-center text-xs text-slate-500">
        This is {shop.name}&apos;s built-in sandbox, standing in for the card payment provider&apos;s subscription page. No card is charged.
      </p>
    </div>
  );
}
