import { data } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { AuditPageView, type AuditLoaderData } from "~/components/admin/audit-page";
import { listAuditEntries } from "~/modules/audit/audit-list.server";
import { parseAuditFilter } from "~/modules/audit/audit-query";
import { parsePage } from "~/modules/catalog/paging";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Audit log", description: "Every change made in the back office: who, what and when.", noindex: true });

/** Who changed what: admin-only, never kept by a shared or back-forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const parsed = parseAuditFilter(url.searchParams);
  if (!parsed.ok) {
    // A filter that cannot be read is refused with what was typed, so the form shows it again.
    return data<AuditLoaderData>({ input: parsed.input, errors: parsed.errors, result: null }, { status: 400 });
  }
  const result = await listAuditEntries(context.db, parsed.filter, { page: parsePage(url) });
  return data<AuditLoaderData>({ input: parsed.input, errors: {}, result });
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPageView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the audit log could not be loaded. Please try again in a moment." />;
}
