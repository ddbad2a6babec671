import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { CART_LOW_STOCK_THRESHOLD } from "~/config/constants";
import type { CartLine } from "~/modules/cart/cart-view";
import { formatPence } from "~/utils/money";
import { CartButton } from "./cart-button";

export function CartRow({ line, onSubmitted }: { line: CartLine; onSubmitted: (key: string) => void }) {
  const atCap = line.quantity >= line.maxQuantity;
  // Two copies of one card in different conditions are two lines: their buttons must say which.
  const lineName = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  const stepButton =
    "grid h-9 w-9 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <tr data-testid="cart-line" data-product-id={line.productId} data-variant-id={line.variantId} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 p-4 sm:table-row sm:p-0">
      <td className="col-span-2 sm:px-4 sm:py-4">
        <div className="flex items-start gap-3">
          <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100">
            {line.imageUrl ? (
              <img src={line.imageUrl} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-cover" />
            ) : (
              <ShoppingCart aria-hidden className="h-6 w-6 text-slate-300" />
            )}
          </div>
          <div className="min-w-0 space-y-1">
            <Link
              to={line.variantQuery ? `/products/${line.slug}?${line.variantQuery}` : `/products/${line.slug}`}
              className="block font-semibold text-slate-900 hover:text-amber-700"
            >
              {line.name}
            </Link>
            {line.variantLabel && (
              <p className="text-sm text-slate-700" data-testid="line-variant">
                {line.variantLabel}
              </p>
            )}
            {line.limitPerCustomer !== null && <p className="text-xs text-slate-500">Limit: {line.limitPerCustomer} per customer</p>}
            {line.stock < CART_LOW_STOCK_THRESHOLD && (
              <p className="text-xs font-medium text-orange-700">Only {line.stock} left in stock</p>
            )}
            <div>
              <CartButton
                intent="remove"
                variantId={line.variantId}
                onSubmitted={onSubmitted}
                label={`Remove ${lineName}`}
                className="inline-flex items-center gap-1 rounded py-1 text-xs font-medium text-slate-500 hover:text-red-700"
              >
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> Remove
              </CartButton>
            </div>
          </div>
        </div>
      </td>
      <td className="self-center sm:px-4 sm:py-4" data-testid="line-price">
        <span className="sr-only sm:hidden">Price: </span>
        <span className="inline-flex flex-wrap items-center gap-x-2">
          {line.usesPremium && (
            <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-slate-900" title="Pro member price">
              PRO
            </span>
          )}
          <span className="font-medium text-slate-900">{formatPence(line.unitPrice)}</span>
          {line.usesPremium && (
            <s className="text-xs text-slate-500">
              <span className="sr-only">normal price </span>
              {formatPence(line.price)}
            </s>
          )}
        </span>
      </td>
      <td className="row-start-3 sm:px-4 sm:py-4">
        <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${lineName}`}>
          <CartButton intent="decrement" variantId={line.variantId} onSubmitted={onSubmitted} label={`Decrease quantity of ${lineName}`} className={stepButton}>
            <Minus aria-hidden className="h-4 w-4" />
          </CartButton>
          <output data-testid="line-quantity" aria-live="polite" className="w-8 text-center font-semibold text-slate-900">
            {line.quantity}
          </output>
          <CartButton
            intent="increment"
            variantId={line.variantId}
            onSubmitted={onSubmitted}
            label={`Increase quantity of ${lineName}`}
            disabled={atCap}
            className={stepButton}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </CartButton>
        </div>
      </td>
      <td className="row-start-3 self-center text-right font-semibold text-slate-900 sm:px-4 sm:py-4" data-testid="line-total">
        <span className="sr-only sm:hidden">Total: </span>
        {formatPence(line.lineTotal)}
      </td>
    </tr>
  );
}
