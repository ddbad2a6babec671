import { ShopDateTime } from "~/components/ui/format-date";
import { Eye } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { companyTypeLabel, WHOLESALE_TEXT, type DecisionResult } from "~/modules/wholesale/application-schema";
import { ApplicationDetailsDialog, type ApplicationDetails, type DecisionFeedback } from "./application-details-dialog";
import { StatusPill } from "./status-pill";

const PATH = "/admin/wholesale-applications";
export const APPLICATIONS_PAGE_TITLE = "Wholesale Applications";
/** The search parameter that opens one application's details (a link an admin can share). */
export const SELECTED_APPLICATION_PARAM = "application";

/**
 * /admin/wholesale-applications: every application, newest first, in a table; `?application=<id>`
 * opens one in the details dialog, where the admin approves or rejects it.
 */
export function ApplicationsPage({ applications, result }: { applications: ApplicationDetails[]; result?: DecisionResult }) {
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = new URLSearchParams(location.search).get(SELECTED_APPLICATION_PARAM);
  const selected = selectedId ? applications.find((a) => a.id === selectedId) : undefined;
  const feedback: DecisionFeedback | undefined = result && selected && result.id === selected.id ? result : undefined;

  const detailsHref = (id: string) => `${PATH}?${SELECTED_APPLICATION_PARAM}=${encodeURIComponent(id)}`;
  const open = (id: string) => navigate(detailsHref(id), { preventScrollReset: true });
  const close = () => navigate(PATH, { preventScrollReset: true });
  const pendingCount = applications.filter((a) => a.status === "pending").length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{APPLICATIONS_PAGE_TITLE}</h1>
        <p className="mt-1 text-slate-600">
          {applications.length === 1 ? "1 application" : `${applications.length} applications`}, {pendingCount} pending review.
        </p>
      </div>

      {selectedId && !selected && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {WHOLESALE_TEXT.notFound}
        </p>
      )}

      {applications.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          No applications yet.
        </p>
      ) : (
        // On a phone the table keeps readable columns and scrolls sideways inside its box.
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Applications table">
          <table className="w-full min-w-[44rem] divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Wholesale applications, newest first</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">Submitted</th>
                <th scope="col" className="px-4 py-3">Contact</th>
                <th scope="col" className="px-4 py-3">Company Type</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Action</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {applications.map((application) => (
                <tr
                  key={application.id}
                  data-testid="application-row"
                  // The whole row opens the details for a mouse; keyboard users have the button.
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest("a, button")) return;
                    open(application.id);
                  }}
                  className={`cursor-pointer hover:bg-amber-50 ${selectedId === application.id ? "bg-amber-50" : ""}`}
                >
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                    <ShopDateTime value={application.createdAt} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="font-medium text-slate-900">{application.contactName}</div>
                    <div className="break-words text-slate-600">{application.email}</div>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{companyTypeLabel(application.companyType)}</td>
                  <td className="px-4 py-3">
                    <StatusPill status={application.status} />
                  </td>
                  <td className="px-4 py-3">
                    <Link
                      to={detailsHref(application.id)}
                      preventScrollReset
                      aria-label={`View Details of ${application.contactName}'s application`}
                      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:border-amber-400 hover:bg-amber-50"
                    >
                      <Eye aria-hidden className="h-4 w-4" />
                      View Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {selected && (
        <ApplicationDetailsDialog
          key={selected.id}
          application={selected}
          closeHref={PATH}
          formAction={detailsHref(selected.id)}
          feedback={feedback}
          onClose={close}
        />
      )}
    </div>
  );
}
