import { describe, expect, it } from "vitest";
import { CART_SHIPPING_PENCE } from "~/config/constants";
import { formatPence } from "~/utils/money";
import { couponRedemptionProblem, hasMemberPrice, memberSaving, summarise, unitPriceFor, usesPremiumPrice } from "./pricing";

const booster = { price: 12999, premiumPrice: 11999, quantity: 2 };
const pack = { price: 499, premiumPrice: null, quantity: 3 };

describe("unitPriceFor", () => {
  it("gives members the premium price only where one exists", () => {
    expect(unitPriceFor(booster, true)).toBe(11999);
    expect(unitPriceFor(booster, false)).toBe(12999);
    expect(unitPriceFor(pack, true)).toBe(499);
    expect(usesPremiumPrice(pack, true)).toBe(false);
    expect(usesPremiumPrice(booster, false)).toBe(false);
  });
});

describe("summarise", () => {
  it("adds flat shipping of £5.29 and no saving for non-members", () => {
    const s = summarise([booster, pack], false);
    expect(s.subtotal).toBe(2 * 12999 + 3 * 499);
    expect(s.shipping).toBe(529);
    expect(s.proSavings).toBe(0);
    expect(s.total).toBe(2 * 12999 + 3 * 499 + 529);
    expect(s.itemCount).toBe(5);
  });

  it("prices members at premium rates and reports the saving as normal total minus subtotal", () => {
    const s = summarise([booster, pack], true);
    expect(s.subtotal).toBe(2 * 11999 + 3 * 499);
    expect(s.normalSubtotal).toBe(2 * 12999 + 3 * 499);
    expect(s.proSavings).toBe(2000);
    expect(s.total).toBe(s.subtotal + 529);
  });

  it("charges nothing for an empty cart", () => {
    expect(summarise([], true)).toMatchObject({ subtotal: 0, shipping: 0, total: 0, itemCount: 0 });
  });

  it("never discounts below zero or by a negative amount", () => {
    expect(summarise([pack], false, 10_000).total).toBe(529);
    expect(summarise([pack], false, -50).total).toBe(3 * 499 + 529);
  });

  it("stays in whole pence", () => {
    const s = summarise([{ price: 333, premiumPrice: 317, quantity: 7 }], true);
    expect(Number.isInteger(s.total)).toBe(true);
    expect(s.total).toBe(317 * 7 + 529);
  });
});

describe("summarise: more of the spec §9 arithmetic", () => {
  it("charges shipping once per cart, not per line or per unit", () => {
    const s = summarise(
      [
        { price: 100, premiumPrice: null, quantity: 4 },
        { price: 250, premiumPrice: null, quantity: 1 },
      ],
      false,
    );
    expect(s.shipping).toBe(529);
    expect(s.total).toBe(400 + 250 + 529);
  });

  it("gives no saving when the premium price equals the normal price", () => {
    const line = { price: 1000, premiumPrice: 1000, quantity: 2 };
    expect(usesPremiumPrice(line, true)).toBe(false);
    expect(summarise([line], true)).toMatchObject({ subtotal: 2000, proSavings: 0 });
  });

  it("treats a premium price of 0 as a real price, not as 'no premium price'", () => {
    const freebie = { price: 300, premiumPrice: 0, quantity: 2 };
    expect(unitPriceFor(freebie, true)).toBe(0);
    expect(summarise([freebie], true)).toMatchObject({ subtotal: 0, proSavings: 600, total: 529 });
  });

  it("adds savings across lines: normal total − subtotal", () => {
    const lines = [
      { price: 5499, premiumPrice: 5114, quantity: 2 },
      { price: 599, premiumPrice: 569, quantity: 4 },
      { price: 1999, premiumPrice: null, quantity: 1 },
    ];
    const s = summarise(lines, true);
    expect(s.normalSubtotal).toBe(2 * 5499 + 4 * 599 + 1999);
    expect(s.subtotal).toBe(2 * 5114 + 4 * 569 + 1999);
    expect(s.proSavings).toBe(2 * (5499 - 5114) + 4 * (599 - 569));
    expect(s.itemCount).toBe(7);
    expect(s.total).toBe(s.subtotal + 529);
  });

  it("applies a discount before shipping and never below zero", () => {
    const s = summarise([{ price: 1000, premiumPrice: null, quantity: 1 }], false, 250);
    expect(s).toMatchObject({ discount: 250, total: 1000 - 250 + 529 });
    expect(summarise([{ price: 1000, premiumPrice: null, quantity: 1 }], false, 5000)).toMatchObject({ discount: 1000, total: 529 });
  });

  it("stays exact in pence where pounds as floats would drift (0.1 + 0.2)", () => {
    const s = summarise(
      [
        { price: 10, premiumPrice: null, quantity: 1 },
        { price: 20, premiumPrice: null, quantity: 1 },
      ],
      false,
    );
    expect(s.subtotal).toBe(30);
    expect(formatPence(s.total)).toBe("£5.59");
    expect(formatPence(CART_SHIPPING_PENCE)).toBe("£5.29");
  });

  it("handles big carts without losing a penny", () => {
    const s = summarise([{ price: 249_999, premiumPrice: 239_999, quantity: 99 }], true);
    expect(s.subtotal).toBe(239_999 * 99);
    expect(s.proSavings).toBe(10_000 * 99);
    expect(formatPence(s.total)).toBe("£237,604.30");
  });
});

describe("hasMemberPrice / memberSaving", () => {
  it("shows a member price only when it is set and below the normal price", () => {
    expect(hasMemberPrice({ price: 1000, premiumPrice: 900 })).toBe(true);
    expect(hasMemberPrice({ price: 1000, premiumPrice: 1000 })).toBe(false);
    expect(hasMemberPrice({ price: 1000, premiumPrice: null })).toBe(false);
  });

  it("agrees with the price a member is charged", () => {
    for (const line of [
      { price: 1000, premiumPrice: 900 },
      { price: 1000, premiumPrice: 1000 },
      { price: 1000, premiumPrice: null },
    ]) {
      expect(usesPremiumPrice(line, true)).toBe(hasMemberPrice(line));
      expect(memberSaving(line)).toBe(line.price - unitPriceFor(line, true));
    }
  });
});

describe("couponRedemptionProblem", () => {
  const unlimited = { maxRedemptions: null, maxRedemptionsPerCustomer: null };
  it("allows any number without limits", () => {
    expect(couponRedemptionProblem(unlimited, { total: 10_000, byCustomer: 500 })).toBeNull();
  });
  it("refuses a customer who has had their share, before the total", () => {
    expect(couponRedemptionProblem({ maxRedemptions: 1, maxRedemptionsPerCustomer: 1 }, { total: 1, byCustomer: 1 })).toBe("used");
    expect(couponRedemptionProblem({ ...unlimited, maxRedemptionsPerCustomer: 2 }, { total: 5, byCustomer: 1 })).toBeNull();
  });
  it("refuses everyone once the total is reached", () => {
    expect(couponRedemptionProblem({ ...unlimited, maxRedemptions: 3 }, { total: 3, byCustomer: 0 })).toBe("exhausted");
    expect(couponRedemptionProblem({ ...unlimited, maxRedemptions: 3 }, { total: 2, byCustomer: 0 })).toBeNull();
  });
});
