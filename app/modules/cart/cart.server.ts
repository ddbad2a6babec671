/**
 * The cart: guest and member carts in `cart_items`, the server's source of truth.
 *
 * Every change is ONE guarded statement (an upsert or update whose SET/WHERE carries the cap),
 * so rapid clicks and parallel requests can neither lose an update nor push a line past stock
 * or the per-customer limit. A line is a variant (what is sold: a sealed product's one variant,
 * or a single's condition × printing × language). Prices, stock and visibility are re-read from
 * the catalogue on every read; a client never tells the server what something costs or how much
 * is left.
 *
 * Owners come from the request (session user or an issued guest id), never from form input.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { cartItems, guestCarts, productVariants } from "~/db/schema";
import { findVariantFacts, selectFactsWith, toVariantFactsWith, variantFactsById, type VariantFacts } from "~/modules/catalog/inventory.server";
import { hasPendingOrderSql } from "~/modules/orders/records.server";
import { limitScopeKey, variantQuery } from "~/modules/catalog/variants";
import {
  exceedsLimit,
  lineCap,
  limitFullMessage,
  limitReducedNotice,
  limitSubject,
  limitWarning,
  purchaseLimitMessage,
} from "~/modules/orders/purchase-limit";
import { heldUnits, heldUnitsByScope } from "~/modules/orders/purchase-limit.server";
import { lineTotals, summarise, usesPremiumPrice } from "~/modules/pricing/pricing";
import type { CartLine, CartResult, CartView } from "./cart-view";

export type { CartLine, CartResult, CartView };

export type CartOwner = { userId: string } | { guestId: string };

export class CartOwnerGoneError extends Error {}

type Executor = Db | Tx;

function ownerWhere(owner: CartOwner) {
  return "userId" in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.guestId, owner.guestId);
}

type JoinedRow = VariantFacts & { id: number; quantity: number };

/** The cart's rows with today's variant facts (from the catalogue), oldest line first. */
async function joinedRows(db: Executor, owner: CartOwner): Promise<JoinedRow[]> {
  const rows = await db
    .select({ id: cartItems.id, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(ownerWhere(owner))
    .orderBy(cartItems.createdAt, cartItems.id);
  const facts = await variantFactsById(
    db,
    rows.map((r) => r.variantId),
  );
  return rows.flatMap((row) => {
    const variant = facts.get(row.variantId);
    return variant ? [{ ...variant, ...row }] : [];
  });
}

type Correction = { kind: "remove"; rowId: number } | { kind: "reduce"; rowId: number; cap: number };

/**
 * Applies today's catalogue to the stored lines without writing anything. Facts about the
 * variant (hidden, sold out, less stock, the limit itself) become corrections to save. A limit
 * counts across a product's variants (unless a variant has its own), so lines of one product
 * share it: earlier lines keep their units and later ones are reduced. Units in the customer's
 * own orders only lower `maxQuantity` and add a notice: an order awaiting payment may still be
 * cancelled or expire, and the cart must not lose lines because of it (checkout refuses what
 * the limit no longer allows).
 */
async function evaluate(db: Executor, owner: CartOwner, isPremium: boolean) {
  const rows = await joinedRows(db, owner);
  const ordered =
    "userId" in owner
      ? await heldUnitsByScope(
          db,
          owner.userId,
          rows.map((r) => r.limitScope),
        )
      : new Map<string, number>();
  const kept: Array<{ row: JoinedRow; quantity: number }> = [];
  const notices: string[] = [];
  const corrections: Correction[] = [];
  /** Units of each limit scope the lines so far keep. */
  const inCart = new Map<string, number>();
  for (const row of rows) {
    const scope = limitScopeKey(row.limitScope);
    const cap = lineCap(row.stock, row.limitPerCustomer, inCart.get(scope) ?? 0);
    if (!row.isVisible) {
      notices.push(`${row.displayName} is no longer available and was removed from your cart.`);
      corrections.push({ kind: "remove", rowId: row.id });
      continue;
    }
    if (row.stock <= 0) {
      notices.push(`${row.displayName} is out of stock and was removed from your cart.`);
      corrections.push({ kind: "remove", rowId: row.id });
      continue;
    }
    let quantity = row.quantity;
    if (quantity > cap) {
      quantity = cap;
      // Other lines of the product may have used the whole limit: then this line goes.
      corrections.push(cap === 0 ? { kind: "remove", rowId: row.id } : { kind: "reduce", rowId: row.id, cap });
      if (cap === row.stock) notices.push(`${row.displayName}: only ${row.stock} left, quantity reduced.`);
      else if (row.limitPerCustomer !== null) notices.push(limitReducedNotice(limitSubject(row), row.limitPerCustomer));
      else notices.push(`${row.displayName}: at most ${cap} per order, quantity reduced.`);
      if (cap === 0) continue;
    }
    inCart.set(scope, (inCart.get(scope) ?? 0) + quantity);
    kept.push({ row, quantity });
  }

  const lines: CartLine[] = [];
  const warnings: string[] = [];
  const warned = new Set<string>();
  for (const { row, quantity } of kept) {
    const scope = limitScopeKey(row.limitScope);
    const already = ordered.get(scope) ?? 0;
    const otherLines = (inCart.get(scope) ?? 0) - quantity;
    const room = lineCap(row.stock, row.limitPerCustomer, already + otherLines);
    if (row.limitPerCustomer !== null && already + (inCart.get(scope) ?? 0) > row.limitPerCustomer && !warned.has(scope)) {
      warned.add(scope);
      warnings.push(limitWarning(limitSubject(row), row.limitPerCustomer, already));
    }
    lines.push({
      variantId: row.variantId,
      productId: row.productId,
      slug: row.slug,
      name: row.name,
      variantLabel: row.variantLabel,
      variantQuery: variantQuery(row),
      imageUrl: row.imageUrl,
      price: row.price,
      premiumPrice: row.premiumPrice,
      stock: row.stock,
      limitPerCustomer: row.limitPerCustomer,
      quantity,
      maxQuantity: Math.max(room, 0),
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

async function findVariant(db: Executor, variantId: number) {
  const variant = await findVariantFacts(db, variantId);
  return variant && variant.isVisible ? variant : undefined;
}

/**
 * The units of the variant already in the cart and, when the limit is the product's, those of
 * its other variants in the cart (an NM and an LP copy count together; a variant with its own
 * limit counts alone): one read for both.
 */
async function unitsInCart(db: Executor, owner: CartOwner, variant: VariantFacts): Promise<{ current: number; others: number }> {
  const countsOthers = variant.limitPerCustomer !== null && variant.limitScope.kind !== "variant";
  const [row] = await db
    .select({
      current: sql<number>`COALESCE(SUM(${cartItems.quantity}) FILTER (WHERE ${cartItems.variantId} = ${variant.variantId}), 0)::int`,
      others: sql<number>`COALESCE(SUM(${cartItems.quantity}) FILTER (WHERE ${cartItems.variantId} <> ${variant.variantId}), 0)::int`,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(
      and(
        ownerWhere(owner),
        countsOthers
          ? or(
              eq(cartItems.variantId, variant.variantId),
              and(eq(productVariants.productId, variant.productId), isNull(productVariants.limitPerCustomer)),
            )
          : eq(cartItems.variantId, variant.variantId),
      ),
    );
  return { current: Number(row?.current ?? 0), others: Number(row?.others ?? 0) };
}

const UNAVAILABLE = "This product is no longer available.";

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}

/** An add's check before any cart is touched: the variant, or the answer to give instead. */
export type AddCheck = { refusal: CartResult } | { variant: VariantFacts };

/**
 * The variant an add is for, if it can be added at all: real, visible and in stock. Otherwise
 * addItem's own answer (no variant: ignored; unknown or hidden: 404; sold out: 409). The cart
 * intents (`intents.server.ts`) ask this before they create a guest cart, so adds that cannot
 * succeed (bots posting made-up ids) never create one, and then add the variant it found.
 */
export async function checkAdd(db: Executor, variantId: number | null | undefined, quantity: number): Promise<AddCheck> {
  if (variantId === null || variantId === undefined) return { refusal: { ok: true, quantity: 0, ignored: true } };
  if (!Number.isSafeInteger(quantity) || quantity < 1) return { refusal: { ok: false, status: 400, message: "Quantity must be at least 1." } };
  const variant = await findVariant(db, variantId);
  if (!variant) return { refusal: { ok: false, status: 404, message: UNAVAILABLE } };
  if (variant.stock <= 0) return { refusal: { ok: false, status: 409, message: `${variant.displayName} is out of stock.` } };
  return { variant };
}

/**
 * Adds `quantity` units of a variant. The line is capped at stock and the per-customer limit
 * (less the product's other lines in the cart and, for a signed-in customer, what they already
 * have in paid or pending orders); an add that would take a signed-in customer past the limit
 * is refused with the purchase-limit message instead.
 */
export async function addItem(db: Db, owner: CartOwner, requestedId: number | null | undefined, quantity: number): Promise<CartResult> {
  const checked = await checkAdd(db, requestedId, quantity);
  return "refusal" in checked ? checked.refusal : addCheckedItem(db, owner, checked.variant, quantity);
}

/** addItem for a variant `checkAdd` has just found addable (its facts are not read again). */
export async function addCheckedItem(db: Db, owner: CartOwner, variant: VariantFacts, quantity: number): Promise<CartResult> {
  const variantId = variant.variantId;
  const { current, others } = await unitsInCart(db, owner, variant);
  const ordered = await heldBy(db, owner, variant);
  const limitRefusal = overLimit(variant, ordered, others + Math.min(current + quantity, variant.stock));
  if (limitRefusal) return limitRefusal;
  const cap = lineCap(variant.stock, variant.limitPerCustomer, (ordered ?? 0) + others);
  if (current >= cap) return { ok: false, status: 409, message: capMessage(variant, cap) };

  const first = Math.min(quantity, cap);
  const set = { quantity: sql`LEAST(${cartItems.quantity} + ${quantity}, ${cap})`, updatedAt: sql`now()` };
  let rows: { quantity: number }[];
  try {
    rows =
      "userId" in owner
        ? await db
            .insert(cartItems)
            .values({ userId: owner.userId, variantId, quantity: first })
            .onConflictDoUpdate({ target: [cartItems.userId, cartItems.variantId], set })
            .returning({ quantity: cartItems.quantity })
        : await db
            .insert(cartItems)
            .values({ guestId: owner.guestId, variantId, quantity: first })
            .onConflictDoUpdate({ target: [cartItems.guestId, cartItems.variantId], set })
            .returning({ quantity: cartItems.quantity });
  } catch (error) {
    // The guest cart was merged into an account (or swept) while this request was in flight.
    if (isForeignKeyViolation(error)) throw new CartOwnerGoneError("cart owner no longer exists");
    throw error;
  }
  const now = rows[0]!.quantity;
  const added = now - current;
  const notice = added < quantity ? capMessage(variant, cap) : undefined;
  return { ok: true, quantity: now, notice };
}

/**
 * Units in a limited variant's scope a signed-in customer holds in counted orders, counted once
 * per change; null for guests and unlimited variants (no orders to count, no refusal to give: a
 * guest's line is only capped, and checkout counts again once they sign in).
 */
async function heldBy(db: Executor, owner: CartOwner, variant: VariantFacts): Promise<number | null> {
  if (!("userId" in owner) || variant.limitPerCustomer === null) return null;
  return heldUnits(db, owner.userId, variant.limitScope);
}

/** The purchase-limit refusal when holding `quantity` in the cart would pass the limit; null when it would not. */
function overLimit(variant: VariantFacts, held: number | null, quantity: number): CartResult | null {
  if (held === null || !exceedsLimit(variant.limitPerCustomer, held, quantity)) return null;
  return { ok: false, status: 409, message: purchaseLimitMessage(limitSubject(variant), variant.limitPerCustomer!, held) };
}

function capMessage(variant: VariantFacts, cap: number): string {
  if (cap >= variant.stock) return `Only ${variant.stock} of ${variant.displayName} in stock: your cart has the most you can add.`;
  if (variant.limitPerCustomer !== null) return limitFullMessage(limitSubject(variant), variant.limitPerCustomer);
  return `You can add at most ${cap} of ${variant.displayName} to one order.`;
}

/**
 * Sets a line's quantity. Below 1 removes the line; above the cap (or the purchase limit for a
 * signed-in customer) is refused and nothing changes.
 */
export async function setQuantity(db: Db, owner: CartOwner, variantId: number, quantity: number): Promise<CartResult> {
  if (!Number.isSafeInteger(quantity)) return { ok: false, status: 400, message: "Quantity must be a whole number." };
  if (quantity < 1) {
    await removeItem(db, owner, variantId);
    return { ok: true, quantity: 0 };
  }
  const variant = await findVariant(db, variantId);
  if (!variant) return { ok: false, status: 404, message: UNAVAILABLE };
  const { current, others } = await unitsInCart(db, owner, variant);
  if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  // Lowering a line is always allowed (even above what the orders leave room for): no count needed.
  const raising = quantity > current;
  const ordered = raising ? await heldBy(db, owner, variant) : null;
  const othersCounted = raising ? others : 0;
  const limitRefusal = overLimit(variant, ordered, othersCounted + quantity);
  if (limitRefusal) return limitRefusal;
  const cap = lineCap(variant.stock, variant.limitPerCustomer, (ordered ?? 0) + othersCounted);
  if (quantity > cap && raising) return { ok: false, status: 409, message: capMessage(variant, cap) };
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(ownerWhere(owner), eq(cartItems.variantId, variantId)))
    .returning({ quantity: cartItems.quantity });
  if (rows.length === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  return { ok: true, quantity };
}

/**
 * Adds `delta` (±1 from the plus/minus buttons) relative to what is stored, so two quick
 * clicks are two steps even if the page had not caught up. An increase past the cap changes
 * nothing; a decrease to 0 removes the line.
 */
export async function changeQuantity(db: Db, owner: CartOwner, variantId: number, delta: 1 | -1): Promise<CartResult> {
  if (delta === -1) {
    const lowered = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
      .where(and(ownerWhere(owner), eq(cartItems.variantId, variantId), sql`${cartItems.quantity} > 1`))
      .returning({ quantity: cartItems.quantity });
    if (lowered.length > 0) return { ok: true, quantity: lowered[0]!.quantity };
    const removed = await db
      .delete(cartItems)
      .where(and(ownerWhere(owner), eq(cartItems.variantId, variantId)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
    return { ok: true, quantity: 0 };
  }

  const variant = await findVariant(db, variantId);
  if (!variant) return { ok: false, status: 404, message: UNAVAILABLE };
  const { current, others } = await unitsInCart(db, owner, variant);
  const ordered = await heldBy(db, owner, variant);
  if (ordered !== null) {
    if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
    const limitRefusal = overLimit(variant, ordered, others + current + 1);
    if (limitRefusal) return limitRefusal;
  }
  const cap = lineCap(variant.stock, variant.limitPerCustomer, (ordered ?? 0) + others);
  const raised = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: sql`now()` })
    .where(and(ownerWhere(owner), eq(cartItems.variantId, variantId), sql`${cartItems.quantity} + 1 <= ${cap}`))
    .returning({ quantity: cartItems.quantity });
  if (raised.length > 0) return { ok: true, quantity: raised[0]!.quantity };
  // Not raised: at the cap, or the line went (another window) since it was read above.
  if ((await unitsInCart(db, owner, variant)).current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  return { ok: false, status: 409, message: capMessage(variant, cap) };
}

export async function removeItem(db: Db, owner: CartOwner, variantId: number): Promise<void> {
  await db.delete(cartItems).where(and(ownerWhere(owner), eq(cartItems.variantId, variantId)));
}

export async function clearCart(db: Executor, owner: CartOwner): Promise<void> {
  await db.delete(cartItems).where(ownerWhere(owner));
}

/**
 * Moves a guest cart into a user's cart at sign-in, in one transaction: quantities are added,
 * then capped by stock and the limit; lines that can no longer be bought are dropped; the guest
 * cart and its rows are deleted. (Units in the customer's orders, and the product's other lines,
 * are not taken off here: the cart page reduces and warns, and checkout enforces.) Running it
 * twice (two tabs signing in at once) merges once: the second run finds the guest rows locked,
 * then gone.
 */
export async function mergeGuestIntoUser(db: Db, guestId: string, userId: string): Promise<{ merged: number; notices: string[] }> {
  return db.transaction(async (tx) => {
    const guestRows = await tx
      .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.guestId, guestId))
      .orderBy(cartItems.id)
      .for("update");
    const facts = await variantFactsById(
      tx,
      guestRows.map((r) => r.variantId),
    );
    const rows = guestRows.flatMap((r) => {
      const variant = facts.get(r.variantId);
      return variant ? [{ ...variant, ...r }] : [];
    });
    const existing = new Map<number, number>();
    if (rows.length > 0) {
      const userRows = await tx
        .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, rows.map((r) => r.variantId))));
      for (const r of userRows) existing.set(r.variantId, r.quantity);
    }
    const notices: string[] = [];
    let merged = 0;
    for (const row of rows) {
      const cap = lineCap(row.stock, row.limitPerCustomer);
      if (!row.isVisible || cap <= 0) {
        notices.push(`${row.displayName} is no longer available and was not added to your cart.`);
        continue;
      }
      await tx
        .insert(cartItems)
        .values({ userId, variantId: row.variantId, quantity: Math.min(row.quantity, cap) })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.variantId],
          set: { quantity: sql`LEAST(${cartItems.quantity} + ${row.quantity}, ${cap})`, updatedAt: sql`now()` },
        });
      merged++;
      if ((existing.get(row.variantId) ?? 0) + row.quantity > cap) notices.push(`${row.displayName}: quantity reduced to ${cap}.`);
    }
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestId));
    return { merged, notices };
  });
}

/** A line as checkout reads it: the stored quantity with today's variant facts. */
export type CheckoutLine = VariantFacts & { quantity: number };

/**
 * The signed-in customer's cart as checkout reads it, inside its transaction: in variant-id
 * order (the lock order for stock), with today's prices, stock, limit and visibility. With
 * `lock`, the lines' variants are locked by the read itself (`FOR NO KEY UPDATE`, taken in that
 * order), so the prices and stock it returns are the locked rows' own, in one round trip.
 */
export async function checkoutLines(tx: Executor, userId: string, options: { lock?: boolean } = {}): Promise<CheckoutLine[]> {
  const query = selectFactsWith(tx, { quantity: sql<number>`${cartItems.quantity}` })
    .innerJoin(cartItems, eq(cartItems.variantId, productVariants.id))
    .where(and(eq(cartItems.userId, userId), isNull(cartItems.guestId)))
    .orderBy(asc(productVariants.id));
  const rows = options.lock ? await query.for("no key update", { of: productVariants }) : await query;
  return rows.map((row) => toVariantFactsWith(row));
}

/** Asked by every checkout (a drop's whole crowd): a prepared statement (decision 0056). */
const checkoutLinesAndPendingStatement = preparedPerDatabase("cart_checkout_lines_and_pending", (db: Db) =>
  selectFactsWith(db, { quantity: sql<number>`${cartItems.quantity}`, hasPendingOrder: hasPendingOrderSql(cartItems.userId) })
    .innerJoin(cartItems, eq(cartItems.variantId, productVariants.id))
    .where(and(eq(cartItems.userId, sql.placeholder("userId")), isNull(cartItems.guestId)))
    .orderBy(asc(productVariants.id)),
);

/**
 * `checkoutLines` and whether the customer has an unpaid checkout, read at one moment (one
 * statement): what the checkout's sold-out answer before its transaction rests on.
 */
export async function checkoutLinesAndPending(db: Db, userId: string): Promise<{ lines: CheckoutLine[]; hasPendingOrder: boolean }> {
  const rows = await checkoutLinesAndPendingStatement(db).execute({ userId });
  return { lines: rows.map(({ hasPendingOrder: _, ...row }) => toVariantFactsWith(row)), hasPendingOrder: rows.some((r) => r.hasPendingOrder) };
}

/** After payment: the paid variants leave the customer's cart (other lines stay). */
export async function removePaidLines(tx: Executor, userId: string, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.variantId, variantIds)));
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
