import { CircleAlert, Settings } from "lucide-react";
import { useFetcher } from "react-router";

/**
 * "Manage subscription": asks /pro's action for a billing-portal session and follows it to
 * the provider's portal. Failures (spec §8 texts) show right here, wherever the button is
 * (account page, /pro). Without JavaScript it is a plain form post to /pro, which shows them.
 */
export function ManageSubscriptionButton({ label = "Manage subscription" }: { label?: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <div className="space-y-2">
      <fetcher.Form method="post" action="/pro">
        <input type="hidden" name="intent" value="manage" />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-amber-400 focus:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
        >
          <Settings aria-hidden className="h-4 w-4" />
          {busy ? "Opening..." : label}
        </button>
      </fetcher.Form>
      {error && (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
