import { CheckIcon, ShoppingCartIcon } from "~/components/ui/icons";
import { useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { useCartFormSubmit } from "~/components/cart/use-cart-form-submit";
import { quantityOptions } from "~/modules/orders/purchase-limit";
import { useRootData } from "~/web/shell";

interface AddResult {
  ok: boolean;
  message: string | null;
}

let addCounter = 0;

/**
 * Quantity selector + "Add to Cart" for the product page's chosen variant (what is sold is a
 * variant: a sealed product's one, or a single's condition/printing/grade). It posts `variantId`
 * to the cart route. Without JavaScript it is a plain form post that comes back to this page
 * (same variant, by its query); with it, a fetcher keeps the customer here. The button reads
 * "Added to Cart" when the server's cart (root loader) already holds this variant; a refused add
 * shows the server's message. `limitPerCustomer` is the limit the variant is sold under (its own,
 * else the product's): the selector offers 1 .. min(stock, limit).
 */
export function AddToCartForm({
  variant,
}: {
  variant: { id: number; stock: number; limitPerCustomer: number | null };
}) {
  const root = useRootData();
  const location = useLocation();
  const submitCartForm = useCartFormSubmit();
  const [key, setKey] = useState<string | null>(null);
  const fetcher = useFetcher<AddResult>({ key: key ?? `add-idle-${variant.id}` });
  const options = quantityOptions(variant.stock, variant.limitPerCustomer);
  if (options.length === 0) return null;

  const inCart = root?.cart?.items.some((item) => item.variantId === variant.id) ?? false;
  const busy = key !== null && fetcher.state !== "idle";
  const result = key !== null ? fetcher.data : undefined;

  return (
    <div className="space-y-3">
      <Form
        method="post"
        action="/cart"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          const next = `add-${variant.id}-${++addCounter}`;
          setKey(next);
          submitCartForm(event, next);
        }}
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="variantId" value={variant.id} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Quantity
          <select name="quantity" defaultValue={1} className="rounded-lg border border-slate-300 bg-white px-3 py-2">
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={busy}
          className={
            inCart
              ? "inline-flex items-center gap-2 rounded-lg bg-green-700 px-6 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-70"
              : "inline-flex items-center gap-2 rounded-lg bg-amber-500 px-6 py-2.5 font-semibold text-slate-900 hover:bg-amber-400 disabled:opacity-70"
          }
        >
          {inCart ? <CheckIcon className="h-5 w-5" /> : <ShoppingCartIcon className="h-5 w-5" />}
          {busy ? "Adding..." : inCart ? "Added to Cart" : "Add to Cart"}
        </button>
        {inCart && (
          <Link to="/cart" className="py-2.5 text-sm font-semibold text-amber-700 underline hover:text-amber-800">
            View cart
          </Link>
        )}
      </Form>
      {result?.message && (
        <p
          role={result.ok ? "status" : "alert"}
          className={
            result.ok
              ? "rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
              : "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          }
        >
          {result.message}
        </p>
      )}
    </div>
  );
}
