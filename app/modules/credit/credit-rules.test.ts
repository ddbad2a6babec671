import { describe, expect, it } from "vitest";
import { STORE_CREDIT_KINDS } from "~/db/schema/buylist";
import { CREDIT_KIND_LABELS, CREDIT_REASON_MAX, MIN_CARD_PAYMENT_PENCE, CREDIT_TEXT, MAX_CREDIT_ADJUSTMENT_PENCE, creditToApply, parseCreditAdjustment } from "./credit-rules";

describe("creditToApply", () => {
  it("uses everything the customer has, up to the order total, when no amount is typed", () => {
    expect(creditToApply(1_000, 2_500, null)).toBe(1_000);
    expect(creditToApply(5_000, 2_500, null)).toBe(2_500);
    expect(creditToApply(0, 2_500, null)).toBe(0);
  });
  it("uses the typed amount, capped at the order total", () => {
    expect(creditToApply(5_000, 2_500, 1_200)).toBe(1_200);
    expect(creditToApply(5_000, 2_500, 4_000)).toBe(2_500);
    expect(creditToApply(5_000, 2_500, 0)).toBe(0);
  });
  it("never leaves the card less than the provider's minimum charge to pay", () => {
    expect(creditToApply(2_495, 2_500, null)).toBe(2_500 - MIN_CARD_PAYMENT_PENCE);
    expect(creditToApply(5_000, 2_500, 2_480)).toBe(2_470);
    expect(creditToApply(5_000, 2_500, 2_470)).toBe(2_470);
    expect(creditToApply(5_000, 20, 10)).toBe(0);
    expect(creditToApply(5_000, 2_500, null)).toBe(2_500);
  });

  it("refuses more than the balance rather than charging the card more than expected", () => {
    expect(creditToApply(1_000, 2_500, 1_001)).toBeNull();
  });
});

describe("CREDIT_KIND_LABELS", () => {
  it("has a label for every kind the ledger stores, and no other", () => {
    expect(Object.keys(CREDIT_KIND_LABELS).sort()).toEqual([...STORE_CREDIT_KINDS].sort());
  });
});

describe("parseCreditAdjustment", () => {
  const key = "a-request-key-0001";
  const parse = (amount: string, reason = "Goodwill") => parseCreditAdjustment({ amount, reason, requestKey: key });

  it("reads signed pounds: plain, minus, Unicode minus, plus, a pound sign", () => {
    expect(parse("5")).toEqual({ ok: true, amount: 500, reason: "Goodwill", requestKey: key });
    expect(parse("-2.50")).toMatchObject({ ok: true, amount: -250 });
    expect(parse("−£3")).toMatchObject({ ok: true, amount: -300 });
    expect(parse("+1.05")).toMatchObject({ ok: true, amount: 105 });
  });

  it("refuses zero, nonsense, a decimal comma and more than the largest adjustment, either way", () => {
    for (const bad of ["0", "-0", "", "abc", "12,50", "1e3", "--5"]) expect(parse(bad)).toMatchObject({ ok: false, field: "amount" });
    expect(parse("10000")).toMatchObject({ ok: true, amount: MAX_CREDIT_ADJUSTMENT_PENCE });
    expect(parse("10000.01")).toMatchObject({ ok: false, field: "amount", message: CREDIT_TEXT.amountTooLarge });
    expect(parse("-10000.01")).toMatchObject({ ok: false, field: "amount" });
  });

  it("needs a reason, not too long, and a well-formed request key", () => {
    expect(parse("5", "  ")).toMatchObject({ ok: false, field: "reason", message: CREDIT_TEXT.reasonRequired });
    expect(parse("5", "x".repeat(CREDIT_REASON_MAX + 1))).toMatchObject({ ok: false, field: "reason", message: CREDIT_TEXT.reasonTooLong });
    expect(parseCreditAdjustment({ amount: "5", reason: "Goodwill", requestKey: "short" })).toMatchObject({ ok: false, field: "requestKey" });
  });
});
