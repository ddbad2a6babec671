import { describe, expect, it } from "vitest";
import type { DropView } from "./drop-view";
import { startSpreadMs } from "./drop-rules";
import { nextChangeAt, retryDelayMs, roomCheckDelayMs, roomState, roomStateKey } from "./room-state";

const base: DropView = {
  dropId: 1,
  mode: "queue",
  phase: "open",
  opensAt: "2026-12-01T09:45:00.000Z",
  startsAt: "2026-12-01T10:00:00.000Z",
  admitPerMinute: 60,
  purchaseMinutes: 10,
  unitsPerPerson: 2,
  entries: 3,
  drawn: false,
  now: "2026-12-01T09:50:00.000Z",
  entry: null,
};
const at = (iso: string) => new Date(iso);
const admitted = { state: "admitted" as const, position: 7, rightFrom: "2026-12-01T10:00:06.000Z", rightUntil: "2026-12-01T10:10:06.000Z" };

describe("roomState", () => {
  it("offers joining to someone not in an open or live queue, not before it opens", () => {
    expect(roomState(base, false, at("2026-12-01T09:50:00Z")).kind).toBe("can_join");
    expect(roomState({ ...base, phase: "live" }, false, at("2026-12-01T10:05:00Z")).kind).toBe("can_join");
    expect(roomState({ ...base, phase: "announced" }, false, at("2026-12-01T09:00:00Z")).kind).toBe("announced");
    expect(roomState({ ...base, phase: "live" }, true, at("2026-12-01T10:05:00Z")).kind).toBe("sold_out");
  });

  it("runs waiting → ordering → in line → your turn → lapsed by the clock", () => {
    const waiting = { ...base, entry: { state: "waiting" as const, position: null, rightFrom: null, rightUntil: null } };
    expect(roomState(waiting, false, at("2026-12-01T09:59:59Z")).kind).toBe("waiting_start");
    expect(roomState(waiting, false, at("2026-12-01T10:00:00Z")).kind).toBe("ordering");
    const placed = { ...base, phase: "live" as const, entry: admitted };
    expect(roomState(placed, false, at("2026-12-01T10:00:05Z"))).toEqual({ kind: "in_line", position: 7, admitAt: admitted.rightFrom });
    expect(roomState(placed, false, at("2026-12-01T10:00:06Z"))).toEqual({ kind: "your_turn", until: admitted.rightUntil });
    expect(roomState(placed, false, at("2026-12-01T10:10:06Z")).kind).toBe("lapsed");
    expect(roomState(placed, true, at("2026-12-01T10:00:06Z")).kind).toBe("sold_out");
  });

  it("says so once the account holds the units per person, instead of offering more", () => {
    const placed = { ...base, phase: "live" as const, entry: admitted };
    expect(roomState(placed, false, at("2026-12-01T10:00:06Z"), 1).kind).toBe("your_turn");
    expect(roomState(placed, false, at("2026-12-01T10:00:06Z"), 2).kind).toBe("purchased");
  });

  it("leaves a draw entry to the draw's outcome", () => {
    const draw = { ...base, mode: "draw" as const, entry: { state: "entered" as const, position: null, rightFrom: null, rightUntil: null } };
    expect(roomState(draw, false, at("2026-12-01T09:50:00Z")).kind).toBe("draw");
    expect(roomState({ ...draw, entry: null, phase: "closed" }, false, at("2026-12-01T10:05:00Z")).kind).toBe("closed_to_you");
  });
});

describe("roomCheckDelayMs", () => {
  const placed = { ...base, phase: "live" as const, entry: admitted };
  it("asks just after a change that is near (admission in 4 s → 4–5 s)", () => {
    const now = at("2026-12-01T10:00:02Z");
    const state = roomState(placed, false, now);
    expect(nextChangeAt(placed, state)?.toISOString()).toBe(admitted.rightFrom);
    expect(roomCheckDelayMs(placed, state, now, () => 0)).toBe(4000);
    expect(roomCheckDelayMs(placed, state, now, () => 1)).toBe(5000);
  });
  it("spaces the asking when the change is far (at most every ~30 s, with jitter)", () => {
    const now = at("2026-12-01T10:00:07Z");
    const state = roomState(placed, false, now); // your turn for ten minutes
    expect(roomCheckDelayMs(placed, state, now, () => 0)).toBe(30_000);
    expect(roomCheckDelayMs(placed, state, now, () => 1)).toBe(36_000);
  });
  it("spreads the crowd waiting for the start over a second per 200 entries (1–20 s)", () => {
    const waiting = (entries: number) => ({ ...base, phase: "open" as const, entries, entry: { state: "waiting" as const, position: null, rightFrom: null, rightUntil: null } });
    const now = new Date(new Date(base.startsAt).getTime() - 3000);
    const delay = (entries: number, r: number) => roomCheckDelayMs(waiting(entries), roomState(waiting(entries), false, now), now, () => r);
    expect(delay(2000, 0)).toBe(3000);
    expect(delay(2000, 1)).toBe(3000 + 10_000);
    expect(delay(10, 1)).toBe(3000 + 1000);
    expect(delay(100_000, 1)).toBe(3000 + 20_000);
    expect(startSpreadMs(500)).toBe(2500);
    expect(startSpreadMs(4000)).toBe(20_000);
    expect(startSpreadMs(4001)).toBe(20_000);
  });
  it("asks a page answered just before the start within the spread, so before the first turn opens", () => {
    const waiting = { ...base, phase: "open" as const, entries: 2000, entry: { state: "waiting" as const, position: null, rightFrom: null, rightUntil: null } };
    const now = new Date(new Date(base.startsAt).getTime() - 200);
    const state = roomState(waiting, false, now);
    expect(state.kind).toBe("waiting_start");
    // The far end of a 10 s spread: 200 ms to the start, then 10 s; not a second more.
    expect(roomCheckDelayMs(waiting, state, now, () => 1)).toBe(200 + 10_000);
    // The near end: still at least a second from now, and after the start.
    expect(roomCheckDelayMs(waiting, state, now, () => 0)).toBe(1000);
  });
  it("keeps a page's moment in the start's spread when its clock passes the start (the place is then being given)", () => {
    const crowd = { ...base, phase: "live" as const, entries: 2000, entry: { state: "waiting" as const, position: null, rightFrom: null, rightUntil: null } };
    const now = new Date(new Date(base.startsAt).getTime() + 200);
    const state = roomState(crowd, false, now);
    expect(state.kind).toBe("ordering");
    // 2,000 waiting: a 10 s spread. At the far end of it, not with the crowd in 1–3 s.
    expect(roomCheckDelayMs(crowd, state, now, () => 1)).toBe(9800);
    // Past the spread: ask again within 1–3 s.
    const later = new Date(new Date(base.startsAt).getTime() + 11_000);
    expect(roomCheckDelayMs(crowd, roomState(crowd, false, later), later, () => 1)).toBe(3000);
  });
  it("asks again soon while the place is being given", () => {
    const waiting = { ...base, entry: { state: "waiting" as const, position: null, rightFrom: null, rightUntil: null } };
    const now = at("2026-12-01T10:00:01Z");
    const delay = roomCheckDelayMs(waiting, roomState(waiting, false, now), now, () => 0.5);
    expect(delay).toBe(2000);
  });
  it("waits longer after each failed answer: 2, 4, 8 … s, at most 30 s, never less than Retry-After", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n))).toEqual([0, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(retryDelayMs(1, 5)).toBe(5000);
    expect(retryDelayMs(1, 45)).toBe(45_000);
    expect(retryDelayMs(1, 120)).toBe(60_000);
  });
  it("keys the live region by state (and place), not by time", () => {
    expect(roomStateKey({ kind: "in_line", position: 3, admitAt: "x" })).toBe("in_line:3");
    expect(roomStateKey({ kind: "your_turn", until: "y" })).toBe("your_turn");
  });
});
