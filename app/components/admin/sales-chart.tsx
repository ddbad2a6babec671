import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import type { ChartMetric, SalesDay } from "~/modules/reports/dashboard";
import { formatPence } from "~/utils/money";
import { AXIS_LINES, BOTTOM_TICK_LABELS, GridLines, LEFT_TICK_LABELS } from "./chart-parts";

/** "2026-06-01" is a calendar day: read and written in UTC so no zone can move it. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const weekDay = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export const formatShortDay = (day: string) => shortDay.format(dayDate(day));
export const formatLongDay = (day: string) => longDay.format(dayDate(day));

export const metricValue = (day: SalesDay, metric: ChartMetric) => (metric === "revenue" ? day.revenue : day.orders);
export const formatMetric = (value: number, metric: ChartMetric) =>
  metric === "revenue" ? formatPence(value) : `${value} order${value === 1 ? "" : "s"}`;

const MARGIN = { top: 12, right: 8, bottom: 30, left: 64 };
const HEIGHT = 240;

/**
 * A bar per day, drawn as plain SVG by visx on the server (decision 0036): no script is needed to
 * see it, and it carries no inline script or style of its own. It is one image to a screen
 * reader, named by its title and summed up by its description; the figures themselves are in
 * the table beside it (SalesTable). Each bar's <title> gives its day and value on hover.
 *
 * The drawing's own width grows with the number of days, so labels keep their size: a 30-day
 * chart scrolls sideways on a phone rather than shrinking its text to nothing.
 */
export function SalesChart({ days, metric, caption }: { days: SalesDay[]; metric: ChartMetric; caption: string }) {
  const id = useId();
  const step = days.length > 7 ? 22 : 44;
  const innerWidth = days.length * step;
  const width = MARGIN.left + innerWidth + MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = days.map((d) => metricValue(d, metric));
  const max = Math.max(...values, 0);
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, innerWidth], padding: 0.25 });
  // An empty month still gets an axis: £0 to £100 (or 0 to 5 orders) rather than a flat line.
  const y = scaleLinear<number>({ domain: [0, max || (metric === "revenue" ? 10_000 : 5)], range: [innerHeight, 0], nice: true });
  const yTicks = y.ticks(4).filter((t) => metric === "revenue" || Number.isInteger(t));
  // Every 7th day on a month's axis (counted back from today, so today is always labelled).
  const xTicks = days.length > 7 ? days.filter((_, i) => (days.length - 1 - i) % 7 === 0).map((d) => d.day) : days.map((d) => d.day);
  const best = days.reduce<SalesDay | null>((b, d) => (metricValue(d, metric) > (b ? metricValue(b, metric) : 0) ? d : b), null);
  const total = values.reduce((a, b) => a + b, 0);
  const summary =
    total === 0
      ? `No ${metric === "revenue" ? "revenue" : "paid orders"} in these ${days.length} days.`
      : `${formatMetric(total, metric)} in ${days.length} days; the best day was ${formatLongDay(best!.day)} with ${formatMetric(metricValue(best!, metric), metric)}. The table below lists every day.`;

  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="sales-chart"
      className={`h-auto w-full ${days.length > 7 ? "min-w-[40rem]" : "max-w-xl"}`}
    >
      <title id={`${id}-title`}>{caption}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridLines ys={yTicks.map((t) => y(t))} width={innerWidth} />
        {days.map((d) => {
          const value = metricValue(d, metric);
          const top = y(value);
          return (
            <Bar
              key={d.day}
              x={x(d.day)}
              y={top}
              width={x.bandwidth()}
              height={Math.max(0, innerHeight - top)}
              rx={2}
              className="fill-amber-500"
              data-testid="sales-bar"
              data-day={d.day}
              data-value={value}
            >
              <title>{`${formatLongDay(d.day)}: ${formatMetric(value, metric)}`}</title>
            </Bar>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={yTicks}
          // Whole pounds on the axis ("£300", not "£300.00"): the table has the exact figures.
          tickFormat={(v) => (metric === "revenue" ? formatPence(Number(v)).replace(/\.00$/, "") : String(v))}
          {...AXIS_LINES}
          tickLabelProps={LEFT_TICK_LABELS}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={xTicks}
          // A week names each day once, so its weekday is enough (the table has the dates).
          tickFormat={(d) => (days.length > 7 ? formatShortDay(d) : weekDay.format(dayDate(d)))}
          {...AXIS_LINES}
          tickLabelProps={BOTTOM_TICK_LABELS}
        />
      </Group>
    </svg>
  );
}

/** The chart's figures as a table: the accessible (and exact) alternative to the bars. */
export function SalesTable({ days, caption }: { days: SalesDay[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm" data-testid="sales-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Day
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            Paid orders
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((d) => (
          <tr key={d.day} className="border-b border-slate-100">
            <th scope="row" className="py-1.5 pr-4 font-normal text-slate-800">
              <time dateTime={d.day}>{formatLongDay(d.day)}</time>
            </th>
            <td className="py-1.5 pr-4 text-right tabular-nums">{d.orders}</td>
            <td className="py-1.5 text-right tabular-nums">{formatPence(d.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
