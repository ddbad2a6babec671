import { describe, expect, it } from "vitest";
import { summarise, unitPriceFor, usesPremiumPrice } from "./pricing";

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
