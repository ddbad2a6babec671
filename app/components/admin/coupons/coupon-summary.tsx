import { couponState, discountLabel, formatShopDateTime, type AdminCoupon, type CategoryOption } from "~/modules/pricing/coupon-form";
import { formatPence } from "~/utils/money";

/** A coupon once serialised for the page: its dates are ISO strings. */
export type CouponView = Omit<AdminCoupon, "validFrom" | "validUntil" | "createdAt"> & {
  validFrom: string | Date | null;
  validUntil: string | Date | null;
  createdAt: string | Date;
};

const STATE_STYLES: Record<ReturnType<typeof couponState>, string> = {
  live: "bg-green-100 text-green-800 ring-green-300",
  scheduled: "bg-blue-100 text-blue-800 ring-blue-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
  "used up": "bg-slate-100 text-slate-700 ring-slate-300",
  inactive: "bg-red-100 text-red-800 ring-red-300",
};

/** Live, scheduled, expired, used up or inactive, as a pill. */
export function CouponStatePill({ coupon, now }: { coupon: CouponView; now: Date }) {
  const state = couponState(coupon, now);
  return (
    <span
      data-testid="coupon-state"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${STATE_STYLES[state]}`}
    >
      {state}
    </span>
  );
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The conditions in a sentence each: dates, minimum spend, categories, limits. */
export function couponConditions(coupon: CouponView, categories: CategoryOption[]): string[] {
  const lines: string[] = [];
  if (coupon.validFrom) lines.push(`From ${formatShopDateTime(coupon.validFrom)}`);
  if (coupon.validUntil) lines.push(`Until ${formatShopDateTime(coupon.validUntil)}`);
  if (coupon.minSpend !== null) lines.push(`Orders of ${formatPence(coupon.minSpend)} or more`);
  if (coupon.categoryIds.length > 0) {
    const names = coupon.categoryIds.map((id) => {
      const c = categories.find((option) => option.id === id);
      return c ? `${c.name} (${c.languageName})` : `category ${id}`;
    });
    lines.push(`Only ${names.join(", ")}`);
  }
  const limits = [
    coupon.maxRedemptions !== null ? `${plural(coupon.maxRedemptions, "use")} in all` : null,
    coupon.maxRedemptionsPerCustomer !== null ? `${plural(coupon.maxRedemptionsPerCustomer, "use")} per customer` : null,
  ].filter(Boolean);
  if (limits.length > 0) lines.push(`Limit: ${limits.join(", ")}`);
  return lines;
}

/** "3 uses of 100 (1 awaiting payment) · 2 customers · £12.00 given". */
export function usageText(coupon: CouponView): string {
  const { redemptions, pending, customers, discountGiven } = coupon.usage;
  const uses = `${plural(redemptions, "use")}${coupon.maxRedemptions !== null ? ` of ${coupon.maxRedemptions}` : ""}`;
  const parts = [pending > 0 ? `${uses} (${pending} awaiting payment)` : uses, plural(customers, "customer"), `${formatPence(discountGiven)} given`];
  return parts.join(" · ");
}

export { discountLabel, formatPence };
