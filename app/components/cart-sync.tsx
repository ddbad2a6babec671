import { useEffect } from "react";
import type { ShellCart } from "~/modules/cart/local-cart";
import { useCartStore } from "~/stores/cart-store";

/**
 * Keeps the browser's cart mirror equal to the server's cart: runs after hydration and again
 * whenever the root loader's cart data changes (cart actions, sign-in, sign-out).
 */
export function CartSync({ cart }: { cart: ShellCart | undefined }) {
  useEffect(() => {
    if (cart) useCartStore.getState().syncFromServer(cart);
  }, [cart]);
  return null;
}
