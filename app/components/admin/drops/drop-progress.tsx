import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scaleTime } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { useEffect, useId } from "react";
import { Link, useRevalidator } from "react-router";
import { ShopDateTime } from "~/components/ui/format-date";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { DropMode } from "~/modules/drops/drop-rules";
import { ChartRegion, AXIS_LINES, BOTTOM_TICK_LABELS, GridLines, LEFT_TICK_LABELS } from "~/components/admin/chart-parts";
import {
  formatCount as count,
  lastTurnAhead,
  peopleIn,
  salesSummary,
  turnsLabel,
  turnsSummary,
  unitsOffered,
  type DropProgress,
  type DropTimeline,
} from "~/modules/drops/progress";

/** How often an open page refreshes its figures while the drop is running. */
const REFRESH_MS = 30_000;

const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: SHOP_TIME_ZONE });
const clockSeconds = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: SHOP_TIME_ZONE });
const dayAndClock = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: SHOP_TIME_ZONE });
const dayAndClockSeconds = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: SHOP_TIME_ZONE });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: SHOP_TIME_ZONE });

const tileClass = "rounded-xl bg-slate-50 px-4 py-3";

function Figure({ label, value, note, testId }: { label: string; value: number; note?: string; testId: string }) {
  return (
    <div className={tileClass} data-testid={testId}>
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-black tabular-nums text-slate-900">{count(value)}</dd>
      {note && <dd className="text-sm text-slate-600">{note}</dd>}
    </div>
  );
}

/**
 * The drop's live figures on its back-office page: units sold, held and left, where people are
 * in the queue or the draw, and a chart of sales and turns over time. While the drop is running
 * the page refreshes them every 30 seconds when it is in view (a "Refresh" link does it by hand,
 * and without JavaScript).
 */
export function DropProgressPanel({
  dropId,
  mode,
  cancelledAt,
  progress,
}: {
  dropId: number;
  mode: DropMode;
  cancelledAt: Date | string | null;
  progress: DropProgress;
}) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!progress.running) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [progress.running, revalidator]);

  const offered = unitsOffered(progress);
  const people = progress.people;
  const lastTurn = progress.running ? lastTurnAhead(progress) : null;
  return (
    <section aria-labelledby="drop-progress" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="drop-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="drop-progress" className="text-lg font-semibold text-slate-900">
          How the drop is going
        </h2>
        <p className="text-sm text-slate-600">
          Figures at <time dateTime={progress.asOf}>{clockSeconds.format(new Date(progress.asOf))}</time>
          {progress.running && " (refreshed every 30 seconds)"} ·{" "}
          <Link to={`/admin/drops/${dropId}`} className="font-semibold text-amber-800 underline" preventScrollReset>
            Refresh
          </Link>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Units sold" value={progress.sold} note={`of ${count(offered)}`} testId="progress-sold" />
        <Figure label="Held in checkouts" value={progress.held} note="not yet paid" testId="progress-held" />
        <Figure label="Units left" value={progress.stockLeft} testId="progress-left" />
        <Figure label="Paid orders" value={progress.paidOrders} note={`from ${count(progress.buyers)} ${progress.buyers === 1 ? "account" : "accounts"}`} testId="progress-orders" />
      </dl>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {people.mode === "queue" ? (
          <>
            <Figure label="Joined" value={people.joined} testId="progress-joined" />
            <Figure label="Waiting for a turn" value={people.waiting} testId="progress-waiting" />
            <Figure label="Buying now" value={people.buyingNow} note="turn open" testId="progress-buying" />
            <Figure label="Turns over" value={people.turnsOver} note="bought or not" testId="progress-turns-over" />
          </>
        ) : (
          <>
            <Figure label="Entered" value={people.entered} note={people.awaitingDraw > 0 ? `${count(people.awaitingDraw)} awaiting the draw` : undefined} testId="progress-entered" />
            <Figure label="Winners buying" value={people.winning} testId="progress-winning" />
            <Figure label="Bought" value={people.bought} testId="progress-bought" />
            <Figure label="Missed their turn" value={people.missedTurn} note={`${count(people.notDrawn)} not drawn`} testId="progress-missed" />
          </>
        )}
      </dl>
      {lastTurn && (
        <p className="text-sm text-slate-700" data-testid="progress-last-turn">
          The last place given so far gets its turn at <ShopDateTime value={lastTurn} />.
        </p>
      )}
      {cancelledAt && (
        <p className="text-sm text-slate-700" data-testid="progress-called-off">
          {progress.timeline
            ? "The drop was called off: the charts stop there. Orders begun through it and paid since still count above; new sales are ordinary ones, not counted here, and units left is the stock now."
            : "The drop was called off before its start: there is nothing to chart."}
        </p>
      )}
      {/* Always there, so a sell-out arriving with a refresh is read out once; the figures
          themselves change silently (every 30 seconds would be noise). */}
      <div role="status">
        {progress.soldOutAt && (
          <p className="text-sm font-semibold text-slate-800" data-testid="progress-sold-out">
            Sold out at <ShopDateTime value={progress.soldOutAt} />.
          </p>
        )}
      </div>
      {progress.timeline ? (
        <>
          <ChartRegion label="Units sold over time">
            <RunningTotalChart
              title="Units sold since the start"
              summary={salesSummary(progress)}
              points={progress.timeline.points.map((p) => ({ at: p.at, value: p.sold }))}
              reference={offered}
              line={SOLD_LINE}
              testId="drop-sales-chart"
            />
          </ChartRegion>
          <ChartKey items={[{ label: "Units sold", line: SOLD_LINE }, { label: "Units the drop had", line: REFERENCE_LINE }]} />
          <ChartRegion label={`${turnsLabel(mode)} over time`}>
            <RunningTotalChart
              title={`${turnsLabel(mode)} since the start`}
              summary={turnsSummary(progress)}
              points={progress.timeline.points.map((p) => ({ at: p.at, value: p.turns }))}
              reference={peopleIn(people)}
              line={TURNS_LINE}
              testId="drop-turns-chart"
            />
          </ChartRegion>
          <ChartKey items={[{ label: turnsLabel(mode), line: TURNS_LINE }, { label: mode === "queue" ? "People who joined" : "Entries", line: REFERENCE_LINE }]} />
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-amber-800">Show the figures as a table</summary>
            <div className="mt-2 overflow-x-auto">
              <TimelineTable timeline={progress.timeline} mode={mode} running={progress.running} />
            </div>
          </details>
        </>
      ) : (
        !cancelledAt && <p className="text-sm text-slate-600">The charts of sales and turns start when the drop does.</p>
      )}
    </section>
  );
}

/** How a line is drawn; each has its own dash, so colour is not the only cue. */
interface LineStyle {
  className: string;
  width: number;
  dash?: string;
}
const SOLD_LINE: LineStyle = { className: "stroke-amber-600", width: 3 };
const TURNS_LINE: LineStyle = { className: "stroke-sky-700", width: 2.5, dash: "2 3" };
const REFERENCE_LINE: LineStyle = { className: "stroke-slate-500", width: 1.5, dash: "6 4" };

const MARGIN = { top: 12, right: 16, bottom: 30, left: 56 };
const WIDTH = 640;
const HEIGHT = 200;

/** Times on the axis and in the table: to the second over a few minutes, with the day over most of a day, the year over half a year. */
function timeLabel(timeline: Pick<DropTimeline, "startsAt" | "endsAt">) {
  const span = new Date(timeline.endsAt).getTime() - new Date(timeline.startsAt).getTime();
  const hour = 60 * 60_000;
  const format = span > 180 * 24 * hour ? dayMonthYear : span > 20 * hour ? dayAndClock : span < 10 * 60_000 ? clockSeconds : clock;
  return (at: number) => format.format(new Date(at));
}

/**
 * A running total from the start against what it could reach (the dashed line: the units the
 * drop had, or everyone who came). Plain SVG drawn on the server by visx (decision 0036), one
 * image to a screen reader, summed up by its description; the table has every figure.
 */
function RunningTotalChart({
  title,
  summary,
  points,
  reference,
  line,
  testId,
}: {
  title: string;
  summary: string;
  points: { at: string; value: number }[];
  reference: number;
  line: LineStyle;
  testId: string;
}) {
  const id = useId();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const timed = points.map((p) => ({ t: new Date(p.at).getTime(), value: p.value }));
  const first = timed[0]!.t;
  const last = timed[timed.length - 1]!.t;
  // A time scale: its ticks fall on whole minutes and hours.
  const x = scaleTime<number>({ domain: [new Date(first), new Date(last)], range: [0, innerWidth] });
  const y = scaleLinear<number>({ domain: [0, Math.max(reference, ...timed.map((p) => p.value), 1)], range: [innerHeight, 0], nice: true });
  const yTicks = y.ticks(4).filter(Number.isInteger);
  const format = timeLabel({ startsAt: new Date(first).toISOString(), endsAt: new Date(last).toISOString() });
  // Six ticks at most, none repeating a label (a chart seconds old would show "11:00:00" twice).
  const xTicks = x.ticks(6).filter((t, i, all) => i === 0 || format(t.getTime()) !== format(all[i - 1]!.getTime()));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="h-auto w-full min-w-[32rem]" data-testid={testId}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridLines ys={yTicks.map((t) => y(t))} width={innerWidth} />
        <line x1={0} x2={innerWidth} y1={y(reference)} y2={y(reference)} className={REFERENCE_LINE.className} strokeWidth={REFERENCE_LINE.width} strokeDasharray={REFERENCE_LINE.dash} />
        <LinePath data={timed} x={(p) => x(p.t)} y={(p) => y(p.value)} className={line.className} strokeWidth={line.width} strokeDasharray={line.dash} fill="none" />
        <AxisLeft
          scale={y}
          tickValues={yTicks}
          tickFormat={(v) => count(Number(v))}
          {...AXIS_LINES}
          tickLabelProps={LEFT_TICK_LABELS}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={xTicks}
          tickFormat={(v) => format(v instanceof Date ? v.getTime() : Number(v))}
          {...AXIS_LINES}
          tickLabelProps={BOTTOM_TICK_LABELS}
        />
      </Group>
    </svg>
  );
}

/** A chart's key, in text under it. */
function ChartKey({ items }: { items: { label: string; line: LineStyle }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-label="Chart key">
      {items.map(({ label, line }) => (
        <li key={label} className="flex items-center gap-2">
          <svg width="28" height="8" aria-hidden="true">
            <line x1="0" x2="28" y1="4" y2="4" className={line.className} strokeWidth={line.width} strokeDasharray={line.dash} />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}

/** The charts' figures as running totals: the accessible (and exact) alternative. While the drop runs the last row is now. */
function TimelineTable({ timeline, mode, running }: { timeline: DropTimeline; mode: DropMode; running: boolean }) {
  const format = timeLabel(timeline);
  const bucketMs = timeline.bucketMinutes * 60_000;
  // The last row ends now while the drop runs, or at a moment that is not a whole step: to the
  // second (with the day, on a chart of more than a day).
  const exact = new Date(timeline.endsAt).getTime() - new Date(timeline.startsAt).getTime() > 20 * 60 * 60_000 ? dayAndClockSeconds : clockSeconds;
  const rowLabel = (at: string, last: boolean) => {
    const ms = new Date(at).getTime();
    if (last && running) return `Now (${exact.format(ms)})`;
    return last && (ms - new Date(timeline.startsAt).getTime()) % bucketMs !== 0 ? exact.format(ms) : format(ms);
  };
  return (
    <table className="w-full text-left text-sm" data-testid="drop-progress-table">
      <caption className="sr-only">Units sold and {turnsLabel(mode).toLowerCase()} by time, running totals</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-4 font-semibold">
            By
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            Units sold
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {turnsLabel(mode)}
          </th>
        </tr>
      </thead>
      <tbody>
        {timeline.points.slice(1).map((p, i, rows) => (
          <tr key={p.at} className="border-b border-slate-100">
            <th scope="row" className="py-1.5 pr-4 font-normal text-slate-800">
              <time dateTime={p.at}>{rowLabel(p.at, i === rows.length - 1)}</time>
            </th>
            <td className="py-1.5 pr-4 text-right tabular-nums">{count(p.sold)}</td>
            <td className="py-1.5 text-right tabular-nums">{count(p.turns)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
