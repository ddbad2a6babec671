import { Mail, Package, Store } from "lucide-react";
import { Link } from "react-router";
import type { AdminDashboardCounts } from "~/modules/orders/admin-orders";

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** /admin: what needs doing today, as one card a task with its count, and links to the order lists. */
export function AdminDashboard({
  adminName,
  counts,
  smtpConfigured,
}: {
  adminName: string;
  counts: AdminDashboardCounts;
  smtpConfigured: boolean;
}) {
  const cards = [
    {
      to: "/admin/orders",
      icon: Package,
      title: "Orders to dispatch",
      count: counts.ordersToDispatch,
      testId: "orders-to-dispatch",
      text:
        counts.ordersToDispatch === 0
          ? "Every paid order has a tracking number."
          : `${plural(counts.ordersToDispatch, "paid order is", "paid orders are")} waiting for a tracking number.`,
      action: "Dispatch orders",
    },
    {
      to: "/admin/wholesale-applications",
      icon: Store,
      title: "Wholesale applications",
      count: counts.pendingWholesaleApplications,
      testId: "pending-wholesale",
      text:
        counts.pendingWholesaleApplications === 0
          ? "No application is waiting for a decision."
          : `${plural(counts.pendingWholesaleApplications, "application is", "applications are")} waiting for a decision.`,
      action: "Review applications",
    },
    {
      to: "/admin/outbox",
      icon: Mail,
      title: "Unsent emails",
      count: counts.unsentEmails,
      testId: "unsent-emails",
      text: smtpConfigured
        ? counts.failingEmails > 0
          ? `${plural(counts.failingEmails, "email has", "emails have")} failed to send and will be retried. Check the SMTP settings.`
          : "Emails go out over SMTP within a few seconds."
        : "SMTP_URL is not set: emails are kept in the outbox instead of being sent.",
      action: "Open the outbox",
    },
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shop admin</h1>
        <p className="mt-1 text-slate-600">Signed in as {adminName}. What needs doing today:</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map(({ to, icon: Icon, title, count, testId, text, action }) => (
          <li key={to}>
            <Link
              to={to}
              data-testid={testId}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-slate-600">
                <Icon aria-hidden className="h-5 w-5 text-amber-600" />
                {title}
              </span>
              <span
                data-testid="count"
                className={`mt-3 text-4xl font-black tabular-nums ${count > 0 ? "text-slate-900" : "text-slate-500"}`}
              >
                {count}
              </span>
              <span className="mt-2 flex-1 text-sm text-slate-600">{text}</span>
              <span className="mt-4 text-sm font-semibold text-amber-700 group-hover:underline">{action} →</span>
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label="More admin pages" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to="/admin/orders?status=all" className="font-medium text-amber-700 underline underline-offset-2">
          All orders
        </Link>
        <Link to="/admin/orders?status=dispatched" className="font-medium text-amber-700 underline underline-offset-2">
          Dispatched orders
        </Link>
      </nav>
    </div>
  );
}
