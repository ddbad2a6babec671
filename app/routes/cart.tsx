import { data, redirect } from "react-router";
import { CartPageView } from "~/components/cart/cart-page";
import { parseCartForm, type CartActionData } from "~/modules/cart/cart-form";
import { emptyCartView, getCart } from "~/modules/cart/cart.server";
import { applyCartChange } from "~/modules/cart/intents.server";
import {
  CHECKOUT_ERROR_ITEM_PARAM,
  CHECKOUT_ERROR_PARAM,
  checkoutErrorMessage,
  couponAttemptsMessage,
  isCheckoutErrorCode,
} from "~/modules/checkout/checkout-errors";
import { couponAttemptsBlocked } from "~/modules/pricing/coupon-attempts.server";
import { pageMeta } from "~/utils/seo";
import { clientIp } from "~/web/client-ip.server";
import { resolveCartOwner } from "~/web/guest-cart.server";
import { retryAfterHeaders } from "~/web/retry-after";
import type { Route } from "./+types/cart";
import { creditBalance } from "~/modules/credit/ledger.server";
import { minutesToWait } from "~/utils/wait";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your cart",
    description: "Review the items in your cart, member prices and shipping before checking out.",
    noindex: true,
  });

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A cart is personal: never stored by a browser or a shared cache. */
export const headers: Route.HeadersFunction = (args) => {
  const headers = retryAfterHeaders(args);
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return headers;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, user, setCookie } = await resolveCartOwner(request, context);
  // Premium status was worked out once for this request, with the signed-in user.
  const premium = user?.isPremium ?? false;
  const view = owner ? await getCart(context.db, owner, { isPremium: premium }) : emptyCartView(premium);
  const headers = new Headers(PRIVATE);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // The checkout action sends the customer back here with a code when it cannot start.
  const url = new URL(request.url);
  const code = url.searchParams.get(CHECKOUT_ERROR_PARAM);
  let checkout = isCheckoutErrorCode(code)
    ? { code, message: checkoutErrorMessage(code, url.searchParams.get(CHECKOUT_ERROR_ITEM_PARAM)) }
    : null;
  let status = 200;
  if (checkout?.code === "coupon_attempts") {
    // Too many coupon codes: the page answers 429 with the real wait while the refusal lasts,
    // and says nothing once it is over (the counters decide, not the link).
    const limit = user ? await couponAttemptsBlocked(context.db, { userId: user.id, ipAddress: clientIp(request) }) : { blocked: false as const };
    if (limit.blocked) {
      status = 429;
      headers.set("Retry-After", String(limit.retryAfterSeconds));
      checkout = { code: checkout.code, message: couponAttemptsMessage(minutesToWait(limit.retryAfterSeconds)) };
    } else {
      checkout = null;
    }
  }
  // Store credit the customer can put towards this order (offered at checkout when there is some).
  const storeCredit = user ? await creditBalance(context.db, user.id) : 0;
  return data({ ...view, signedIn: user !== null, checkout, storeCredit }, { headers, status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseCartForm(await request.formData());
  if (!parsed.ok) {
    return data<CartActionData>(
      { ok: false, intent: parsed.intent, variantId: parsed.variantId, message: parsed.message },
      { status: 400, headers: PRIVATE },
    );
  }
  const headers = new Headers(PRIVATE);
  const result = await applyCartChange(context.db, parsed, async (create) => {
    const { owner, setCookie } = await resolveCartOwner(request, context, { create });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return owner;
  });
  const variantId = "variantId" in parsed ? parsed.variantId : null;
  if (!result.ok) {
    return data<CartActionData>({ ok: false, intent: parsed.intent, variantId, message: result.message }, { status: result.status, headers });
  }
  // A plain form post (no JavaScript) goes back where it came from; fetchers send no redirectTo.
  if (parsed.redirectTo) return redirect(parsed.redirectTo, { headers });
  return data<CartActionData>({ ok: true, intent: parsed.intent, variantId, message: result.notice ?? null }, { headers });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPageView loaderData={loaderData} actionData={actionData} />;
}
