import { Mail, Package, PackageX, Store } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/components/ui/format-date";
import { CHART_RANGES, formatCappedCount, type ChartMetric, type ChartRange, type DashboardData, type DashboardQuery, type StockAlert } from "~/modules/reports/dashboard";
import { formatPence } from "~/utils/money";
import { ChartRegion } from "./chart-parts";
import { SalesChart, SalesTable } from "./sales-chart";

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

const linkClass = "font-medium text-amber-800 underline underline-offset-2 hover:text-amber-900";
const sectionClass = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/** /admin: what needs doing today, how sales are going, and what is running out. */
export function AdminDashboard({
  adminName,
  data,
  query,
  smtpConfigured,
}: {
  adminName: string;
  data: DashboardData;
  query: DashboardQuery;
  smtpConfigured: boolean;
}) {
  const { dispatch, emails, stock } = data;
  const cards = [
    {
      to: "/admin/orders",
      icon: Package,
      title: "Orders to dispatch",
      count: dispatch.count,
      testId: "orders-to-dispatch",
      text:
        dispatch.count === 0
          ? "Every paid order has a tracking number."
          : `${plural(dispatch.count, "paid order is", "paid orders are")} waiting for a tracking number.`,
      action: "Dispatch orders",
    },
    {
      to: "/admin/wholesale-applications",
      icon: Store,
      title: "Wholesale applications",
      count: data.pendingWholesaleApplications,
      testId: "pending-wholesale",
      text:
        data.pendingWholesaleApplications === 0
          ? "No application is waiting for a decision."
          : `${plural(data.pendingWholesaleApplications, "application is", "applications are")} waiting for a decision.`,
      action: "Review applications",
    },
    {
      to: emails.failing + emails.givenUp > 0 ? (emails.givenUp > 0 ? "/admin/outbox?status=given-up" : "/admin/outbox?status=failing") : "/admin/outbox",
      icon: Mail,
      title: "Unsent emails",
      count: emails.unsent,
      testId: "unsent-emails",
      text: !smtpConfigured
        ? "SMTP_URL is not set: emails are kept in the outbox instead of being sent."
        : emails.givenUp > 0
          ? `${plural(emails.givenUp, "email was", "emails were")} given up after failing. Check the SMTP settings, then resend.`
          : emails.failing > 0
            ? `${plural(emails.failing, "email has", "emails have")} failed to send and will be retried. Check the SMTP settings.`
            : "Emails go out over SMTP within a few seconds.",
      action: "Open the outbox",
    },
    {
      to: "#stock",
      icon: PackageX,
      title: "Sold out",
      count: stock.soldOutCount,
      shown: formatCappedCount(stock.soldOutCount, stock.countCap),
      testId: "sold-out",
      text:
        stock.soldOutCount + stock.lowCount === 0
          ? "Everything on sale has more than a few in stock."
          : `${formatCappedCount(stock.soldOutCount, stock.countCap)} ${stock.soldOutCount === 1 ? "variant is" : "variants are"} sold out and ${formatCappedCount(stock.lowCount, stock.countCap)} running low.`,
      action: "See stock",
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shop admin</h1>
        <p className="mt-1 text-slate-600">Signed in as {adminName}. What needs doing today:</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ to, icon: Icon, title, count, shown, testId, text, action }) => (
          <li key={testId}>
            <Link
              to={to}
              data-testid={testId}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-slate-600">
                <Icon aria-hidden className="h-5 w-5 text-amber-600" />
                {title}
              </span>
              <span data-testid="count" className={`mt-3 text-4xl font-black tabular-nums ${count > 0 ? "text-slate-900" : "text-slate-500"}`}>
                {shown ?? count}
              </span>
              <span className="mt-2 flex-1 text-sm text-slate-600">{text}</span>
              <span className="mt-4 text-sm font-semibold text-amber-800 group-hover:underline">{action} →</span>
            </Link>
          </li>
        ))}
      </ul>

      <SalesSection data={data} query={query} />

      <section aria-labelledby="dispatch-heading" className={sectionClass}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="dispatch-heading" className="text-lg font-bold text-slate-900">
            Waiting longest for dispatch
          </h2>
          <Link to="/admin/orders" className={linkClass}>
            All {dispatch.count} to dispatch
          </Link>
        </div>
        {dispatch.oldest.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing to dispatch.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="dispatch-list">
            {dispatch.oldest.map((o) => (
              <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-semibold text-slate-900">Order #{o.id}</span>
                <span className="min-w-0 flex-1 truncate text-slate-700">{o.customer}</span>
                <span className="text-slate-600">
                  placed <time dateTime={new Date(o.createdAt).toISOString()}>{formatDateTime(o.createdAt)}</time>
                </span>
                <span className="tabular-nums text-slate-900">{formatPence(o.totalAmount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="stock" aria-labelledby="stock-heading" className={sectionClass}>
        <h2 id="stock-heading" className="text-lg font-bold text-slate-900">
          Stock to watch
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Variants of products on sale. Low means {stock.lowThreshold} or fewer left, when the product page starts saying “Only n left”.
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <StockList title="Sold out" testId="sold-out-list" items={stock.soldOut} total={stock.soldOutCount} cap={stock.countCap} empty="Nothing is sold out." />
          <StockList title="Running low" testId="low-stock-list" items={stock.low} total={stock.lowCount} cap={stock.countCap} empty="Nothing is running low." />
        </div>
      </section>
    </div>
  );
}

function rangeLink(query: DashboardQuery, change: Partial<DashboardQuery>) {
  const next = { ...query, ...change };
  return `/admin?days=${next.days}&metric=${next.metric}`;
}

const RANGE_LABELS: Record<ChartRange, string> = { 30: "30 days", 7: "7 days" };
const METRIC_LABELS: Record<ChartMetric, string> = { revenue: "Revenue", orders: "Orders" };

function SalesSection({ data, query }: { data: DashboardData; query: DashboardQuery }) {
  const { sales } = data;
  const shown = sales.days.slice(-query.days);
  const caption = `${METRIC_LABELS[query.metric]} by day, last ${query.days} days`;
  const figures = [
    { label: "Today", totals: sales.today, testId: "sales-today" },
    { label: "Last 7 days", totals: sales.last7, testId: "sales-7" },
    { label: "Last 30 days", totals: sales.last30, testId: "sales-30" },
  ];
  return (
    <section aria-labelledby="sales-heading" className={sectionClass}>
      <h2 id="sales-heading" className="text-lg font-bold text-slate-900">
        Sales
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Paid orders by the UK day they were placed; revenue is what they took, less anything refunded since.
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(({ label, totals, testId }) => (
          <div key={testId} data-testid={testId} className="rounded-xl bg-slate-50 px-4 py-3">
            <dt className="text-sm font-semibold text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-black tabular-nums text-slate-900" data-testid="revenue">
              {formatPence(totals.revenue)}
            </dd>
            <dd className="text-sm text-slate-600" data-testid="orders">
              {plural(totals.orders, "paid order", "paid orders")}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <SwitchLinks
          label="Chart range"
          items={CHART_RANGES.map((days) => ({ to: rangeLink(query, { days }), label: RANGE_LABELS[days], current: days === query.days }))}
        />
        <SwitchLinks
          label="Chart shows"
          items={(["revenue", "orders"] as const).map((metric) => ({ to: rangeLink(query, { metric }), label: METRIC_LABELS[metric], current: metric === query.metric }))}
        />
      </div>
      <ChartRegion label={caption} className="mt-4">
        <SalesChart days={shown} metric={query.metric} caption={caption} />
      </ChartRegion>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-amber-800">Show the figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <SalesTable days={shown} caption={`Paid orders and revenue by day, last ${query.days} days`} />
        </div>
      </details>
    </section>
  );
}

function SwitchLinks({ label, items }: { label: string; items: { to: string; label: string; current: boolean }[] }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex items-center gap-2">
      <span id={id} className="text-slate-600">
        {label}:
      </span>
      <ul className="flex gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              preventScrollReset
              aria-current={item.current ? "true" : undefined}
              className={`inline-flex min-h-9 items-center rounded-full border px-3 font-medium ${
                item.current ? "border-amber-500 bg-amber-100 text-slate-900" : "border-slate-300 text-slate-700 hover:bg-slate-100"
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StockList({
  title,
  testId,
  items,
  total,
  cap,
  empty,
}: {
  title: string;
  testId: string;
  items: StockAlert[];
  total: number;
  cap: number;
  empty: string;
}) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({formatCappedCount(total, cap)})</span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid={testId}>
          {items.map((item) => (
            <li key={item.variantId} className="flex items-start justify-between gap-3 py-2 text-sm" data-testid="stock-alert">
              <span className="min-w-0">
                <Link to={`/admin/products/${item.productId}`} className={`${linkClass} block break-words`}>
                  {item.productName}
                </Link>
                {item.variantLabel && <span className="block text-slate-600">{item.variantLabel}</span>}
                <Link to={`/products/${item.productSlug}`} className="mt-0.5 inline-block text-xs text-slate-600 underline underline-offset-2">
                  View in shop<span className="sr-only">: {item.productName}</span>
                </Link>
              </span>
              <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.stock === 0 ? "bg-red-100 text-red-800" : "bg-yellow-100 text-yellow-900"}`}>
                {item.stock === 0 ? "Sold out" : `${item.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className="mt-1 text-sm text-slate-600">
          {total > cap ? `and more: over ${formatCappedCount(cap, cap)} in all.` : `and ${total - items.length} more.`}
        </p>
      )}
    </div>
  );
}
