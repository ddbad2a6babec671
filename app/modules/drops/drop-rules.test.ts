import { describe, expect, it } from "vitest";
import { turnStarts, admissionTime, describeWait, dropPhase, nextCheckDelayMs, purchaseWindow, secondsUntil, type DropTimes } from "./drop-rules";

const drop: DropTimes = {
  mode: "queue",
  opensAt: new Date("2026-12-01T09:45:00Z"),
  startsAt: new Date("2026-12-01T10:00:00Z"),
  admitPerMinute: 120,
  purchaseMinutes: 10,
  cancelledAt: null,
};

describe("dropPhase", () => {
  it("runs announced → open → live for a queue and → closed for a draw", () => {
    expect(dropPhase(drop, new Date("2026-12-01T09:44:59Z"))).toBe("announced");
    expect(dropPhase(drop, new Date("2026-12-01T09:45:00Z"))).toBe("open");
    expect(dropPhase(drop, new Date("2026-12-01T10:00:00Z"))).toBe("live");
    expect(dropPhase({ ...drop, mode: "draw" }, new Date("2026-12-01T10:00:00Z"))).toBe("closed");
  });
  it("is off once called off, whatever the time", () => {
    expect(dropPhase({ ...drop, cancelledAt: new Date("2026-11-30T00:00:00Z") }, new Date("2026-12-01T09:50:00Z"))).toBe("off");
  });
});

describe("admissionTime", () => {
  it("admits place 1 at the start and then admitPerMinute a minute", () => {
    expect(admissionTime(drop, 1).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(admissionTime(drop, 2).toISOString()).toBe("2026-12-01T10:00:00.500Z");
    expect(admissionTime(drop, 121).toISOString()).toBe("2026-12-01T10:01:00.000Z");
  });
});

describe("purchaseWindow", () => {
  it("lasts purchaseMinutes from its start", () => {
    const w = purchaseWindow(drop, new Date("2026-12-01T10:01:00Z"));
    expect(w.rightUntil.toISOString()).toBe("2026-12-01T10:11:00.000Z");
  });
});

describe("waiting", () => {
  it("counts whole seconds and never below zero", () => {
    expect(secondsUntil(new Date(10_500), new Date(10_000))).toBe(1);
    expect(secondsUntil(new Date(0), new Date(10_000))).toBe(0);
  });
  it("asks again between 5 s and 30 s (+ up to 20 % spread)", () => {
    expect(nextCheckDelayMs(0, () => 0)).toBe(5_000);
    expect(nextCheckDelayMs(12, () => 0)).toBe(12_000);
    expect(nextCheckDelayMs(3_600, () => 0)).toBe(30_000);
    expect(nextCheckDelayMs(3_600, () => 1)).toBe(36_000);
  });
  it("says the wait in words", () => {
    expect(describeWait(30)).toBe("less than a minute");
    expect(describeWait(60)).toBe("about 1 minute");
    expect(describeWait(150)).toBe("about 3 minutes");
    expect(describeWait(4_800)).toBe("about 1 hour 20 minutes");
  });
});

describe("turnStarts", () => {
  it("is the admission time when that is still ahead and the place before is far enough back", () => {
    expect(turnStarts(drop, 3, admissionTime(drop, 2), drop.startsAt).toISOString()).toBe("2026-12-01T10:00:01.000Z");
  });
  it("is never in the past", () => {
    const now = new Date("2026-12-01T11:00:00Z");
    expect(turnStarts(drop, 3, null, now)).toEqual(now);
  });
  it("is at least one interval (60 s ÷ rate) after the place before", () => {
    const now = new Date("2026-12-01T11:00:00Z");
    expect(turnStarts(drop, 3, now, now).getTime() - now.getTime()).toBe(500);
    expect(turnStarts({ ...drop, admitPerMinute: 7 }, 3, now, now).getTime() - now.getTime()).toBe(8572);
  });
});
