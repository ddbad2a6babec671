/**
 * An order's status as a coloured pill, in the spec's colours (§4: completed green, failed red,
 * anything else blue), labelled as the customer sees it in their order history.
 */
export function OrderStatusPill({ status }: { status: string }) {
  const colour =
    status === "completed"
      ? "bg-green-100 text-green-800 ring-green-300"
      : status === "failed"
        ? "bg-red-100 text-red-800 ring-red-300"
        : "bg-blue-100 text-blue-800 ring-blue-300";
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colour}`}
    >
      {label}
    </span>
  );
}
