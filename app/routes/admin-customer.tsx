import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { CustomerPage } from "~/components/admin/customers/customer-page";
import { CUSTOMER_TEXT, ROLE_NOTICES, isRoleChangeNotice, roleChangeSchema, type RoleChangeNotice, type RoleChangeRefusal } from "~/modules/accounts/admin-customers";
import { customerDetail } from "~/modules/accounts/admin-customers.server";
import { setAdminRole } from "~/modules/accounts/roles.server";
import { customerCreditForAdmin, postCreditAdjustment } from "~/modules/credit/admin-credit.server";
import type { CreditRefusal } from "~/modules/credit/credit-rules";
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
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const credit = await customerCreditForAdmin(context.db, customer.id, url.searchParams);
  return {
    customer,
    isSelf: customer.id === admin.id,
    notice: isRoleChangeNotice(done) ? ROLE_NOTICES[done] : null,
    credit: { ...credit, requestKey: randomUUID() },
  };
}

/** Adds or takes back store credit with a reason (one ledger row; a replayed form adds nothing). */
async function adjustCredit(context: Route.ActionArgs["context"], userId: string, adminId: string, body: FormData) {
  const field = (name: string) => {
    const v = body.get(name);
    return typeof v === "string" ? v : "";
  };
  const result = await postCreditAdjustment(context.db, userId, adminId, { amount: field("amount"), reason: field("reason"), requestKey: field("requestKey") });
  if (result.kind === "not_found") throw data(CUSTOMER_TEXT.notFound, { status: 404 });
  if (result.kind === "refused") return data<CreditRefusal>(result.refusal, { status: result.status });
  return redirect(`/admin/customers/${userId}?${result.query}#customer-credit`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const body = await request.formData().catch(() => null);
  if (body?.get("intent") === "adjust-credit") return adjustCredit(context, params.id, admin.id, body);
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
  const answer = actionData as RoleChangeRefusal | CreditRefusal | undefined;
  const creditRefusal = answer && "intent" in answer ? answer : undefined;
  return <CustomerPage {...loaderData} error={creditRefusal ? undefined : answer?.message} creditRefusal={creditRefusal} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the customer could not be loaded. Please try again in a moment." />;
}
