import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { DropView } from "~/modules/drops/drop-view";
import { DrawOutcome } from "./draw-outcome";

const base: DropView = {
  dropId: 7,
  mode: "draw",
  phase: "closed",
  opensAt: "2026-11-24T10:00:00.000Z",
  startsAt: "2026-11-24T12:00:00.000Z",
  admitPerMinute: 60,
  purchaseMinutes: 10,
  unitsPerPerson: 1,
  entries: 3,
  drawn: true,
  now: "2026-11-24T12:05:00.000Z",
  entry: null,
};

type EntryState = NonNullable<DropView["entry"]>["state"];

function render(state: EntryState | null, window: { rightFrom?: string; rightUntil?: string } = {}, view: Partial<DropView> = {}) {
  const entry = state ? { id: 42, state, position: 1, rightFrom: window.rightFrom ?? null, rightUntil: window.rightUntil ?? null } : null;
  return renderToStaticMarkup(
    <MemoryRouter>
      <DrawOutcome view={{ ...base, ...view, entry }} />
    </MemoryRouter>,
  );
}

describe("DrawOutcome", () => {
  it("says nothing to a visitor without an entry, or for a queue", () => {
    expect(render(null)).toBe("");
    expect(render("waiting", {}, { mode: "queue" })).toBe("");
  });

  it("entered: in the draw, when it is made, entry is free", () => {
    const html = render("entered", {}, { phase: "open", drawn: false });
    expect(html).toContain("You&#x27;re in the draw");
    expect(html).toMatch(/datetime="2026-11-24T12:00:00.000Z"/i);
    expect(html).toContain("Entry is free");
    expect(html).toContain('href="/drops/7/draw"');
    expect(html).toContain("Your entry id is 42");
  });

  it("won inside the window: the time left as a timer and the pointer to the add-to-cart below", () => {
    const html = render("won", { rightFrom: "2026-11-24T12:00:00.000Z", rightUntil: "2026-11-24T12:10:00.000Z" });
    expect(html).toContain("You won a place");
    expect(html).toContain('role="timer"');
    expect(html).toContain("00:05:00");
    expect(html).toContain("Add it to your cart below");
    expect(html).toContain('data-state="won"');
  });

  it("won after the window: no timer, no invitation to buy", () => {
    const html = render("won", { rightFrom: "2026-11-24T11:50:00.000Z", rightUntil: "2026-11-24T12:00:00.000Z" });
    expect(html).not.toContain('role="timer"');
    expect(html).not.toContain("Add it to your cart");
    expect(html).toContain("Your time to buy has ended");
  });

  it("lost, lapsed and purchased each say what happened", () => {
    expect(render("lost")).toContain("Not drawn this time");
    expect(render("lost")).toContain("we&#x27;ll email you");
    expect(render("lapsed")).toContain("passed to the next person drawn");
    expect(render("purchased")).toContain("You bought it");
  });

  it("is a labelled section with a status region", () => {
    const html = render("lost");
    expect(html).toMatch(/<section aria-labelledby="draw-outcome-title"/);
    expect(html).toContain('<h2 id="draw-outcome-title"');
    expect(html).toContain('role="status"');
  });
});
