import { Form, Link } from "react-router";
import { formatDateTime } from "~/components/ui/format-date";
import { TextField } from "~/components/ui/field";
import { describeDetails, type AuditEntryView, type AuditFilter, type AuditFilterInput, type AuditPage } from "~/modules/audit/audit-query";

export interface AuditLoaderData {
  input: AuditFilterInput;
  errors: Partial<Record<keyof AuditFilter, string>>;
  /** Null when the filter was refused (400). */
  result: AuditPage | null;
}

const linkClass = "font-medium text-amber-800 underline underline-offset-2 hover:text-amber-900";

function hrefWith(input: AuditFilterInput, change: Partial<AuditFilterInput> & { page?: number }) {
  const params = new URLSearchParams();
  const { page, ...fields } = change;
  for (const [key, value] of Object.entries({ ...input, ...fields })) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : "/admin/audit";
}

/** /admin/audit: every change made in the back office, newest first, filtered by who, what and when. */
export function AuditPageView({ input, errors, result }: AuditLoaderData) {
  const filtered = Object.values(input).some(Boolean);
  const errorCount = Object.keys(errors).length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Audit log</h1>
      <p className="text-sm text-slate-600">
        Every change made in the back office and by the shop's own jobs: who, what, before and after, and when (UK time). Newest first.
      </p>

      <Form method="get" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="audit-filter-heading">
        <h2 id="audit-filter-heading" className="sr-only">
          Filter the audit log
        </h2>
        {errorCount > 0 && (
          <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            Please correct the {errorCount === 1 ? "field" : "fields"} below.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField name="actor" label="Who (admin's email)" type="email" defaultValue={input.actor} error={errors.actor} autoComplete="off" />
          <TextField name="action" label="Action" hint="e.g. order.dispatched, or order for every order action" defaultValue={input.action} error={errors.action} />
          <TextField name="entityType" label="Type" hint="e.g. order, product, email, user" defaultValue={input.entityType} error={errors.entityType} />
          <TextField name="entityId" label="Id" hint="e.g. an order number" defaultValue={input.entityId} error={errors.entityId} />
          <TextField name="from" label="From" type="date" defaultValue={input.from} error={errors.from} />
          <TextField name="to" label="To" type="date" defaultValue={input.to} error={errors.to} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className="min-h-10 rounded-lg bg-amber-500 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            Filter
          </button>
          {filtered && (
            <Link to="/admin/audit" className={linkClass}>
              Clear the filter
            </Link>
          )}
        </div>
      </Form>

      {result &&
        (result.entries.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600" data-testid="audit-empty">
            {filtered ? "No entries match this filter." : "Nothing has been recorded yet."}
          </p>
        ) : (
          <ol className="space-y-3" aria-label="Audit entries, newest first">
            {result.entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} input={input} />
            ))}
          </ol>
        ))}

      {result && (result.page > 1 || result.hasNextPage) && (
        <nav aria-label="Audit log pages" className="flex justify-between text-sm">
          {result.page > 1 ? (
            <Link to={hrefWith(input, { page: result.page - 1 })} className={linkClass}>
              ← Newer entries
            </Link>
          ) : (
            <span />
          )}
          {result.hasNextPage && (
            <Link to={hrefWith(input, { page: result.page + 1 })} className={linkClass}>
              Older entries →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

function AuditEntryItem({ entry, input }: { entry: AuditEntryView; input: AuditFilterInput }) {
  const { changes, facts } = describeDetails(entry.details);
  return (
    <li data-testid="audit-entry" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-mono text-sm font-semibold text-slate-900">{entry.action}</h2>
        <time dateTime={new Date(entry.createdAt).toISOString()} className="text-sm text-slate-600">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        {entry.actorEmail ? (
          <>
            By {entry.actorName ? `${entry.actorName} ` : ""}
            <Link to={hrefWith(input, { actor: entry.actorEmail, page: 1 })} className={linkClass}>
              {entry.actorEmail}
            </Link>
          </>
        ) : entry.actorId ? (
          "By an account that no longer exists"
        ) : (
          "By the shop itself (automatic)"
        )}{" "}
        on{" "}
        <Link to={hrefWith(input, { entityType: entry.entityType, entityId: entry.entityId, page: 1 })} className={linkClass}>
          {entry.entityType} {entry.entityId}
        </Link>
      </p>
      {changes.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What changed</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Field
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Before
                </th>
                <th scope="col" className="py-1 font-semibold">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.field} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-4 font-mono text-xs font-normal text-slate-700">
                    {c.field}
                  </th>
                  <td className="break-all py-1 pr-4 text-slate-700">{c.before}</td>
                  <td className={`break-all py-1 ${c.before !== c.after ? "font-semibold text-slate-900" : "text-slate-700"}`}>{c.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {facts.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {facts.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-xs leading-5 text-slate-600">{key}</dt>
              <dd className="break-all text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
