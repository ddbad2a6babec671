import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { SubmissionPage } from "~/components/admin/buylist/submission-page";
import { BUYLIST_ADMIN_TEXT, LABEL_REFUSALS, noticeFor, type LabelRefusal, type SubmissionActionResult } from "~/modules/buylist/admin";
import { formValues, runSubmissionAction } from "~/modules/buylist/admin-actions.server";
import { submissionForAdmin } from "~/modules/buylist/admin-submission.server";
import { requireAdmin } from "~/web/auth.server";
import { mediaStoreFor } from "~/web/media.server";
import { parseDbId } from "~/utils/db-id";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-buylist-submission";

/**
 * /admin/buylist/:id — one sell list: review its lines and send the quote, attach the prepaid
 * label, receive and grade, pay (cash or store credit, optionally into stock), return or reject.
 * Every post ends in a redirect back here with a notice (?done=) or answers its refusal.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Sell list ${args.loaderData.detail.submission.reference}` : "Sell list", description: "One sell list in the back office.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  const admin = await requireAdmin(request, context);
  const id = parseDbId(params.id);
  if (id === null) throw data(BUYLIST_ADMIN_TEXT.badId, { status: 404 });
  const detail = await submissionForAdmin(context.db, id, admin.id);
  if (!detail) throw data(BUYLIST_ADMIN_TEXT.notFound(id), { status: 404 });
  const url = new URL(request.url);
  const label = url.searchParams.get("label");
  return {
    detail,
    notice: noticeFor(url.searchParams.get("done")),
    labelError: label && Object.hasOwn(LABEL_REFUSALS, label) ? LABEL_REFUSALS[label as LabelRefusal] : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const id = parseDbId(params.id);
  if (id === null) throw data(BUYLIST_ADMIN_TEXT.badId, { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) return data<SubmissionActionResult>({ ok: false, intent: null, message: BUYLIST_ADMIN_TEXT.resend }, { status: 400 });
  const brand = { shopName: context.shop.name, publicUrl: context.env.publicUrl };
  const answer = await runSubmissionAction(context.db, mediaStoreFor(context), admin.id, id, formValues(form), brand);
  if (answer.ok) return redirect(`/admin/buylist/${id}?done=${answer.notice}`);
  if (answer.status === 404 && !answer.result.lineId) throw data(answer.result.message, { status: 404 });
  return data<SubmissionActionResult>(answer.result, { status: answer.status });
}

export default function AdminBuylistSubmission({ loaderData, actionData }: Route.ComponentProps) {
  return <SubmissionPage {...loaderData} result={actionData as SubmissionActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the sell list could not be loaded. Please try again in a moment." />;
}
