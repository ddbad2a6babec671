import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eurosToCents, parseCreatedAt, parsePriceGuide, rowProblemLine } from "./cardmarket";

const fixture = (name: string) => JSON.parse(readFileSync(`tests/fixtures/cardmarket/${name}`, "utf8")) as unknown;

describe("euros to cents", () => {
  it("rounds half up on the decimal written, not on its float", () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(2.675)).toBe(268);
    expect(eurosToCents(312.5)).toBe(31_250);
    expect(eurosToCents(0.004)).toBe(0);
    expect(eurosToCents(1e-7)).toBe(0);
    expect(eurosToCents(9_999_999.99)).toBe(999_999_999);
  });
});

describe("the createdAt date", () => {
  it("reads Cardmarket's offsets with and without a colon, and Z", () => {
    expect(parseCreatedAt("2025-11-03T02:45:12+0100")?.toISOString()).toBe("2025-11-03T01:45:12.000Z");
    expect(parseCreatedAt("2025-11-03T02:45:12+01:00")?.toISOString()).toBe("2025-11-03T01:45:12.000Z");
    expect(parseCreatedAt("2025-11-03T00:00:00Z")?.toISOString()).toBe("2025-11-03T00:00:00.000Z");
  });
  it("refuses a date without a time zone, or not a date", () => {
    for (const bad of ["2025-11-03T02:45:12", "2025-11-03", "yesterday", 20251103, null, "2025-13-45T00:00:00Z"]) expect(parseCreatedAt(bad), String(bad)).toBeNull();
  });
});

describe("parsing a price guide", () => {
  it("keeps the good rows in cents and reports each bad one", () => {
    const guide = parsePriceGuide(fixture("price_guide_2025-11-03.json"));
    expect(guide.ok).toBe(true);
    if (!guide.ok) return;
    expect(guide.publishedAt.toISOString()).toBe("2025-11-03T01:45:12.000Z");
    expect(guide.rowCount).toBe(6);
    expect(guide.rows.map((r) => r.cardmarketProductId)).toEqual([273699, 273702, 99999901]);
    expect(guide.rows[0]).toMatchObject({ avg: 31_250, low: 25_000, trend: 31_804, avg1: 30_000, avg7: 30_510, avg30: 31_090, trendHolo: null });
    expect(guide.rows[1]).toMatchObject({ trend: 367, avg1: 0, trendHolo: 812, avg7Holo: 770 });
    // Fields the row leaves out are null, like the nulls it writes.
    expect(guide.rows[2]).toMatchObject({ trend: 11_850, avgHolo: null, trendHolo: null });
    expect(guide.problems.map(rowProblemLine)).toEqual([
      "row 4 (idProduct 273703): avg must not be negative",
      "row 5: idProduct must be a whole number",
      "row 6 (idProduct 273704): avg must be a number of euros",
    ]);
  });

  it("reports a repeated idProduct, keeping the first", () => {
    const guide = parsePriceGuide({ createdAt: "2025-11-03T00:00:00Z", priceGuides: [{ idProduct: 1, trend: 1 }, { idProduct: 1, trend: 2 }, "x"] });
    expect(guide).toMatchObject({ ok: true, rows: [{ cardmarketProductId: 1, trend: 100 }] });
    if (guide.ok) expect(guide.problems.map((p) => p.reason)).toEqual(["repeats an idProduct already in the file (the first row was kept)", "is not an object"]);
  });

  it("refuses a file that is not a price guide as a whole", () => {
    expect(parsePriceGuide([])).toEqual({ ok: false, reason: "is not a price-guide object" });
    expect(parsePriceGuide({ createdAt: "2025-11-03T00:00:00Z" })).toEqual({ ok: false, reason: 'has no "priceGuides" list' });
    expect(parsePriceGuide({ createdAt: "soon", priceGuides: [] })).toMatchObject({ ok: false, reason: expect.stringContaining("createdAt") });
  });
});
