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
import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_MAX_QUANTITY } from "~/config/constants";
import type { Db, Tx } from "~/db/client.server";
import { cartItems, guestCarts, orderItems, orders, products } from "~/db/schema";
import { summarise, unitPriceFor, usesPremiumPrice, type CartSummary } from "./pricing";

export type CartOwner = { userId: string } | { guestId: string };

/** Order statuses whose units count against the per-customer limit: paid, or awaiting payment. */
export const LIMIT_COUNTED_ORDER_STATUSES = ["pending", "completed", "dispatched"] as const;

export interface CartLine {
  productId: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  /** Normal unit price in pence. */
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  quantity: number;
  /** The most this customer may hold in the cart now (stock, limit minus units already ordered). */
  maxQuantity: number;
  /** What this customer pays per unit. */
  unitPrice: number;
  usesPremium: boolean;
  lineTotal: number;
  normalLineTotal: number;
}

export interface CartView {
  lines: CartLine[];
  summary: CartSummary;
  isPremium: boolean;
  /** Why lines changed since the customer last looked ("X: only 2 left, quantity reduced"). */
  notices: string[];
  /** Lines checkout will refuse as they stand (the limit counting the customer's orders). */
  warnings: string[];
}

export type CartResult =
  | { ok: true; quantity: number; notice?: string; ignored?: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };

export class CartOwnerGoneError extends Error {}

type Executor = Db | Tx;

function ownerWhere(owner: CartOwner) {
  return "userId" in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.guestId, owner.guestId);
}

/**
 * The cap of one line: stock, then the per-customer limit less what the customer already holds
 * in paid or pending orders (99 when the product has no limit, matching the quantity selector).
 */
export function lineCap(stock: number, limitPerCustomer: number | null, alreadyOrdered = 0): number {
  const limitRoom = limitPerCustomer === null ? DEFAULT_MAX_QUANTITY : limitPerCustomer - alreadyOrdered;
  return Math.max(0, Math.min(stock, limitRoom));
}

/** Units of each product a customer holds in paid or pending orders. */
export async function unitsOrdered(db: Executor, userId: string, productIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (productIds.length === 0) return counts;
  const rows = await db
    .select({ productId: orderItems.productId, units: sql<number>`COALESCE(SUM(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...LIMIT_COUNTED_ORDER_STATUSES]),
        inArray(orderItems.productId, productIds),
      ),
    )
    .groupBy(orderItems.productId);
  for (const row of rows) if (row.productId !== null) counts.set(row.productId, Number(row.units));
  return counts;
}

/**
 * The spec's `check_purchase_limit(p_user_id, p_product_id, p_quantity)`: may this customer
 * hold `quantity` units in the cart, given what they already have in paid or pending orders?
 */
export async function checkPurchaseLimit(
  db: Executor,
  userId: string,
  productId: number,
  quantity: number,
): Promise<{ allowed: boolean; message: string | null }> {
  const [product] = await db
    .select({ name: products.name, limit: products.limitPerCustomer, isVisible: products.isVisible })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || !product.isVisible) return { allowed: false, message: "This product is no longer available." };
  if (product.limit === null) return { allowed: true, message: null };
  const ordered = (await unitsOrdered(db, userId, [productId])).get(productId) ?? 0;
  if (ordered + quantity <= product.limit) return { allowed: true, message: null };
  return { allowed: false, message: purchaseLimitMessage(product.name, product.limit, ordered) };
}

export function purchaseLimitMessage(name: string, limit: number, ordered: number): string {
  const base = `Purchase limit reached: ${name} is limited to ${limit} per customer.`;
  if (ordered <= 0) return base;
  const room = Math.max(0, limit - ordered);
  return `${base} You already have ${ordered} in your orders, so ${room === 0 ? "no more can be added" : `at most ${room} more can be in your cart`}.`;
}

interface JoinedRow {
  id: number;
  productId: number;
  quantity: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  isVisible: boolean;
}

async function joinedRows(db: Executor, owner: CartOwner): Promise<JoinedRow[]> {
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      slug: products.slug,
      name: products.name,
      imageUrl: products.imageUrl,
      price: products.price,
      premiumPrice: products.premiumPrice,
      stock: products.stock,
      limitPerCustomer: products.limitPerCustomer,
      isVisible: products.isVisible,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ownerWhere(owner))
    .orderBy(cartItems.createdAt, cartItems.id);
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
  const ordered = "userId" in owner ? await unitsOrdered(db, owner.userId, rows.map((r) => r.productId)) : new Map();
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
      else if (row.limitPerCustomer !== null) notices.push(`${row.name}: limit ${row.limitPerCustomer} per customer, quantity reduced.`);
      else notices.push(`${row.name}: at most ${cap} per order, quantity reduced.`);
    }
    if (quantity > room && row.limitPerCustomer !== null) {
      warnings.push(
        room === 0
          ? `${row.name}: limit ${row.limitPerCustomer} per customer, and you already have ${already} in your orders (paid or awaiting payment), so it cannot be checked out again.`
          : `${row.name}: limit ${row.limitPerCustomer} per customer, and you already have ${already} in your orders (paid or awaiting payment), so at most ${room} can be checked out.`,
      );
    }
    const maxQuantity = room;
    const unitPrice = unitPriceFor(row, isPremium);
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
      unitPrice,
      usesPremium: usesPremiumPrice(row, isPremium),
      lineTotal: unitPrice * quantity,
      normalLineTotal: row.price * quantity,
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
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      limitPerCustomer: products.limitPerCustomer,
      isVisible: products.isVisible,
    })
    .from(products)
    .where(eq(products.id, productId));
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
 * unknown or hidden: 404; sold out: 409). The cart route asks this before it creates a guest
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

  let ordered = 0;
  const current = await currentQuantity(db, owner, productId);
  if ("userId" in owner && product.limitPerCustomer !== null) {
    ordered = (await unitsOrdered(db, owner.userId, [productId])).get(productId) ?? 0;
    const wanted = Math.min(current + quantity, product.stock);
    const check = await checkPurchaseLimit(db, owner.userId, productId, wanted);
    if (!check.allowed) return { ok: false, status: 409, message: check.message ?? UNAVAILABLE };
  }
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered);
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

function capMessage(product: { name: string; stock: number; limitPerCustomer: number | null }, cap: number): string {
  if (cap >= product.stock) return `Only ${product.stock} of ${product.name} in stock: your cart has the most you can add.`;
  if (product.limitPerCustomer !== null) return `${product.name} is limited to ${product.limitPerCustomer} per customer: your cart has the most you can add.`;
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
  // Lowering a line is always allowed, even one above what the customer's orders leave room for.
  const current = await currentQuantity(db, owner, productId);
  if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
  let ordered = 0;
  if ("userId" in owner && product.limitPerCustomer !== null && quantity > current) {
    const check = await checkPurchaseLimit(db, owner.userId, productId, quantity);
    if (!check.allowed) return { ok: false, status: 409, message: check.message ?? UNAVAILABLE };
    ordered = (await unitsOrdered(db, owner.userId, [productId])).get(productId) ?? 0;
  }
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered);
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
  let ordered = 0;
  if ("userId" in owner && product.limitPerCustomer !== null) {
    const current = await currentQuantity(db, owner, productId);
    if (current === 0) return { ok: false, status: 404, message: "That item is not in your cart." };
    const check = await checkPurchaseLimit(db, owner.userId, productId, current + 1);
    if (!check.allowed) return { ok: false, status: 409, message: check.message ?? UNAVAILABLE };
    ordered = (await unitsOrdered(db, owner.userId, [productId])).get(productId) ?? 0;
  }
  const cap = lineCap(product.stock, product.limitPerCustomer, ordered);
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
    const rows = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        name: products.name,
        stock: products.stock,
        limitPerCustomer: products.limitPerCustomer,
        isVisible: products.isVisible,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.guestId, guestId))
      .orderBy(cartItems.id)
      .for("update", { of: cartItems });
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

/** Product ids in the cart (for "Added to Cart" on product pages). */
export function productIdsOf(view: Pick<CartView, "lines">): number[] {
  return view.lines.map((l) => l.productId);
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
