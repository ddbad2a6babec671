import { Crown, LogOut } from "lucide-react";
import type { KeyboardEvent } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { OrdersTab } from "~/components/account/orders-tab";
import { ProfileTab } from "~/components/account/profile-tab";
import { SubscriptionTab } from "~/components/account/subscription-tab";
import { ManageSubscriptionButton } from "~/components/membership/manage-subscription-button";
import { findActiveSubscription, listOrderHistory } from "~/modules/accounts/order-history.server";
import { formFields, profileSchema, validateForm } from "~/modules/accounts/schemas";
import { getProfile, updateProfile } from "~/modules/accounts/users.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/account";

const TABS = ["profile", "orders", "subscription"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { profile: "Profile", orders: "Orders", subscription: "Subscription" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Everything below is the signed-in user's own: the id comes from the session, never the URL.
  const [profile, orders, subscription] = await Promise.all([
    getProfile(context.db, user.id),
    listOrderHistory(context.db, user.id),
    findActiveSubscription(context.db, user.id),
  ]);
  if (!profile) throw data("Your profile could not be found.", { status: 404 });
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  const tabs: Tab[] = subscription ? ["profile", "orders", "subscription"] : ["profile", "orders"];
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : "profile";
  return {
    user,
    profile,
    orders,
    subscription,
    tabs,
    tab,
    editing: tab === "profile" && url.searchParams.get("edit") === "1",
    saved: url.searchParams.get("saved") === "1",
  };
}

const PROFILE_FIELDS = ["fullName", "addressLine1", "addressLine2", "city", "region", "postalCode", "country"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "update-profile") {
    return data({ errors: {}, values: null, message: "Unknown request." }, { status: 400 });
  }
  // Only the profile's own fields are read; an id, email or role in the post is ignored.
  const fields = formFields(form, PROFILE_FIELDS);
  const parsed = validateForm(profileSchema, fields);
  if (!parsed.ok) {
    return data({ errors: parsed.errors, values: fields, message: "Please correct the highlighted fields." }, { status: 400 });
  }
  const saved = await updateProfile(context.db, user.id, parsed.data);
  if (!saved) return data({ errors: {}, values: fields, message: "Your profile could not be found." }, { status: 404 });
  return redirect("/account?tab=profile&saved=1");
}

/** Personal data: never stored by the browser's or any shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "My Account", description: "Your profile, orders and subscription.", noindex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, orders, subscription, tabs, tab, editing, saved } = loaderData;
  const navigate = useNavigate();

  // Arrow keys move between tabs, as a tab list should.
  function onTabKey(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    navigate(`/account?tab=${next}`, { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => document.getElementById(`tab-${next}`)?.focus());
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Account</h1>
            {user.isPremium && (
              <span
                data-testid="premium-badge"
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800"
              >
                <Crown aria-hidden className="h-4 w-4" /> Premium Member
              </span>
            )}
          </div>
          <p className="mt-1 truncate text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-900">{profile.email}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!user.isPremium && (
            <Link
              to="/pro"
              className="inline-flex items-center gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-800 hover:bg-amber-100"
            >
              <Crown aria-hidden className="h-4 w-4" /> Get Pro prices
            </Link>
          )}
          {user.isAdmin && (
            <Link
              to="/admin"
              className="inline-flex items-center rounded-lg border border-slate-900 bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
            >
              Shop admin
            </Link>
          )}
          {user.isAdmin && (
            <Link
              to="/admin/outbox"
              className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              Email outbox
            </Link>
          )}
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              <LogOut aria-hidden className="h-4 w-4" /> Logout
            </button>
          </Form>
        </div>
      </div>

      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div role="tablist" aria-label="Account sections" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-4">
          {tabs.map((name, index) => {
            const selected = name === tab;
            return (
              <Link
                key={name}
                id={`tab-${name}`}
                role="tab"
                to={`/account?tab=${name}`}
                replace
                preventScrollReset
                aria-selected={selected}
                aria-controls={`panel-${name}`}
                tabIndex={selected ? 0 : -1}
                onKeyDown={(event) => onTabKey(event, index)}
                className={`-mb-px whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold sm:px-4 ${
                  selected ? "border-amber-500 text-amber-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {TAB_LABELS[name]}
              </Link>
            );
          })}
        </div>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} tabIndex={0} className="p-4 sm:p-6">
          {tab === "profile" && (
            <ProfileTab
              profile={profile}
              editing={editing || Boolean(actionData?.values)}
              saved={saved}
              errors={actionData?.errors}
              values={actionData?.values ?? undefined}
              message={actionData?.message}
            />
          )}
          {tab === "orders" && <OrdersTab orders={orders} />}
          {tab === "subscription" && subscription && (
            <SubscriptionTab subscription={subscription} actions={<ManageSubscriptionButton />} />
          )}
        </div>
      </div>
    </div>
  );
}
