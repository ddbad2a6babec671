import { CircleAlert, Lock } from "lucide-react";
import { Form } from "react-router";
import { CARD_NUMBER_MAX_LENGTH } from "~/modules/payments/sandbox/card-form";

/**
 * "Pay with card" on the sandbox's hosted pages: one card number field (its error and the
 * test-card hint tied to it for screen readers), the pay button and a way out.
 */
export function CardPaymentPanel({
  payLabel,
  busy,
  error,
  cardNumber,
  cancelUrl,
}: {
  /** The button's label while idle, e.g. "Pay £12.34". */
  payLabel: string;
  busy: boolean;
  error: string | null;
  /** What the customer typed last time, kept after a refusal. */
  cardNumber: string;
  cancelUrl: string;
}) {
  return (
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
            maxLength={CARD_NUMBER_MAX_LENGTH}
            required
            autoFocus
            defaultValue={cardNumber}
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
            Test cards: 4242 4242 4242 4242 pays (so does 4000 0566 5566 5556, as another card); 4000 0000 0000 0002 is declined.
          </p>
        </div>
        <button
          type="submit"
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-400 focus:ring-offset-2 disabled:opacity-60"
        >
          <Lock aria-hidden className="h-4 w-4" />
          {busy ? "Processing..." : payLabel}
        </button>
      </Form>
      <p className="mt-4 text-center">
        <a href={cancelUrl} className="text-sm font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          Cancel
        </a>
      </p>
    </section>
  );
}
