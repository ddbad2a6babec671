import { OutboxPage } from "~/components/admin/outbox-page";
import { listOutbox } from "~/modules/email/outbox.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-outbox";

/**
 * Admins read queued and sent emails here: with no SMTP_URL this is where a reset link or an
 * order confirmation can be found. Admin-only, checked on every request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await listOutbox(context.db, 200);
  return {
    smtpConfigured: Boolean(context.env.SMTP_URL),
    emails: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
      attempts: r.attempts,
      lastError: r.lastError,
    })),
  };
}

/** Personal data: never stored by the browser's or any shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Email outbox", description: "Emails the shop has queued and sent.", noindex: true });

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  return <OutboxPage {...loaderData} />;
}
