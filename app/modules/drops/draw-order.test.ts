import { describe, expect, it } from "vitest";
import { entryRank, newSeed, seededOrder } from "./draw-order";

describe("seededOrder", () => {
  const ids = Array.from({ length: 200 }, (_, i) => i + 1);
  it("is the same for the same seed, whatever order the ids come in", () => {
    const seed = "ab".repeat(32);
    expect(seededOrder(seed, ids)).toEqual(seededOrder(seed, [...ids].reverse()));
  });
  it("is a permutation of the ids", () => {
    expect([...seededOrder(newSeed(), ids)].sort((a, b) => a - b)).toEqual(ids);
  });
  it("differs between seeds and is not the id order", () => {
    const a = seededOrder("01".repeat(32), ids);
    const b = seededOrder("02".repeat(32), ids);
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(ids);
  });
  it("ranks by HMAC-SHA256 of the id under the seed (so anyone can recompute it)", () => {
    expect(entryRank("seed", 1)).toMatch(/^[0-9a-f]{64}$/);
    const seed = "cd".repeat(32);
    const order = seededOrder(seed, [1, 2, 3]);
    const byRank = [1, 2, 3].sort((x, y) => entryRank(seed, x).localeCompare(entryRank(seed, y)));
    expect(order).toEqual(byRank);
  });
  it("gives each place to each id about equally often (no bias toward early ids)", () => {
    let firstIsLow = 0;
    for (let i = 0; i < 400; i += 1) if (seededOrder(newSeed(), [1, 2, 3, 4])[0]! <= 2) firstIsLow += 1;
    expect(firstIsLow).toBeGreaterThan(140);
    expect(firstIsLow).toBeLessThan(260);
  });
});
