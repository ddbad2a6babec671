/**
 * The browser's copy of the cart (spec §3 "Local cart item"), as the server hands it out in
 * the root loader. The server stays the source of truth: this mirror is only ever replaced by
 * server data, never sent back as a claim about prices or quantities. Money is integer pence.
 */
export interface LocalCartItem {
  productId: number;
  /** What is in the cart: the product's variant (a sealed product has one). */
  variantId: number;
  name: string;
  image: string | null;
  price: number;
  premiumPrice: number | null;
  quantity: number;
  stock: number;
  limitPerCustomer: number | null;
  isUsingPremium: boolean;
}

export interface ShellCart {
  items: LocalCartItem[];
  hasPremium: boolean;
  /** The guest cart's id while browsing as a guest; null when signed in or before the first add. */
  guestId: string | null;
  /** Units in the cart (the header badge). */
  count: number;
}

export const EMPTY_SHELL_CART: ShellCart = { items: [], hasPremium: false, guestId: null, count: 0 };

export function toLocalItems(
  lines: ReadonlyArray<{
    productId: number;
    variantId: number;
    name: string;
    imageUrl: string | null;
    price: number;
    premiumPrice: number | null;
    quantity: number;
    stock: number;
    limitPerCustomer: number | null;
    usesPremium: boolean;
  }>,
): LocalCartItem[] {
  return lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    image: l.imageUrl,
    price: l.price,
    premiumPrice: l.premiumPrice,
    quantity: l.quantity,
    stock: l.stock,
    limitPerCustomer: l.limitPerCustomer,
    isUsingPremium: l.usesPremium,
  }));
}
