import { Crown, LogOut, Wallet } from "lucide-react";
import { Form, Link } from "react-router";
import { formatPence } from "~/utils/money";
import type { ShellUser } from "~/web/shell";

/** The account page's title, the Premium badge and the signed-in customer's links and Logout. */
export function AccountHeader({ user, email, storeCredit }: { user: Pick<ShellUser, "isAdmin" | "isPremium">; email: string; storeCredit: number }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Account</h1>
          {user.isPremium && (
            <span
              data-testid="premium-badge"
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800"
            >
              <Crown aria-hidden className="h-4 w-4" /> Premium Member
            </span>
          )}
        </div>
        <p className="mt-1 truncate text-sm text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{email}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to="/account/store-credit"
          data-testid="account-store-credit"
          className="inline-flex items-center gap-1.5 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-100"
        >
          <Wallet aria-hidden className="h-4 w-4" /> Store credit {formatPence(storeCredit)}
        </Link>
        {!user.isPremium && (
          <Link
            to="/pro"
            className="inline-flex items-center gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-800 hover:bg-amber-100"
          >
            <Crown aria-hidden className="h-4 w-4" /> Get Pro prices
          </Link>
        )}
        {user.isAdmin && (
          <Link
            to="/admin"
            className="inline-flex items-center rounded-lg border border-slate-900 bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Shop admin
          </Link>
        )}
        {user.isAdmin && (
          <Link
            to="/admin/outbox"
            className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Email outbox
          </Link>
        )}
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </button>
        </Form>
      </div>
    </div>
  );
}
