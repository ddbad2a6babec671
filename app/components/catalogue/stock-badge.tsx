import { stockBadge } from "~/modules/catalog/stock";

const TONES = {
  out: "bg-red-100 text-red-800 ring-red-200",
  low: "bg-amber-100 text-amber-900 ring-amber-200",
  in: "bg-green-100 text-green-800 ring-green-200",
} as const;

/** "Out of Stock" / "Only {n} left" / "In Stock" (spec §4). */
export function StockBadge({ stock }: { stock: number }) {
  const badge = stockBadge(stock);
  return (
    <span
      data-testid="stock-badge"
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${TONES[badge.tone]}`}
    >
      {badge.label}
    </span>
  );
}
