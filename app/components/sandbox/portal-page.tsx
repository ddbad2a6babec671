import { ArrowLeft } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "~/components/ui/format-date";
import type { SandboxPortalView } from "~/modules/payments/sandbox/portal-view";
import { formatPence } from "~/utils/money";
import { useShop } from "~/web/shell";
import { SandboxFrame } from "./sandbox-frame";

/** The sandbox billing portal: each subscription with its cancel or "don't cancel" button. */
export function SandboxPortalPage({ portal, message }: { portal: SandboxPortalView; message: string | null }) {
  const shop = useShop();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("subscriptionId") : null;
  const expired = portal.state !== "open";
  return (
    <SandboxFrame banner="TEST BILLING PORTAL — no real money" shopName={shop.name} standsInFor="payment provider's billing portal" width="narrow">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <a href={portal.returnUrl} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeft aria-hidden className="h-4 w-4" /> Return to {shop.name}
        </a>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Manage your subscription</h1>
        {message && (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {message}
          </p>
        )}
        {expired && !message && (
          <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            This portal link has expired. Go back to the shop and open Manage subscription again to make changes.
          </p>
        )}
        {portal.subscriptions.length === 0 ? (
          <p className="mt-6 text-slate-600">You have no subscriptions.</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {portal.subscriptions.map((sub) => {
              const active = sub.status === "active";
              return (
                <li key={sub.id} className="rounded-xl border border-slate-200 p-4 sm:p-5" data-testid="portal-subscription">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h2 className="text-lg font-semibold text-slate-900">{sub.planName}</h2>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${
                        active && !sub.cancelAtPeriodEnd ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
                      }`}
                    >
                      {!active ? "Ended" : sub.cancelAtPeriodEnd ? "Cancels at period end" : "Active"}
                    </span>
                  </div>
                  <p className="mt-2 text-slate-700">
                    {formatPence(sub.amount)} {sub.periodLabel}
                  </p>
                  <p className="mt-1 text-sm text-slate-600" data-testid="portal-period">
                    {!active
                      ? `Ended on ${formatDate(sub.endedAt ?? sub.currentPeriodEnd)}`
                      : sub.cancelAtPeriodEnd
                        ? `Your subscription will be cancelled on ${formatDate(sub.currentPeriodEnd)}. You keep Pro until then.`
                        : `Renews on ${formatDate(sub.currentPeriodEnd)}`}
                  </p>
                  {active && !expired && (
                    <Form method="post" className="mt-4">
                      <input type="hidden" name="subscriptionId" value={sub.id} />
                      {sub.cancelAtPeriodEnd ? (
                        <button
                          type="submit"
                          name="intent"
                          value="resume"
                          disabled={busyId === sub.id}
                          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-400 focus:ring-offset-2 disabled:opacity-60"
                        >
                          {busyId === sub.id ? "Saving..." : "Don't cancel subscription"}
                        </button>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value="cancel"
                          disabled={busyId === sub.id}
                          className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus:outline-none focus:ring-2 focus:ring-red-300 focus:ring-offset-2 disabled:opacity-60"
                        >
                          {busyId === sub.id ? "Cancelling..." : "Cancel subscription"}
                        </button>
                      )}
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </SandboxFrame>
  );
}
