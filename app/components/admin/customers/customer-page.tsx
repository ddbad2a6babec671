import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatDate, formatDateTime } from "~/components/ui/format-date";
import { OrderStatusPill } from "~/components/admin/order-status-pill";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPence } from "~/utils/money";
import { CreditHistoryTable } from "~/components/credit/credit-history";
import {
  CREDIT_REASON_MAX,
  type CreditHistoryRow,
  type CreditRefusal,
} from "~/modules/credit/credit-rules";
import { AccountBadges } from "./customers-page";

type Dated = Date | string;

/** The customer as the page gets it (dates may arrive as strings). */
export interface CustomerView {
  id: string;
  email: string;
  role: string;
  emailVerifiedAt: Dated | null;
  createdAt: Dated;
  profile: {
    fullName: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    region: string | null;
    postalCode: string | null;
    country: string | null;
  } | null;
  twoFactorEnabled: boolean;
  listedInAdminEmails: boolean;
  grantedInBackOffice: boolean;
  isPremium: boolean;
  orders: {
    id: number;
    createdAt: Dated;
    status: string;
    totalAmount: number;
    trackingNumber: string | null;
    items: {
      id: number;
      productName: string;
      variantLabel: string | null;
      quantity: number;
    }[];
  }[];
  subscriptions: {
    plan: string;
    status: string;
    amount: number;
    startDate: Dated | null;
    currentPeriodEnd: Dated | null;
    endDate: Dated | null;
    cancelAtPeriodEnd: boolean;
    createdAt: Dated;
  }[];
  applications: {
    createdAt: Dated;
    status: string;
    companyName: string | null;
    companyType: string;
    contactName: string;
    decidedAt: Dated | null;
  }[];
  audit: {
    id: number;
    action: string;
    actorUserId: string | null;
    actorEmail: string | null;
    details: Record<string, unknown> | null;
    createdAt: Dated;
  }[];
}

const ACTION_LABELS: Record<string, string> = {
  "role.granted": "Admin role granted",
  "role.revoked": "Admin role revoked",
  "two_factor.enabled": "Two-factor sign-in turned on",
  "two_factor.disabled": "Two-factor sign-in turned off",
  "account.erased": "Account erased",
};

function describeReason(
  details: Record<string, unknown> | null,
): string | null {
  if (!details) return null;
  if (details.reason === "back_office") return "in the back office";
  if (details.reason === "ADMIN_EMAILS")
    return "by ADMIN_EMAILS (sign-in, verification or server start)";
  return null;
}

/** The details the trail shows besides the action (the reason is said in words). */
function detailText(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  const { reason: _reason, ...rest } = details;
  const entries = Object.entries(rest);
  if (entries.length === 0) return null;
  return entries
    .map(
      ([k, v]) =>
        `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    )
    .join("; ");
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Grant or revoke the admin role, with what it means said beside the button. */
function RoleControl({
  customer,
  isSelf,
}: {
  customer: CustomerView;
  isSelf: boolean;
}) {
  const verified = customer.emailVerifiedAt !== null;
  if (customer.role === "admin") {
    if (isSelf) {
      return (
        <p className="text-sm text-slate-700">
          This is your own account. You cannot revoke your own admin role;
          another admin can.
        </p>
      );
    }
    return (
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="revoke-admin" />
        <p className="text-sm text-slate-700">
          {customer.grantedInBackOffice
            ? "An admin granted this account the admin role here. "
            : ""}
          Revoking takes admin access away at once.
        </p>
        {customer.listedInAdminEmails && (
          <p
            data-testid="listed-warning"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            This email is listed in <code>ADMIN_EMAILS</code>, which grants the
            role at every sign-in and server start: they get it back at their
            next sign-in unless the address is also removed from{" "}
            <code>ADMIN_EMAILS</code>.
          </p>
        )}
        <button
          type="submit"
          className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          Revoke admin role
        </button>
      </Form>
    );
  }
  if (!verified) {
    return (
      <p className="text-sm text-slate-700">
        Only an account with a verified email address can be an admin, and this
        one has not verified its email yet. They can verify it from their
        account page.
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="grant-admin" />
      <p className="text-sm text-slate-700">
        An admin can see every customer&apos;s orders and details and change
        products, prices, stock, coupons and roles.
      </p>
      <SubmitButton busyLabel="Granting...">Grant admin role</SubmitButton>
    </Form>
  );
}

/**
 * The customer's store credit: the latest movements, and a form to add credit or take some
 * back, with a reason they will see in their history. The server refuses a balance below zero
 * and counts a resubmitted form once.
 */
interface CreditSection {
  balance: number;
  history: CreditHistoryRow[];
  requestKey: string;
  /** Said after a change, here in the section the redirect scrolls to. */
  notice: string | null;
}

function CreditControl({
  credit,
  refusal,
  isSelf,
}: {
  credit: CreditSection;
  refusal?: CreditRefusal;
  isSelf: boolean;
}) {
  const field =
    "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
  const invalid = (name: CreditRefusal["field"]) =>
    refusal?.field === name
      ? { "aria-invalid": true, "aria-describedby": "credit-error" }
      : {};
  return (
    <div className="space-y-4">
      {credit.notice && <FormNotice>{credit.notice}</FormNotice>}
      <CreditHistoryTable
        rows={credit.history}
        caption="Latest store credit movements, newest first"
      />
      {isSelf ? (
        <p className="text-sm text-slate-700">
          This is your own account: another admin must change your store credit.
        </p>
      ) : (
        <Form
          method="post"
          className="space-y-3"
          aria-label="Add or correct store credit"
        >
          <input type="hidden" name="intent" value="adjust-credit" />
          <input
            type="hidden"
            name="requestKey"
            value={refusal?.values.requestKey || credit.requestKey}
          />
          {refusal && (
            <div id="credit-error">
              <FormError>{refusal.message}</FormError>
            </div>
          )}
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div>
              <label
                htmlFor="credit-amount"
                className="block text-sm font-medium text-slate-800"
              >
                Amount (£)
              </label>
              <input
                id="credit-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="5.00 or -2.50"
                maxLength={16}
                defaultValue={refusal?.values.amount ?? ""}
                aria-describedby={
                  refusal?.field === "amount"
                    ? "credit-error credit-amount-help"
                    : "credit-amount-help"
                }
                aria-invalid={refusal?.field === "amount" ? true : undefined}
                className={field}
              />
              <p
                id="credit-amount-help"
                className="mt-1 text-xs text-slate-600"
              >
                A minus sign takes credit back.
              </p>
            </div>
            <div>
              <label
                htmlFor="credit-reason"
                className="block text-sm font-medium text-slate-800"
              >
                Reason (the customer sees it)
              </label>
              <input
                id="credit-reason"
                name="reason"
                maxLength={CREDIT_REASON_MAX}
                defaultValue={refusal?.values.reason ?? ""}
                {...invalid("reason")}
                className={field}
              />
            </div>
          </div>
          <SubmitButton busyLabel="Saving...">Change store credit</SubmitButton>
        </Form>
      )}
    </div>
  );
}

/** /admin/customers/:id: profile, role, orders, membership, wholesale applications and the audit trail. */
export function CustomerPage({
  customer,
  isSelf,
  notice,
  error,
  credit,
  creditRefusal,
}: {
  customer: CustomerView;
  isSelf: boolean;
  notice: string | null;
  error?: string;
  credit: CreditSection;
  creditRefusal?: CreditRefusal;
}) {
  const p = customer.profile;
  const address = p
    ? [
        p.addressLine1,
        p.addressLine2,
        p.city,
        p.region,
        p.postalCode,
        p.country,
      ]
        .map((s) => s?.trim())
        .filter(Boolean)
        .join(", ")
    : "";
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {p?.fullName || customer.email}
          </h1>
          <p className="mt-1 break-all text-slate-600">{customer.email}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <AccountBadges
              role={customer.role}
              emailVerified={customer.emailVerifiedAt !== null}
            />
            {customer.isPremium && (
              <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300">
                Pro member
              </span>
            )}
          </p>
        </div>
        <Link
          to="/admin/customers"
          className="text-sm font-medium text-amber-700 underline underline-offset-2"
        >
          All customers
        </Link>
      </div>

      {notice && <FormNotice>{notice}</FormNotice>}
      {error && <FormError>{error}</FormError>}

      <Section id="customer-account" title="Account">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-600">Joined</dt>
          <dd className="text-slate-900">
            {formatDateTime(customer.createdAt)}
          </dd>
          <dt className="font-medium text-slate-600">Email verified</dt>
          <dd className="text-slate-900">
            {customer.emailVerifiedAt
              ? formatDateTime(customer.emailVerifiedAt)
              : "Not yet"}
          </dd>
          <dt className="font-medium text-slate-600">Two-factor sign-in</dt>
          <dd className="text-slate-900">
            {customer.twoFactorEnabled ? "On" : "Off"}
          </dd>
          <dt className="font-medium text-slate-600">ADMIN_EMAILS</dt>
          <dd className="text-slate-900">
            {customer.listedInAdminEmails
              ? "Listed: the list grants the admin role at every sign-in and server start"
              : "Not listed"}
          </dd>
          <dt className="font-medium text-slate-600">Delivery address</dt>
          <dd className="break-words text-slate-900">
            {address || "None given"}
          </dd>
        </dl>
      </Section>

      <Section id="customer-role" title="Admin role">
        <RoleControl customer={customer} isSelf={isSelf} />
      </Section>

      <Section
        id="customer-credit"
        title={`Store credit: ${formatPence(credit.balance)}`}
      >
        <CreditControl
          credit={credit}
          refusal={creditRefusal}
          isSelf={isSelf}
        />
      </Section>

      <Section
        id="customer-orders"
        title={`Orders (${customer.orders.length})`}
      >
        {customer.orders.length === 0 ? (
          <p className="text-sm text-slate-600">
            No orders yet (unpaid checkouts are not listed).
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {customer.orders.map((o) => (
              <li
                key={o.id}
                data-testid="customer-order"
                className="py-2 text-sm"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-slate-900">#{o.id}</span>
                  <OrderStatusPill status={o.status} />
                  <span className="text-slate-600">
                    {formatDate(o.createdAt)}
                  </span>
                  <span className="ml-auto font-semibold tabular-nums text-slate-900">
                    {formatPence(o.totalAmount)}
                  </span>
                </div>
                <p className="mt-0.5 text-slate-600">
                  {o.items
                    .map(
                      (i) =>
                        `${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ""} × ${i.quantity}`,
                    )
                    .join(", ")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="customer-membership" title="Membership">
        {customer.subscriptions.length === 0 ? (
          <p className="text-sm text-slate-600">Never a Pro member.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {customer.subscriptions.map((s, i) => (
              <li key={i} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
                <span className="font-semibold capitalize text-slate-900">
                  {s.plan}
                </span>
                <span className="text-slate-700">
                  {s.status.replace("_", " ")}
                </span>
                <span className="text-slate-700">{formatPence(s.amount)}</span>
                <span className="text-slate-600">
                  since {formatDate(s.startDate ?? s.createdAt)}
                  {s.currentPeriodEnd
                    ? `, period ends ${formatDate(s.currentPeriodEnd)}`
                    : ""}
                  {s.cancelAtPeriodEnd ? " (cancelling)" : ""}
                  {s.endDate ? `, ended ${formatDate(s.endDate)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="customer-wholesale" title="Wholesale applications">
        {customer.applications.length === 0 ? (
          <p className="text-sm text-slate-600">None made with this email.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {customer.applications.map((a, i) => (
              <li key={i} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
                <span className="font-semibold text-slate-900">
                  {a.companyName || a.contactName}
                </span>
                <span className="capitalize text-slate-700">{a.status}</span>
                <span className="text-slate-600">
                  sent {formatDate(a.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm">
          <Link
            to="/admin/wholesale-applications"
            className="font-medium text-amber-700 underline underline-offset-2"
          >
            Review wholesale applications
          </Link>
        </p>
      </Section>

      <Section id="customer-audit" title="What was done to this account">
        {customer.audit.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing recorded yet.</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {customer.audit.map((entry) => {
              const reason = describeReason(entry.details);
              const details = detailText(entry.details);
              return (
                <li
                  key={entry.id}
                  data-testid="audit-entry"
                  className="rounded-lg bg-slate-50 px-3 py-2"
                >
                  <p className="text-slate-900">
                    <span className="font-semibold">
                      {ACTION_LABELS[entry.action] ?? entry.action}
                    </span>
                    {reason ? ` ${reason}` : ""}
                    {entry.actorUserId
                      ? entry.actorUserId === customer.id
                        ? " by the customer"
                        : ` by ${entry.actorEmail ?? "an account since erased"}`
                      : ""}
                  </p>
                  <p className="text-slate-600">
                    {formatDateTime(entry.createdAt)}
                  </p>
                  {details && (
                    <p className="break-words font-mono text-xs text-slate-600">
                      {details}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Section>
    </div>
  );
}
