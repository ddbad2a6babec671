import type { ReactNode } from "react";

/**
 * What the back office's charts share (the dashboard's sales, a drop's progress): the scrolling
 * frame, the axes' look and the grid. Charts are plain SVG drawn by visx on the server
 * (decision 0036).
 */

/** A chart's frame: it scrolls sideways on a phone, and a keyboard must be able to scroll it. */
export function ChartRegion({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div
      className={`overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 ${className}`}
      tabIndex={0}
      role="region"
      aria-label={`${label} (chart)`}
    >
      {children}
    </div>
  );
}

/** The axes' lines and labels (visx AxisLeft / AxisBottom props). */
export const AXIS_LINES = { stroke: "#94a3b8", tickStroke: "#94a3b8" } as const;
export const LEFT_TICK_LABELS = { fill: "#475569", fontSize: 12, fontFamily: "inherit", textAnchor: "end", dy: "0.33em", dx: -4 } as const;
export const BOTTOM_TICK_LABELS = { fill: "#475569", fontSize: 12, fontFamily: "inherit", textAnchor: "middle" } as const;

/** Horizontal grid lines at the value axis's ticks. */
export function GridLines({ ys, width }: { ys: number[]; width: number }) {
  return (
    <>
      {ys.map((y) => (
        <line key={y} x1={0} x2={width} y1={y} y2={y} className="stroke-slate-200" strokeWidth={1} shapeRendering="crispEdges" />
      ))}
    </>
  );
}
