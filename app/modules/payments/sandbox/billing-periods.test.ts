import { describe, expect, it } from "vitest";
import { addCalendarMonths, periodEnd } from "./billing-periods";

describe("billing periods", () => {
  it("adds calendar months, clamping to the end of shorter months", () => {
    expect(addCalendarMonths(new Date("2026-01-15T10:00:00Z"), 1).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addCalendarMonths(new Date("2026-11-30T23:30:00Z"), 3).toISOString()).toBe("2027-02-28T23:30:00.000Z");
  });

  it("counts every period from the anchor, so the 31st comes back after a short month", () => {
    const anchor = new Date("2026-01-31T09:00:00Z");
    expect(periodEnd(anchor, "monthly", 1).toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(periodEnd(anchor, "monthly", 2).toISOString()).toBe("2026-03-31T09:00:00.000Z");
    expect(periodEnd(anchor, "quarterly", 1).toISOString()).toBe("2026-04-30T09:00:00.000Z");
    expect(periodEnd(anchor, "quarterly", 2).toISOString()).toBe("2026-07-31T09:00:00.000Z");
  });
});
