import { describe, expect, it } from "vitest";
import { planFromRecurring, subscriptionIdOfEvent, subscriptionInfoFromObject } from "./subscription-object";

describe("reading Stripe subscription objects", () => {
  it("reads the current API shape (period on the item)", () => {
    const info = subscriptionInfoFromObject({
      id: "sub_1",
      status: "active",
      cancel_at_period_end: true,
      customer: { id: "cus_1" },
      metadata: { userId: "u1", planType: "quarterly" },
      start_date: 1_700_000_000,
      ended_at: null,
      items: { data: [{ quantity: 1, current_period_start: 1_700_000_000, current_period_end: 1_707_000_000, price: { id: "price_q", unit_amount: 1299, recurring: { interval: "month", interval_count: 3 } } }] },
    });
    expect(info).toMatchObject({ id: "sub_1", status: "active", cancelAtPeriodEnd: true, customerId: "cus_1", planType: "quarterly", amount: 1299 });
    expect(info.currentPeriodEnd?.toISOString()).toBe(new Date(1_707_000_000_000).toISOString());
    expect(info.endedAt).toBeNull();
  });

  it("reads the older shape (period on the subscription) and finds the plan from the price", () => {
    const info = subscriptionInfoFromObject(
      { id: "sub_2", status: "canceled", customer: "cus_2", current_period_end: 1_700_000_000, ended_at: 1_700_000_100, plan: { id: "price_m", unit_amount: 499 } },
      { monthly: "price_m" },
    );
    expect(info).toMatchObject({ customerId: "cus_2", planType: "monthly", amount: 499, status: "canceled" });
    expect(info.currentPeriodEnd?.getTime()).toBe(1_700_000_000_000);
    expect(info.endedAt?.getTime()).toBe(1_700_000_100_000);
  });

  it("maps intervals to plans", () => {
    expect(planFromRecurring({ interval: "month", interval_count: 1 })).toBe("monthly");
    expect(planFromRecurring({ interval: "month", interval_count: 3 })).toBe("quarterly");
    expect(planFromRecurring({ interval: "year", interval_count: 1 })).toBeNull();
    expect(planFromRecurring(null)).toBeNull();
  });

  it("finds the subscription an event is about", () => {
    expect(subscriptionIdOfEvent("customer.subscription.updated", { id: "sub_a" })).toBe("sub_a");
    expect(subscriptionIdOfEvent("checkout.session.completed", { subscription: "sub_b" })).toBe("sub_b");
    expect(subscriptionIdOfEvent("invoice.paid", { parent: { subscription_details: { subscription: "sub_c" } } })).toBe("sub_c");
    expect(subscriptionIdOfEvent("invoice.paid", { subscription: { id: "sub_d" } })).toBe("sub_d");
    expect(subscriptionIdOfEvent("invoice.payment_failed", { lines: { data: [{ subscription: "sub_e" }] } })).toBe("sub_e");
    expect(subscriptionIdOfEvent("invoice.paid", { parent: null, lines: { data: [] } })).toBeNull();
    expect(subscriptionIdOfEvent("charge.refunded", { id: "ch_1" })).toBeNull();
  });
});
