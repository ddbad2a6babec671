import { CircleAlert, FlaskConical, Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { loadSandboxPage, paySandboxSession } from "~/modules/payments/sandbox-checkout.server";
import { getCurrentUser, loginRedirect } from "~/utils/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/utils/use-shop";
import type { Route } from "./+types/sandbox-checkout";

const NO_STORE = { "Cache-Control": "private, no-store" };
const sessionIdSchema = z.string().regex(/^cs_sbx_[a-f0-9]{24}$/);
const payForm = z.object({ cardNumber: z.string().max(40) });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Test payment",
    description: "The shop's built-in test payment page. No real money is taken.",
    noindex: true,
  });

async function sessionFor({ request, context, params }: Pick<Route.LoaderArgs, "request" | "context" | "params">) {
  // With Stripe configured the sandbox is switched off entirely.
  if (paymentProviderFor(context).name !== "sandbox") throw data("Checkout session not found.", { status: 404 });
  const id = sessionIdSchema.safeParse(params.sessionId);
  if (!id.success) throw data("Checkout session not found.", { status: 404 });
  const user = await getCurrentUser(request, context);
  const page = await loadSandboxPage(context.db, id.data, user?.id ?? null);
  if (!page) {
    // It may be theirs once they sign in; otherwise it is simply not there for them.
    if (!user) throw loginRedirect(request);
    throw data("Checkout session not found.", { status: 404 });
  }
  return { page, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { page } = await sessionFor(args);
  return data({ page }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { page, user } = await sessionFor(args);
  const parsed = payForm.safeParse({ cardNumber: (await request.formData()).get("cardNumber") ?? "" });
  const cardNumber = parsed.success ? parsed.data.cardNumber : "";
  if (!parsed.success) {
    return data({ message: "Your card number is incorrect.", cardNumber, declined: false }, { status: 400, headers: NO_STORE });
  }
  const result = await paySandboxSession(context.db, page.id, cardNumber, {
    provider: paymentProviderFor(context),
    viewerId: user?.id ?? null,
    shop: context.shop,
    publicUrl: context.env.publicUrl,
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

function TestModeBanner() {
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-lg border-2 border-dashed border-orange-400 bg-orange-50 px-4 py-2 text-sm font-bold uppercase tracking-wide text-orange-800"
    >
      <FlaskConical aria-hidden className="h-4 w-4 shrink-0" />
      TEST PAYMENT — no real money
    </p>
  );
}

type PageState = Route.ComponentProps["loaderData"]["page"];

function ClosedState({ page }: { page: PageState }) {
  const texts: Record<string, { title: string; body: string }> = {
    complete: { title: "This payment is complete", body: "This checkout has already been paid." },
    expired: { title: "This checkout session has expired", body: "The time to pay ran out, so nothing was charged." },
    declined: { title: "Your card was declined.", body: "Nothing was charged and nothing was ordered." },
    cancelled: { title: "This checkout was cancelled", body: "Nothing was charged." },
  };
  const text = texts[page.state] ?? texts.expired!;
  return (
    <div className="space-y-4 p-6 sm:p-8" role={page.state === "declined" ? "alert" : "status"}>
      <h2 className="text-xl font-semibold text-slate-900">{text.title}</h2>
      <p className="text-slate-600">{text.body}</p>
      {page.state === "complete" && page.successUrl ? (
        <a href={page.successUrl} className="inline-flex rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
          View your order
        </a>
      ) : (
        <Link to="/cart" className="inline-flex rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
          Return to cart
        </Link>
      )}
    </div>
  );
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  // A decline answers 402, after which loaders are not re-run: take the new state from the action.
  const page: PageState = actionData?.declined ? { ...loaderData.page, state: "declined" } : loaderData.page;
  const shop = useShop();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.message && !actionData.declined ? actionData.message : null;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <TestModeBanner />
      <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
        <section aria-labelledby="pay-summary" className="border-b border-slate-200 bg-slate-50 p-6 sm:p-8 md:border-b-0 md:border-r">
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
        </section>

        {page.state !== "open" ? (
          <ClosedState page={page} />
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
                {busy ? "Processing..." : `Pay ${page.amountLabel}`}
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
        This is {shop.name}&apos;s built-in sandbox, standing in for the card payment provider&apos;s hosted page. No card is charged.
      </p>
    </div>
  );
}
