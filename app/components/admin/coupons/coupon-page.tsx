import { ShopDateTime } from "~/components/ui/format-date";
import { Form, Link } from "react-router";
import { OrderStatusPill } from "~/components/admin/order-status-pill";
import { FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import type { CategoryOption, CouponFieldErrors, CouponFormValues, CouponOrder } from "~/modules/pricing/coupon-form";
import { CouponForm } from "./coupon-form";
import { CouponStatePill, couponConditions, discountLabel, formatPence, usageText, type CouponView } from "./coupon-summary";

function BackLink() {
  return (
    <Link to="/admin/coupons" className="text-sm font-medium text-amber-700 underline underline-offset-2">
      All coupons
    </Link>
  );
}

/** /admin/coupons/new: the empty form. */
export function NewCouponPage({
  categories,
  values,
  errors,
  message,
}: {
  categories: CategoryOption[];
  values: CouponFormValues;
  errors: CouponFieldErrors;
  message?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New coupon</h1>
        <BackLink />
      </div>
      <CouponForm mode="create" values={values} errors={errors} message={message} categories={categories} />
    </div>
  );
}

/**
 * /admin/coupons/:code: the coupon's state and usage, the notice of what was just done, the
 * form to edit it, the button to deactivate or reactivate it, and the orders that used it.
 */
export function CouponPage({
  coupon,
  categories,
  orders,
  now,
  notice,
  values,
  errors,
  message,
}: {
  coupon: CouponView;
  categories: CategoryOption[];
  orders: CouponOrder[];
  now: Date;
  notice: string | null;
  values: CouponFormValues;
  errors: CouponFieldErrors;
  message?: string;
}) {
  const conditions = couponConditions(coupon, categories);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-mono text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{coupon.code}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <CouponStatePill coupon={coupon} now={now} />
            <span className="font-semibold">{discountLabel(coupon, formatPence)}</span>
          </p>
        </div>
        <BackLink />
      </div>

      {notice && <FormNotice>{notice}</FormNotice>}

      <section aria-labelledby="coupon-usage-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="coupon-usage-heading" className="font-semibold text-slate-900">
          Usage
        </h2>
        <p data-testid="coupon-usage" className="mt-1 text-sm text-slate-700">
          {usageText(coupon)}
        </p>
        {conditions.length > 0 && (
          <ul aria-label="Conditions" className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {conditions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          {coupon.active ? (
            <>
              <input type="hidden" name="intent" value="deactivate" />
              <button
                type="submit"
                className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
              >
                Deactivate coupon
              </button>
              <span className="text-sm text-slate-600">Checkout stops accepting the code; orders that used it keep their discount.</span>
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="activate" />
              <SubmitButton busyLabel="Reactivating...">Reactivate coupon</SubmitButton>
              <span className="text-sm text-slate-600">Deactivated: checkout refuses the code.</span>
            </>
          )}
        </Form>
      </section>

      <section aria-labelledby="coupon-edit-heading" className="space-y-3">
        <h2 id="coupon-edit-heading" className="text-lg font-semibold text-slate-900">
          Edit
        </h2>
        <p className="text-sm text-slate-600">
          Changes apply to checkouts from now on; orders already placed keep the price they were given. The code itself cannot change
          (orders refer to it): to rename, create a new coupon and deactivate this one.
        </p>
        <CouponForm mode="edit" values={values} errors={errors} message={message} categories={categories} />
      </section>

      <section aria-labelledby="coupon-orders-heading" className="space-y-3">
        <h2 id="coupon-orders-heading" className="text-lg font-semibold text-slate-900">
          Orders with this code
        </h2>
        {orders.length === 0 ? (
          <p className="text-sm text-slate-600">No order has used it yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {orders.map((order) => (
              <li key={order.id} data-testid="coupon-order" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
                <span className="font-semibold text-slate-900">#{order.id}</span>
                <OrderStatusPill status={order.status} />
                <span className="min-w-0 break-all text-slate-700">{order.email}</span>
                <span className="text-slate-500">
                  <ShopDateTime value={order.createdAt} />
                </span>
                <span className="ml-auto tabular-nums text-slate-700">
                  {formatPence(order.discountAmount)} off · total {formatPence(order.totalAmount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
