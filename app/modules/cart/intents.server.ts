/**
 * One cart change as the /cart action receives it: the whole sequence in one call, so the
 * route only parses and responds. Only an add that can succeed may start a guest cart (the
 * variant is checked first), so posts of unknown, hidden or sold-out variants (bots) create
 * no `guest_carts` row and set no cookie; every other change needs a cart that exists.
 */
import type { Db } from "~/db/client.server";
import { dropAddRefusal } from "~/modules/drops/rights.server";
import type { ParsedCartForm } from "./cart-form";
import {
  addCheckedItem,
  checkAdd,
  CartOwnerGoneError,
  changeQuantity,
  clearCart,
  removeItem,
  setQuantity,
  type CartOwner,
  type CartResult,
} from "./cart.server";

type CartChange = Extract<ParsedCartForm, { ok: true }>;

/**
 * Applies a parsed cart form for the request's owner. `ownerFor(create)` is the web layer's:
 * the owner of this request, issuing a guest cart when `create` is true.
 */
export async function applyCartChange(
  db: Db,
  change: CartChange,
  ownerFor: (create: boolean) => Promise<CartOwner | null>,
): Promise<CartResult> {
  const checked = change.intent === "add" ? await checkAdd(db, change.variantId, change.quantity) : null;
  // Refused on the variant's facts alone (unknown, hidden, sold out): no one's cart is read (a
  // stale guest cookie is left for the next request to clear). After a drop sells out this is
  // most of the posts, so it is kept to the one read.
  if (checked && "refusal" in checked) return checked.refusal;
  const addable = checked && "variant" in checked ? checked.variant : null;
  // A drop product (decision 0047): only an account whose turn to buy is open may add it.
  const existing = addable ? await ownerFor(false) : null;
  const dropRefused = addable ? await dropAddRefusal(db, addable, existing && "userId" in existing ? existing.userId : null) : null;
  if (dropRefused) return { ok: false, status: 409, message: dropRefused };
  const owner = await ownerFor(addable !== null);
  if (!owner) {
    return change.intent === "clear" ? { ok: true, quantity: 0 } : { ok: false, status: 404, message: "That item is not in your cart." };
  }
  try {
    if (change.intent === "add") {
      // checkAdd answered every add it refused (above); this one has its variant, not read again.
      return addable ? await addCheckedItem(db, owner, addable, change.quantity) : { ok: true, quantity: 0, ignored: true };
    }
    switch (change.intent) {
      case "update":
        return await setQuantity(db, owner, change.variantId, change.quantity);
      case "increment":
        return await changeQuantity(db, owner, change.variantId, 1);
      case "decrement":
        return await changeQuantity(db, owner, change.variantId, -1);
      case "remove":
        await removeItem(db, owner, change.variantId);
        return { ok: true, quantity: 0 };
      case "clear":
        await clearCart(db, owner);
        return { ok: true, quantity: 0 };
    }
  } catch (error) {
    if (!(error instanceof CartOwnerGoneError)) throw error;
    return { ok: false, status: 409, message: "Your cart changed in another window. Please try again." };
  }
}
