import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { OutboxPage } from "~/components/admin/outbox-page";
import { parsePage } from "~/modules/catalog/paging";
import { listOutboxForAdmin, resendEmail } from "~/modules/email/outbox-admin.server";
import { OUTBOX_MESSAGES, parseOutboxFilter, resendInputSchema, type ResendResult } from "~/modules/email/outbox-status";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-outbox";

/**
 * Admins read queued, sent and failing emails here (with no SMTP_URL this is where a reset link
 * or an order confirmation can be found), and send a failed one again. Admin-only, checked on
 * every request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  return {
    smtpConfigured: Boolean(context.env.SMTP_URL),
    list: await listOutboxForAdmin(context.db, { filter: parseOutboxFilter(url.searchParams.get("status")), page: parsePage(url) }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own, whatever page it came from.
  const admin = await requireAdmin(request, context);
  const form = Object.fromEntries((await request.formData().catch(() => null)) ?? []);
  const postedId = Number(form.id);
  const id = Number.isSafeInteger(postedId) && postedId > 0 ? postedId : null;
  const parsed = resendInputSchema.safeParse(form);
  if (!parsed.success) return data<ResendResult>({ ok: false, id, message: parsed.error.issues[0]!.message }, { status: 400 });
  const outcome = await resendEmail(context.db, { id: parsed.data.id, adminId: admin.id });
  switch (outcome.status) {
    case "resent":
      return data<ResendResult>({ ok: true, id: outcome.id, message: OUTBOX_MESSAGES.resent(outcome.id) });
    case "not_found":
      return data<ResendResult>({ ok: false, id: outcome.id, message: OUTBOX_MESSAGES.notFound(outcome.id) }, { status: 404 });
    case "refused":
      return data<ResendResult>({ ok: false, id: outcome.id, message: outcome.reason }, { status: 409 });
  }
}

/** Personal data: never stored by the browser's or any shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Email outbox", description: "Emails the shop has queued, sent and failed to send.", noindex: true });

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  return <OutboxPage {...loaderData} result={actionData as ResendResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the outbox could not be loaded. Please try again in a moment." />;
}
