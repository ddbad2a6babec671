import { CheckCircle2, Clock, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { formatPence } from "~/utils/money";
import { useConfetti } from "./use-confetti";

function Buttons() {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/" className="inline-flex justify-center rounded-lg bg-amber-500 px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400">
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

/** What the order-success page shows (the route's loader data: `loadOrderConfirmation`). */
export interface OrderSuccessProps {
  orderId: number;
  state: "completed" | "processing" | "refunded" | "not_completed";
  email: string;
  totalAmount: number;
  creditAmount: number;
  /** This request completed the order (and emptied the cart lines): refresh the header once. */
  cartCleared: boolean;
  /** Refunded: the stock, or the order's coupon code, was gone when the payment arrived. */
  refundCause?: "stock" | "coupon" | "person_limit" | "drop_right" | null;
}

/** /order/success: paid (with confetti), still confirming, refunded, or not completed. */
export function OrderSuccessPage({ orderId, state, email, totalAmount, creditAmount, cartCleared, refundCause }: OrderSuccessProps) {
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
        <p className="mt-2 text-sm text-slate-500">
          Total paid: {formatPence(totalAmount)}
          {creditAmount > 0 && ` (${formatPence(creditAmount)} with store credit)`}
        </p>
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
          {refundCause === "coupon"
            ? `Your payment for order #${orderId} arrived after we could hold the order for you, and by then its coupon code had been used as many times as it allows.`
            : refundCause === "person_limit"
              ? `Order #${orderId} would take you over a timed drop's limit per person, which counts every account with the same email, delivery address or card, so we could not accept it.`
              : refundCause === "drop_right"
                ? `Your payment for order #${orderId} reached us after your time to buy in the drop had run out, so the units went to the next people in line.`
                : `Your payment for order #${orderId} arrived after we could hold the items for you, and they sold out in the meantime.`}{" "}
          {creditAmount > 0
            ? `We have refunded the ${formatPence(totalAmount - creditAmount)} you paid by card, and the ${formatPence(creditAmount)} of store credit is back on your account; `
            : `We have refunded the full ${formatPence(totalAmount)}; `}
          an email with the details is on its way to {email}.
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
        <Link to="/cart" className="inline-flex rounded-lg bg-amber-500 px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400">
          Return to cart
        </Link>
      </div>
    </section>
  );
}
