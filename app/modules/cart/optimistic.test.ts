import { describe, expect, it } from "vitest";
import type { CartLine } from "./cart-view";
import { applyPendingChanges, projectQuantity } from "./optimistic";

function line(variantId: number, quantity: number, extra: Partial<CartLine> = {}): CartLine {
  return {
    variantId,
    productId: variantId,
    slug: `p-${variantId}`,
    name: `Product ${variantId}`,
    variantLabel: null,
    variantQuery: "",
    imageUrl: null,
    price: 1000,
    premiumPrice: 900,
    stock: 10,
    limitPerCustomer: null,
    quantity,
    maxQuantity: 10,
    unitPrice: 1000,
    usesPremium: false,
    lineTotal: 1000 * quantity,
    normalLineTotal: 1000 * quantity,
    ...extra,
  };
}

describe("projectQuantity", () => {
  it("steps, removes and sets", () => {
    expect(projectQuantity("increment", 2, 0)).toBe(3);
    expect(projectQuantity("decrement", 2, 0)).toBe(1);
    expect(projectQuantity("remove", 2, 0)).toBe(0);
    expect(projectQuantity("update", 2, 7)).toBe(7);
    expect(projectQuantity("update", 2, Number.NaN)).toBe(0);
    expect(projectQuantity("add", 2, 5)).toBe(2);
  });
});

describe("applyPendingChanges", () => {
  it("applies clicks in order and reprices at the customer's prices", () => {
    const lines = applyPendingChanges(
      [line(1, 1), line(2, 3)],
      [
        { intent: "increment", variantId: 1, quantity: 0 },
        { intent: "increment", variantId: 1, quantity: 0 },
        { intent: "decrement", variantId: 2, quantity: 0 },
      ],
      true,
    );
    expect(lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.lineTotal, l.normalLineTotal])).toEqual([
      [1, 3, 900, 2700, 3000],
      [2, 2, 900, 1800, 2000],
    ]);
  });

  it("never shows more than the cap, but keeps a line already above it", () => {
    const capped = applyPendingChanges([line(1, 2, { maxQuantity: 2 })], [{ intent: "increment", variantId: 1, quantity: 0 }], false);
    expect(capped[0]!.quantity).toBe(2);
    const above = applyPendingChanges([line(1, 5, { maxQuantity: 2 })], [], false);
    expect(above[0]!.quantity).toBe(5);
  });

  it("drops removed and cleared lines and ignores products not in the cart", () => {
    expect(applyPendingChanges([line(1, 1), line(2, 1)], [{ intent: "remove", variantId: 1, quantity: 0 }], false).map((l) => l.productId)).toEqual([2]);
    expect(applyPendingChanges([line(1, 1)], [{ intent: "increment", variantId: 9, quantity: 0 }], false)[0]!.quantity).toBe(1);
    expect(applyPendingChanges([line(1, 1), line(2, 4)], [{ intent: "clear", variantId: 0, quantity: 0 }], false)).toEqual([]);
  });
});
