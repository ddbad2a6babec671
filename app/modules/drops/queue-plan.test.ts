import { describe, expect, it } from "vitest";
import { seededOrder } from "./draw-order";
import { planQueue } from "./queue-plan";

const drop = { startsAt: new Date("2026-12-01T10:00:00Z"), admitPerMinute: 120, purchaseMinutes: 10 };
const before = (s: number) => new Date(drop.startsAt.getTime() - s * 1000);
const after = (s: number) => new Date(drop.startsAt.getTime() + s * 1000);
const SEED = "ab".repeat(32);

describe("planQueue", () => {
  const entries = [
    { id: 11, joinedAt: before(600) },
    { id: 12, joinedAt: before(300) },
    { id: 13, joinedAt: before(1) },
    { id: 21, joinedAt: after(2) },
    { id: 20, joinedAt: after(1) },
  ];

  it("puts early joiners in the seed's order, then late joiners first come first served", () => {
    const places = planQueue(drop, entries, SEED, drop.startsAt);
    expect(places.map((p) => p.id)).toEqual([...seededOrder(SEED, [11, 12, 13]), 20, 21]);
    expect(places.map((p) => p.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives a different order under another seed (order does not follow arrival)", () => {
    const orders = new Set(["01", "02", "03", "04", "05", "06"].map((s) => planQueue(drop, entries, s.repeat(32), drop.startsAt).slice(0, 3).map((p) => p.id).join(",")));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("opens each window at the fixed-rate admission time for its place, after the start's spread, for purchaseMinutes", () => {
    const places = planQueue(drop, entries, SEED, drop.startsAt);
    // Three waiting pages: the shortest spread (1 s), and 3 s for a page that asked while the
    // places were being given to ask again.
    expect(places[0]!.rightFrom.toISOString()).toBe("2026-12-01T10:00:03.000Z");
    expect(places[1]!.rightFrom.toISOString()).toBe("2026-12-01T10:00:03.500Z");
    expect(places[4]!.rightFrom.toISOString()).toBe("2026-12-01T10:00:05.000Z");
    expect(places[4]!.rightUntil.toISOString()).toBe("2026-12-01T10:10:05.000Z");
  });

  it("opens no turn before every waiting page has asked: the spread grows with the crowd (a second per 200, at most 20 s)", () => {
    const crowd = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 1000 + i, joinedAt: before(60) }));
    const first = (n: number) => planQueue(drop, crowd(n), SEED, drop.startsAt)[0]!.rightFrom.getTime() - drop.startsAt.getTime();
    expect(first(2000)).toBe(10_000);
    expect(first(100_000)).toBe(20_000);
    const places = planQueue(drop, crowd(2000), SEED, drop.startsAt);
    // Then at the rate (120 a minute: every 500 ms), in the seed's order.
    expect(places[1]!.rightFrom.getTime() - places[0]!.rightFrom.getTime()).toBe(500);
    expect(places[1999]!.rightFrom.getTime() - drop.startsAt.getTime()).toBe(10_000 + 1999 * 500);
  });

  it("never opens a window before every page asking has its place (3 s after a late ordering), then lets places in at the rate, not all at once", () => {
    const now = after(20); // the job was down: the ordering comes late
    const places = planQueue(drop, entries, SEED, now);
    expect(places[0]!.rightFrom.getTime() - now.getTime()).toBe(3000);
    // 120 a minute: one every 500 ms after the first, even though places 2 and 3 were due earlier.
    expect(places[1]!.rightFrom.getTime() - now.getTime()).toBe(3500);
    expect(places[2]!.rightFrom.getTime() - now.getTime()).toBe(4000);
    expect(places[3]!.rightFrom.getTime() - now.getTime()).toBe(4500);
    expect(places[0]!.rightUntil.getTime() - places[0]!.rightFrom.getTime()).toBe(10 * 60_000);
  });

  it("queues a surge of late joiners behind the last place at the rate", () => {
    const lastFrom = after(30);
    const now = after(1800); // half an hour in: the line is long empty
    const surge = Array.from({ length: 4 }, (_, i) => ({ id: 100 + i, joinedAt: after(1799) }));
    const places = planQueue(drop, surge, SEED, now, 6, lastFrom);
    expect(places.map((p) => p.rightFrom.getTime() - now.getTime())).toEqual([0, 500, 1000, 1500]);
  });

  it("places nobody when nobody came", () => {
    expect(planQueue(drop, [], SEED, drop.startsAt)).toEqual([]);
  });
});
