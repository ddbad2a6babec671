/**
 * Guest carts (`guest_carts`): the server issues every guest cart id, so an id a client makes
 * up, or one whose cart was swept, never names a cart. The cookie that carries the id is the
 * web layer's business (`~/web/guest-cart.server.ts`); this module owns the rows.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { guestCarts } from "~/db/schema";

/** 128 random bits, base64url without padding: exactly 22 characters. */
export const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newGuestId(): string {
  return randomBytes(16).toString("base64url");
}

/** The id itself if the server issued it and the cart still exists; null otherwise. */
export async function findGuestCart(db: Db, guestId: string): Promise<string | null> {
  const [row] = await db.select({ id: guestCarts.id }).from(guestCarts).where(eq(guestCarts.id, guestId));
  return row ? row.id : null;
}

/** Creates a new, empty guest cart and returns its id. */
export async function createGuestCart(db: Db): Promise<string> {
  const guestId = newGuestId();
  await db.insert(guestCarts).values({ id: guestId });
  return guestId;
}

/** Marks a guest cart as used now, so the sweep keeps it for another 30 days. */
export async function touchGuestCart(db: Db, guestId: string): Promise<void> {
  await db.update(guestCarts).set({ lastSeenAt: sql`now()` }).where(eq(guestCarts.id, guestId));
}
