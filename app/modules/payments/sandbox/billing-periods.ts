import type { PlanType } from "../provider";

/** How long one paid period of each plan lasts (spec §9: monthly +1 month, quarterly +3). */
export const PLAN_MONTHS: Record<PlanType, number> = { monthly: 1, quarterly: 3 };

/**
 * `from` plus whole calendar months in UTC, clamped to the month's last day (31 January + 1
 * month = 28/29 February), which is how Stripe bills. Periods are always counted from the
 * original start (the billing anchor), never chained, so a 31st does not drift to the 28th.
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const day = from.getUTCDate();
  const target = new Date(from.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The end of the `periods`-th paid period of a plan that started at `anchor`. */
export function periodEnd(anchor: Date, planType: PlanType, periods: number): Date {
  return addCalendarMonths(anchor, PLAN_MONTHS[planType] * periods);
}
