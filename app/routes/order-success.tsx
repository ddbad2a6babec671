import { CheckCircle2, Clock, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { z } from "zod";
import { CONFETTI_DURATION_MS, CONFETTI_INTERVAL_MS } from "~/config/constants";
import { loadOrderConfirmation } from "~/modules/orders/confirmation.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import { requireUser } from "~/utils/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/order-success";

const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_]{6,255}$/);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Order confirmation", description: "Your order confirmation.", noindex: true });

/**
 * The payment provider sends the customer here after paying. Fulfilment runs from here too
 * (idempotently), so the page is right even when the webhook is late. No session id, an
 * unknown one, or someone else's → home (spec §4).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = sessionIdSchema.safeParse(new URL(request.url).searchParams.get("session_id"));
  if (!parsed.success) throw redirect("/");
  const user = await requireUser(request, context);
  const confirmation = await loadOrderConfirmation(context.db, paymentProviderFor(context), {
    userId: user.id,
    sessionId: parsed.data,
    brand: { shopName: context.shop.name, publicUrl: context.env.publicUrl },
  });
  if (!confirmation) throw redirect("/");
  return data(confirmation, { headers: { "Cache-Control": "private, no-store" } });
}

type ConfettiState = "idle" | "running" | "done" | "reduced-motion";

/** Confetti for CONFETTI_DURATION_MS, a burst every CONFETTI_INTERVAL_MS; none for reduced motion. */
function useConfetti(active: boolean): ConfettiState {
  const [state, setState] = useState<ConfettiState>("idle");
  useEffect(() => {
    if (!active) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      setState("reduced-motion");
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let reset: (() => void) | undefined;
    void import("canvas-confetti").then(({ default: confetti }) => {
      if (stopped) return;
      reset = confetti.reset;
      const end = Date.now() + CONFETTI_DURATION_MS;
      setState("running");
      const burst = () => {
        if (Date.now() >= end) {
          clearInterval(timer);
          setState("done");
          return;
        }
        const spread = { particleCount: 30, spread: 70, startVelocity: 35, ticks: 120, zIndex: 60, disableForReducedMotion: true };
        void confetti({ ...spread, origin: { x: 0.1 + Math.random() * 0.3, y: Math.random() * 0.3 + 0.1 } });
        void confetti({ ...spread, origin: { x: 0.6 + Math.random() * 0.3, y: Math.random() * 0.3 + 0.1 } });
      };
      burst();
      timer = setInterval(burst, CONFETTI_INTERVAL_MS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      reset?.();
    };
  }, [active]);
  return state;
}

function Buttons() {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/" className="inline-flex justify-center rounded-lg bg-amber-500 px-6 py-3 font-semibold text-white hover:bg-amber-600">
        Continue Shopping
      </Link>
      <Link
        to="/account?tab=orders"
        className="inline-flex justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
      >
        View Orders
      </Link>
    </div>
  );
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { orderId, state, email, totalAmount, cartCleared } = loaderData;
  const confetti = useConfetti(state === "completed");
  const revalidator = useRevalidator();
  const revalidated = useRef(false);

  useEffect(() => {
    // The header's cart badge was rendered alongside this page; if fulfilment emptied the
    // cart during this very request, refresh the layout's data once.
    if (cartCleared && !revalidated.current) {
      revalidated.current = true;
      void revalidator.revalidate();
    }
  }, [cartCleared, revalidator]);

  if (state === "completed") {
    return (
      <section className="mx-auto max-w-xl py-10 text-center" data-confetti={confetti} data-testid="order-success">
        <CheckCircle2 aria-hidden className="mx-auto h-16 w-16 text-green-600" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Order Successful!</h1>
        <p className="mt-3 text-lg text-slate-700">
          Order number: <strong data-testid="order-number">#{orderId}</strong>
        </p>
        <p className="mt-4 text-slate-600">
          Thank you for your order. A confirmation email is on its way to <strong>{email}</strong> with your order
          details. We&apos;ll email you again with tracking when it ships.
        </p>
        <p className="mt-2 text-sm text-slate-500">Total paid: {formatPence(totalAmount)}</p>
        <Buttons />
      </section>
    );
  }
  if (state === "processing") {
    return (
      <section className="mx-auto max-w-xl py-10 text-center" aria-busy="true">
        <Clock aria-hidden className="mx-auto h-14 w-14 animate-pulse text-amber-500" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Confirming your payment…</h1>
        <p className="mt-3 text-slate-600">
          Order #{orderId} is waiting for the payment provider to confirm your payment. This usually takes a few seconds.
        </p>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== "idle"}
          className="mt-6 rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {revalidator.state !== "idle" ? "Checking..." : "Check again"}
        </button>
      </section>
    );
  }
  if (state === "refunded") {
    return (
      <section className="mx-auto max-w-xl py-10 text-center" role="status">
        <RotateCcw aria-hidden className="mx-auto h-14 w-14 text-blue-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Your payment has been refunded</h1>
        <p className="mt-3 text-slate-600">
          Your payment for order #{orderId} arrived after we could hold the items for you, and they sold out in the meantime.
          We have refunded the full {formatPence(totalAmount)}; an email with the details is on its way to {email}.
        </p>
        <Buttons />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl py-10 text-center" role="status">
      <XCircle aria-hidden className="mx-auto h-14 w-14 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This checkout was not completed</h1>
      <p className="mt-3 text-slate-600">No payment was taken for order #{orderId}. Your cart is as you left it.</p>
      <div className="mt-8">
        <Link to="/cart" className="inline-flex rounded-lg bg-amber-500 px-6 py-3 font-semibold text-white hover:bg-amber-600">
          Return to cart
        </Link>
      </div>
    </section>
  );
}
