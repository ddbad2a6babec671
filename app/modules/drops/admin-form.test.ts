import { describe, expect, it } from "vitest";
import { SKIPPED_TIME_TEXT } from "~/utils/uk-date";
import { DROP_TEXT, dropFormValues, newDropValues, parseDropForm, type DropFormValues } from "./admin-form";

const NOW = new Date("2026-07-01T12:00:00Z"); // summer: London is UTC+1
const good: DropFormValues = {
  mode: "queue",
  opensAt: "2026-07-02T09:45",
  startsAt: "2026-07-02T10:00",
  admitPerMinute: "60",
  purchaseMinutes: "10",
  unitsPerPerson: "2",
  places: "",
};
const parse = (values: DropFormValues, options?: { checkStartInFuture?: boolean }) => parseDropForm((name) => values[name as keyof DropFormValues], NOW, options);

describe("parseDropForm", () => {
  it("reads UK wall-clock times as London instants (BST in summer)", () => {
    const parsed = parse(good);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input.startsAt.toISOString()).toBe("2026-07-02T09:00:00.000Z");
    expect(parsed.input).toMatchObject({ mode: "queue", admitPerMinute: 60, purchaseMinutes: 10, unitsPerPerson: 2, places: null });
  });

  it("refuses a start before the opening, and a start in the past", () => {
    expect(parse({ ...good, startsAt: "2026-07-02T09:30" })).toMatchObject({ ok: false, errors: { startsAt: DROP_TEXT.startBeforeOpening } });
    expect(parse({ ...good, opensAt: "2026-06-30T09:00", startsAt: "2026-07-01T12:59" })).toMatchObject({ ok: false, errors: { startsAt: DROP_TEXT.startInPast } });
    // An edit after the start compares the times in admin.server.ts instead.
    expect(parse({ ...good, opensAt: "2026-06-30T09:00", startsAt: "2026-07-01T12:59" }, { checkStartInFuture: false }).ok).toBe(true);
  });

  it("refuses bad modes, dates and numbers with a message per field", () => {
    const parsed = parse({ mode: "raffle", opensAt: "tomorrow", startsAt: "2026-02-30T10:00", admitPerMinute: "0", purchaseMinutes: "1.5", unitsPerPerson: "-1" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      mode: DROP_TEXT.mode,
      opensAt: DROP_TEXT.date,
      startsAt: DROP_TEXT.date,
      admitPerMinute: DROP_TEXT.whole(1, 10_000),
      purchaseMinutes: DROP_TEXT.whole(1, 240),
      unitsPerPerson: DROP_TEXT.whole(1, 100),
    });
  });

  it("takes the time as its message's example writes it, and refuses a time the clocks skip", () => {
    expect(DROP_TEXT.date).toContain("2026-12-24 18:00");
    expect(parse({ ...good, opensAt: "2026-07-02 09:45", startsAt: "2026-07-02 10:00" })).toMatchObject({ ok: true });
    const skipped = parse({ ...good, opensAt: "2027-03-28T01:30", startsAt: "2027-03-28T03:00" });
    expect(skipped).toMatchObject({ ok: false, errors: { opensAt: SKIPPED_TIME_TEXT } });
  });

  it("reads places for a draw only", () => {
    expect(parse({ ...good, mode: "draw", places: "25" })).toMatchObject({ ok: true, input: { places: 25 } });
    expect(parse({ ...good, mode: "draw", places: "0" })).toMatchObject({ ok: false, errors: { places: DROP_TEXT.places } });
    expect(parse({ ...good, mode: "queue", places: "nonsense" })).toMatchObject({ ok: true, input: { places: null } });
  });

  it("keeps overlong input short when putting it back", () => {
    const parsed = parse({ ...good, admitPerMinute: "9".repeat(5000) });
    expect(parsed.ok).toBe(false);
    expect(parsed.values.admitPerMinute).toHaveLength(100);
  });
});

describe("dropFormValues / newDropValues", () => {
  it("round-trips a drop through the form", () => {
    const parsed = parse(good);
    if (!parsed.ok) throw new Error("expected ok");
    expect(dropFormValues(parsed.input)).toEqual(good);
  });
  it("suggests a drop that opens in the future and would be accepted", () => {
    expect(parse(newDropValues(NOW)).ok).toBe(true);
  });
});
