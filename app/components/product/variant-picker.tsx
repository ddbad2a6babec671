import { Link } from "react-router";
import { stockBadge } from "~/modules/catalog/stock";
import type { VariantGroup } from "~/modules/catalog/variant-groups";
import { hasMemberPrice } from "~/modules/pricing/pricing";
import { formatPence } from "~/utils/money";

const BADGE_TONES = {
  out: "text-red-800",
  low: "text-amber-900",
  in: "text-green-800",
} as const;

/**
 * The condition/printing/language picker of a single: every variant, with its price, member
 * price and stock, raw copies and graded slabs in groups of their own. Each choice is a plain
 * link to `?condition=…&printing=…` (so it works without JavaScript, and the URL says what is
 * shown); the chosen one is marked `aria-current`. Sold-out variants are listed and can be
 * looked at, but the page offers no Add to Cart for them. The groups come from the loader
 * (`variantPickerView`), labels and all.
 */
export function VariantPicker({ groups, chosenId }: { groups: readonly VariantGroup[]; chosenId: number }) {
  return (
    <div className="space-y-4" data-testid="variant-picker">
      {groups.map((group) => {
        const headingId = `variant-group-${group.key}`;
        return (
          <div key={group.key} role="group" aria-labelledby={headingId} className="space-y-2">
            <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-sm font-bold uppercase tracking-wide text-slate-700">
              {group.title}
              {group.shared && <span className="text-xs font-medium normal-case tracking-normal text-slate-600">{group.shared}</span>}
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {group.options.map(({ variant, label, query }) => {
                const chosen = variant.id === chosenId;
                const badge = stockBadge(variant.stock);
                return (
                  <li key={variant.id}>
                    <Link
                      to={{ search: `?${query}` }}
                      replace
                      preventScrollReset
                      aria-current={chosen ? "true" : undefined}
                      data-testid="variant-option"
                      className={`flex min-h-11 items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 ${
                        chosen
                          ? "border-amber-500 bg-amber-50 ring-2 ring-amber-500"
                          : badge.available
                            ? "border-slate-300 bg-white hover:border-amber-400"
                            : "border-dashed border-slate-300 bg-slate-50 hover:border-slate-400"
                      }`}
                    >
                      <span className="min-w-0">
                        <span data-testid="variant-label" className="block break-words font-semibold text-slate-900">{label}</span>
                        <span className={`block text-xs font-semibold ${BADGE_TONES[badge.tone]}`}>{badge.label}</span>
                      </span>
                      <span className="shrink-0 text-right">
                        <span className={`block font-bold ${badge.available ? "text-slate-900" : "text-slate-600"}`}>{formatPence(variant.price)}</span>
                        {hasMemberPrice(variant) && (
                          <span className="block text-xs font-semibold text-amber-800">Pro {formatPence(variant.premiumPrice)}</span>
                        )}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
