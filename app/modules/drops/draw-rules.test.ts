import { describe, expect, it } from "vitest";
import { canMoveDrawEntry, DRAW_PAGE_SIZE, drawnState, drawPageOf, drawPlaces, LAPSE_GRACE_MS, openPlaces, winnerMove } from "./draw-rules";

describe("drawPlaces", () => {
  it("uses the drop's places when set", () => {
    expect(drawPlaces({ places: 3, unitsPerPerson: 2 }, 100)).toBe(3);
  });
  it("divides the stock by the units per person, rounding down", () => {
    expect(drawPlaces({ places: null, unitsPerPerson: 2 }, 7)).toBe(3);
    expect(drawPlaces({ places: null, unitsPerPerson: 1 }, 7)).toBe(7);
  });
  it("gives at least one place while there is any stock", () => {
    expect(drawPlaces({ places: null, unitsPerPerson: 4 }, 3)).toBe(1);
  });
  it("gives no place without stock, whatever the drop says", () => {
    expect(drawPlaces({ places: null, unitsPerPerson: 2 }, 0)).toBe(0);
    expect(drawPlaces({ places: 5, unitsPerPerson: 2 }, 0)).toBe(0);
  });
});

describe("openPlaces", () => {
  const byStock = { places: null, unitsPerPerson: 1 };
  it("opens no more places than the stock left can serve, however many lapsed (5 lapses, 1 unit → 1)", () => {
    expect(openPlaces({ places: 5, unitsPerPerson: 1 }, { stock: 1, live: 0, liveWaiting: 0, purchased: 0 })).toBe(1);
    expect(openPlaces({ places: null, unitsPerPerson: 2 }, { stock: 5, live: 0, liveWaiting: 0, purchased: 0 })).toBe(2);
  });
  it("opens nothing without stock, and opens places again when units come back", () => {
    expect(openPlaces(byStock, { stock: 0, live: 0, liveWaiting: 0, purchased: 0 })).toBe(0);
    expect(openPlaces({ places: 3, unitsPerPerson: 1 }, { stock: 0, live: 0, liveWaiting: 0, purchased: 1 })).toBe(0);
    expect(openPlaces({ places: 3, unitsPerPerson: 1 }, { stock: 2, live: 0, liveWaiting: 0, purchased: 1 })).toBe(2);
  });
  it("keeps stock for live winners who have not reserved yet; one holding a checkout has its units already", () => {
    expect(openPlaces(byStock, { stock: 2, live: 2, liveWaiting: 2, purchased: 0 })).toBe(0);
    expect(openPlaces(byStock, { stock: 2, live: 2, liveWaiting: 1, purchased: 0 })).toBe(1);
  });
  it("never gives a drop more places than its own number, counting live and used ones", () => {
    expect(openPlaces({ places: 2, unitsPerPerson: 1 }, { stock: 50, live: 0, liveWaiting: 0, purchased: 0 })).toBe(2);
    expect(openPlaces({ places: 2, unitsPerPerson: 1 }, { stock: 50, live: 1, liveWaiting: 1, purchased: 1 })).toBe(0);
  });
});

describe("drawnState", () => {
  it("wins the first `places` positions and loses the rest", () => {
    expect([1, 2, 3, 4].map((p) => drawnState(p, 2))).toEqual(["won", "won", "lost", "lost"]);
    expect(drawnState(1, 0)).toBe("lost");
  });
});

describe("winnerMove", () => {
  const until = new Date("2026-11-24T12:10:00Z");
  const before = new Date("2026-11-24T12:05:00Z");
  const after = new Date("2026-11-24T12:11:00Z");
  it("marks a paid order purchased, inside the window or after", () => {
    expect(winnerMove({ rightUntil: until }, [{ status: "completed", reservationExpiresAt: before }], before)).toBe("purchased");
    expect(winnerMove({ rightUntil: until }, [{ status: "dispatched", reservationExpiresAt: before }], after)).toBe("purchased");
  });
  it("keeps the place while the window is open", () => {
    expect(winnerMove({ rightUntil: until }, [], before)).toBe("keep");
  });
  it("keeps the place after the window while a pending order's reservation runs", () => {
    expect(winnerMove({ rightUntil: until }, [{ status: "pending", reservationExpiresAt: new Date(after.getTime() + 60_000) }], after)).toBe("keep");
  });
  it("lapses once the window and any reservation are over, or the order failed", () => {
    expect(winnerMove({ rightUntil: until }, [], after)).toBe("lapsed");
    expect(winnerMove({ rightUntil: until }, [{ status: "pending", reservationExpiresAt: until }], after)).toBe("lapsed");
    expect(winnerMove({ rightUntil: until }, [{ status: "failed", reservationExpiresAt: after }, { status: "expired", reservationExpiresAt: after }], after)).toBe("lapsed");
  });
  it("waits a short grace after the window before a place lapses (a checkout made in its last second is still committing)", () => {
    expect(winnerMove({ rightUntil: until }, [], until)).toBe("keep");
    expect(winnerMove({ rightUntil: until }, [], new Date(until.getTime() + LAPSE_GRACE_MS - 1))).toBe("keep");
    expect(winnerMove({ rightUntil: until }, [], new Date(until.getTime() + LAPSE_GRACE_MS))).toBe("lapsed");
  });
});

describe("draw moves", () => {
  it("allow only the draw's transitions", () => {
    expect(canMoveDrawEntry("entered", "won")).toBe(true);
    expect(canMoveDrawEntry("lost", "won")).toBe(true);
    expect(canMoveDrawEntry("won", "lapsed")).toBe(true);
    expect(canMoveDrawEntry("lapsed", "won")).toBe(false);
    expect(canMoveDrawEntry("purchased", "lapsed")).toBe(false);
    expect(canMoveDrawEntry("entered", "purchased")).toBe(false);
  });
});

describe("drawPageOf", () => {
  it("pages a draw by DRAW_PAGE_SIZE, the first page without a parameter", () => {
    expect(drawPageOf(null, 0)).toEqual({ page: 1, pages: 1 });
    expect(drawPageOf(null, DRAW_PAGE_SIZE)).toEqual({ page: 1, pages: 1 });
    expect(drawPageOf("2", DRAW_PAGE_SIZE + 1)).toEqual({ page: 2, pages: 2 });
    expect(drawPageOf("3", 25, 10)).toEqual({ page: 3, pages: 3 });
  });
  it("knows no page past the last, nor anything that is not a whole number from 1", () => {
    expect(drawPageOf("2", DRAW_PAGE_SIZE)).toBeNull();
    expect(drawPageOf("2", 0)).toBeNull();
    for (const raw of ["", "0", "-1", "01", "1.0", "1e2", " 1", "abc", "1234567890"]) expect(drawPageOf(raw, 10 ** 12)).toBeNull();
  });
});
