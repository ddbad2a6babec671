import { describe, expect, it } from "vitest";
import { maxSelectableQuantity, quantityOptions } from "./purchase-limit";

describe("quantity options", () => {
  it("offers 1 up to the smaller of stock and limit", () => {
    expect(quantityOptions(10, 3)).toEqual([1, 2, 3]);
    expect(quantityOptions(2, 4)).toEqual([1, 2]);
  });
  it("caps at 99 when there is no limit", () => {
    expect(maxSelectableQuantity(500, null)).toBe(99);
    expect(quantityOptions(500, null)).toHaveLength(99);
  });
  it("offers nothing when out of stock", () => {
    expect(quantityOptions(0, 2)).toEqual([]);
    expect(maxSelectableQuantity(-3, null)).toBe(0);
  });
});
