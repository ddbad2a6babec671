import { Form } from "react-router";
import { quantityOptions } from "~/modules/cart/quantity";

/**
 * Quantity selector + "Add to Cart" for the product page. Owned by the cart: it posts to the
 * cart route and works without JavaScript.
 */
export function AddToCartForm({
  product,
}: {
  product: { id: number; stock: number; limitPerCustomer: number | null };
}) {
  const options = quantityOptions(product.stock, product.limitPerCustomer);
  if (options.length === 0) return null;
  return (
    <Form method="post" action="/cart" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
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
      <button type="submit" className="rounded-lg bg-amber-500 px-6 py-2.5 font-semibold text-white hover:bg-amber-600">
        Add to Cart
      </button>
    </Form>
  );
}
