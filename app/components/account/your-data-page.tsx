import { Download, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";

export interface YourDataView {
  email: string;
  emailVerified: boolean;
  orderCount: number;
  openOrders: number;
  runningSubscription: boolean;
  /** Sell lists still under way (the shop may hold the cards or owe for them). */
  openSellLists: number;
}

/**
 * /account/data: download everything the shop holds about you, or erase your account. What
 * stands in the way of erasure (an order not yet sent, a membership still billing) is said
 * before the form, and the server checks it again.
 */
export function YourDataPage({ view, error }: { view: YourDataView; error?: string | null }) {
  const blocked = view.openOrders > 0 || view.runningSubscription || view.openSellLists > 0;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/account" className="text-sm font-medium text-slate-600 hover:text-slate-900">
          ← My Account
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your data</h1>
      </div>

      <section aria-labelledby="download-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="download-heading" className="text-lg font-bold text-slate-900">
          Download your data
        </h2>
        <p className="text-slate-700">
          One JSON file with your account, profile, {ordersPhrase(view.orderCount)}, your membership history and any wholesale
          applications made with <span className="break-all">{view.email}</span>
          {view.emailVerified ? "." : " (once you have verified that address: anyone can apply under any email)."}
        </p>
        <a
          href="/account/data/download"
          download
          className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white hover:bg-slate-700"
        >
          <Download aria-hidden className="h-4 w-4" /> Download my data
        </a>
      </section>

      <section aria-labelledby="erase-heading" className="space-y-3 rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="erase-heading" className="text-lg font-bold text-slate-900">
          Delete your account
        </h2>
        <p className="text-slate-700">
          This signs you out everywhere and removes your name, email, address, cart and wholesale applications. Your orders are kept
          for our accounts (UK law asks us to keep them for six years) but without your name, email or address. It cannot be undone.
        </p>
        {view.openOrders > 0 && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            You have an order we have not sent yet (or one awaiting payment). You can delete your account once it has been dispatched.
          </p>
        )}
        {view.runningSubscription && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Your Pro membership is still running. Cancel it under{" "}
            <Link to="/account?tab=subscription" className="font-semibold underline">
              Subscription
            </Link>{" "}
            first; you can delete your account once it has ended.
          </p>
        )}
        {view.openSellLists > 0 && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            You have a sell list we are still handling. See it under{" "}
            <Link to="/account?tab=sell-lists" className="font-semibold underline">
              Sell lists
            </Link>
            ; you can delete your account once it is paid, returned or closed.
          </p>
        )}
        {error && <FormError>{error}</FormError>}
        {!blocked && (
          <Form method="post" className="space-y-4">
            <TextField
              name="password"
              label="Your password, to confirm"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
            />
            <SubmitButton name="intent" value="erase" busyLabel="Deleting..." className="bg-red-700! text-white! hover:bg-red-800!">
              <Trash2 aria-hidden className="mr-2 h-4 w-4" /> Delete my account
            </SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}

function ordersPhrase(count: number): string {
  if (count === 0) return "orders (none so far)";
  return count === 1 ? "your order" : `all ${count} of your orders`;
}
