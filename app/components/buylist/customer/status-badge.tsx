import { BUYLIST_STATUS_LABELS, type BuylistStatus } from "~/modules/buylist/status";

/** Waiting on the customer: amber; done well: green; ended without a sale: grey; anything else in progress: blue. */
function statusClasses(status: BuylistStatus): string {
  if (status === "quoted") return "bg-amber-100 text-amber-900";
  if (status === "paid") return "bg-green-100 text-green-800";
  if (["declined", "expired", "returned", "rejected", "withdrawn"].includes(status)) return "bg-slate-200 text-slate-800";
  return "bg-blue-100 text-blue-800";
}

export function BuylistStatusBadge({ status }: { status: BuylistStatus }) {
  return (
    <span data-testid="sell-list-status" data-status={status} className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusClasses(status)}`}>
      {BUYLIST_STATUS_LABELS[status]}
    </span>
  );
}
