import { describe, expect, it } from "vitest";
import { stockBadge } from "./stock";

describe("stockBadge", () => {
  it.each([
    [-3, "Out of Stock", "out"],
    [0, "Out of Stock", "out"],
    [1, "Only 1 left", "low"],
    [5, "Only 5 left", "low"],
    [6, "In Stock", "in"],
    [500, "In Stock", "in"],
  ] as const)("stock %i shows %s", (stock, label, tone) => {
    expect(stockBadge(stock)).toMatchObject({ label, tone, available: stock > 0 });
  });
});
