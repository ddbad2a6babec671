import { useEffect } from "react";
import type { ShellCart } from "~/modules/cart/local-cart";

/**
 * Keeps the browser's cart mirror equal to the server's cart: runs after hydration and again
 * whenever the root loader's cart data changes (cart actions, sign-in, sign-out).
 *
 * The mirror's store (zustand with its persist middleware) is imported here, after hydration,
 * not with the page: no page reads it to render, so it stays out of every page's first-load
 * JavaScript (docs/decisions/0051-first-load-budget.md). Repeated imports share one promise, so
 * syncs still apply in the order the effects ran.
 */
export function CartSync({ cart }: { cart: ShellCart | undefined }) {
  useEffect(() => {
    if (!cart) return;
    void import("~/stores/cart-store").then(({ useCartStore }) => useCartStore.getState().syncFromServer(cart));
  }, [cart]);
  return null;
}
