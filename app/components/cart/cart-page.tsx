import { Crown, Lock, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Form, Link, useFetcher, useFetchers, useNavigation } from "react-router";
import { CART_SHIPPING_LABEL } from "~/config/constants";
import type { CartActionData } from "~/modules/cart/cart-form";
import type { CartLine, CartView } from "~/modules/cart/cart-view";
import { applyPendingChanges, type PendingCartChange } from "~/modules/cart/optimistic";
import type { CheckoutErrorCode } from "~/modules/checkout/checkout-errors";
import { creditToApply } from "~/modules/credit/credit-rules";
import { summarise } from "~/modules/pricing/pricing";
import { formatPence, penceToPounds } from "~/utils/money";
import { CartButton } from "./cart-button";
import { CartRow } from "./cart-row";

/** What the cart route's loader hands the page. */
export type CartPageData = CartView & {
  signedIn: boolean;
  checkout: { code: CheckoutErrorCode; message: string } | null;
  /** The signed-in customer's store credit balance, pence (0 for a guest). */
  storeCredit: number;
};

/** The cart forms still on their way to the server, as the optimistic view reads them. */
function usePendingCartChanges(): PendingCartChange[] {
  return useFetchers().flatMap((f) =>
    f.formData && f.formAction === "/cart" && f.formMethod?.toLowerCase() === "post"
      ? [
          {
            intent: f.formData.get("intent") as string | null,
            variantId: Number(f.formData.get("variantId")),
            quantity: Number(f.formData.get("quantity")),
          },
        ]
      : [],
  );
}

function useOptimisticLines(lines: CartLine[], isPremium: boolean): CartLine[] {
  return applyPendingChanges(lines, usePendingCartChanges(), isPremium);
}

/** The cart page: messages, the lines with their buttons, and the order summary with checkout. */
export function CartPageView({ loaderData, actionData }: { loaderData: CartPageData; actionData: CartActionData | undefined }) {
  const { notices, warnings, signedIn, storeCredit } = loaderData;
  const premium = loaderData.isPremium;
  const lines = useOptimisticLines(loaderData.lines, premium);
  const summary = summarise(lines, premium);
  const memberSummary = summarise(lines, true);
  const navigation = useNavigation();
  const [lastKey, setLastKey] = useState<string | null>(null);
  const last = useFetcher<CartActionData>({ key: lastKey ?? "cart-idle" });
  const pending = useFetchers().some((f) => f.formAction === "/cart" && f.state === "submitting");
  const checkingOut = navigation.state !== "idle" && navigation.formAction === "/checkout";

  const feedback: CartActionData | undefined = (lastKey ? last.data : undefined) ?? actionData;
  const feedbackLine = feedback?.variantId ? loaderData.lines.find((l) => l.variantId === feedback.variantId) : undefined;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shopping Cart</h1>

      {loaderData.checkout &&
        (loaderData.checkout.code === "cancelled" ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
            {loaderData.checkout.message}
          </p>
        ) : (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {loaderData.checkout.message}
            {loaderData.checkout.code === "missing_address" && (
              <>
                {" "}
                <Link to="/account?tab=profile&edit=1" className="underline">
                  Add your delivery address
                </Link>
              </>
            )}
          </p>
        ))}

      {notices.length > 0 && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Your cart was updated to match what is available now:</p>
          <ul className="mt-1 list-disc pl-5">
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}

      {warnings.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">Please lower these quantities before checking out:</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}

      {feedback?.message &&
        (feedback.ok ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
            {feedback.message}
          </p>
        ) : (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {feedbackLine && feedback.intent !== "add" ? `${feedbackLine.name}: ` : ""}
            {feedback.message}
          </p>
        ))}

      {lines.length === 0 ? (
        <section className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-16 text-center">
          <ShoppingCart aria-hidden className="h-12 w-12 text-slate-300" />
          <h2 className="mt-4 text-xl font-semibold text-slate-900">Your cart is empty</h2>
          <p className="mt-2 text-slate-600">Find something you like and add it to your cart.</p>
          <Link to="/" className="mt-6 inline-flex rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400">
            Continue Shopping
          </Link>
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="space-y-4 lg:col-span-2">
            {premium ? (
              <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                <Crown aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" />
                <span>
                  <strong className="font-semibold">Pro subscription active</strong>
                  {summary.proSavings > 0 ? ` – you're saving ${formatPence(summary.proSavings)} on this order.` : " – member prices apply wherever a product has one."}
                </span>
              </p>
            ) : (
              memberSummary.proSavings > 0 && (
                <p className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
                  <Crown aria-hidden className="h-4 w-4 shrink-0 text-amber-500" />
                  <span>Pro members would save {formatPence(memberSummary.proSavings)} on this cart.</span>
                  <Link to="/pro" className="font-semibold text-amber-700 underline hover:text-amber-800">
                    Get Pro prices
                  </Link>
                </p>
              )
            )}

            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Items in your cart</caption>
                <thead className="hidden bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:table-header-group">
                  <tr>
                    <th scope="col" className="px-4 py-3">Product</th>
                    <th scope="col" className="px-4 py-3">Price</th>
                    <th scope="col" className="px-4 py-3">Quantity</th>
                    <th scope="col" className="px-4 py-3 text-right">Total</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {lines.map((line) => (
                    <CartRow key={line.variantId} line={line} onSubmitted={setLastKey} />
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Link to="/" className="text-sm font-semibold text-amber-700 hover:text-amber-800">
                ← Continue Shopping
              </Link>
              <CartButton
                intent="clear"
                onSubmitted={setLastKey}
                label="Clear cart"
                className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-red-700"
              >
                Clear cart
              </CartButton>
            </div>
          </div>

          <aside aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
              Order Summary
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd data-testid="summary-subtotal" className="font-medium text-slate-900">{formatPence(summary.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{CART_SHIPPING_LABEL}</dt>
                <dd data-testid="summary-shipping" className="font-medium text-slate-900">{formatPence(summary.shipping)}</dd>
              </div>
              <div className={summary.proSavings > 0 ? "flex justify-between text-green-700" : "flex justify-between text-slate-600"}>
                <dt>Pro Savings</dt>
                <dd data-testid="summary-savings" className="font-medium">
                  {summary.proSavings > 0 ? `−${formatPence(summary.proSavings)}` : formatPence(0)}
                </dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="summary-total">{formatPence(summary.total)}</dd>
              </div>
            </dl>
            <Form method="post" action="/checkout" className="mt-5 space-y-3">
              {storeCredit > 0 && <StoreCreditChoice balance={storeCredit} total={summary.total} />}
              <details className="text-sm">
                <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Have a coupon code?</summary>
                <label htmlFor="coupon-code" className="sr-only">
                  Coupon code
                </label>
                <input
                  id="coupon-code"
                  name="couponCode"
                  maxLength={64}
                  autoComplete="off"
                  placeholder="Coupon code"
                  className="mt-2 w-full rounded-lg border border-slate-300 px-3 py-2 uppercase placeholder:normal-case"
                />
              </details>
              <button
                type="submit"
                disabled={checkingOut || pending}
                className="w-full rounded-lg bg-amber-500 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-400 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {checkingOut ? "Processing..." : "Proceed to Checkout"}
              </button>
            </Form>
            {!signedIn && <p className="mt-2 text-center text-xs text-slate-500">You will be asked to log in before paying.</p>}
            <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-slate-500">
              <Lock aria-hidden className="h-3.5 w-3.5" />
              Secure checkout with SSL encryption
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}

/**
 * Store credit at checkout: on by default when the customer has some, all of it (up to the
 * total) unless they type a smaller amount. The server works the figure out again from the
 * balance it locks; this only says what to expect.
 */
function StoreCreditChoice({ balance, total }: { balance: number; total: number }) {
  const covers = creditToApply(balance, total, null) === total;
  return (
    <fieldset className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <legend className="px-1 font-semibold text-emerald-900">Store credit</legend>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="useCredit" value="1" defaultChecked className="mt-1 h-4 w-4" />
        <span>
          Use my store credit (<span data-testid="credit-balance">{formatPence(balance)}</span> available)
          <span className="block text-xs text-emerald-800">
            {covers
              ? "It covers this whole order (before any coupon): no card payment needed."
              : "Up to all of it goes towards this order; the card pays the rest, shown on the payment page."}
          </span>
        </span>
      </label>
      <label htmlFor="credit-amount" className="mt-2 block text-xs text-slate-700">
        Amount to use (£, optional: blank uses as much as the order needs)
      </label>
      <input
        id="credit-amount"
        name="creditAmount"
        inputMode="decimal"
        maxLength={16}
        autoComplete="off"
        placeholder={penceToPounds(Math.min(balance, total))}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
      />
    </fieldset>
  );
}
