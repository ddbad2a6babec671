import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { CART_STORAGE_KEY, GUEST_CART_ID_KEY } from "~/config/constants";
import type { LocalCartItem, ShellCart } from "~/modules/cart/local-cart";

/**
 * The browser's mirror of the cart, kept in local storage under the spec's keys
 * (`cart-storage`, and the guest id under `guest_cart_id`) so it survives reloads.
 *
 * The server is the source of truth: the mirror is replaced wholesale from the root loader's
 * cart data when the app starts and whenever that data changes (every cart action and every
 * sign-in or sign-out revalidates it). Nothing in it is ever sent to the server as a claim.
 */
export interface CartStoreState {
  items: LocalCartItem[];
  hasPremium: boolean;
  guestId: string | null;
  /** When the mirror last matched the server (ms since epoch). */
  syncedAt: number | null;
  syncFromServer(cart: ShellCart): void;
}

export const useCartStore = create<CartStoreState>()(
  persist(
    (set) => ({
      items: [],
      hasPremium: false,
      guestId: null,
      syncedAt: null,
      syncFromServer(cart) {
        set({ items: cart.items, hasPremium: cart.hasPremium, guestId: cart.guestId, syncedAt: Date.now() });
        mirrorGuestId(cart.guestId);
      },
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      // No localStorage on the server or in a locked-down browser: the mirror is then just skipped.
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ items: state.items, hasPremium: state.hasPremium, guestId: state.guestId, syncedAt: state.syncedAt }),
    },
  ),
);

function mirrorGuestId(guestId: string | null) {
  try {
    if (guestId) window.localStorage.setItem(GUEST_CART_ID_KEY, guestId);
    else window.localStorage.removeItem(GUEST_CART_ID_KEY);
  } catch {
    // Storage full or disabled: the cookie still carries the guest cart.
  }
}
