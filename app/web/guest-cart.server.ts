/**
 * Who owns the cart of this request: the signed-in user (by the session only), or a guest
 * cart whose id the server issued and keeps in `guest_carts`. The guest id travels in an
 * HttpOnly cookie; an id the server never issued (forged, or from a swept cart) is ignored and,
 * when a cart is needed, replaced by a fresh one, so a guest can only ever reach their own cart.
 */
import type { AppLoadContext } from "react-router";
import { GUEST_CART_COOKIE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { mergeGuestIntoUser, peekCart, type CartOwner } from "~/modules/cart/cart.server";
import { createGuestCart, findGuestCart, GUEST_ID_PATTERN, touchGuestCart } from "~/modules/cart/guest-carts.server";
import { EMPTY_SHELL_CART, toLocalItems, type ShellCart } from "~/modules/cart/local-cart";
import { loggableMessage, requestLogOf } from "~/utils/log.server";
import { getCurrentUser } from "./auth.server";
import { readCookie } from "./cookies";
import { isSecureContext } from "./session-cookie.server";
import type { ShellUser } from "./shell";

export const GUEST_CART_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function secureAttribute(context: AppLoadContext): string {
  return isSecureContext(context) ? "; Secure" : "";
}

export function guestCookieHeader(context: AppLoadContext, guestId: string): string {
  return `${GUEST_CART_COOKIE}=${guestId}; Path=/; Max-Age=${GUEST_CART_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secureAttribute(context)}`;
}

export function clearGuestCookieHeader(context: AppLoadContext): string {
  return `${GUEST_CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureAttribute(context)}`;
}

/** The cookie's guest id as sent, if it is well-formed (not yet checked against the database). */
export function guestIdFromCookie(request: Request): string | null {
  const value = readCookie(request, GUEST_CART_COOKIE);
  return value && GUEST_ID_PATTERN.test(value) ? value : null;
}

/** The request's guest id if the server issued it; null for none, malformed or forged ids. */
export async function readGuestId(db: Db, request: Request): Promise<string | null> {
  const id = guestIdFromCookie(request);
  if (!id) return null;
  return findGuestCart(db, id);
}

/** Issues a new guest cart; returns its id and the Set-Cookie header that hands it out. */
export async function issueGuestCart(db: Db, context: AppLoadContext): Promise<{ guestId: string; setCookie: string }> {
  const guestId = await createGuestCart(db);
  return { guestId, setCookie: guestCookieHeader(context, guestId) };
}

export interface RequestCartOwner {
  owner: CartOwner | null;
  user: ShellUser | null;
  /** Set when this request issued a guest cart, refreshed its cookie, or dropped a bad one. */
  setCookie: string | null;
}

/**
 * The cart owner of this request. With `create`, a guest without a (valid) cart gets a new
 * one; a guest's cookie is then refreshed so an active cart lives 30 days past its last use.
 */
export async function resolveCartOwner(
  request: Request,
  context: AppLoadContext,
  options: { create?: boolean } = {},
): Promise<RequestCartOwner> {
  const user = await getCurrentUser(request, context);
  if (user) return { owner: { userId: user.id }, user, setCookie: null };

  const guestId = await readGuestId(context.db, request);
  if (guestId) {
    if (!options.create) return { owner: { guestId }, user: null, setCookie: null };
    await touchGuestCart(context.db, guestId);
    return { owner: { guestId }, user: null, setCookie: guestCookieHeader(context, guestId) };
  }
  const hadCookie = readCookie(request, GUEST_CART_COOKIE) !== null;
  if (!options.create) return { owner: null, user: null, setCookie: hadCookie ? clearGuestCookieHeader(context) : null };
  const issued = await issueGuestCart(context.db, context);
  return { owner: { guestId: issued.guestId }, user: null, setCookie: issued.setCookie };
}

/**
 * Call right after a sign-in created the session: moves the guest cart (if the cookie names a
 * real one) into the user's cart and returns the Set-Cookie header that clears the guest
 * cookie, or null when there is nothing to set. Never throws: a failed merge must not fail the
 * sign-in; the guest cookie is then kept, so the next sign-in can merge it.
 */
export async function mergeGuestCartAfterSignIn(
  request: Request,
  context: AppLoadContext,
  userId: string,
): Promise<string | null> {
  if (readCookie(request, GUEST_CART_COOKIE) === null) return null;
  try {
    const guestId = await readGuestId(context.db, request);
    if (guestId) await mergeGuestIntoUser(context.db, guestId, userId);
  } catch (error) {
    requestLogOf(context).error({ userId, reason: loggableMessage(error) }, "cart: merging the guest cart at sign-in failed; the guest cookie is kept");
    return null;
  }
  return clearGuestCookieHeader(context);
}

/**
 * The cart part of the page shell (root loader): the badge count and the browser mirror's
 * data, read without writing so every page view stays a pure read. `user` is the shell's
 * already-resolved user, so the session is not looked up twice.
 */
export async function loadShellCart(request: Request, context: AppLoadContext, user: ShellUser | null): Promise<ShellCart> {
  try {
    let owner: CartOwner | null = null;
    let guestId: string | null = null;
    if (user) owner = { userId: user.id };
    else {
      guestId = await readGuestId(context.db, request);
      if (guestId) owner = { guestId };
    }
    if (!owner) return EMPTY_SHELL_CART;
    const isPremium = user?.isPremium ?? false;
    const view = await peekCart(context.db, owner, { isPremium });
    return { items: toLocalItems(view.lines), hasPremium: isPremium, guestId, count: view.summary.itemCount };
  } catch (error) {
    // The header must never take a page down; the cart page itself reports real failures.
    requestLogOf(context).error({ reason: loggableMessage(error) }, "cart: loading the header's cart failed; shown empty");
    return EMPTY_SHELL_CART;
  }
}
