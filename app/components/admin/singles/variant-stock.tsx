import type { VariantView } from "~/modules/catalog/singles";
import { variantShortLabel } from "~/modules/catalog/variants";
import { formatPence } from "~/utils/money";

/** A single's variants, one a line: "LP · Holo · EN — 2 in stock · £8.50 (member £8.00)". */
export function VariantStock({ variants, label }: { variants: VariantView[]; label: string }) {
  if (variants.length === 0) return <p className="text-sm text-slate-500">No variants yet.</p>;
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {variants.map((v) => (
        <li key={v.id} data-testid="variant-stock" className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium text-slate-800">
            <abbr title={v.label} className="no-underline">
              {variantShortLabel(v) ?? v.label}
            </abbr>
          </span>
          <span className={`tabular-nums ${v.stock > 0 ? "text-slate-700" : "text-red-700"}`}>{v.stock > 0 ? `${v.stock} in stock` : "sold out"}</span>
          <span className="tabular-nums text-slate-600">
            {formatPence(v.price)}
            {v.premiumPrice !== null && v.premiumPrice < v.price ? ` (member ${formatPence(v.premiumPrice)})` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
