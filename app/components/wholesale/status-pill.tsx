/** Application status as a coloured pill (spec §4): pending yellow, approved green, anything else red. */
export function StatusPill({ status }: { status: string }) {
  const colour =
    status === "pending"
      ? "bg-yellow-100 text-yellow-800 ring-yellow-300"
      : status === "approved"
        ? "bg-green-100 text-green-800 ring-green-300"
        : "bg-red-100 text-red-800 ring-red-300";
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : "Rejected";
  return (
    <span
      data-testid="status-pill"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colour}`}
    >
      {label}
    </span>
  );
}
