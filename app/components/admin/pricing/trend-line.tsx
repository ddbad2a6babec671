import { formatEuroCents } from "~/modules/market/repricing";

const WIDTH = 72;
const HEIGHT = 22;

/**
 * A card's market figure over the kept guides as a tiny line (inline SVG: a few points do not
 * need a chart library). The picture is for the eye; its label says the same in words, from the
 * first figure to the last, for a screen reader.
 */
export function TrendLine({ points }: { points: Array<{ publishedAt: Date | string; cents: number | null }> }) {
  const known = points.filter((p): p is { publishedAt: Date | string; cents: number } => p.cents !== null && p.cents > 0);
  if (known.length < 2) return null;
  const values = known.map((p) => p.cents);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = WIDTH / (known.length - 1);
  const path = known
    .map((p, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - ((p.cents - low) / span) * (HEIGHT - 4)).toFixed(1)}`)
    .join(" ");
  const first = values[0]!;
  const last = values[values.length - 1]!;
  const direction = last > first ? "up" : last < first ? "down" : "level";
  const label = `Market trend over ${known.length} guides: ${direction}, from ${formatEuroCents(first)} to ${formatEuroCents(last)}`;
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`-1 0 ${WIDTH + 2} ${HEIGHT}`}
      className={direction === "down" ? "text-red-600" : direction === "up" ? "text-green-700" : "text-slate-500"}
    >
      <title>{label}</title>
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
