import { describe, expect, it } from "vitest";
import { allocationChange, fillLines, preorderLabel, stockAfterDelivery, ukLongDate } from "./rules";

const line = (orderItemId: number, quantity: number, refundedUnits = 0) => ({ orderItemId, orderId: 1000 + orderItemId, quantity, refundedUnits });

describe("preorderLabel", () => {
  it("reads the release day the UK way, whatever the server's time zone", () => {
    expect(preorderLabel("2027-03-14")).toBe("Pre-order — ships 14 March 2027");
    expect(ukLongDate("2027-01-01")).toBe("1 January 2027");
    expect(preorderLabel(null)).toBe("Pre-order");
  });
});

describe("fillLines", () => {
  it("fills in paid order, partly filling the line where units run out, none after it", () => {
    const fills = fillLines([line(1, 2), line(2, 3), line(3, 1)], 4);
    expect(fills.map((f) => [f.orderItemId, f.filled, f.short])).toEqual([
      [1, 2, 0],
      [2, 2, 1],
      [3, 0, 1],
    ]);
  });

  it("never lets a later, smaller line jump a waiting earlier one", () => {
    const fills = fillLines([line(1, 3), line(2, 1)], 2);
    expect(fills.map((f) => f.filled)).toEqual([2, 0]);
  });

  it("skips refunded units: they are not owed", () => {
    const fills = fillLines([line(1, 3, 1), line(2, 2)], 3);
    expect(fills.map((f) => [f.owed, f.filled, f.short])).toEqual([
      [2, 2, 0],
      [2, 1, 1],
    ]);
    expect(fillLines([line(1, 2, 2)], 5)[0]).toMatchObject({ owed: 0, filled: 0, short: 0 });
  });

  it("fills everything from a full delivery and nothing from none (or nonsense)", () => {
    expect(fillLines([line(1, 2), line(2, 2)], 10).every((f) => f.short === 0)).toBe(true);
    expect(fillLines([line(1, 2)], 0)[0]!.filled).toBe(0);
    expect(fillLines([line(1, 2)], -3)[0]!.filled).toBe(0);
  });

  it("never fills more units than were delivered", () => {
    for (let delivered = 0; delivered < 12; delivered++) {
      const total = fillLines([line(1, 3), line(2, 4), line(3, 2, 1)], delivered).reduce((s, f) => s + f.filled, 0);
      expect(total).toBe(Math.min(delivered, 8));
    }
  });
});

describe("allocationChange", () => {
  it("moves the stock left to sell by the allocation's change", () => {
    expect(allocationChange({ allocation: 10, stock: 4 }, 15)).toEqual({ ok: true, stockDelta: 5 });
    expect(allocationChange({ allocation: 10, stock: 4 }, 6)).toEqual({ ok: true, stockDelta: -4 });
  });
  it("refuses an allocation below what is sold or held", () => {
    expect(allocationChange({ allocation: 10, stock: 4 }, 5)).toEqual({ ok: false, committed: 6 });
  });
});

describe("stockAfterDelivery", () => {
  it("sells only what arrived beyond every promised unit", () => {
    expect(stockAfterDelivery(10, 6, 1)).toBe(3);
    expect(stockAfterDelivery(4, 6, 0)).toBe(0);
  });
});
