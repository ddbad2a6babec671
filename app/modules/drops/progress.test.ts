import { describe, expect, it } from "vitest";
import { bucketMinutes, cumulativeTimeline, isRunning, MAX_BUCKETS, salesSummary, timelineWindow, turnsSummary, unitsOffered, type DropProgress } from "./progress";

const MINUTE = 60_000;
const start = new Date("2026-12-05T09:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe("bucketMinutes", () => {
  it("picks the smallest bucket that keeps the chart to its most buckets", () => {
    expect(bucketMinutes(30 * MINUTE)).toBe(1);
    expect(bucketMinutes(60 * MINUTE)).toBe(1);
    expect(bucketMinutes(61 * MINUTE)).toBe(2);
    expect(bucketMinutes(10 * 60 * MINUTE)).toBe(10);
    expect(bucketMinutes(3 * 24 * 60 * MINUTE)).toBe(120);
    expect(bucketMinutes(60 * 24 * 60 * MINUTE)).toBe(1440);
    // Past 60 days: whole days, still at most 60 buckets.
    expect(bucketMinutes(365 * 24 * 60 * MINUTE)).toBe(7 * 1440);
  });

  it("never makes more than the most buckets, however long the span", () => {
    for (const minutes of [1, 59, 61, 119, 121, 299, 301, 601, 901, 1801, 3601, 7201, 14_401, 43_201, 86_400, 86_401, 525_600, 5_256_000]) {
      const bucket = bucketMinutes(minutes * MINUTE);
      expect(Math.ceil(minutes / bucket)).toBeLessThanOrEqual(MAX_BUCKETS);
    }
  });
});

describe("timelineWindow", () => {
  it("has no window before the start", () => {
    expect(timelineWindow(start, at(-1), true, null)).toBeNull();
    expect(timelineWindow(start, start, true, null)).toBeNull();
  });

  it("runs to now while the drop is running, whatever happened last", () => {
    const w = timelineWindow(start, at(12.5), true, at(3))!;
    expect(w.end).toEqual(at(12.5));
    expect(w).toMatchObject({ bucketMinutes: 1, buckets: 13 });
  });

  it("ends at the last sale or turn once the drop is over, not at now", () => {
    const w = timelineWindow(start, at(7 * 24 * 60), false, at(42))!;
    expect(w.end).toEqual(at(42));
    expect(w).toMatchObject({ bucketMinutes: 1, buckets: 42 });
  });

  it("ends at the end of the last event's bucket, a minute when nothing happened (or only before the start)", () => {
    expect(timelineWindow(start, at(90), false, at(41.5))!.end).toEqual(at(42));
    expect(timelineWindow(start, at(90), false, null)!.end).toEqual(at(1));
    expect(timelineWindow(start, at(90), false, at(-5))!.end).toEqual(at(1));
    // Looked at 20 seconds after the start, over already (sold out at once): one bucket, ending now.
    expect(timelineWindow(start, at(1 / 3), false, at(0.1))).toMatchObject({ end: at(1 / 3), buckets: 1 });
    // Over a longer span the buckets grow and the end is a bucket's end.
    expect(timelineWindow(start, at(900), false, at(181))).toMatchObject({ bucketMinutes: 5, buckets: 37, end: at(185) });
  });
});

describe("timelineWindow of a drop called off", () => {
  it("ends at the call-off at most, and has none when called off before the start", () => {
    expect(timelineWindow(start, at(600), false, at(500), at(40))!.end).toEqual(at(40));
    expect(timelineWindow(start, at(600), false, at(12.5), at(40))!.end).toEqual(at(13));
    expect(timelineWindow(start, at(600), false, null, at(-5))).toBeNull();
  });
});

describe("cumulativeTimeline", () => {
  it("adds each bucket's counts to running totals, one point per bucket end after the start", () => {
    const w = timelineWindow(start, at(4.5), true, null)!;
    const t = cumulativeTimeline(
      w,
      [
        { bucket: 0, count: 2 },
        { bucket: 2, count: 3 },
      ],
      [
        { bucket: 0, count: 10 },
        { bucket: 1, count: 10 },
        { bucket: 4, count: 5 },
      ],
    );
    expect(t.bucketMinutes).toBe(1);
    expect(t.points).toEqual([
      { at: at(0).toISOString(), sold: 0, turns: 0 },
      { at: at(1).toISOString(), sold: 2, turns: 10 },
      { at: at(2).toISOString(), sold: 2, turns: 20 },
      { at: at(3).toISOString(), sold: 5, turns: 20 },
      { at: at(4).toISOString(), sold: 5, turns: 20 },
      // The last bucket ends at the window's end, not a whole minute later.
      { at: at(4.5).toISOString(), sold: 5, turns: 25 },
    ]);
  });

  it("counts a bucket before the start in the first and one past the end in the last", () => {
    const w = timelineWindow(start, at(2), true, null)!;
    const t = cumulativeTimeline(
      w,
      [
        { bucket: -3, count: 1 },
        { bucket: 9, count: 4 },
      ],
      [],
    );
    expect(t.points.map((p) => p.sold)).toEqual([0, 1, 5]);
  });
});

describe("isRunning", () => {
  const base = { opened: true, started: true, cancelled: false, stockLeft: 5, held: 0, turnsOpenOrAhead: 0, placesToPass: false };
  it("runs while people join before the start, whatever else", () => {
    expect(isRunning({ ...base, started: false, stockLeft: 0 })).toBe(true);
    expect(isRunning({ ...base, opened: false, started: false })).toBe(false);
  });
  it("after the start, runs while units are held, or units are left and a turn is open or ahead", () => {
    expect(isRunning({ ...base, turnsOpenOrAhead: 3 })).toBe(true);
    expect(isRunning({ ...base, stockLeft: 0, held: 2 })).toBe(true);
    // Sold out with people still in line: nothing more can happen.
    expect(isRunning({ ...base, stockLeft: 0, turnsOpenOrAhead: 30 })).toBe(false);
    // Units left but nobody waiting or buying (a queue that did not sell out, all turns over): quiet.
    expect(isRunning(base)).toBe(false);
  });
  it("a draw runs while the job may still pass a place on to an entry not drawn", () => {
    expect(isRunning({ ...base, placesToPass: true })).toBe(true);
    expect(isRunning({ ...base, placesToPass: true, stockLeft: 0 })).toBe(false);
  });
  it("never runs once called off", () => {
    expect(isRunning({ ...base, cancelled: true, held: 1, turnsOpenOrAhead: 3 })).toBe(false);
  });
});

describe("the charts' descriptions", () => {
  const progress = (values: Partial<DropProgress>): DropProgress => ({
    asOf: at(30).toISOString(),
    stockLeft: 0,
    held: 0,
    sold: 100,
    paidOrders: 60,
    buyers: 60,
    soldOutAt: at(3.4).toISOString(),
    running: false,
    people: { mode: "queue", joined: 2000, waiting: 0, buyingNow: 0, turnsOver: 2000, lastTurnFrom: at(20).toISOString() },
    timeline: cumulativeTimeline(timelineWindow(start, at(30), false, at(20))!, [{ bucket: 2, count: 100 }], [{ bucket: 1, count: 1500 }]),
    ...values,
  });

  it("says what sold of what the drop had, and how soon it sold out", () => {
    expect(salesSummary(progress({}))).toBe("100 of 100 units sold. Sold out 3 minutes after the start.");
    expect(salesSummary(progress({ sold: 1, stockLeft: 1, held: 1, soldOutAt: null }))).toBe("1 of 3 units sold.");
    expect(salesSummary(progress({ timeline: null, sold: 0, stockLeft: 100, soldOutAt: null }))).toBe("The drop has not started: 0 of 100 units sold.");
  });

  it("says how many of those who came got a turn", () => {
    expect(turnsSummary(progress({}))).toBe("1,500 of the 2,000 people who joined let in to buy.");
    const draw = { mode: "draw" as const, entered: 1, awaitingDraw: 0, winning: 1, bought: 0, missedTurn: 0, notDrawn: 0 };
    const oneTurn = cumulativeTimeline(timelineWindow(start, at(30), false, at(20))!, [], [{ bucket: 1, count: 1 }]);
    expect(turnsSummary(progress({ people: draw, timeline: oneTurn }))).toBe("1 turn to buy given from 1 entry.");
  });

  it("counts the units the drop had as left, held and sold", () => {
    expect(unitsOffered({ stockLeft: 3, held: 2, sold: 95 })).toBe(100);
  });
});
