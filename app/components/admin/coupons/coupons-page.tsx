import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { CategoryOption } from "~/modules/pricing/coupon-form";
import { CouponStatePill, couponConditions, discountLabel, formatPence, usageText, type CouponView } from "./coupon-summary";

/** /admin/coupons: every coupon with its state, terms and usage, newest first. */
export function CouponsPage({ coupons, categories, now, limit }: { coupons: CouponView[]; categories: CategoryOption[]; now: Date; limit: number }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Coupons</h1>
          <p className="mt-1 text-slate-600">
            {coupons.length === 1 ? "1 coupon" : `${coupons.length} coupons`}, newest first. Uses are counted as checkout counts them: orders
            awaiting payment, paid or dispatched.
          </p>
        </div>
        <div className="flex items-center gap-4">
          <Link to="/admin" className="text-sm font-medium text-amber-700 underline underline-offset-2">
            Admin home
          </Link>
          <Link
            to="/admin/coupons/new"
            className="inline-flex items-center gap-1.5 rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-amber-400"
          >
            <Plus aria-hidden className="h-4 w-4" /> New coupon
          </Link>
        </div>
      </div>

      {coupons.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          No coupons yet.{" "}
          <Link to="/admin/coupons/new" className="font-medium text-amber-700 underline underline-offset-2">
            Create the first one
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {coupons.map((coupon) => {
            const conditions = couponConditions(coupon, categories);
            return (
              <li
                key={coupon.code}
                data-testid="coupon-row"
                aria-labelledby={`coupon-${coupon.code}`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h2 id={`coupon-${coupon.code}`} className="font-mono text-lg font-semibold text-slate-900">
                    <Link to={`/admin/coupons/${encodeURIComponent(coupon.code)}`} className="underline decoration-amber-400 underline-offset-4 hover:text-amber-700">
                      {coupon.code}
                      <span className="sr-only"> (edit)</span>
                    </Link>
                  </h2>
                  <CouponStatePill coupon={coupon} now={now} />
                  <span className="font-semibold text-slate-900">{discountLabel(coupon, formatPence)}</span>
                </div>
                {coupon.note && <p className="mt-1 break-words text-sm text-slate-600">{coupon.note}</p>}
                {conditions.length > 0 && (
                  <ul aria-label="Conditions" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    {conditions.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
                <p data-testid="coupon-usage" className="mt-2 text-sm text-slate-600">
                  {usageText(coupon)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {coupons.length >= limit && <p className="text-sm text-slate-600">Showing the newest {limit} coupons.</p>}
    </div>
  );
}
