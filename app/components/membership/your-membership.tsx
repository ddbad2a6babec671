import { formatDate } from "~/components/ui/format-date";
import { periodLabel, PLAN_NAMES, type ProPlanType } from "~/modules/membership/plans";
import { formatPence } from "~/utils/money";
import { ManageSubscriptionButton } from "./manage-subscription-button";

/** The member's own subscription on /pro (`getMembershipSummary`): the newest that has not ended. */
export interface ProSubscriptionView {
  planType: string;
  status: string;
  amount: number;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
}

/** "Your membership" on /pro: plan, status, price, renewal or end date, and Manage subscription. */
export function YourMembership({ subscription, premium, canManage }: { subscription: ProSubscriptionView; premium: boolean; canManage: boolean }) {
  return (
    <section aria-labelledby="membership-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="membership-heading" className="text-lg font-semibold text-slate-900">
        Your membership
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-slate-700">
        <span className="font-semibold text-slate-900">{PLAN_NAMES[subscription.planType as ProPlanType] ?? subscription.planType}</span>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${
            subscription.status === "active" ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
          }`}
        >
          {subscription.status === "active" ? "Active" : subscription.status === "past_due" ? "Payment failed" : subscription.status}
        </span>
        <span>
          {formatPence(subscription.amount)} {periodLabel(subscription.planType)}
        </span>
        {subscription.currentPeriodEnd && premium && (
          <span data-testid="pro-period-end">
            {subscription.cancelAtPeriodEnd ? "Pro until " : "Renews on "}
            {formatDate(subscription.currentPeriodEnd)}
          </span>
        )}
      </div>
      {!premium && (
        <p className="mt-3 text-sm text-amber-900">
          {subscription.status === "past_due"
            ? "Your last payment did not go through, so member prices are paused. Open Manage subscription to sort it out."
            : "Your paid period has ended, so member prices no longer apply."}
        </p>
      )}
      {canManage && (
        <div className="mt-4">
          <ManageSubscriptionButton />
        </div>
      )}
    </section>
  );
}
