import { data, redirect, useNavigation } from "react-router";
import { CardPaymentPanel } from "~/components/sandbox/card-payment-panel";
import { ClosedSessionPanel } from "~/components/sandbox/closed-session-panel";
import { SandboxFrame, SandboxPaymentLayout } from "~/components/sandbox/sandbox-frame";
import { readSandboxCardForm, sandboxSessionIdSchema } from "~/modules/payments/sandbox/card-form";
import { loadSandboxPage, paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { formatPence } from "~/utils/money";
import { paymentsFor } from "~/web/payments.server";
import { sandboxPageFor } from "~/web/sandbox-page.server";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/web/shell";
import type { Route } from "./+types/sandbox-checkout";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Test payment",
    description: "The shop's built-in test payment page. No real money is taken.",
    noindex: true,
  });

const sessionFor = (args: Pick<Route.LoaderArgs, "request" | "context" | "params">) =>
  sandboxPageFor(args, args.params.sessionId, { idSchema: sandboxSessionIdSchema, notFound: "Checkout session not found.", load: loadSandboxPage });

export async function loader(args: Route.LoaderArgs) {
  const { page } = await sessionFor(args);
  return data({ page }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { page, user } = await sessionFor(args);
  const card = readSandboxCardForm(await request.formData());
  if (!card.ok) return data({ message: card.message, cardNumber: "", declined: false }, { status: 400, headers: NO_STORE });
  const { cardNumber } = card;
  const result = await paySandboxSession(context.db, page.id, cardNumber, {
    dispatch: paymentsFor(context).dispatch,
    viewerId: user?.id ?? null,
  });
  switch (result.status) {
    case "paid":
      return redirect(result.redirectTo, { headers: NO_STORE });
    case "declined":
      return data({ message: "Your card was declined.", cardNumber, declined: true }, { status: 402, headers: NO_STORE });
    case "invalid":
      return data({ message: result.message, cardNumber, declined: false }, { status: 400, headers: NO_STORE });
    case "closed":
      return data({ message: null, cardNumber, declined: false }, { status: 409, headers: NO_STORE });
    default:
      throw data("Checkout session not found.", { status: 404 });
  }
}

type PageState = Route.ComponentProps["loaderData"]["page"];

const CLOSED_TEXTS: Record<string, { title: string; body: string }> = {
  complete: { title: "This payment is complete", body: "This checkout has already been paid." },
  expired: { title: "This checkout session has expired", body: "The time to pay ran out, so nothing was charged." },
  declined: { title: "Your card was declined.", body: "Nothing was charged. This attempt shows as Failed in your order history; your cart is as you left it." },
  cancelled: { title: "This checkout was cancelled", body: "Nothing was charged." },
};

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  // A decline answers 402, after which loaders are not re-run: take the new state from the action.
  const page: PageState = actionData?.declined ? { ...loaderData.page, state: "declined" } : loaderData.page;
  const shop = useShop();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.message && !actionData.declined ? actionData.message : null;
  const closed = CLOSED_TEXTS[page.state] ?? CLOSED_TEXTS.expired!;
  return (
    <SandboxFrame
      banner="TEST PAYMENT — no real money"
      shopName={shop.name}
      standsInFor="card payment provider's hosted page"
      note="No card is charged."
    >
      <SandboxPaymentLayout
        summaryHeadingId="pay-summary"
        summary={
          <>
            <p className="text-sm font-medium text-slate-500">Pay {shop.name}</p>
            <h1 id="pay-summary" className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-testid="sandbox-amount">
              {page.amountLabel}
            </h1>
            {page.description && <p className="mt-1 text-sm text-slate-500">{page.description}</p>}
            <ul className="mt-6 divide-y divide-slate-200 text-sm" aria-label="What you are paying for">
              {page.lines.map((line, i) => (
                <li key={i} className="flex items-start justify-between gap-4 py-3" data-testid="sandbox-line">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{line.name}</span>
                    {line.quantity > 1 && (
                      <span className="block text-slate-500">
                        Qty {line.quantity} × {formatPence(line.unitAmount)}
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 font-medium text-slate-900">{formatPence(line.total)}</span>
                </li>
              ))}
            </ul>
            <div className="flex justify-between border-t border-slate-300 pt-3 font-semibold text-slate-900">
              <span>Total due</span>
              <span>{page.amountLabel}</span>
            </div>
          </>
        }
      >
        {page.state !== "open" ? (
          <ClosedSessionPanel
            title={closed.title}
            body={closed.body}
            alert={page.state === "declined"}
            next={
              page.state === "complete" && page.successUrl
                ? { href: page.successUrl, label: "View your order" }
                : { to: "/cart", label: "Return to cart" }
            }
          />
        ) : (
          <CardPaymentPanel
            payLabel={`Pay ${page.amountLabel}`}
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
