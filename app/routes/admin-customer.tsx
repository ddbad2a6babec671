import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { CustomerPage } from "~/components/admin/customers/customer-page";
import { CUSTOMER_TEXT, ROLE_NOTICES, isRoleChangeNotice, roleChangeSchema, type RoleChangeNotice, type RoleChangeRefusal } from "~/modules/accounts/admin-customers";
import { customerDetail } from "~/modules/accounts/admin-customers.server";
import { setAdminRole } from "~/modules/accounts/roles.server";
import { requireAdmin } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-customer";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Customer ${args.loaderData.customer.email}` : "Customer", description: "A customer's account.", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  const admin = await requireAdmin(request, context);
  const customer = await customerDetail(context.db, params.id, context.env.adminEmails);
  if (!customer) throw data(CUSTOMER_TEXT.notFound, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return { customer, isSelf: customer.id === admin.id, notice: isRoleChangeNotice(done) ? ROLE_NOTICES[done] : null };
}

/** Grants or revokes the admin role (verified emails only, never one's own), then shows the page again. */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  const parsed = roleChangeSchema.safeParse(body ? Object.fromEntries(body) : {});
  if (!parsed.success) return data<RoleChangeRefusal>({ ok: false, message: CUSTOMER_TEXT.resend }, { status: 400 });
  const grant = parsed.data.intent === "grant-admin";
  const result = await setAdminRole(context.db, { actorId: admin.id, userId: params.id, admin: grant }, context.env.adminEmails);
  let done: RoleChangeNotice;
  switch (result.status) {
    case "not_found":
      throw data(CUSTOMER_TEXT.notFound, { status: 404 });
    case "unverified":
      return data<RoleChangeRefusal>({ ok: false, message: CUSTOMER_TEXT.unverified }, { status: 409 });
    case "self":
      return data<RoleChangeRefusal>({ ok: false, message: CUSTOMER_TEXT.self }, { status: 403 });
    case "unchanged":
      done = result.role === "admin" ? "unchanged-admin" : "unchanged-customer";
      break;
    case "changed":
      done = grant ? "granted" : result.listed ? "revoked-listed" : "revoked";
  }
  return redirect(`/admin/customers/${params.id}?done=${done}`);
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData as RoleChangeRefusal | undefined;
  return <CustomerPage {...loaderData} error={refusal?.message} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the customer could not be loaded. Please try again in a moment." />;
}
