import { Crown } from "lucide-react";
import { data, redirect, useNavigation } from "react-router";
import { formatDate } from "~/components/ui/format-date";
import { CardPaymentPanel } from "~/components/sandbox/card-payment-panel";
import { ClosedSessionPanel } from "~/components/sandbox/closed-session-panel";
import { SandboxFrame, SandboxPaymentLayout } from "~/components/sandbox/sandbox-frame";
import { periodEnd } from "~/modules/payments/sandbox/billing-periods";
import { readSandboxCardForm, sandboxSessionIdSchema } from "~/modules/payments/sandbox/card-form";
import { loadSandboxSignup, paySandboxSignup } from "~/modules/payments/sandbox/pro-pages.server";
import { formatPence } from "~/utils/money";
import { paymentsFor } from "~/web/payments.server";
import { sandboxPageFor } from "~/web/sandbox-page.server";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/web/shell";
import type { Route } from "./+types/sandbox-subscription";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Test subscription payment",
    description: "The shop's built-in test page for Pro sign-ups. No real money is taken.",
    noindex: true,
  });

const sessionFor = (args: Pick<Route.LoaderArgs, "request" | "context" | "params">) =>
  sandboxPageFor(args, args.params.sessionId, {
    idSchema: sandboxSessionIdSchema,
    notFound: "Subscription session not found.",
    load: (db, id, viewerId) => loadSandboxSignup(db, id, viewerId, paymentsFor(args.context).membership),
  });

export async function loader(args: Route.LoaderArgs) {
  const { page } = await sessionFor(args);
  // If paid now, the first renewal falls one period from now (the sandbox bills from payment).
  const firstRenewal = periodEnd(new Date(), page.planType, 1).toISOString();
  return data({ page, firstRenewal }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { page, user } = await sessionFor(args);
  const card = readSandboxCardForm(await request.formData());
  if (!card.ok) return data({ message: card.message, cardNumber: "" }, { status: 400, headers: NO_STORE });
  const { cardNumber } = card;
  const { dispatch, membership } = paymentsFor(context);
  const result = await paySandboxSignup(context.db, page.id, cardNumber, { dispatch, membership, viewerId: user?.id ?? null });
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
    <SandboxFrame
      banner="TEST PAYMENT — no real money"
      shopName={shop.name}
      standsInFor="card payment provider's subscription page"
      note="No card is charged."
    >
      <SandboxPaymentLayout
        summaryHeadingId="subscribe-summary"
        summary={
          <>
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
          </>
        }
      >
        {page.state !== "open" ? (
          <ClosedSessionPanel
            title={page.state === "complete" ? "This subscription is paid" : "This sign-up page has expired"}
            body={page.state === "complete" ? "Your Pro membership has started." : "Nothing was charged. Please choose a plan again."}
            next={
              page.state === "complete" && page.successUrl
                ? { href: page.successUrl, label: "Continue" }
                : { to: "/pro", label: "Back to Pro plans" }
            }
          />
        ) : (
          <CardPaymentPanel
            payLabel={`Pay ${page.amountLabel} and subscribe`}
            busy={busy}
            error={error}
            cardNumber={actionData?.cardNumber ?? ""}
            cancelUrl={page.cancelUrl}
          />
        )}
      </SandboxPaymentLayout>
    </SandboxFrame>
  );
}
