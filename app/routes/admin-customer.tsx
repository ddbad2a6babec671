import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { CustomerPage } from "~/components/admin/customers/customer-page";
import { CUSTOMER_TEXT, ROLE_NOTICES, isRoleChangeNotice, roleChangeSchema, type RoleChangeNotice, type RoleChangeRefusal } from "~/modules/accounts/admin-customers";
import { customerDetail } from "~/modules/accounts/admin-customers.server";
import { setAdminRole } from "~/modules/accounts/roles.server";
import { adjustCustomerCredit } from "~/modules/credit/admin-credit.server";
import { CREDIT_TEXT, parseCreditAdjustment, type CreditRefusal } from "~/modules/credit/credit-rules";
import { creditBalance, creditHistory } from "~/modules/credit/ledger.server";
import { formatPence, parsePounds } from "~/utils/money";
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
  const [balance, history] = await Promise.all([creditBalance(context.db, customer.id), creditHistory(context.db, customer.id, { limit: 20 })]);
  // Only a signed sum of money is echoed from the URL (anyone can write a link).
  const by = /^[+−]£\d{1,3}(,\d{3})*\.\d{2}$/.test(url.searchParams.get("by") ?? "") ? url.searchParams.get("by")! : null;
  const creditNotice = done === "credit" ? (by ? CREDIT_TEXT.adjusted(by, formatPence(balance)) : CREDIT_TEXT.replayed(formatPence(balance))) : null;
  return {
    customer,
    isSelf: customer.id === admin.id,
    notice: isRoleChangeNotice(done) ? ROLE_NOTICES[done] : creditNotice,
    credit: { balance, history, requestKey: randomUUID() },
  };
}

/** Adds or takes back store credit with a reason (one ledger row; a replayed form adds nothing). */
async function adjustCredit(context: Route.ActionArgs["context"], userId: string, adminId: string, body: FormData) {
  const field = (name: string) => {
    const v = body.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const values = { amount: field("amount") ?? "", reason: field("reason") ?? "", requestKey: field("requestKey") ?? "" };
  const parsed = parseCreditAdjustment(values, parsePounds);
  if (!parsed.ok) return data<CreditRefusal>({ ok: false, intent: "adjust-credit", field: parsed.field, message: parsed.message, values }, { status: 400 });
  const outcome = await adjustCustomerCredit(context.db, { userId, amount: parsed.amount, reason: parsed.reason, requestKey: parsed.requestKey, adminId });
  switch (outcome.status) {
    case "not_found":
      throw data(CUSTOMER_TEXT.notFound, { status: 404 });
    case "below_zero":
      return data<CreditRefusal>({ ok: false, intent: "adjust-credit", field: "amount", message: CREDIT_TEXT.belowZero(formatPence(outcome.balance)), values }, { status: 409 });
    case "replayed":
    case "adjusted": {
      const by = outcome.status === "adjusted" ? `${outcome.amount < 0 ? "−" : "+"}${formatPence(Math.abs(outcome.amount))}` : "";
      return redirect(`/admin/customers/${userId}?done=credit&by=${encodeURIComponent(by)}#customer-credit`);
    }
  }
}


/** Grants or revokes the admin role (verified emails only, never one's own), then shows the page again. */
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
