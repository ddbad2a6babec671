import { Form } from "react-router";
import { useCartFormSubmit } from "./use-cart-form-submit";
import type { CartIntent } from "~/modules/cart/cart-form";

let submissionCounter = 0;

/**
 * One button in its own form. Without JavaScript it is a plain POST that redirects back to the
 * cart; with it, every click is its own fetcher (a unique key), so rapid clicks are never
 * cancelled or merged: each reaches the server, which applies them one guarded step at a time.
 */
export function CartButton({
  intent,
  variantId,
  onSubmitted,
  className,
  disabled,
  label,
  children,
}: {
  intent: CartIntent;
  variantId?: number;
  onSubmitted: (key: string) => void;
  className: string;
  disabled?: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const submitCartForm = useCartFormSubmit();
  return (
    <Form
      method="post"
      action="/cart"
      className="contents"
      onSubmit={(event) => {
        const key = `cart-${intent}-${variantId ?? "all"}-${++submissionCounter}`;
        onSubmitted(key);
        submitCartForm(event, key);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {variantId !== undefined && <input type="hidden" name="variantId" value={variantId} />}
      <input type="hidden" name="redirectTo" value="/cart" />
      <button type="submit" className={className} disabled={disabled} aria-label={label} title={label}>
        {children}
      </button>
    </Form>
  );
}
