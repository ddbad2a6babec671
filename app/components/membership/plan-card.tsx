import { Form } from "react-router";
import type { ProPlan } from "~/modules/membership/plans";
import { formatPence } from "~/utils/money";

export interface PlanCardProps {
  plan: ProPlan;
  /** The member's plan now: no button, "Your current plan". */
  current: boolean;
  /** Its sign-up is being opened right now. */
  busy: boolean;
  /** Already Pro: the buttons are off. */
  premium: boolean;
  /** The page view's token (see /pro's loader). */
  attempt: string;
  /** Pence saved per quarter on the quarterly plan (≤ 0: no badge). */
  quarterlySaving: number;
  /** The action's message about this plan's button, if any. */
  error: string | null;
}

/** One plan on /pro: name, price per period, billing note and its Subscribe button. */
export function PlanCard({ plan, current, busy, premium, attempt, quarterlySaving, error }: PlanCardProps) {
  return (
    <article
      key={plan.type}
      aria-labelledby={`plan-${plan.type}`}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.type === "quarterly" ? "border-amber-400 ring-1 ring-amber-400" : "border-slate-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`plan-${plan.type}`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {plan.type === "quarterly" && quarterlySaving > 0 && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
            Save {formatPence(quarterlySaving)} a quarter
          </span>
        )}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid={`plan-price-${plan.type}`}>
          {formatPence(plan.amount)}
        </span>{" "}
        <span className="text-slate-600">{plan.periodLabel}</span>
      </p>
      <p className="mt-1 text-sm text-slate-500">{plan.billingNote} until you cancel.</p>
      <div className="mt-6 flex-1" />
      {current ? (
        <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center font-semibold text-green-800">Your current plan</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="plan" value={plan.type} />
          <input type="hidden" name="attempt" value={attempt} />
          <button
            type="submit"
            disabled={busy || premium}
            className="w-full rounded-lg bg-amber-500 px-5 py-3 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 focus:outline-none focus:ring-2 focus:ring-amber-400 focus:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? "Processing..." : `Subscribe ${plan.type}`}
          </button>
        </Form>
      )}
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </article>
  );
}
