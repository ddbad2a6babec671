import { data, redirect } from "react-router";
import { AccountPage } from "~/components/account/account-page";
import { accountTabs } from "~/modules/accounts/account-tabs";
import { findActiveSubscription } from "~/modules/membership/subscription-summary.server";
import { listOrderHistory } from "~/modules/orders/history.server";
import { listSubmissionsFor } from "~/modules/buylist/submissions.server";
import { formFields, profileSchema, validateForm } from "~/modules/accounts/schemas";
import { getProfile, updateProfile } from "~/modules/accounts/users.server";
import { twoFactorState } from "~/modules/accounts/two-factor.server";
import { requireUser } from "~/web/auth.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Everything below is the signed-in user's own: the id comes from the session, never the URL.
  const [profile, orders, subscription, twoFactor, sellLists] = await Promise.all([
    getProfile(context.db, user.id),
    listOrderHistory(context.db, user.id),
    findActiveSubscription(context.db, user.id),
    twoFactorState(context.db, user.id),
    listSubmissionsFor(context.db, user.id),
  ]);
  if (!profile) throw data("Your profile could not be found.", { status: 404 });
  const url = new URL(request.url);
  const { tabs, tab } = accountTabs(url.searchParams.get("tab"), Boolean(subscription));
  return {
    user,
    profile,
    orders,
    sellLists,
    subscription,
    tabs,
    tab,
    twoFactorOn: twoFactor.status === "on",
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
  pageMeta(args, { title: "My Account", description: "Your profile, orders, sell lists and subscription.", noindex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage account={loaderData} answer={actionData} />;
}
