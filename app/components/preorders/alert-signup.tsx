import { Form, Link, useLocation } from "react-router";
import { ALERT_TEXT } from "~/modules/preorders/alert-rules";
import type { ProductPreorderView } from "~/modules/preorders/views";

const ANSWERS: Record<string, { text: string; good: boolean }> = {
  subscribed: { text: ALERT_TEXT.subscribed, good: true },
  cancelled: { text: ALERT_TEXT.cancelled, good: true },
  verify: { text: ALERT_TEXT.verifyFirst, good: false },
  available: { text: ALERT_TEXT.availableNow, good: false },
  drop: { text: ALERT_TEXT.drop, good: false },
  "too-many": { text: ALERT_TEXT.tooMany, good: false },
};

/**
 * "Email me when it's available", under the out-of-stock note when no variant can be bought (and
 * the product is not sold through a drop — the same rules subscribeAlert enforces): a
 * plain form post (works without JavaScript) for a signed-in customer, a sign-in link for a guest.
 */
export function AlertSignup({ productId, slug, view }: { productId: number; slug: string; view: ProductPreorderView }) {
  const { search } = useLocation();
  const answer = ANSWERS[new URLSearchParams(search).get("alert") ?? ""];
  return (
    <section id="alert" aria-labelledby="alert-heading" data-testid="alert-signup" className="space-y-2 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
      <h2 id="alert-heading" className="font-semibold text-slate-900">
        Not available right now
      </h2>
      {answer && (
        <p role="status" className={answer.good ? "text-green-800" : "text-red-800"}>
          {answer.text}
        </p>
      )}
      {view.alertWaiting === null ? (
        <p>
          <Link to={`/login?redirectTo=${encodeURIComponent(`/products/${slug}`)}`} className="font-semibold text-amber-800 underline underline-offset-2">
            Sign in
          </Link>{" "}
          to be emailed when it is available.
        </p>
      ) : (
        <Form method="post" action="/alerts" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="productId" value={productId} />
          {view.alertWaiting ? (
            <>
              <span>We will email you when it is available.</span>
              <button type="submit" name="intent" value="cancel" className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50">
                Stop the email
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="subscribe" className="min-h-11 rounded-lg bg-amber-500 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-400">
              Email me when it&apos;s available
            </button>
          )}
        </Form>
      )}
    </section>
  );
}
