import { z } from "zod";
import { safeRedirectPath } from "~/modules/accounts/safe-redirect";
import { DEFAULT_MAX_QUANTITY } from "~/config/constants";

/**
 * What the /cart action accepts. One form per button, so plain HTML posts (no JavaScript) and
 * fetcher submissions send the same fields. Nothing here names a cart: the owner always comes
 * from the session or the guest cookie, so a posted `userId`/`cartId` is simply ignored.
 */
export const CART_INTENTS = ["add", "update", "increment", "decrement", "remove", "clear"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** Largest quantity any single request may ask for (the selector's default maximum). */
export const MAX_REQUEST_QUANTITY = DEFAULT_MAX_QUANTITY;

const variantId = z
  .string({ error: "Choose a product." })
  .trim()
  .regex(/^\d{1,9}$/, "That product could not be found.")
  .transform(Number)
  .pipe(z.number().int().positive("That product could not be found."));

function quantity(min: number) {
  return z
    .string({ error: "Enter a quantity." })
    .trim()
    .regex(/^-?\d+$/, "Quantity must be a whole number.")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, min === 1 ? "Quantity must be at least 1." : "Quantity cannot be negative.")
        .max(MAX_REQUEST_QUANTITY, `Quantity can be at most ${MAX_REQUEST_QUANTITY}.`),
    );
}

// Built once: a zod schema costs far more to build than to run, and every cart post parses.
const intentField = z.enum(CART_INTENTS);
const addQuantity = quantity(1);
const updateQuantity = quantity(0);

/** Where a plain form post goes back to: none asked → null; a same-site path, else /cart. */
function redirectTarget(value: string | undefined): string | null {
  return value ? safeRedirectPath(value, "/cart") : null;
}

export type ParsedCartForm =
  | { ok: true; intent: "add"; variantId: number | null; quantity: number; redirectTo: string | null }
  | { ok: true; intent: "update"; variantId: number; quantity: number; redirectTo: string | null }
  | { ok: true; intent: "increment" | "decrement" | "remove"; variantId: number; redirectTo: string | null }
  | { ok: true; intent: "clear"; redirectTo: string | null }
  | { ok: false; intent: CartIntent | null; variantId: number | null; message: string };

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

export function parseCartForm(form: FormData): ParsedCartForm {
  const intentResult = intentField.safeParse(field(form, "intent"));
  if (!intentResult.success) return { ok: false, intent: null, variantId: null, message: "Unknown cart action." };
  const intent = intentResult.data;
  const redirectTo = redirectTarget(field(form, "redirectTo"));
  if (intent === "clear") return { ok: true, intent, redirectTo };

  const rawProduct = field(form, "variantId");
  // Spec §5: an add without a product id (here: the variant's, what is sold) is ignored (not an error).
  if (intent === "add" && (rawProduct === undefined || rawProduct.trim() === "")) {
    return { ok: true, intent, variantId: null, quantity: 1, redirectTo };
  }
  const product = variantId.safeParse(rawProduct);
  if (!product.success) return { ok: false, intent, variantId: null, message: product.error.issues[0]!.message };

  if (intent === "add" || intent === "update") {
    const raw = field(form, "quantity");
    const parsed = (intent === "add" ? addQuantity : updateQuantity).safeParse(intent === "add" && raw === undefined ? "1" : raw);
    if (!parsed.success) return { ok: false, intent, variantId: product.data, message: parsed.error.issues[0]!.message };
    return { ok: true, intent, variantId: product.data, quantity: parsed.data, redirectTo };
  }
  return { ok: true, intent, variantId: product.data, redirectTo };
}

/** What the /cart action answers a fetcher (and a no-JavaScript post that stays on the page). */
export interface CartActionData {
  ok: boolean;
  intent: CartIntent | null;
  variantId: number | null;
  message: string | null;
}
