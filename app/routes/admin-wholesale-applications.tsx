import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import {
  APPLICATIONS_PAGE_TITLE,
  ApplicationsPage,
  SELECTED_APPLICATION_PARAM,
} from "~/components/wholesale/applications-page";
import { decisionInputSchema, WHOLESALE_TEXT, type DecisionResult } from "~/modules/wholesale/application-schema";
import { decideApplication, listApplications } from "~/modules/wholesale/applications.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-wholesale-applications";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: APPLICATIONS_PAGE_TITLE, description: "Review wholesale applications.", noindex: true });

/** Applicants' personal details: never kept by a shared cache or the browser's back-forward cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request: the page and its data are admin-only.
  await requireAdmin(request, context);
  return { applications: await listApplications(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (!body) return data<DecisionResult>({ ok: false, id: null, message: WHOLESALE_TEXT.resend }, { status: 400 });
  const form = Object.fromEntries(body);
  const parsed = decisionInputSchema.safeParse(form);
  const postedId = typeof form.id === "string" ? form.id : null;
  if (!parsed.success) {
    return data<DecisionResult>({ ok: false, id: postedId, message: parsed.error.issues[0]!.message }, { status: 400 });
  }
  const { id, decision, note } = parsed.data;
  const result = await decideApplication(
    context.db,
    { id, adminId: admin.id, decision, note: note ?? null },
    { shop: context.shop },
  );
  switch (result.status) {
    case "decided":
      return data<DecisionResult>({ ok: true, id, message: WHOLESALE_TEXT[decision] });
    case "already_decided":
      return data<DecisionResult>({ ok: false, id, message: WHOLESALE_TEXT.alreadyDecided }, { status: 409 });
    case "not_found":
      return data<DecisionResult>({ ok: false, id, message: WHOLESALE_TEXT.notFound }, { status: 404 });
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
    before.delete(SELECTED_APPLICATION_PARAM);
    after.delete(SELECTED_APPLICATION_PARAM);
    if (before.toString() === after.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export default function AdminWholesaleApplications({ loaderData, actionData }: Route.ComponentProps) {
  return <ApplicationsPage applications={loaderData.applications} result={actionData as DecisionResult | undefined} />;
}

/** "Please log in" (401) and "no permission" (403) are expected answers here, shown in the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the applications could not be loaded. Please try again in a moment." />;
}
