import { Eye } from "lucide-react";
import { data, Link, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ApplicationDetailsDialog, type DecisionFeedback } from "~/components/wholesale/application-details-dialog";
import { LocalDateTime } from "~/components/wholesale/local-date-time";
import { StatusPill } from "~/components/wholesale/status-pill";
import { companyTypeLabel, DECISION_NOTE_MAX, isApplicationId, WHOLESALE_TEXT } from "~/modules/wholesale/application-schema";
import { decideApplication, listApplications } from "~/modules/wholesale/applications.server";
import { requireAdmin } from "~/utils/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-wholesale-applications";

const PATH = "/admin/wholesale-applications";
const TITLE = "Wholesale Applications";
/** The search parameter that opens one application's details (a link an admin can share). */
const SELECTED = "application";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: TITLE, description: "Review wholesale applications.", noindex: true });

/** Applicants' personal details: never kept by a shared cache or the browser's back-forward cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the page and its data are admin-only.
  await requireAdmin(request, context);
  return { applications: await listApplications(context.db) };
}

const decideInput = z.object({
  intent: z.literal("decide", { error: "Unknown action." }),
  id: z.string().refine(isApplicationId, WHOLESALE_TEXT.notFound),
  decision: z.enum(["approved", "rejected"], { error: "Please choose Approve or Reject." }),
  note: z
    .string()
    .trim()
    .max(DECISION_NOTE_MAX, `Please keep the note under ${DECISION_NOTE_MAX + 1} characters.`)
    .optional(),
});

type ActionResult = { ok: true; id: string; message: string } | { ok: false; id: string | null; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) return data<ActionResult>({ ok: false, id: null, message: "Please send the form again." }, { status: 400 });
  const form = Object.fromEntries(body);
  const parsed = decideInput.safeParse(form);
  const postedId = typeof form.id === "string" ? form.id : null;
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, id: postedId, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  const { id, decision, note } = parsed.data;
  const result = await decideApplication(
    context.db,
    { id, adminId: admin.id, decision, note: note ?? null },
    { shop: context.shop },
  );
  switch (result.status) {
    case "decided":
      return data<ActionResult>({
        ok: true,
        id,
        message:
          decision === "approved"
            ? "Application approved. The applicant has been emailed that stock lists will follow."
            : "Application rejected. The applicant has been emailed.",
      });
    case "already_decided":
      return data<ActionResult>({ ok: false, id, message: WHOLESALE_TEXT.alreadyDecided }, { status: 409 });
    case "not_found":
      return data<ActionResult>({ ok: false, id, message: WHOLESALE_TEXT.notFound }, { status: 404 });
  }
}

/**
 * Opening or closing the details only changes the URL: the list already on screen is enough.
 * A 409 (someone else decided first) reloads, so the dialog shows what really happened.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const before = new URLSearchParams(currentUrl.search);
    const after = new URLSearchParams(nextUrl.search);
    before.delete(SELECTED);
    after.delete(SELECTED);
    if (before.toString() === after.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export default function AdminWholesaleApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { applications } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = new URLSearchParams(location.search).get(SELECTED);
  const selected = selectedId ? applications.find((a) => a.id === selectedId) : undefined;
  const result = actionData as ActionResult | undefined;
  const feedback: DecisionFeedback | undefined = result && selected && result.id === selected.id ? result : undefined;

  const detailsHref = (id: string) => `${PATH}?${SELECTED}=${encodeURIComponent(id)}`;
  const open = (id: string) => navigate(detailsHref(id), { preventScrollReset: true });
  const close = () => navigate(PATH, { preventScrollReset: true });
  const pendingCount = applications.filter((a) => a.status === "pending").length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{TITLE}</h1>
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
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" tabIndex={0} aria-label="Applications table">
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
                    <LocalDateTime value={application.createdAt} />
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

/** "Please log in" (401) and "no permission" (403) are expected answers here, shown in the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the applications could not be loaded. Please try again in a moment." />;
}
