import { describe, expect, it } from "vitest";
import { isPlanType, MEMBERSHIP_MESSAGES, periodLabel, proPlans, quarterlySaving } from "./plans";

describe("Pro plans", () => {
  it("prices both plans from configuration and labels the period honestly", () => {
    const plans = proPlans({ monthly: 499, quarterly: 1299 });
    expect(plans.map((p) => [p.type, p.name, p.amount, p.months, p.periodLabel])).toEqual([
      ["monthly", "Pro Monthly", 499, 1, "/month"],
      ["quarterly", "Pro Quarterly", 1299, 3, "/quarter"],
    ]);
    expect(periodLabel("monthly")).toBe("/month");
    expect(periodLabel("quarterly")).toBe("/quarter");
  });

  it("computes the quarterly saving against three monthly payments (may be none)", () => {
    expect(quarterlySaving({ monthly: 499, quarterly: 1299 })).toBe(198);
    expect(quarterlySaving({ monthly: 400, quarterly: 1300 })).toBe(-100);
  });

  it("accepts only the two plan types", () => {
    expect(isPlanType("monthly")).toBe(true);
    expect(isPlanType("quarterly")).toBe(true);
    for (const v of ["yearly", "", null, undefined, 3, "Monthly"]) expect(isPlanType(v)).toBe(false);
  });

  it("keeps the spec §8 texts exactly", () => {
    expect(MEMBERSHIP_MESSAGES.subscriptionFailedStatus(502)).toBe("Failed to create subscription session: 502");
    expect(MEMBERSHIP_MESSAGES.portalFailedStatus(404)).toBe("Failed to create management session: 404");
    expect(MEMBERSHIP_MESSAGES.notAuthenticated).toBe("User not authenticated");
    expect(MEMBERSHIP_MESSAGES.noCheckoutUrl).toBe("No checkout URL returned from server");
    expect(MEMBERSHIP_MESSAGES.noPortalUrl).toBe("No portal URL returned from server");
    expect(MEMBERSHIP_MESSAGES.subscriptionFailed).toBe("Failed to create subscription session");
    expect(MEMBERSHIP_MESSAGES.portalFailed).toBe("Failed to create subscription management session");
  });
});
