import { describe, expect, it } from "vitest";
import { CART_SHIPPING_PENCE } from "~/config/constants";
import { checkoutErrorMessage, couponUseErrorCode } from "~/modules/checkout/checkout-errors";
import { couponAppliesToLine, couponDiscount, couponEligibleSubtotal, couponUseProblem, priceOrder, type CouponConditions } from "./pricing";

/** The coupon rules of decision 0035: start and end, minimum spend, categories. */
const CARDS = 1;
const SEALED = 2;
const ACCESSORIES = 3;

/** A booster box with a member price, in "sealed"; two singles in "cards"; sleeves in "accessories". */
const box = { price: 10000, premiumPrice: 9000, quantity: 1, categoryId: SEALED };
const singles = { price: 1250, premiumPrice: null, quantity: 2, categoryId: CARDS };
const sleeves = { price: 499, premiumPrice: 450, quantity: 1, categoryId: ACCESSORIES };

const NOW = new Date("2026-12-01T12:00:00Z");
const open: CouponConditions = { validFrom: null, validUntil: null, minSpend: null };

describe("couponAppliesToLine", () => {
  it("applies to every line without categories, and to lines of its categories only with them", () => {
    expect(couponAppliesToLine({}, box)).toBe(true);
    expect(couponAppliesToLine({ categoryIds: [] }, { categoryId: null })).toBe(true);
    expect(couponAppliesToLine({ categoryIds: [CARDS] }, singles)).toBe(true);
    expect(couponAppliesToLine({ categoryIds: [CARDS] }, box)).toBe(false);
    expect(couponAppliesToLine({ categoryIds: [CARDS, SEALED] }, box)).toBe(true);
    // A line whose category is not known is in none of them.
    expect(couponAppliesToLine({ categoryIds: [CARDS] }, { categoryId: null })).toBe(false);
    expect(couponAppliesToLine({ categoryIds: [CARDS] }, {})).toBe(false);
  });
});

describe("a coupon restricted to categories", () => {
  it("takes a percentage of the subtotal of its categories' lines only", () => {
    const coupon = { percentOff: 10, amountOff: null, categoryIds: [CARDS] };
    expect(couponEligibleSubtotal(coupon, [box, singles, sleeves], false)).toBe(2500);
    const order = priceOrder([box, singles, sleeves], false, coupon);
    expect(order.subtotal).toBe(10000 + 2500 + 499);
    expect(order.discount).toBe(250);
    expect(order.total).toBe(10000 + 2500 + 499 - 250 + CART_SHIPPING_PENCE);
  });

  it("caps a fixed amount at its categories' subtotal, not the order's", () => {
    const coupon = { percentOff: null, amountOff: 1000, categoryIds: [ACCESSORIES] };
    const order = priceOrder([box, sleeves], false, coupon);
    expect(order.discount).toBe(499);
    expect(order.total).toBe(10000 + CART_SHIPPING_PENCE);
    // Over several categories: their lines together.
    expect(priceOrder([box, singles, sleeves], false, { ...coupon, categoryIds: [ACCESSORIES, CARDS] }).discount).toBe(1000);
  });

  it("works on the prices this customer pays: a member's percentage is of the member price", () => {
    const coupon = { percentOff: 10, amountOff: null, categoryIds: [SEALED] };
    expect(priceOrder([box, singles], true, coupon).discount).toBe(900);
    expect(priceOrder([box, singles], false, coupon).discount).toBe(1000);
    // And a fixed amount is capped at what the member pays for those lines.
    expect(priceOrder([sleeves], true, { percentOff: null, amountOff: 2000, categoryIds: [ACCESSORIES] }).discount).toBe(450);
  });

  it("gives nothing off when no line is in its categories (checkout refuses such a code first)", () => {
    expect(priceOrder([box], false, { percentOff: 50, amountOff: null, categoryIds: [CARDS] }).discount).toBe(0);
  });

  it("rounds a percentage once, on the eligible subtotal, to the nearest penny", () => {
    const odd = [
      { price: 333, premiumPrice: null, quantity: 1, categoryId: CARDS },
      { price: 333, premiumPrice: null, quantity: 1, categoryId: CARDS },
    ];
    // 15 % of 666 = 99.9 → 100.
    expect(priceOrder(odd, false, { percentOff: 15, amountOff: null, categoryIds: [CARDS] }).discount).toBe(100);
    expect(couponDiscount({ percentOff: 15, amountOff: null }, 333)).toBe(50);
  });
});

describe("an unrestricted coupon (as before)", () => {
  it("takes its percentage of, or caps its amount at, the whole subtotal", () => {
    expect(priceOrder([box, singles], false, { percentOff: 10, amountOff: null }).discount).toBe(1250);
    expect(priceOrder([sleeves], false, { percentOff: null, amountOff: 10_000 }).discount).toBe(499);
    expect(priceOrder([sleeves], false, { percentOff: null, amountOff: 10_000, categoryIds: [] }).total).toBe(CART_SHIPPING_PENCE);
  });
});

describe("couponUseProblem", () => {
  it("refuses a code before its start and from its end on", () => {
    const lines = [singles];
    expect(couponUseProblem({ ...open, validFrom: new Date("2026-12-01T12:00:01Z") }, lines, false, NOW)).toBe("not_started");
    expect(couponUseProblem({ ...open, validFrom: NOW }, lines, false, NOW)).toBeNull();
    expect(couponUseProblem({ ...open, validUntil: NOW }, lines, false, NOW)).toBe("expired");
    expect(couponUseProblem({ ...open, validUntil: new Date("2026-12-01T12:00:01Z") }, lines, false, NOW)).toBeNull();
  });

  it("measures the minimum spend against the whole order's subtotal at this customer's prices, before shipping", () => {
    const coupon = { ...open, minSpend: 12500 };
    // A non-member pays 10000 + 2500: exactly the minimum.
    expect(couponUseProblem(coupon, [box, singles], false, NOW)).toBeNull();
    // A member pays 9000 + 2500: under it (shipping does not count).
    expect(couponUseProblem(coupon, [box, singles], true, NOW)).toBe("min_spend");
    // Lines outside the coupon's categories still count towards the minimum.
    expect(couponUseProblem({ ...coupon, categoryIds: [CARDS] }, [box, singles], false, NOW)).toBeNull();
    expect(couponUseProblem({ ...open, minSpend: 0 }, [sleeves], false, NOW)).toBeNull();
  });

  it("refuses a code restricted to categories when no line is in one of them", () => {
    expect(couponUseProblem({ ...open, categoryIds: [CARDS] }, [box, sleeves], false, NOW)).toBe("no_eligible_lines");
    expect(couponUseProblem({ ...open, categoryIds: [CARDS] }, [box, singles], false, NOW)).toBeNull();
    expect(couponUseProblem({ ...open, categoryIds: [] }, [box], false, NOW)).toBeNull();
  });

  it("says the most fundamental problem first: not started, then minimum spend, then categories", () => {
    const everything = { validFrom: new Date("2027-01-01T00:00:00Z"), validUntil: null, minSpend: 1_000_000, categoryIds: [CARDS] };
    expect(couponUseProblem(everything, [box], false, NOW)).toBe("not_started");
    expect(couponUseProblem({ ...everything, validFrom: null }, [box], false, NOW)).toBe("min_spend");
    expect(couponUseProblem({ ...everything, validFrom: null, minSpend: null }, [box], false, NOW)).toBe("no_eligible_lines");
  });
});

describe("what the customer is told", () => {
  it("maps each problem to a checkout error with its own sentence", () => {
    expect(couponUseErrorCode("expired")).toBe("invalid_coupon");
    expect(checkoutErrorMessage(couponUseErrorCode("not_started"))).toMatch(/cannot be used yet/);
    expect(checkoutErrorMessage(couponUseErrorCode("no_eligible_lines"))).toMatch(/nothing in your cart/);
    expect(checkoutErrorMessage("coupon_min_spend", "£25.00")).toContain("at least £25.00");
    expect(checkoutErrorMessage("coupon_min_spend", "£1,250.00")).toContain("at least £1,250.00");
  });

  it("echoes only a sum of money as the minimum (the item parameter is in a URL anyone can write)", () => {
    const forged = checkoutErrorMessage("coupon_min_spend", "a free PS5 at evil.example");
    expect(forged).not.toContain("evil");
    expect(forged).toMatch(/minimum spend/);
  });
});
