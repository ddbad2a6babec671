import type { ReactNode } from "react";
import { periodLabel } from "~/modules/membership/plans";
import { formatPence } from "~/utils/money";
import { formatDate } from "~/components/ui/format-date";

export interface SubscriptionTabData {
  planType: string;
  status: string;
  /** Pence per billing period. */
  amount: number;
  currentPeriodEnd: Date | string | null;
  endDate: Date | string | null;
  cancelAtPeriodEnd: boolean;
}

const PLAN_LABELS: Record<string, string> = { monthly: "Pro Monthly", quarterly: "Pro Quarterly" };

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, " ");
}

/**
 * The Subscription tab's body (spec §2 Account): plan, status pill (active green, anything
 * else yellow, spec §4), amount as pounds with "/month" (the spec's label; "/quarter" for the quarterly plan),
 * and when it renews or ends. `actions` is where the membership part puts its Manage button.
 */
export function SubscriptionTab({ subscription, actions }: { subscription: SubscriptionTabData; actions?: ReactNode }) {
  const periodEnd = subscription.currentPeriodEnd ?? subscription.endDate;
  const active = subscription.status === "active";
  return (
    <section aria-labelledby="subscription-heading" className="space-y-5">
      <h2 id="subscription-heading" className="text-lg font-semibold text-slate-900">
        Your subscription
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-500">Plan</dt>
          <dd className="mt-1 font-semibold text-slate-900" data-testid="subscription-plan">
            {PLAN_LABELS[subscription.planType] ?? capitalise(subscription.planType)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-500">Status</dt>
          <dd className="mt-1">
            <span
              data-testid="subscription-status"
              className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${
                active ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
              }`}
            >
              {capitalise(subscription.status)}
            </span>
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-500">Amount</dt>
          <dd className="mt-1 font-semibold text-slate-900" data-testid="subscription-amount">
            {/* "/month" (spec §9) for monthly; a quarterly charge reads "/quarter" (decision 0007). */}
            {formatPence(subscription.amount)}
            {periodLabel(subscription.planType)}
          </dd>
        </div>
        {periodEnd && (
          <div className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-500">{subscription.cancelAtPeriodEnd || !active ? "Pro until" : "Renews on"}</dt>
            <dd className="mt-1 font-semibold text-slate-900" data-testid="subscription-period-end">
              {formatDate(periodEnd)}
            </dd>
          </div>
        )}
      </dl>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}
