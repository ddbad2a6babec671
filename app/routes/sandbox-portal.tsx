import { ArrowLeft } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { formatDate } from "~/components/account/format-date";
import { SandboxFrame } from "~/components/sandbox/sandbox-frame";
import { changeSandboxCancellation, loadSandboxPortal } from "~/modules/payments/sandbox/pro-pages.server";
import { formatPence } from "~/utils/money";
import { paymentsFor } from "~/web/payments.server";
import { sandboxPageFor } from "~/web/sandbox-page.server";
import { pageMeta } from "~/utils/seo";
import { useShop } from "~/web/shell";
import type { Route } from "./+types/sandbox-portal";

const NO_STORE = { "Cache-Control": "private, no-store" };
// The sandbox gives portal sessions ids like its checkout sessions (older rows: bps_sbx_).
const portalIdSchema = z.string().regex(/^(cs|bps)_sbx_[a-f0-9]{24}$/);
const actionSchema = z.object({
  intent: z.enum(["cancel", "resume"]),
  subscriptionId: z.string().regex(/^sub_sbx_[a-f0-9]{24}$/),
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Manage subscription (test)",
    description: "The shop's built-in test billing portal. No real money is involved.",
    noindex: true,
  });

async function portalFor(args: Pick<Route.LoaderArgs, "request" | "context" | "params">) {
  const { page: portal, user } = await sandboxPageFor(args, args.params.portalId, {
    idSchema: portalIdSchema,
    notFound: "Billing portal session not found.",
    load: (db, id, viewerId) => loadSandboxPortal(db, id, viewerId, paymentsFor(args.context).membership),
  });
  return { portal, user };
}

export async function loader(args: Route.LoaderArgs) {
  const { portal } = await portalFor(args);
  return data({ portal }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { portal, user } = await portalFor(args);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "That request was not understood. Please try again." }, { status: 400, headers: NO_STORE });
  const { dispatch, membership } = paymentsFor(context);
  const result = await changeSandboxCancellation(context.db, portal.id, parsed.data.subscriptionId, parsed.data.intent === "cancel", {
    dispatch,
    membership,
    viewerId: user?.id ?? null,
  });
  switch (result.status) {
    case "changed":
    case "unchanged":
      return data({ message: null }, { headers: NO_STORE });
    case "expired":
      return data({ message: "This portal link has expired. Go back to the shop and open Manage subscription again." }, { status: 410, headers: NO_STORE });
    default:
      throw data("Subscription not found.", { status: 404 });
  }
}

export default function SandboxPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { portal } = loaderData;
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
        {actionData?.message && (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {actionData.message}
          </p>
        )}
        {expired && !actionData?.message && (
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
