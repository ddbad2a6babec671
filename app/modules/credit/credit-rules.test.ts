import { describe, expect, it } from "vitest";
import { STORE_CREDIT_KINDS } from "~/db/schema/buylist";
import { CREDIT_KIND_LABELS, creditToApply } from "./credit-rules";

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
  it("refuses more than the balance rather than charging the card more than expected", () => {
    expect(creditToApply(1_000, 2_500, 1_001)).toBeNull();
  });
});

describe("CREDIT_KIND_LABELS", () => {
  it("has a label for every kind the ledger stores, and no other", () => {
    expect(Object.keys(CREDIT_KIND_LABELS).sort()).toEqual([...STORE_CREDIT_KINDS].sort());
  });
});
