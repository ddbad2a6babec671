/**
 * The cart: guest and member carts in `cart_items`, the server's source of truth.
 *
 * Every change is ONE guarded statement (an upsert or update whose SET/WHERE carries the cap),
 * so rapid clicks and parallel requests can neither lose an update nor push a line past stock
 * or the per-customer limit. Prices, stock and visibility are re-read from `products` on every
 * read; a client never tells the server what something costs or how much is left.
 *
 * Owners come from the request (session user or an issued guest id), never from form input.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { cartItems, guestCarts } from "~/db/schema";
import { findProductFacts, productFactsById, type ProductFacts } from "~/modules/catalog/inventory.server";
import { exceedsLimit, lineCap, limitFullMessage, limitReducedNotice, limitWarning, purchaseLimitMessage } from "~/modules/orders/purchase-limit";
import { heldUnits, heldUnitsByProduct } from "~/modules/orders/purchase-limit.server";
import { lineTotals, summarise, usesPremiumPrice } from "~/modules/pricing/pricing";
import type { CartLine, CartResult, CartView } from "./cart-view";

export type { CartLine, CartResult, CartView };

export type CartOwner = { userId: string } | { guestId: string };

export class CartOwnerGoneError extends Error {}

type Executor = Db | Tx;

function ownerWhere(owner: CartOwner) {
  return "userId" in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.guestId, owner.guestId);
}

type JoinedRow = Omit<ProductFacts, "id"> & { id: number; productId: number; quantity: number };

/** The cart's rows with today's product facts (from the catalogue), oldest line first. */
async function joinedRows(db: Executor, owner: CartOwner): Promise<JoinedRow[]> {
  const rows = await db
    .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(ownerWhere(owner))
    .orderBy(cartItems.createdAt, cartItems.id);
  const facts = await productFactsById(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((row) => {
    const product = facts.get(row.productId);
    return product ? [{ ...product, ...row }] : [];
  });
}

type Correction = { kind: "remove"; rowId: number } | { kind: "reduce"; rowId: number; cap: number };

/**
 * Applies today's products to the stored lines without writing anything. Facts about the
 * product (hidden, sold out, less stock, the limit itself) become corrections to save. Units in
 * the customer's own orders only lower `maxQuantity` and add a notice: an order awaiting
 * payment may still be cancelled or expire, and the cart must not lose lines because of it
 * (checkout refuses what the limit no longer allows).
 */
async function evaluate(db: Executor, owner: CartOwner, isPremium: boolean) {
  const rows = await joinedRows(db, owner);
  const ordered =
    "userId" in owner
      ? await heldUnitsByProduct(
          db,
          owner.userId,
          rows.map((r) => r.productId),
        )
      : new Map<number, number>();
  const lines: CartLine[] = [];
  const notices: string[] = [];
  const warnings: string[] = [];
  const corrections: Correction[] = [];
  for (const row of rows) {
    const already = ordered.get(row.productId) ?? 0;
    const cap = lineCap(row.stock, row.limitPerCustomer);
    const room = lineCap(row.stock, row.limitPerCustomer, already);
    if (!row.isVisible) {
      notices.push(`${row.name} is no longer available and was removed from your cart.`);
      corrections.push({ kind: "remove", rowId: row.id });
      continue;
    }
    if (row.stock <= 0) {
      notices.push(`${row.name} is out of stock and was removed from your cart.`);
      corrections.push({ kind: "remove", rowId: row.id });
      continue;
    }
    let quantity = row.quantity;
    if (quantity > cap) {
      quantity = cap;
      corrections.push({ kind: "reduce", rowId: row.id, cap });
      if (cap === row.stock) notices.push(`${row.name}: only ${row.stock} left, quantity reduced.`);
      else if (row.limitPerCustomer !== null) notices.push(limitReducedNotice(row.name, row.limitPerCustomer));
      else notices.push(`${row.name}: at most ${cap} per order, quantity reduced.`);
    }
    if (quantity > room && row.limitPerCustomer !== null) warnings.push(limitWarning(row.name, row.limitPerCustomer, already));
    const maxQuantity = room;
    lines.push({
      productId: row.productId,
      slug: row.slug,
      name: row.name,
      imageUrl: row.imageUrl,
      price: row.price,
      premiumPrice: row.premiumPrice,
      stock: row.stock,
      limitPerCustomer: row.limitPerCustomer,
      quantity,
      maxQuantity,
      usesPremium: usesPremiumPrice(row, isPremium),
      ...lineTotals({ ...row, quantity }, isPremium),
    });
  }
  return { lines, notices, warnings, corrections, summary: summarise(lines, isPremium) };
}

/**
 * The cart as the customer should see it, with today's prices, stock and visibility. Lines
 * that can no longer be bought are removed and lines above their cap reduced, in the database
 * too, and each change is reported in `notices`.
 */
export async function getCart(db: Db, owner: CartOwner, options: { isPremium?: boolean } = {}): Promise<CartView> {
  const isPremium = options.isPremium ?? false;
  const { lines, notices, warnings, corrections, summary } = await evaluate(db, owner, isPremium);
  for (const c of corrections) {
    if (c.kind === "remove") await db.delete(cartItems).where(and(eq(cartItems.id, c.rowId), ownerWhere(owner)));
    // Guarded: a concurrent decrease below the cap is kept, never raised back.
    else
      await db
        .update(cartItems)
        .set({ quantity: sql`LEAST(${cartItems.quantity}, ${c.cap})`, updatedAt: sql`now()` })
        .where(and(eq(cartItems.id, c.rowId), ownerWhere(owner), sql`${cartItems.quantity} > ${c.cap}`));
  }
  return { lines, summary, isPremium, notices, warnings };
}

/** The view of no cart at all (a guest who never added anything). */
export function emptyCartView(isPremium: boolean): CartView {
  return { lines: [], summary: summarise([], isPremium), isPremium, notices: [], warnings: [] };
}

/** The cart as `getCart` would show it, without writing: for the header on every request. */
export async function peekCart(db: Db, owner: CartOwner, options: { isPremium?: boolean } = {}): Promise<CartView> {
  const isPremium = options.isPremium ?? false;
  const { lines, summary, warnings } = await evaluate(db, owner, isPremium);
  return { lines, summary, isPremium, notices: [], warnings };
}

/** Units in the cart that can be bought (the header badge). */
export async function countItems(db: Db, owner: CartOwner): Promise<number> {
  return (await peekCart(db, owner)).summary.itemCount;
}

async function findProduct(db: Executor, productId: number) {
  const product = await findProductFacts(db, productId);
  return product && product.isVisible ? product : undefined;
}

async function currentQuantity(db: Executor, owner: CartOwner, productId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(ownerWhere(owner), eq(cartItems.productId, productId)));
  return row?.quantity ?? 0;
}

const UNAVAILABLE = "This product is no longer available.";

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}

/** The product an add is for, if it can be added at all (visible, in stock); else the answer to give. */
async function addableProduct(
  db: Executor,
  productId: number | null | undefined,
  quantity: number,
): Promise<{ refusal: CartResult } | { product: NonNullable<Awaited<ReturnType<typeof findProduct>>> }> {
  if (productId === null || productId === undefined) return { refusal: { ok: true, quantity: 0, ignored: true } };
  if (!Number.isSafeInteger(quantity) || quantity < 1) return { refusal: { ok: false, status: 400, message: "Quantity must be at least 1." } };
  const product = await findProduct(db, productId);
  if (!product) return { refusal: { ok: false, status: 404, message: UNAVAILABLE } };
  if (product.stock <= 0) return { refusal: { ok: false, status: 409, message: `${product.name} is out of stock.` } };
  return { product };
}

/**
 * What an add would answer before any cart is touched: null when the product is real, visible
 * and in stock (the add may go ahead), otherwise addItem's own answer (no product: ignored;
 * unknown or hidden: 404; sold out: 409). The cart intents (`intents.server.ts`) ask this before they create a guest
 * cart, so adds that cannot succeed (bots posting made-up ids) never create one.
 */
export async function addRefusal(db: Executor, productId: number | null | undefined, quantity: number): Promise<CartResult | null> {
  const checked = await addableProduct(db, productId, quantity);
  return "refusal" in checked ? checked.refusal : null;
}

/**
 * Adds `quantity` units. The line is capped at stock and the per-customer limit (less what a
 * signed-in customer already has in paid or pending orders); an add that would take a
 * signed-in customer past the limit is refused with the purchase-limit message instead.
 */
export async function addItem(db: Db, owner: CartOwner, requestedId: number | null | undefined, quantity: number): Promise<CartResult> {
  const checked = await addableProduct(db, requestedId, quantity);
  if ("refusal" in checked) return checked.refusal;
  const { product } = checked;
  const productId = product.id;

  const current = await currentQuantity(db, owner, productId);
  const ordered = await heldBy(db, owner, product);
  const limitRefusal = overLimit(product, ordered, Math.min(current + quantity, product.stock));
  if (limitRefusal) return limitRefusal;
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered ?? 0);
  if (current >= cap) return { ok: false, status: 409, message: capMessage(product, cap) };

  const first = Math.min(quantity, cap);
  const set = { quantity: sql`LEAST(${cartItems.quantity} + ${quantity}, ${cap})`, updatedAt: sql`now()` };
  let rows: { quantity: number }[];
  try {
    rows =
      "userId" in owner
        ? await db
            .insert(cartItems)
            .values({ userId: owner.userId, productId, quantity: first })
            .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set })
            .returning({ quantity: cartItems.quantity })
        : await db
            .insert(cartItems)
            .values({ guestId: owner.guestId, productId, quantity: first })
            .onConflictDoUpdate({ target: [cartItems.guestId, cartItems.productId], set })
            .returning({ quantity: cartItems.quantity });
  } catch (error) {
    // The guest cart was merged into an account (or swept) while this request was in flight.
    if (isForeignKeyViolation(error)) throw new CartOwnerGoneError("cart owner no longer exists");
    throw error;
  }
  const now = rows[0]!.quantity;
  const added = now - current;
  const notice = added < quantity ? capMessage(product, cap) : undefined;
  return { ok: true, quantity: now, notice };
}

/**
 * Units of a limited product a signed-in customer holds in counted orders, counted once per
 * change; null for guests and unlimited products (no orders to count, no refusal to give: a
 * guest's line is only capped, and checkout counts again once they sign in).
 */
async function heldBy(db: Executor, owner: CartOwner, product: ProductFacts): Promise<number | null> {
  if (!("userId" in owner) || product.limitPerCustomer === null) return null;
  return heldUnits(db, owner.userId, product.id);
}

/** The purchase-limit refusal when holding `quantity` in the cart would pass the limit; null when it would not. */
function overLimit(product: ProductFacts, held: number | null, quantity: number): CartResult | null {
  if (held === null || !exceedsLimit(product.limitPerCustomer, held, quantity)) return null;
  return { ok: false, status: 409, message: purchaseLimitMessage(product.name, product.limitPerCustomer!, held) };
}

function capMessage(product: { name: string; stock: number; limitPerCustomer: number | null }, cap: number): string {
  if (cap >= product.stock) return `Only ${product.stock} of ${product.name} in stock: your cart has the most you can add.`;
  if (product.limitPerCustomer !== null) return limitFullMessage(product.name, product.limitPerCustomer);
  return `You can add at most ${cap} of ${product.name} to one order.`;
}

/**
 * Sets a line's quantity. Below 1 removes the line; above the cap (or the purchase limit for a
 * signed-in customer) is refused and nothing changes.
 */
export async function setQuantity(db: Db, owner: CartOwner, productId: number, quantity: number): Promise<CartResult> {
  if (!Number.isSafeInteger(quantity)) return { ok: false, status: 400, message: "Quantity must be a whole number." };
  if (quantity < 1) {
    await removeItem(db, owner, productId);
    return { ok: true, quantity: 0 };
  }
  const product = await findProduct(db, productId);
  if (!product) return { ok: false, status: 404, message: UNAVAILABLE };
  const current = await currentQuantity(db, owner, productId);
  if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  // Lowering a line is always allowed (even above what the orders leave room for): no count needed.
  const ordered = quantity > current ? await heldBy(db, owner, product) : null;
  const limitRefusal = overLimit(product, ordered, quantity);
  if (limitRefusal) return limitRefusal;
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered ?? 0);
  if (quantity > cap && quantity > current) return { ok: false, status: 409, message: capMessage(product, cap) };
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(ownerWhere(owner), eq(cartItems.productId, productId)))
    .returning({ quantity: cartItems.quantity });
  if (rows.length === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  return { ok: true, quantity };
}

/**
 * Adds `delta` (±1 from the plus/minus buttons) relative to what is stored, so two quick
 * clicks are two steps even if the page had not caught up. An increase past the cap changes
 * nothing; a decrease to 0 removes the line.
 */
export async function changeQuantity(db: Db, owner: CartOwner, productId: number, delta: 1 | -1): Promise<CartResult> {
  if (delta === -1) {
    const lowered = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
      .where(and(ownerWhere(owner), eq(cartItems.productId, productId), sql`${cartItems.quantity} > 1`))
      .returning({ quantity: cartItems.quantity });
    if (lowered.length > 0) return { ok: true, quantity: lowered[0]!.quantity };
    const removed = await db
      .delete(cartItems)
      .where(and(ownerWhere(owner), eq(cartItems.productId, productId)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
    return { ok: true, quantity: 0 };
  }

  const product = await findProduct(db, productId);
  if (!product) return { ok: false, status: 404, message: UNAVAILABLE };
  const ordered = await heldBy(db, owner, product);
  if (ordered !== null) {
    const current = await currentQuantity(db, owner, productId);
    if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
    const limitRefusal = overLimit(product, ordered, current + 1);
    if (limitRefusal) return limitRefusal;
  }
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered ?? 0);
  const raised = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: sql`now()` })
    .where(and(ownerWhere(owner), eq(cartItems.productId, productId), sql`${cartItems.quantity} + 1 <= ${cap}`))
    .returning({ quantity: cartItems.quantity });
  if (raised.length > 0) return { ok: true, quantity: raised[0]!.quantity };
  const current = await currentQuantity(db, owner, productId);
  if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  return { ok: false, status: 409, message: capMessage(product, cap) };
}

export async function removeItem(db: Db, owner: CartOwner, productId: number): Promise<void> {
  await db.delete(cartItems).where(and(ownerWhere(owner), eq(cartItems.productId, productId)));
}

export async function clearCart(db: Executor, owner: CartOwner): Promise<void> {
  await db.delete(cartItems).where(ownerWhere(owner));
}

/**
 * Moves a guest cart into a user's cart at sign-in, in one transaction: quantities are added,
 * then capped by stock and the limit; lines that can no longer be bought are dropped; the guest
 * cart and its rows are deleted. (Units in the customer's orders are not taken off here: the
 * cart page warns about them and checkout enforces them.) Running it twice (two tabs
 * signing in at once) merges once: the second run finds the guest rows locked, then gone.
 */
export async function mergeGuestIntoUser(db: Db, guestId: string, userId: string): Promise<{ merged: number; notices: string[] }> {
  return db.transaction(async (tx) => {
    const guestRows = await tx
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.guestId, guestId))
      .orderBy(cartItems.id)
      .for("update");
    const facts = await productFactsById(
      tx,
      guestRows.map((r) => r.productId),
    );
    const rows = guestRows.flatMap((r) => {
      const product = facts.get(r.productId);
      return product ? [{ ...product, ...r }] : [];
    });
    const existing = new Map<number, number>();
    if (rows.length > 0) {
      const userRows = await tx
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, rows.map((r) => r.productId))));
      for (const r of userRows) existing.set(r.productId, r.quantity);
    }
    const notices: string[] = [];
    let merged = 0;
    for (const row of rows) {
      const cap = lineCap(row.stock, row.limitPerCustomer);
      if (!row.isVisible || cap <= 0) {
        notices.push(`${row.name} is no longer available and was not added to your cart.`);
        continue;
      }
      await tx
        .insert(cartItems)
        .values({ userId, productId: row.productId, quantity: Math.min(row.quantity, cap) })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity: sql`LEAST(${cartItems.quantity} + ${row.quantity}, ${cap})`, updatedAt: sql`now()` },
        });
      merged++;
      if ((existing.get(row.productId) ?? 0) + row.quantity > cap) notices.push(`${row.name}: quantity reduced to ${cap}.`);
    }
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestId));
    return { merged, notices };
  });
}

/** A line as checkout reads it: the stored quantity with today's product facts. */
export type CheckoutLine = ProductFacts & { productId: number; quantity: number };

/**
 * The signed-in customer's cart as checkout reads it, inside its transaction: in product-id
 * order (the lock order for stock), with today's prices, stock, limit and visibility.
 */
export async function checkoutLines(tx: Executor, userId: string): Promise<CheckoutLine[]> {
  const rows = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), isNull(cartItems.guestId)))
    .orderBy(asc(cartItems.productId));
  const facts = await productFactsById(
    tx,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((row) => {
    const product = facts.get(row.productId);
    return product ? [{ ...product, ...row }] : [];
  });
}

/** After payment: the paid products leave the customer's cart (other lines stay). */
export async function removePaidLines(tx: Executor, userId: string, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}

/**
 * Deletes guest carts not used for `maxAgeDays` (their cookie has expired by then), with their
 * rows. Batched and SKIP LOCKED, so several instances can sweep at once without waiting.
 */
export async function sweepGuestCarts(db: Db, maxAgeDays = 30, batch = 1000, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeDays * 86_400_000);
  const result = await db.execute(sql`
    DELETE FROM ${guestCarts} WHERE ${guestCarts.id} IN (
      SELECT ${guestCarts.id} FROM ${guestCarts}
      WHERE ${guestCarts.lastSeenAt} < ${cutoff.toISOString()}
      LIMIT ${batch} FOR UPDATE SKIP LOCKED
    )`);
  return (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}
