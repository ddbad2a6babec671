import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GUEST_CART_COOKIE } from "~/config/constants";
import { cartItems, categories, guestCarts, languages, products, productVariants, subscriptions, users } from "~/db/schema";
import { parseCartForm } from "~/modules/cart/cart-form";
import { applyCartChange } from "~/modules/cart/intents.server";
import {
  addItem,
  changeQuantity,
  clearCart,
  countItems,
  getCart,
  mergeGuestIntoUser,
  removeItem,
  setQuantity,
  sweepGuestCarts,
  type CartOwner,
} from "~/modules/cart/cart.server";
import { isPremium } from "~/modules/membership/premium.server";
import { checkPurchaseLimit } from "~/modules/orders/purchase-limit.server";
import { loadEnv } from "~/utils/env.server";
import { issueGuestCart, mergeGuestCartAfterSignIn, readGuestId, resolveCartOwner } from "~/web/guest-cart.server";
import { action as cartAction } from "~/routes/cart";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { settle } from "../support/accounts";
import { insertOrder } from "../support/orders";

let database: TestDatabase;
let categoryId: number;
let slugSeq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const [language] = await database.db
    .insert(languages)
    .values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/4x3/gb.svg" })
    .returning();
  const [category] = await database.db
    .insert(categories)
    .values({ name: "Booster Boxes", slug: "booster-boxes", languageId: language!.id })
    .returning();
  categoryId = category!.id;
});
afterAll(async () => {
  await database?.destroy();
});

/** A sealed product and its one variant; `variantId` is what carts hold. */
async function makeProduct(
  values: Partial<typeof products.$inferInsert> & { price?: number; premiumPrice?: number | null; stock?: number; variantLimit?: number | null } = {},
) {
  slugSeq++;
  const { price = 1000, premiumPrice = null, stock = 20, variantLimit = null, ...productValues } = values;
  const [row] = await database.db
    .insert(products)
    .values({ name: `Product ${slugSeq}`, slug: `product-${slugSeq}`, categoryId, ...productValues })
    .returning();
  const [variant] = await database.db
    .insert(productVariants)
    .values({ productId: row!.id, price, premiumPrice, stock, limitPerCustomer: variantLimit })
    .returning();
  return { ...row!, variantId: variant!.id };
}

async function makeUser() {
  const [row] = await database.db
    .insert(users)
    .values({ email: `user-${randomUUID()}@example.test`, passwordHash: "not-a-real-hash" })
    .returning();
  return row!;
}

async function makeGuest() {
  const id = randomUUID().replace(/-/g, "").slice(0, 22);
  await database.db.insert(guestCarts).values({ id });
  return id;
}

function makeOrder(userId: string, status: string, lines: { variantId: number; quantity: number }[]) {
  return insertOrder(database.db, { userId, status, items: lines.map((line) => ({ ...line, productName: "Snapshot", unitPrice: 1000 })) });
}

async function quantityIn(owner: CartOwner, variantId: number): Promise<number | undefined> {
  const where =
    "userId" in owner
      ? and(eq(cartItems.userId, owner.userId), eq(cartItems.variantId, variantId))
      : and(eq(cartItems.guestId, owner.guestId), eq(cartItems.variantId, variantId));
  const [row] = await database.db.select({ quantity: cartItems.quantity }).from(cartItems).where(where);
  return row?.quantity;
}

function contextFor(): AppLoadContext {
  return { db: database.db, env: loadEnv({}), shop: {} as AppLoadContext["shop"] } as AppLoadContext;
}

/** Adds refused on the variant alone, whoever posts them, with the status each is answered. */
const REFUSED_ON_THE_VARIANT: [string, () => Promise<{ variantId: number }>, number][] = [
  ["an unknown product", () => Promise.resolve({ variantId: 999_999_999 }), 404],
  ["a hidden product", () => makeProduct({ isVisible: false }), 404],
  ["a sold-out product", () => makeProduct({ stock: 0 }), 409],
];

describe("adding, changing and removing", () => {
  let guest: CartOwner;
  beforeEach(async () => {
    guest = { guestId: await makeGuest() };
  });

  it("ignores an add without a product", async () => {
    expect(await addItem(database.db, guest, null, 1)).toMatchObject({ ok: true, ignored: true });
    expect(await countItems(database.db, guest)).toBe(0);
  });

  it("refuses unknown and hidden products with a clear message and leaves the cart alone", async () => {
    const hidden = await makeProduct({ isVisible: false });
    expect(await addItem(database.db, guest, 999_999, 1)).toEqual({ ok: false, status: 404, message: "This product is no longer available." });
    expect(await addItem(database.db, guest, hidden.variantId, 1)).toMatchObject({ ok: false, status: 404 });
    expect(await countItems(database.db, guest)).toBe(0);
  });

  it("refuses zero, negative and fractional quantities in the module too", async () => {
    const p = await makeProduct();
    for (const q of [0, -3, 1.5, Number.NaN]) expect((await addItem(database.db, guest, p.variantId, q)).ok).toBe(false);
    expect(await quantityIn(guest, p.variantId)).toBeUndefined();
  });

  it("caps an add at stock and at the per-customer limit", async () => {
    const lowStock = await makeProduct({ stock: 3 });
    const limited = await makeProduct({ stock: 50, limitPerCustomer: 2 });
    const r1 = await addItem(database.db, guest, lowStock.variantId, 5);
    expect(r1).toMatchObject({ ok: true, quantity: 3 });
    expect(r1.ok && r1.notice).toMatch(/Only 3/);
    expect(await addItem(database.db, guest, limited.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await addItem(database.db, guest, limited.variantId, 5)).toMatchObject({ ok: true, quantity: 2 });
    // Already at the cap: refused, nothing changes.
    expect(await addItem(database.db, guest, limited.variantId, 1)).toMatchObject({ ok: false, status: 409 });
    expect(await quantityIn(guest, limited.variantId)).toBe(2);
  });

  it("caps at 99 when there is no limit", async () => {
    const plenty = await makeProduct({ stock: 500 });
    await addItem(database.db, guest, plenty.variantId, 99);
    expect(await addItem(database.db, guest, plenty.variantId, 5)).toMatchObject({ ok: false, status: 409 });
    expect(await quantityIn(guest, plenty.variantId)).toBe(99);
  });

  it("refuses an out-of-stock product", async () => {
    const gone = await makeProduct({ stock: 0 });
    expect(await addItem(database.db, guest, gone.variantId, 1)).toMatchObject({ ok: false, status: 409, message: `${gone.name} is out of stock.` });
  });

  it("sets a quantity, refuses one above the cap without changing anything, and removes below 1", async () => {
    const p = await makeProduct({ stock: 4 });
    await addItem(database.db, guest, p.variantId, 1);
    expect(await setQuantity(database.db, guest, p.variantId, 3)).toEqual({ ok: true, quantity: 3 });
    expect(await setQuantity(database.db, guest, p.variantId, 5)).toMatchObject({ ok: false, status: 409 });
    expect(await quantityIn(guest, p.variantId)).toBe(3);
    expect(await setQuantity(database.db, guest, p.variantId, 0)).toEqual({ ok: true, quantity: 0 });
    expect(await quantityIn(guest, p.variantId)).toBeUndefined();
  });

  it("refuses to set the quantity of a line that is not in the cart", async () => {
    const p = await makeProduct();
    expect(await setQuantity(database.db, guest, p.variantId, 2)).toMatchObject({ ok: false, status: 404 });
    expect(await quantityIn(guest, p.variantId)).toBeUndefined();
  });

  it("steps up to the cap and no further, and stepping below 1 removes the line", async () => {
    const p = await makeProduct({ stock: 2 });
    await addItem(database.db, guest, p.variantId, 1);
    expect(await changeQuantity(database.db, guest, p.variantId, 1)).toEqual({ ok: true, quantity: 2 });
    expect(await changeQuantity(database.db, guest, p.variantId, 1)).toMatchObject({ ok: false, status: 409 });
    expect(await quantityIn(guest, p.variantId)).toBe(2);
    expect(await changeQuantity(database.db, guest, p.variantId, -1)).toEqual({ ok: true, quantity: 1 });
    expect(await changeQuantity(database.db, guest, p.variantId, -1)).toEqual({ ok: true, quantity: 0 });
    expect(await quantityIn(guest, p.variantId)).toBeUndefined();
    expect(await changeQuantity(database.db, guest, p.variantId, -1)).toMatchObject({ ok: false, status: 404 });
  });

  it("removes one line and clears a whole cart without touching other carts", async () => {
    const other: CartOwner = { guestId: await makeGuest() };
    const a = await makeProduct();
    const b = await makeProduct();
    await addItem(database.db, guest, a.variantId, 1);
    await addItem(database.db, guest, b.variantId, 2);
    await addItem(database.db, other, a.variantId, 1);
    await removeItem(database.db, guest, a.variantId);
    expect(await countItems(database.db, guest)).toBe(2);
    await clearCart(database.db, guest);
    expect(await countItems(database.db, guest)).toBe(0);
    expect(await countItems(database.db, other)).toBe(1);
  });
});

describe("rapid clicks and parallel requests", () => {
  it("20 parallel adds of 1 give exactly 20", async () => {
    const p = await makeProduct({ stock: 50 });
    const user = await makeUser();
    const owner = { userId: user.id };
    await Promise.all(Array.from({ length: 20 }, () => addItem(database.db, owner, p.variantId, 1)));
    expect(await quantityIn(owner, p.variantId)).toBe(20);
  });

  it("20 parallel adds of 1 stop exactly at the cap (stock 7), for guests and users", async () => {
    const p = await makeProduct({ stock: 7 });
    const guest = { guestId: await makeGuest() };
    const user = { userId: (await makeUser()).id };
    await Promise.all(Array.from({ length: 20 }, () => addItem(database.db, guest, p.variantId, 1)));
    await Promise.all(Array.from({ length: 20 }, () => addItem(database.db, user, p.variantId, 1)));
    expect(await quantityIn(guest, p.variantId)).toBe(7);
    expect(await quantityIn(user, p.variantId)).toBe(7);
  });

  it("parallel adds for a signed-in customer never pass the limit", async () => {
    const p = await makeProduct({ stock: 50, limitPerCustomer: 4 });
    const user = await makeUser();
    await makeOrder(user.id, "completed", [{ variantId: p.variantId, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => addItem(database.db, { userId: user.id }, p.variantId, 1)));
    expect(await quantityIn({ userId: user.id }, p.variantId)).toBe(3);
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(3);
  });

  it("parallel plus clicks count every click up to the cap, and parallel minus clicks every click down", async () => {
    const p = await makeProduct({ stock: 12 });
    const guest = { guestId: await makeGuest() };
    await addItem(database.db, guest, p.variantId, 1);
    await Promise.all(Array.from({ length: 8 }, () => changeQuantity(database.db, guest, p.variantId, 1)));
    expect(await quantityIn(guest, p.variantId)).toBe(9);
    await Promise.all(Array.from({ length: 10 }, () => changeQuantity(database.db, guest, p.variantId, 1)));
    expect(await quantityIn(guest, p.variantId)).toBe(12);
    await Promise.all(Array.from({ length: 5 }, () => changeQuantity(database.db, guest, p.variantId, -1)));
    expect(await quantityIn(guest, p.variantId)).toBe(7);
    await Promise.all(Array.from({ length: 9 }, () => changeQuantity(database.db, guest, p.variantId, -1)));
    expect(await quantityIn(guest, p.variantId)).toBeUndefined();
  });
});

describe("checkPurchaseLimit (spec §7 check_purchase_limit)", () => {
  it("counts units in paid and pending orders across orders, not failed, expired or refunded ones", async () => {
    const p = await makeProduct({ name: "Surging Sparks ETB", stock: 50, limitPerCustomer: 5 });
    const user = await makeUser();
    const otherUser = await makeUser();
    await makeOrder(user.id, "completed", [{ variantId: p.variantId, quantity: 1 }]);
    await makeOrder(user.id, "dispatched", [{ variantId: p.variantId, quantity: 1 }]);
    await makeOrder(user.id, "pending", [{ variantId: p.variantId, quantity: 1 }]);
    await makeOrder(user.id, "failed", [{ variantId: p.variantId, quantity: 3 }]);
    await makeOrder(user.id, "expired", [{ variantId: p.variantId, quantity: 3 }]);
    await makeOrder(user.id, "refunded", [{ variantId: p.variantId, quantity: 3 }]);
    await makeOrder(otherUser.id, "completed", [{ variantId: p.variantId, quantity: 5 }]);

    expect(await checkPurchaseLimit(database.db, user.id, p.variantId, 2)).toEqual({ allowed: true, message: null });
    const refused = await checkPurchaseLimit(database.db, user.id, p.variantId, 3);
    expect(refused.allowed).toBe(false);
    expect(refused.message).toBe(
      "Purchase limit reached: Surging Sparks ETB is limited to 5 per customer. You already have 3 in your orders, so at most 2 more can be in your cart.",
    );
    expect(await checkPurchaseLimit(database.db, otherUser.id, p.variantId, 1)).toMatchObject({ allowed: false });
  });

  it("always allows products without a limit, and refuses unknown ones", async () => {
    const p = await makeProduct({ stock: 5 });
    const user = await makeUser();
    expect(await checkPurchaseLimit(database.db, user.id, p.variantId, 50)).toEqual({ allowed: true, message: null });
    expect(await checkPurchaseLimit(database.db, user.id, 999_999, 1)).toMatchObject({ allowed: false });
  });

  it("refuses a signed-in customer's add and increase past the limit with its message, cart unchanged", async () => {
    const p = await makeProduct({ stock: 50, limitPerCustomer: 3 });
    const user = await makeUser();
    const owner = { userId: user.id };
    await makeOrder(user.id, "completed", [{ variantId: p.variantId, quantity: 2 }]);
    expect(await addItem(database.db, owner, p.variantId, 2)).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/^Purchase limit reached/) });
    expect(await quantityIn(owner, p.variantId)).toBeUndefined();
    expect(await addItem(database.db, owner, p.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await changeQuantity(database.db, owner, p.variantId, 1)).toMatchObject({ ok: false, message: expect.stringMatching(/^Purchase limit reached/) });
    expect(await setQuantity(database.db, owner, p.variantId, 2)).toMatchObject({ ok: false, message: expect.stringMatching(/^Purchase limit reached/) });
    expect(await quantityIn(owner, p.variantId)).toBe(1);
  });
});

describe("getCart re-reads the products", () => {
  it("removes hidden and sold-out lines, reduces lines above stock, and says so", async () => {
    const guest = { guestId: await makeGuest() };
    const hidden = await makeProduct({ name: "Hidden Box" });
    const soldOut = await makeProduct({ name: "Sold Box" });
    const shrunk = await makeProduct({ name: "Shrinking Box", stock: 10 });
    const fine = await makeProduct({ name: "Fine Box", price: 2500, premiumPrice: 2000 });
    await addItem(database.db, guest, hidden.variantId, 1);
    await addItem(database.db, guest, soldOut.variantId, 1);
    await addItem(database.db, guest, shrunk.variantId, 5);
    await addItem(database.db, guest, fine.variantId, 2);
    await database.db.update(products).set({ isVisible: false }).where(eq(products.id, hidden.id));
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, soldOut.variantId));
    await database.db.update(productVariants).set({ stock: 2, price: 1200 }).where(eq(productVariants.id, shrunk.variantId));

    const view = await getCart(database.db, guest);
    expect(view.notices).toEqual([
      "Hidden Box is no longer available and was removed from your cart.",
      "Sold Box is out of stock and was removed from your cart.",
      "Shrinking Box: only 2 left, quantity reduced.",
    ]);
    expect(view.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
      ["Shrinking Box", 2, 1200],
      ["Fine Box", 2, 2500],
    ]);
    expect(view.summary).toMatchObject({ subtotal: 2 * 1200 + 2 * 2500, shipping: 529, total: 2 * 1200 + 2 * 2500 + 529, proSavings: 0 });
    // The corrections were saved: a second read has nothing new to say.
    expect((await getCart(database.db, guest)).notices).toEqual([]);
    expect(await quantityIn(guest, shrunk.variantId)).toBe(2);
    expect(await quantityIn(guest, hidden.variantId)).toBeUndefined();
  });

  it("prices members at the premium rate where one exists, with the saving", async () => {
    const user = await makeUser();
    const owner = { userId: user.id };
    const a = await makeProduct({ price: 12999, premiumPrice: 11999 });
    const b = await makeProduct({ price: 499 });
    await addItem(database.db, owner, a.variantId, 2);
    await addItem(database.db, owner, b.variantId, 3);
    await database.db.insert(subscriptions).values({
      userId: user.id,
      provider: "sandbox",
      planType: "monthly",
      status: "active",
      amount: 499,
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const premium = await isPremium(database.db, user.id);
    expect(premium).toBe(true);
    const view = await getCart(database.db, owner, { isPremium: premium });
    expect(view.lines.map((l) => [l.unitPrice, l.usesPremium])).toEqual([
      [11999, true],
      [499, false],
    ]);
    expect(view.summary).toMatchObject({ subtotal: 2 * 11999 + 3 * 499, normalSubtotal: 2 * 12999 + 3 * 499, proSavings: 2000 });
    expect(view.summary.total).toBe(view.summary.subtotal + 529);
  });

  it("warns, without dropping units, when the customer's orders leave less room than the line holds", async () => {
    const user = await makeUser();
    const owner = { userId: user.id };
    const p = await makeProduct({ name: "Limited Tin", stock: 50, limitPerCustomer: 4 });
    await addItem(database.db, owner, p.variantId, 4);
    // An order awaiting payment may still be cancelled: the cart keeps its 4, checkout will refuse.
    await makeOrder(user.id, "pending", [{ variantId: p.variantId, quantity: 3 }]);
    const view = await getCart(database.db, owner);
    expect(view.lines[0]).toMatchObject({ quantity: 4, maxQuantity: 1 });
    expect(view.notices).toEqual([]);
    expect(view.warnings).toEqual([
      "Limited Tin: limit 4 per customer, and you already have 3 in your orders (paid or awaiting payment), so at most 1 can be checked out.",
    ]);
    expect(await quantityIn(owner, p.variantId)).toBe(4);
    // Lowering works; raising is refused.
    expect(await changeQuantity(database.db, owner, p.variantId, 1)).toMatchObject({ ok: false });
    expect(await changeQuantity(database.db, owner, p.variantId, -1)).toEqual({ ok: true, quantity: 3 });
    expect(await setQuantity(database.db, owner, p.variantId, 2)).toEqual({ ok: true, quantity: 2 });
    expect(await setQuantity(database.db, owner, p.variantId, 3)).toMatchObject({ ok: false, message: expect.stringMatching(/^Purchase limit reached/) });
    expect(await quantityIn(owner, p.variantId)).toBe(2);
  });

  it("reduces a line above the limit itself and says so", async () => {
    const guest = { guestId: await makeGuest() };
    const p = await makeProduct({ name: "Tightened Box", stock: 50, limitPerCustomer: 5 });
    await addItem(database.db, guest, p.variantId, 5);
    await database.db.update(products).set({ limitPerCustomer: 2 }).where(eq(products.id, p.id));
    const view = await getCart(database.db, guest);
    expect(view.notices).toEqual(["Tightened Box: limit 2 per customer, quantity reduced."]);
    expect(await quantityIn(guest, p.variantId)).toBe(2);
  });
});

describe("variants of one product in the cart", () => {
  async function single(limitPerCustomer: number | null) {
    const nm = await makeProduct({ name: "Charizard 4/102 · Base Set", price: 30000, stock: 5, limitPerCustomer });
    const [lp] = await database.db
      .insert(productVariants)
      .values({ productId: nm.id, price: 22000, stock: 5, condition: "lp", printing: "holo", language: "en" })
      .returning();
    return { nm, lp: { ...lp!, variantId: lp!.id } };
  }

  it("keeps each condition on its own line, at its own price, named by its condition", async () => {
    const guest = { guestId: await makeGuest() };
    const { nm, lp } = await single(null);
    await addItem(database.db, guest, nm.variantId, 1);
    await addItem(database.db, guest, lp.variantId, 2);
    const view = await getCart(database.db, guest);
    expect(view.lines.map((l) => [l.variantId, l.quantity, l.unitPrice, l.variantLabel, l.variantQuery])).toEqual([
      [nm.variantId, 1, 30000, null, ""],
      [lp.variantId, 2, 22000, "Lightly Played · Holo · English", "condition=lp&printing=holo&language=en"],
    ]);
    expect(view.summary.subtotal).toBe(30000 + 2 * 22000);
  });

  it("shares the product's limit between its lines: adds, raises and sign-in merges stop at it", async () => {
    const user = await makeUser();
    const owner = { userId: user.id };
    const { nm, lp } = await single(2);
    expect(await addItem(database.db, owner, nm.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await addItem(database.db, owner, lp.variantId, 5)).toMatchObject({ ok: false, message: expect.stringMatching(/^Purchase limit reached: Charizard 4\/102 · Base Set is limited to 2/) });
    expect(await addItem(database.db, owner, lp.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await changeQuantity(database.db, owner, nm.variantId, 1)).toMatchObject({ ok: false });
    expect(await setQuantity(database.db, owner, lp.variantId, 2)).toMatchObject({ ok: false });
    const view = await getCart(database.db, owner);
    expect(view.lines.map((l) => [l.quantity, l.maxQuantity])).toEqual([
      [1, 1],
      [1, 1],
    ]);

    // A guest cart holding two more copies merges, and the cart page then trims to the limit.
    const guestId = await makeGuest();
    await addItem(database.db, { guestId }, lp.variantId, 2);
    await mergeGuestIntoUser(database.db, guestId, user.id);
    const merged = await getCart(database.db, owner);
    expect(merged.lines.reduce((n, l) => n + l.quantity, 0)).toBe(2);
    expect(merged.notices).toEqual(["Charizard 4/102 · Base Set: limit 2 per customer, quantity reduced."]);
  });

  it("counts a variant with a limit of its own alone, and leaves the product's limit to the other variants", async () => {
    const owner = { userId: (await makeUser()).id };
    const { nm, lp } = await single(2);
    // A graded copy with its own limit of 1: it neither counts against the product's 2 nor is counted by them.
    const [graded] = await database.db
      .insert(productVariants)
      .values({ productId: nm.id, price: 90000, stock: 3, grader: "psa", grade: "10", limitPerCustomer: 1 })
      .returning();
    expect(await addItem(database.db, owner, graded!.id, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await addItem(database.db, owner, nm.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await addItem(database.db, owner, lp.variantId, 5)).toMatchObject({ ok: false, message: expect.stringMatching(/limited to 2/) });
    expect(await addItem(database.db, owner, lp.variantId, 1)).toMatchObject({ ok: true, quantity: 1 });
    expect(await addItem(database.db, owner, graded!.id, 1)).toMatchObject({ ok: false });
    expect(await changeQuantity(database.db, owner, graded!.id, 1)).toMatchObject({ ok: false });
    expect(await setQuantity(database.db, owner, nm.variantId, 2)).toMatchObject({ ok: false });
    const view = await getCart(database.db, owner);
    expect(view.lines.map((l) => [l.variantId, l.quantity]).sort()).toEqual(
      [
        [nm.variantId, 1],
        [lp.variantId, 1],
        [graded!.id, 1],
      ].sort(),
    );
  });

  it("counts a product's units in the customer's orders across its variants", async () => {
    const user = await makeUser();
    const { nm, lp } = await single(2);
    await makeOrder(user.id, "completed", [{ variantId: nm.variantId, quantity: 1 }]);
    expect(await checkPurchaseLimit(database.db, user.id, lp.variantId, 1)).toEqual({ allowed: true, message: null });
    expect(await checkPurchaseLimit(database.db, user.id, lp.variantId, 2)).toMatchObject({ allowed: false });
    await makeOrder(user.id, "pending", [{ variantId: lp.variantId, quantity: 1 }]);
    expect(await addItem(database.db, { userId: user.id }, nm.variantId, 1)).toMatchObject({ ok: false, message: expect.stringMatching(/You already have 2 in your orders/) });
  });
});

describe("guest → user merge at sign-in", () => {
  it("adds quantities, caps them by stock and limit, drops unavailable lines and deletes the guest cart", async () => {
    const user = await makeUser();
    const guestId = await makeGuest();
    const guest = { guestId };
    const owner = { userId: user.id };
    const both = await makeProduct({ stock: 50 });
    const limited = await makeProduct({ stock: 50, limitPerCustomer: 3 });
    const scarce = await makeProduct({ stock: 4 });
    const onlyGuest = await makeProduct({ stock: 10 });
    const goesHidden = await makeProduct({ stock: 10 });
    await addItem(database.db, owner, both.variantId, 2);
    await addItem(database.db, owner, limited.variantId, 2);
    await addItem(database.db, owner, scarce.variantId, 3);
    await addItem(database.db, guest, both.variantId, 3);
    await addItem(database.db, guest, limited.variantId, 2);
    await addItem(database.db, guest, scarce.variantId, 3);
    await addItem(database.db, guest, onlyGuest.variantId, 1);
    await addItem(database.db, guest, goesHidden.variantId, 1);
    await database.db.update(products).set({ isVisible: false }).where(eq(products.id, goesHidden.id));

    const result = await mergeGuestIntoUser(database.db, guestId, user.id);
    expect(result.merged).toBe(4);
    expect(await quantityIn(owner, both.variantId)).toBe(5);
    expect(await quantityIn(owner, limited.variantId)).toBe(3);
    expect(await quantityIn(owner, scarce.variantId)).toBe(4);
    expect(await quantityIn(owner, onlyGuest.variantId)).toBe(1);
    expect(await quantityIn(owner, goesHidden.variantId)).toBeUndefined();
    expect(await database.db.$count(cartItems, eq(cartItems.guestId, guestId))).toBe(0);
    expect(await database.db.$count(guestCarts, eq(guestCarts.id, guestId))).toBe(0);
  });

  it("caps by stock and limit only: units in the customer's orders are left to the cart's warning and checkout", async () => {
    const user = await makeUser();
    const guestId = await makeGuest();
    const p = await makeProduct({ stock: 50, limitPerCustomer: 3 });
    await makeOrder(user.id, "completed", [{ variantId: p.variantId, quantity: 2 }]);
    await addItem(database.db, { guestId }, p.variantId, 3);
    await mergeGuestIntoUser(database.db, guestId, user.id);
    expect(await quantityIn({ userId: user.id }, p.variantId)).toBe(3);
    expect((await getCart(database.db, { userId: user.id })).warnings).toHaveLength(1);
  });

  it("merges once when two sign-ins race with the same guest cart", async () => {
    const user = await makeUser();
    const guestId = await makeGuest();
    const p = await makeProduct({ stock: 50 });
    await addItem(database.db, { guestId }, p.variantId, 2);
    await Promise.all([mergeGuestIntoUser(database.db, guestId, user.id), mergeGuestIntoUser(database.db, guestId, user.id)]);
    expect(await quantityIn({ userId: user.id }, p.variantId)).toBe(2);
  });
});

describe("guest cart cookie", () => {
  function requestWith(cookie?: string) {
    return new Request("http://localhost:3000/cart", { headers: cookie ? { cookie } : {} });
  }

  it("issues a 128-bit base64url id, stored in guest_carts, as an HttpOnly SameSite=Lax cookie for 30 days", async () => {
    const { guestId, setCookie } = await issueGuestCart(database.db, contextFor());
    expect(guestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(setCookie).toContain(`${GUEST_CART_COOKIE}=${guestId}`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(await readGuestId(database.db, requestWith(`${GUEST_CART_COOKIE}=${guestId}`))).toBe(guestId);
  });

  it("ignores a forged or malformed guest id and, when a cart is needed, replaces it with a new one", async () => {
    const forged = "AAAAAAAAAAAAAAAAAAAAAA";
    expect(await readGuestId(database.db, requestWith(`${GUEST_CART_COOKIE}=${forged}`))).toBeNull();
    expect(await readGuestId(database.db, requestWith(`${GUEST_CART_COOKIE}=' OR 1=1 --`))).toBeNull();
    const context = contextFor();
    const peek = await resolveCartOwner(requestWith(`${GUEST_CART_COOKIE}=${forged}`), context);
    expect(peek.owner).toBeNull();
    const created = await resolveCartOwner(requestWith(`${GUEST_CART_COOKIE}=${forged}`), context, { create: true });
    expect(created.owner).not.toEqual({ guestId: forged });
    expect(created.setCookie).toMatch(new RegExp(`^${GUEST_CART_COOKIE}=[A-Za-z0-9_-]{22};`));
    expect(await database.db.$count(guestCarts, eq(guestCarts.id, forged))).toBe(0);
  });

  it("a guest naming someone else's guest id only reaches a cart if the id was issued: ids are unguessable, not shared", async () => {
    // Two issued carts stay apart: one guest's changes never show in the other.
    const a = await issueGuestCart(database.db, contextFor());
    const b = await issueGuestCart(database.db, contextFor());
    const p = await makeProduct();
    await addItem(database.db, { guestId: a.guestId }, p.variantId, 1);
    expect(await countItems(database.db, { guestId: b.guestId })).toBe(0);
  });

  it("mergeGuestCartAfterSignIn merges and clears the cookie; without a cookie it does nothing", async () => {
    const user = await makeUser();
    const context = contextFor();
    const { guestId } = await issueGuestCart(database.db, context);
    const p = await makeProduct();
    await addItem(database.db, { guestId }, p.variantId, 2);
    expect(await mergeGuestCartAfterSignIn(requestWith(), context, user.id)).toBeNull();
    const cleared = await mergeGuestCartAfterSignIn(requestWith(`${GUEST_CART_COOKIE}=${guestId}`), context, user.id);
    expect(cleared).toMatch(new RegExp(`^${GUEST_CART_COOKIE}=;.*Max-Age=0`));
    expect(await quantityIn({ userId: user.id }, p.variantId)).toBe(2);
  });
});

describe("bad form input never reaches the cart", () => {
  function form(fields: Record<string, string>) {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  }

  it.each([
    [{ intent: "add", variantId: "1", quantity: "0" }, "Quantity must be at least 1."],
    [{ intent: "add", variantId: "1", quantity: "-2" }, "Quantity must be at least 1."],
    [{ intent: "add", variantId: "1", quantity: "100000000000" }, "Quantity can be at most 99."],
    [{ intent: "add", variantId: "1", quantity: "two" }, "Quantity must be a whole number."],
    [{ intent: "add", variantId: "1", quantity: "1.5" }, "Quantity must be a whole number."],
    [{ intent: "update", variantId: "1", quantity: "-1" }, "Quantity cannot be negative."],
    [{ intent: "add", variantId: "abc", quantity: "1" }, "That product could not be found."],
    [{ intent: "remove", variantId: "-4" }, "That product could not be found."],
    [{ intent: "remove" }, "Choose a product."],
    [{ intent: "steal" }, "Unknown cart action."],
  ])("%j → %s", (fields, message) => {
    const parsed = parseCartForm(form(fields));
    expect(parsed).toMatchObject({ ok: false, message });
  });

  it("treats an add without a product as a no-op, and drops off-site redirects", () => {
    expect(parseCartForm(form({ intent: "add" }))).toMatchObject({ ok: true, intent: "add", variantId: null });
    expect(parseCartForm(form({ intent: "clear", redirectTo: "//evil.example/x" }))).toMatchObject({ redirectTo: "/cart" });
    expect(parseCartForm(form({ intent: "clear", redirectTo: "https://evil.example" }))).toMatchObject({ redirectTo: "/cart" });
    expect(parseCartForm(form({ intent: "clear", redirectTo: "/products/x" }))).toMatchObject({ redirectTo: "/products/x" });
  });
});

describe("POST /cart as a guest: a guest cart only for an add that can succeed", () => {
  function post(fields: Record<string, string>, cookie?: string) {
    return new Request("http://localhost:3000/cart", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    });
  }
  async function send(fields: Record<string, string>, cookie?: string) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return settle(() => cartAction({ request: post(fields, cookie), context: contextFor(), params: {} } as any));
  }

  it.each(REFUSED_ON_THE_VARIANT)("an add of %s sets no cookie and inserts no guest_carts row", async (_label, product, status) => {
    const { variantId: id } = await product();
    const before = await database.db.$count(guestCarts);
    for (const fields of [
      { intent: "add", variantId: String(id), quantity: "1" } as Record<string, string>,
      { intent: "add", variantId: String(id), quantity: "1", redirectTo: "/products/x" },
    ]) {
      const res = await send(fields);
      expect(res.status).toBe(status);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
    // A forged cookie is not replaced by a fresh cart either.
    const forged = await send({ intent: "add", variantId: String(id) }, `${GUEST_CART_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.status).toBe(status);
    expect(forged.headers.get("Set-Cookie") ?? "").not.toMatch(new RegExp(`${GUEST_CART_COOKIE}=[A-Za-z0-9_-]{22}`));
    expect(await database.db.$count(guestCarts)).toBe(before);
  });

  it("an add without a product is ignored and creates nothing", async () => {
    const before = await database.db.$count(guestCarts);
    const res = await send({ intent: "add" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await database.db.$count(guestCarts)).toBe(before);
  });

  it("an add of a real, visible, in-stock product creates the guest cart, its cookie and the line", async () => {
    const p = await makeProduct({ stock: 3 });
    const before = await database.db.$count(guestCarts);
    const res = await send({ intent: "add", variantId: String(p.variantId), quantity: "2" });
    expect(res.status).toBe(200);
    const guestId = res.headers.get("Set-Cookie")?.match(new RegExp(`^${GUEST_CART_COOKIE}=([A-Za-z0-9_-]{22});`))?.[1];
    expect(guestId).toBeDefined();
    expect(await database.db.$count(guestCarts)).toBe(before + 1);
    expect(await quantityIn({ guestId: guestId! }, p.variantId)).toBe(2);

    // With that cart, a bad add leaves it (and the table) as it was.
    const bad = await send({ intent: "add", variantId: "999999999" }, `${GUEST_CART_COOKIE}=${guestId}`);
    expect(bad.status).toBe(404);
    expect(await database.db.$count(guestCarts)).toBe(before + 1);
    expect(await countItems(database.db, { guestId: guestId! })).toBe(2);
  });
});

describe("sweeping stale guest carts", () => {
  it("deletes guest carts unused for 30 days with their rows, and keeps recent ones", async () => {
    const stale = await makeGuest();
    const fresh = await makeGuest();
    const p = await makeProduct();
    await addItem(database.db, { guestId: stale }, p.variantId, 1);
    await database.db.update(guestCarts).set({ lastSeenAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(guestCarts.id, stale));
    expect(await sweepGuestCarts(database.db)).toBeGreaterThanOrEqual(1);
    expect(await database.db.$count(guestCarts, eq(guestCarts.id, stale))).toBe(0);
    expect(await database.db.$count(cartItems, eq(cartItems.guestId, stale))).toBe(0);
    expect(await database.db.$count(guestCarts, eq(guestCarts.id, fresh))).toBe(1);
  });
});

describe("applyCartChange: an add refused on the variant alone", () => {
  // Unknown, hidden or sold out is the same for every cart, so nobody's cart (session or guest
  // cookie) is read for it: after a sell-out these are most of the posts. A stale guest cookie
  // is then left for the next request to clear.
  it.each(REFUSED_ON_THE_VARIANT)("an add of %s is refused without looking up whose cart it is", async (_label, product, status) => {
    const { variantId: id } = await product();
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "add", variantId: String(id), quantity: "1" })) form.set(name, value);
    const parsed = parseCartForm(form);
    if (!parsed.ok) throw new Error(parsed.message);
    const lookups: boolean[] = [];
    const result = await applyCartChange(database.db, parsed, async (create) => {
      lookups.push(create);
      return { userId: "never-read" } as unknown as CartOwner;
    });
    expect(result).toMatchObject({ ok: false, status });
    expect(lookups).toEqual([]);
  });
});
