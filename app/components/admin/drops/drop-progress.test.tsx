import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cumulativeTimeline, timelineWindow, type DropProgress } from "~/modules/drops/progress";
import { DropProgressPanel } from "./drop-progress";

const MINUTE = 60_000;
const start = new Date("2026-12-05T09:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

function progress(values: Partial<DropProgress> & { now: Date; running?: boolean; lastEventAt?: Date | null; cancelledAt?: Date | null }): DropProgress {
  const { now, running = false, lastEventAt = null, cancelledAt = null, ...rest } = values;
  const window = timelineWindow(start, now, running, lastEventAt, cancelledAt);
  return {
    asOf: now.toISOString(),
    stockLeft: 5,
    held: 0,
    sold: 3,
    paidOrders: 2,
    buyers: 2,
    soldOutAt: null,
    running,
    people: { mode: "queue", joined: 10, waiting: 0, buyingNow: 0, turnsOver: 10, lastTurnFrom: null },
    timeline: window ? cumulativeTimeline(window, [{ bucket: 0, count: 3 }], [{ bucket: 0, count: 10 }]) : null,
    ...rest,
  };
}

function render(p: DropProgress, cancelledAt: Date | null = null): string {
  const router = createMemoryRouter([{ path: "*", element: <DropProgressPanel dropId={7} mode="queue" cancelledAt={cancelledAt} progress={p} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const tableRows = (html: string) => [...html.matchAll(/<th scope="row"[^>]*><time[^>]*>([^<]+)<\/time>/g)].map((m) => m[1]);
const axisLabels = (html: string) => [...html.matchAll(/<tspan[^>]*>([^<]+)<\/tspan>/g)].map((m) => m[1]!);

describe("DropProgressPanel", () => {
  it("says a drop called off before its start has nothing to chart, and not that the charts will start", () => {
    const html = render(progress({ now: at(30), cancelledAt: at(-5), timeline: null, sold: 0 }), at(-5));
    expect(html).toContain("called off before its start: there is nothing to chart");
    expect(html).not.toContain("start when the drop does");
  });

  it("says the charts stop at a call-off made after the start", () => {
    const html = render(progress({ now: at(30), lastEventAt: at(3), cancelledAt: at(10) }), at(10));
    expect(html).toContain("the charts stop there");
    expect(html).toContain("drop-sales-chart");
  });

  it("keeps a status region for the sell-out, so one that arrives with a refresh is read out", () => {
    const open = render(progress({ now: at(2.5), running: true }));
    expect(open).toMatch(/<div role="status"><\/div>/);
    const soldOut = render(progress({ now: at(30), lastEventAt: at(3), stockLeft: 0, soldOutAt: at(3).toISOString() }));
    expect(soldOut).toMatch(/<div role="status"><p[^>]*data-testid="progress-sold-out"[^>]*>Sold out at <time/);
  });

  it("labels the last row of a running drop as now, to the second", () => {
    const rows = tableRows(render(progress({ now: at(2.5), running: true })));
    // A chart of a few minutes is labelled to the second.
    expect(rows).toEqual(["09:01:00", "09:02:00", "Now (09:02:30)"]);
  });

  it("gives a row that ends between whole steps on a long chart its day and second", () => {
    // Over ~2 days (hourly steps), called off at 10:20:15 on the second day.
    const rows = tableRows(render(progress({ now: at(3000), lastEventAt: at(1520.25), cancelledAt: at(1520.25) }), at(1520.25)));
    expect(rows.at(-1)).toBe("6 Dec, 10:20:15");
    expect(rows.at(-2)).toBe("6 Dec, 10:00");
  });

  it("never repeats a label on the time axis, even seconds after the start", () => {
    const html = render(progress({ now: new Date(start.getTime() + 1500), running: true }));
    const charts = html.split('data-testid="drop-').filter((part) => part.startsWith("sales-chart") || part.startsWith("turns-chart"));
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      const times = axisLabels(chart).filter((l) => /^\d\d:\d\d:\d\d$/.test(l));
      expect(times.length).toBeGreaterThan(0);
      expect(new Set(times).size).toBe(times.length);
    }
  });
});
