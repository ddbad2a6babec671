import type { KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ManageSubscriptionButton } from "~/components/membership/manage-subscription-button";
import { ACCOUNT_TAB_LABELS, type AccountTab } from "~/modules/accounts/account-tabs";
import type { Profile } from "~/modules/accounts/profile";
import type { FieldErrors } from "~/modules/accounts/schemas";
import type { ShellUser } from "~/web/shell";
import { AccountHeader } from "./account-header";
import { OrdersTab, type OrderSummary } from "./orders-tab";
import { SellListsTab, type SellListSummary } from "~/components/buylist/customer/sell-lists-tab";
import { ProfileTab } from "./profile-tab";
import { SubscriptionTab, type SubscriptionTabData } from "./subscription-tab";
import { VerifyEmailNotice } from "./verify-email";
import { TwoFactorSummary } from "./two-factor-summary";

/** The profile form's refusal: the fields' messages, what was typed and the message for the red box. */
export interface ProfileFormAnswer {
  errors?: FieldErrors;
  values?: Partial<Record<keyof Profile, string | null>> | null;
  message?: string | null;
}

/** What the account page shows, as its loader sends it. */
export interface AccountView {
  user: Pick<ShellUser, "isAdmin" | "isPremium" | "emailVerified">;
  profile: Profile;
  orders: OrderSummary[];
  sellLists: SellListSummary[];
  subscription: SubscriptionTabData | null;
  tabs: AccountTab[];
  tab: AccountTab;
  /** Two-factor sign-in is on (the Profile tab links to its settings either way). */
  twoFactorOn: boolean;
  editing: boolean;
  saved: boolean;
}

/**
 * /account: the header, then the customer's tabs (Profile, Orders, and Subscription for a
 * subscriber) as links, so each tab has its own URL and works without JavaScript.
 */
export function AccountPage({ account, answer }: { account: AccountView; answer?: ProfileFormAnswer }) {
  const { user, profile, orders, sellLists, subscription, tabs, tab, twoFactorOn, editing, saved } = account;
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
      <AccountHeader user={user} email={profile.email} />
      {!user.emailVerified && <VerifyEmailNotice email={profile.email} />}

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
                {ACCOUNT_TAB_LABELS[name]}
              </Link>
            );
          })}
        </div>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} tabIndex={0} className="p-4 sm:p-6">
          {tab === "profile" && (
            <ProfileTab
              profile={profile}
              editing={editing || Boolean(answer?.values)}
              saved={saved}
              errors={answer?.errors}
              values={answer?.values ?? undefined}
              message={answer?.message}
            />
          )}
          {tab === "profile" && <TwoFactorSummary on={twoFactorOn} />}
          {tab === "orders" && <OrdersTab orders={orders} />}
          {tab === "sell-lists" && <SellListsTab sellLists={sellLists} />}
          {tab === "subscription" && subscription && (
            <SubscriptionTab subscription={subscription} actions={<ManageSubscriptionButton />} />
          )}
        </div>
      </div>
      <p className="text-sm text-slate-600">
        <Link to="/account/data" className="font-medium underline hover:text-slate-900">
          Your data
        </Link>
        : download everything we hold about you, or delete your account.
      </p>
    </div>
  );
}
