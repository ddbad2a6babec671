/**
 * The Pro plans as the shop shows them, and the texts of spec §8. Client-safe: no server
 * imports. Prices are not in here: they come from the environment (PRO_MONTHLY_PRICE_PENCE /
 * PRO_QUARTERLY_PRICE_PENCE, demo defaults £4.99 / £12.99) through the /pro loader, and the
 * provider charges what its own configuration says (sandbox: the same env; Stripe: the
 * configured Price ids).
 */

export const PLAN_TYPES = ["monthly", "quarterly"] as const;
export type ProPlanType = (typeof PLAN_TYPES)[number];

export function isPlanType(value: unknown): value is ProPlanType {
  return value === "monthly" || value === "quarterly";
}

export interface ProPlan {
  type: ProPlanType;
  name: string;
  /** Pence per billing period. */
  amount: number;
  months: number;
  /** What one charge buys, for "£4.99 /month" (see docs/decisions/0007-pro-membership.md). */
  periodLabel: string;
  /** "Billed every month" / "Billed every 3 months". */
  billingNote: string;
}

export const PLAN_NAMES: Record<ProPlanType, string> = { monthly: "Pro Monthly", quarterly: "Pro Quarterly" };
const PLAN_MONTHS: Record<ProPlanType, number> = { monthly: 1, quarterly: 3 };

/**
 * The amount label of a plan. Spec §9 says "/month"; that is true for the monthly plan only.
 * A quarterly charge covers three months, so it reads "/quarter" (decision 0007).
 */
export function periodLabel(planType: string): string {
  return planType === "quarterly" ? "/quarter" : "/month";
}

export function proPlans(prices: Record<ProPlanType, number>): ProPlan[] {
  return PLAN_TYPES.map((type) => ({
    type,
    name: PLAN_NAMES[type],
    amount: prices[type],
    months: PLAN_MONTHS[type],
    periodLabel: periodLabel(type),
    billingNote: type === "monthly" ? "Billed every month" : "Billed every 3 months",
  }));
}

/** Pence saved per quarter on the quarterly plan against three monthly payments (may be ≤ 0). */
export function quarterlySaving(prices: Record<ProPlanType, number>): number {
  return prices.monthly * 3 - prices.quarterly;
}

/** Spec §8, exactly. */
export const MEMBERSHIP_MESSAGES = {
  notAuthenticated: "User not authenticated",
  noCheckoutUrl: "No checkout URL returned from server",
  noPortalUrl: "No portal URL returned from server",
  subscriptionFailed: "Failed to create subscription session",
  portalFailed: "Failed to create subscription management session",
  subscriptionFailedStatus: (status: number) => `Failed to create subscription session: ${status}`,
  portalFailedStatus: (status: number) => `Failed to create management session: ${status}`,
} as const;
