import { ADMIN_STATUS_LABELS } from "~/modules/buylist/admin";
import type { BuylistStatus } from "~/modules/buylist/status";

/** Shared bits of the buylist's back-office pages. */

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200 aria-[invalid=true]:border-red-500";
export const primaryButton = "inline-flex min-h-11 items-center justify-center rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-amber-400 hover:bg-amber-50";
export const dangerButton = "inline-flex min-h-11 items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50";
export const cardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

const STATUS_COLOURS: Partial<Record<BuylistStatus, string>> = {
  submitted: "bg-amber-100 text-amber-900 ring-amber-300",
  received: "bg-amber-100 text-amber-900 ring-amber-300",
  graded: "bg-amber-100 text-amber-900 ring-amber-300",
  paid: "bg-green-100 text-green-800 ring-green-300",
  rejected: "bg-red-100 text-red-800 ring-red-300",
  declined: "bg-slate-100 text-slate-700 ring-slate-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
  withdrawn: "bg-slate-100 text-slate-700 ring-slate-300",
  returned: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** A sell list's status as a pill; amber: the shop has something to do. */
export function BuylistStatusPill({ status }: { status: BuylistStatus }) {
  return (
    <span
      data-testid="buylist-status"
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_COLOURS[status] ?? "bg-blue-100 text-blue-800 ring-blue-300"}`}
    >
      {ADMIN_STATUS_LABELS[status]}
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
