import { formatDateTime } from "~/components/account/format-date";

/** One email as the outbox page shows it. */
export interface OutboxEmail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** /admin/outbox: the emails the shop has queued and sent, newest first, each with its text. */
export function OutboxPage({ emails, smtpConfigured }: { emails: OutboxEmail[]; smtpConfigured: boolean }) {
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Email outbox</h1>
      <p className="text-sm text-slate-600">
        {smtpConfigured
          ? "Emails are sent over SMTP; failed sends are retried with a growing delay."
          : "SMTP_URL is not set: emails are kept here (and written to the server log) instead of being sent."}{" "}
        Newest first, up to 200. Links that give access to an account (password resets) are never shown here, and
        emails are deleted after the retention period.
      </p>
      {emails.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">No emails yet.</p>
      ) : (
        <ul className="space-y-3">
          {emails.map((email) => (
            <li key={email.id} data-testid="outbox-email" className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{email.subject}</p>
                  <p className="break-all text-sm text-slate-600">
                    To {email.to} · {email.kind} · queued {formatDateTime(email.createdAt)}
                  </p>
                </div>
                <span
                  className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    email.sentAt ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
                  }`}
                >
                  {email.sentAt ? `Sent ${formatDateTime(email.sentAt)}` : `Queued (${email.attempts} attempt${email.attempts === 1 ? "" : "s"})`}
                </span>
              </div>
              {email.lastError && <p className="mt-2 text-xs text-red-700">Last error: {email.lastError}</p>}
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium text-amber-700">Show message</summary>
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-xs text-slate-800">{email.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
