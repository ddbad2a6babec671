import { Crown, Lock, Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useFetcher, useFetchers, useNavigation, useSubmit } from "react-router";
import { CART_LOW_STOCK_THRESHOLD, CART_SHIPPING_LABEL } from "~/config/constants";
import { parseCartForm, type CartIntent } from "~/modules/cart/cart-form";
import {
  addItem,
  addRefusal,
  CartOwnerGoneError,
  changeQuantity,
  clearCart,
  getCart,
  removeItem,
  setQuantity,
  type CartLine,
  type CartResult,
} from "~/modules/cart/cart.server";
import { summarise } from "~/modules/cart/pricing";
import {
  CHECKOUT_ERROR_ITEM_PARAM,
  CHECKOUT_ERROR_PARAM,
  checkoutErrorMessage,
  isCheckoutErrorCode,
} from "~/modules/orders/checkout-errors";
import { isPremium } from "~/modules/membership/premium.server";
import { resolveCartOwner } from "~/utils/guest-cart.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your cart",
    description: "Review the items in your cart, member prices and shipping before checking out.",
    noindex: true,
  });

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A cart is personal: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, user, setCookie } = await resolveCartOwner(request, context);
  const premium = user ? await isPremium(context.db, user.id) : false;
  const view = owner
    ? await getCart(context.db, owner, { isPremium: premium })
    : { lines: [], summary: summarise([], premium), isPremium: premium, notices: [], warnings: [] };
  const headers = new Headers(PRIVATE);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // The checkout action sends the customer back here with a code when it cannot start.
  const url = new URL(request.url);
  const code = url.searchParams.get(CHECKOUT_ERROR_PARAM);
  const checkout = isCheckoutErrorCode(code)
    ? { code, message: checkoutErrorMessage(code, url.searchParams.get(CHECKOUT_ERROR_ITEM_PARAM)) }
    : null;
  return data({ ...view, signedIn: user !== null, checkout }, { headers });
}

export interface CartActionData {
  ok: boolean;
  intent: CartIntent | null;
  productId: number | null;
  message: string | null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseCartForm(await request.formData());
  if (!parsed.ok) {
    return data<CartActionData>(
      { ok: false, intent: parsed.intent, productId: parsed.productId, message: parsed.message },
      { status: 400, headers: PRIVATE },
    );
  }
  const db = context.db;
  // Only an add may start a guest cart, and only one that can succeed: the product is checked
  // first, so posts of unknown, hidden or sold-out products (bots) create no guest_carts row
  // and set no cookie. Every other change needs a cart that exists already.
  const refused = parsed.intent === "add" ? await addRefusal(db, parsed.productId, parsed.quantity) : null;
  const { owner, setCookie } = await resolveCartOwner(request, context, { create: parsed.intent === "add" && refused === null });
  const headers = new Headers(PRIVATE);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  const productId = "productId" in parsed ? parsed.productId : null;

  let result: CartResult;
  if (refused) {
    result = refused;
  } else if (!owner) {
    result =
      parsed.intent === "clear"
        ? { ok: true, quantity: 0 }
        : { ok: false, status: 404, message: "That item is not in your cart." };
  } else {
    try {
      switch (parsed.intent) {
        case "add":
          result = await addItem(db, owner, parsed.productId, parsed.quantity);
          break;
        case "update":
          result = await setQuantity(db, owner, parsed.productId, parsed.quantity);
          break;
        case "increment":
          result = await changeQuantity(db, owner, parsed.productId, 1);
          break;
        case "decrement":
          result = await changeQuantity(db, owner, parsed.productId, -1);
          break;
        case "remove":
          await removeItem(db, owner, parsed.productId);
          result = { ok: true, quantity: 0 };
          break;
        case "clear":
          await clearCart(db, owner);
          result = { ok: true, quantity: 0 };
          break;
      }
    } catch (error) {
      if (!(error instanceof CartOwnerGoneError)) throw error;
      result = { ok: false, status: 409, message: "Your cart changed in another window. Please try again." };
    }
  }

  if (!result.ok) {
    return data<CartActionData>(
      { ok: false, intent: parsed.intent, productId, message: result.message },
      { status: result.status, headers },
    );
  }
  // A plain form post (no JavaScript) goes back where it came from; fetchers send no redirectTo.
  if (parsed.redirectTo) return redirect(parsed.redirectTo, { headers });
  return data<CartActionData>(
    { ok: true, intent: parsed.intent, productId, message: result.notice ?? null },
    { headers },
  );
}

/** Pending cart submissions, applied in order to the server's lines (optimistic UI). */
function useOptimisticLines(lines: CartLine[]): CartLine[] {
  const fetchers = useFetchers();
  let quantities = new Map(lines.map((l) => [l.productId, l.quantity]));
  for (const f of fetchers) {
    if (!f.formData || f.formAction !== "/cart" || f.formMethod?.toLowerCase() !== "post") continue;
    const intent = f.formData.get("intent");
    const id = Number(f.formData.get("productId"));
    if (intent === "clear") {
      quantities = new Map([...quantities.keys()].map((k) => [k, 0]));
      continue;
    }
    if (!quantities.has(id)) continue;
    const q = quantities.get(id)!;
    if (intent === "increment") quantities.set(id, q + 1);
    else if (intent === "decrement") quantities.set(id, q - 1);
    else if (intent === "remove") quantities.set(id, 0);
    else if (intent === "update") quantities.set(id, Number(f.formData.get("quantity")) || 0);
  }
  return lines
    .map((line) => {
      // Pending clicks never show more than the cap; a line already above it (see warnings) stays as stored.
      const upper = Math.max(line.quantity, line.maxQuantity);
      const quantity = Math.max(0, Math.min(quantities.get(line.productId) ?? 0, upper));
      return { ...line, quantity, lineTotal: line.unitPrice * quantity, normalLineTotal: line.price * quantity };
    })
    .filter((line) => line.quantity > 0);
}

let submissionCounter = 0;

/**
 * One button in its own form. Without JavaScript it is a plain POST that redirects back to the
 * cart; with it, every click is its own fetcher (a unique key), so rapid clicks are never
 * cancelled or merged: each reaches the server, which applies them one guarded step at a time.
 */
function CartButton({
  intent,
  productId,
  onSubmitted,
  className,
  disabled,
  label,
  children,
}: {
  intent: CartIntent;
  productId?: number;
  onSubmitted: (key: string) => void;
  className: string;
  disabled?: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="post"
      action="/cart"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        formData.delete("redirectTo");
        const key = `cart-${intent}-${productId ?? "all"}-${++submissionCounter}`;
        onSubmitted(key);
        void submit(formData, { method: "post", action: "/cart", navigate: false, fetcherKey: key, preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {productId !== undefined && <input type="hidden" name="productId" value={productId} />}
      <input type="hidden" name="redirectTo" value="/cart" />
      <button type="submit" className={className} disabled={disabled} aria-label={label} title={label}>
        {children}
      </button>
    </Form>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, warnings, signedIn } = loaderData;
  const premium = loaderData.isPremium;
  const lines = useOptimisticLines(loaderData.lines);
  const summary = summarise(lines, premium);
  const memberSummary = summarise(lines, true);
  const navigation = useNavigation();
  const [lastKey, setLastKey] = useState<string | null>(null);
  const last = useFetcher<CartActionData>({ key: lastKey ?? "cart-idle" });
  const pending = useFetchers().some((f) => f.formAction === "/cart" && f.state === "submitting");
  const checkingOut = navigation.state !== "idle" && navigation.formAction === "/checkout";

  const feedback: CartActionData | undefined = (lastKey ? last.data : undefined) ?? actionData;
  const feedbackLine = feedback?.productId ? loaderData.lines.find((l) => l.productId === feedback.productId) : undefined;

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
          <Link to="/" className="mt-6 inline-flex rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-white hover:bg-amber-600">
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
                    <CartRow key={line.productId} line={line} onSubmitted={setLastKey} />
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
                className="w-full rounded-lg bg-amber-500 px-5 py-3 font-semibold text-white hover:bg-amber-600 disabled:cursor-not-allowed disabled:opacity-60"
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

function CartRow({ line, onSubmitted }: { line: CartLine; onSubmitted: (key: string) => void }) {
  const atCap = line.quantity >= line.maxQuantity;
  const stepButton =
    "grid h-9 w-9 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <tr data-testid="cart-line" data-product-id={line.productId} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 p-4 sm:table-row sm:p-0">
      <td className="col-span-2 sm:px-4 sm:py-4">
        <div className="flex items-start gap-3">
          <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100">
            {line.imageUrl ? (
              <img src={line.imageUrl} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-cover" />
            ) : (
              <ShoppingCart aria-hidden className="h-6 w-6 text-slate-300" />
            )}
          </div>
          <div className="min-w-0 space-y-1">
            <Link to={`/products/${line.slug}`} className="block font-semibold text-slate-900 hover:text-amber-700">
              {line.name}
            </Link>
            {line.limitPerCustomer !== null && <p className="text-xs text-slate-500">Limit: {line.limitPerCustomer} per customer</p>}
            {line.stock < CART_LOW_STOCK_THRESHOLD && (
              <p className="text-xs font-medium text-orange-700">Only {line.stock} left in stock</p>
            )}
            <div>
              <CartButton
                intent="remove"
                productId={line.productId}
                onSubmitted={onSubmitted}
                label={`Remove ${line.name}`}
                className="inline-flex items-center gap-1 rounded py-1 text-xs font-medium text-slate-500 hover:text-red-700"
              >
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> Remove
              </CartButton>
            </div>
          </div>
        </div>
      </td>
      <td className="self-center sm:px-4 sm:py-4" data-testid="line-price">
        <span className="sr-only sm:hidden">Price: </span>
        <span className="inline-flex flex-wrap items-center gap-x-2">
          {line.usesPremium && (
            <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white" title="Pro member price">
              PRO
            </span>
          )}
          <span className="font-medium text-slate-900">{formatPence(line.unitPrice)}</span>
          {line.usesPremium && (
            <s className="text-xs text-slate-400">
              <span className="sr-only">normal price </span>
              {formatPence(line.price)}
            </s>
          )}
        </span>
      </td>
      <td className="row-start-3 sm:px-4 sm:py-4">
        <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${line.name}`}>
          <CartButton intent="decrement" productId={line.productId} onSubmitted={onSubmitted} label={`Decrease quantity of ${line.name}`} className={stepButton}>
            <Minus aria-hidden className="h-4 w-4" />
          </CartButton>
          <output data-testid="line-quantity" aria-live="polite" className="w-8 text-center font-semibold text-slate-900">
            {line.quantity}
          </output>
          <CartButton
            intent="increment"
            productId={line.productId}
            onSubmitted={onSubmitted}
            label={`Increase quantity of ${line.name}`}
            disabled={atCap}
            className={stepButton}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </CartButton>
        </div>
      </td>
      <td className="row-start-3 self-center text-right font-semibold text-slate-900 sm:px-4 sm:py-4" data-testid="line-total">
        <span className="sr-only sm:hidden">Total: </span>
        {formatPence(line.lineTotal)}
      </td>
    </tr>
  );
}
