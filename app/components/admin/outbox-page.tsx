import { RotateCcw } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/components/ui/format-date";
import {
  OUTBOX_FILTER_LABELS,
  OUTBOX_FILTERS,
  OUTBOX_MAX_ATTEMPTS,
  type AdminOutboxEmail,
  type AdminOutboxList,
  type OutboxFilter,
  type OutboxStatus,
  type ResendResult,
} from "~/modules/email/outbox-status";

const STATUS_STYLES: Record<OutboxStatus, string> = {
  sent: "bg-green-100 text-green-800",
  queued: "bg-slate-100 text-slate-800",
  failing: "bg-yellow-100 text-yellow-900",
  "given-up": "bg-red-100 text-red-800",
};

function statusText(email: AdminOutboxEmail): string {
  const attempts = `${email.attempts} attempt${email.attempts === 1 ? "" : "s"}`;
  switch (email.status) {
    case "sent":
      return `Sent ${formatDateTime(email.sentAt!)}`;
    case "queued":
      return email.attempts === 0 ? "Queued" : `Queued (${attempts})`;
    case "failing":
      return `Failing (${attempts} of ${OUTBOX_MAX_ATTEMPTS})`;
    case "given-up":
      return `Given up (${attempts})`;
  }
}

function filterHref(filter: OutboxFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/outbox?${query}` : "/admin/outbox";
}

/** /admin/outbox: every email the shop has queued, newest first, with its status, and "Resend" for one that failed. */
export function OutboxPage({ list, smtpConfigured, result }: { list: AdminOutboxList; smtpConfigured: boolean; result?: ResendResult }) {
  const navigation = useNavigation();
  const counts: Partial<Record<OutboxFilter, number>> = { queued: list.counts.queued, failing: list.counts.failing, "given-up": list.counts.givenUp };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Email outbox</h1>
      <p className="text-sm text-slate-600">
        {smtpConfigured
          ? `Emails are sent over SMTP; a failed send is retried with a growing delay, up to ${OUTBOX_MAX_ATTEMPTS} attempts, then given up.`
          : "SMTP_URL is not set: emails are kept here (and written to the server log) instead of being sent."}{" "}
        Newest first. Links that give access to an account (password resets) are never shown here, and emails are deleted after the
        retention period.
      </p>

      <nav aria-label="Filter emails by status">
        <ul className="flex flex-wrap gap-2">
          {OUTBOX_FILTERS.map((filter) => {
            const current = filter === list.filter;
            const count = counts[filter];
            return (
              <li key={filter}>
                <Link
                  to={filterHref(filter)}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium ${
                    current ? "border-amber-500 bg-amber-100 text-slate-900" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {OUTBOX_FILTER_LABELS[filter]}
                  {count !== undefined && <span className="tabular-nums text-slate-600">({count})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          data-testid="outbox-result"
          className={`rounded-xl border p-3 text-sm ${result.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"}`}
        >
          {result.message}
        </p>
      )}

      {list.emails.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">
          {list.filter === "all" ? "No emails yet." : `No ${OUTBOX_FILTER_LABELS[list.filter].toLowerCase()} emails.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {list.emails.map((email) => {
            const submitting = navigation.state === "submitting" && navigation.formData?.get("id") === String(email.id);
            return (
              <li key={email.id} data-testid="outbox-email" data-status={email.status} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="break-words font-semibold text-slate-900">{email.subject}</h2>
                    <p className="break-all text-sm text-slate-600">
                      #{email.id} · To {email.to} · {email.kind} · queued {formatDateTime(email.createdAt)}
                    </p>
                  </div>
                  <span data-testid="outbox-status" className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[email.status]}`}>
                    {statusText(email)}
                  </span>
                </div>
                {email.lastError && <p className="mt-2 break-words text-xs text-red-800">Last error: {email.lastError}</p>}
                {email.status === "failing" && <p className="mt-1 text-xs text-slate-600">Next attempt {formatDateTime(email.nextAttemptAt)}.</p>}
                {(email.status === "failing" || email.status === "given-up") &&
                  (email.resendRefusal === null ? (
                    <Form method="post" className="mt-3">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="id" value={email.id} />
                      <button
                        type="submit"
                        disabled={submitting}
                        className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-amber-500 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:opacity-60"
                      >
                        <RotateCcw aria-hidden className="h-4 w-4" />
                        {submitting ? "Resending…" : "Resend"}
                        <span className="sr-only">email #{email.id} to {email.to}</span>
                      </button>
                    </Form>
                  ) : (
                    <p className="mt-3 rounded-lg bg-slate-50 p-2 text-xs text-slate-700" data-testid="resend-refusal">
                      {email.resendRefusal}
                    </p>
                  ))}
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-amber-800">Show message</summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{email.text}</pre>
                </details>
              </li>
            );
          })}
        </ul>
      )}

      {(list.page > 1 || list.hasNextPage) && (
        <nav aria-label="Outbox pages" className="flex justify-between text-sm">
          {list.page > 1 ? (
            <Link to={filterHref(list.filter, list.page - 1)} className="font-medium text-amber-800 underline underline-offset-2">
              ← Newer emails
            </Link>
          ) : (
            <span />
          )}
          {list.hasNextPage && (
            <Link to={filterHref(list.filter, list.page + 1)} className="font-medium text-amber-800 underline underline-offset-2">
              Older emails →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
