import { Link } from "react-router";
import { hasMemberPrice, usesPremiumPrice } from "~/modules/pricing/pricing";
import { formatPence } from "~/utils/money";

/**
 * A product's price block: a Pro member sees their member price (with the normal price struck
 * through) wherever the pricing rule says it applies; everyone else sees the normal price and,
 * where there is one, what members pay.
 */
export function ProductPrice({ product, isPremium }: { product: { price: number; premiumPrice: number | null }; isPremium: boolean }) {
  return (
    <div data-testid="price" className="space-y-1">
      {usesPremiumPrice(product, isPremium) ? (
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-3xl font-black text-slate-900">{formatPence(product.premiumPrice!)}</span>
          <span className="rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-slate-900">PRO</span>
          <span className="text-lg text-slate-500 line-through">
            <span className="sr-only">Normal price </span>
            {formatPence(product.price)}
          </span>
        </p>
      ) : (
        <>
          <p className="text-3xl font-black text-slate-900">{formatPence(product.price)}</p>
          {hasMemberPrice(product) && (
            <p data-testid="member-price" className="text-sm text-slate-700">
              <span className="font-semibold text-amber-700">Pro members pay {formatPence(product.premiumPrice)}</span>{" "}
              <Link to="/pro" className="underline hover:text-amber-700">
                Join Pro
              </Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
