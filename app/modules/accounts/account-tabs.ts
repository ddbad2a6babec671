/** The account page's tabs: which a customer has and which one a URL opens (client-safe). */

export const ACCOUNT_TABS = ["profile", "orders", "sell-lists", "subscription"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = { profile: "Profile", orders: "Orders", "sell-lists": "Sell lists", subscription: "Subscription" };

/**
 * The customer's tabs (Sell lists for everyone: the buylist; Subscription only for a subscriber) and the one `?tab=` asks for;
 * Profile when it asks for none or for one they don't have.
 */
export function accountTabs(requested: string | null, hasSubscription: boolean): { tabs: AccountTab[]; tab: AccountTab } {
  const tabs: AccountTab[] = hasSubscription ? ["profile", "orders", "sell-lists", "subscription"] : ["profile", "orders", "sell-lists"];
  const tab: AccountTab = tabs.includes(requested as AccountTab) ? (requested as AccountTab) : "profile";
  return { tabs, tab };
}
