/**
 * The admin dashboard's figures and their shapes (client-safe: the dashboard's components read
 * these). The queries behind them are in ./dashboard.server.ts.
 */
import { z } from "zod";

/** The chart's ranges, in days ending today. The first is the default. */
export const CHART_RANGES = [30, 7] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** What the chart's bars measure. */
export const CHART_METRICS = ["revenue", "orders"] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/** `?days=7|30&metric=revenue|orders`: anything else falls back to the defaults. */
export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n): n is ChartRange => (CHART_RANGES as readonly number[]).includes(n))
    .catch(CHART_RANGES[0]),
  metric: z.enum(CHART_METRICS).catch("revenue"),
});
export type DashboardQuery = { days: ChartRange; metric: ChartMetric };

export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const parsed = dashboardQuerySchema.parse({ days: params.get("days") ?? undefined, metric: params.get("metric") ?? undefined });
  return { days: parsed.days as ChartRange, metric: parsed.metric };
}

/** One UK day of sales: orders placed that day that were paid, and what they took less refunds. */
export interface SalesDay {
  /** YYYY-MM-DD, the UK calendar day. */
  day: string;
  orders: number;
  /** Pence: total paid less anything refunded since. */
  revenue: number;
}

export interface SalesTotals {
  orders: number;
  revenue: number;
}

export interface SalesSummary {
  /** The last 30 UK days, oldest first, ending today (every day present, zero when quiet). */
  days: SalesDay[];
  today: SalesTotals;
  last7: SalesTotals;
  last30: SalesTotals;
}

/** Sums the last `count` days of a day list (oldest first). */
export function totalsOf(days: readonly SalesDay[], count = days.length): SalesTotals {
  return days.slice(Math.max(0, days.length - count)).reduce((t, d) => ({ orders: t.orders + d.orders, revenue: t.revenue + d.revenue }), { orders: 0, revenue: 0 });
}

/** A paid order that has no tracking number yet. */
export interface OrderToDispatch {
  id: number;
  createdAt: Date;
  customer: string;
  totalAmount: number;
}

/** A variant that is sold out or running low. */
export interface StockAlert {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  /** "Lightly Played · Holo · English", "PSA 10"; null for a sealed product's one variant. */
  variantLabel: string | null;
  stock: number;
}

/** How many alerts the dashboard lists of each kind; the rest are counted. */
export const STOCK_ALERTS_SHOWN = 10;
export const ORDERS_TO_DISPATCH_SHOWN = 5;
/** Stock alerts are counted up to this many; more shows as "1,000+". */
export const STOCK_ALERT_COUNT_CAP = 1000;

/** "24", or "1,000+" past the cap. */
export function formatCappedCount(count: number, cap: number): string {
  return count > cap ? `${cap.toLocaleString("en-GB")}+` : count.toLocaleString("en-GB");
}

export interface DashboardData {
  sales: SalesSummary;
  dispatch: { count: number; oldest: OrderToDispatch[] };
  stock: {
    /** Low means 1 to this many units: the product page's "Only n left". */
    lowThreshold: number;
    soldOut: StockAlert[];
    soldOutCount: number;
    low: StockAlert[];
    lowCount: number;
    /** The counts stop one past this (see formatCappedCount). */
    countCap: number;
  };
  pendingWholesaleApplications: number;
  emails: { unsent: number; failing: number; givenUp: number };
}
