import { describe, expect, it } from "vitest";
import { formatPence } from "~/utils/money";
import { cancellationFee, cardRefundable, splitRefund, refundAmountFor, refundLessFee, refundSummary, remainingRefundable, type RefundableOrder } from "./refund-rules";

const paid = (over: Partial<RefundableOrder> = {}): RefundableOrder => ({ status: "completed", totalAmount: 12527, refundedAmount: 0, dispatched: false, ...over });

describe("cancellationFee", () => {
  it("is 5 % rounded down to the penny", () => {
    expect(cancellationFee(10000)).toBe(500);
    expect(cancellationFee(12527)).toBe(626); // 626.35
    expect(cancellationFee(1253)).toBe(62); // 62.65: never more than 5 %
    expect(cancellationFee(19)).toBe(0);
    expect(cancellationFee(20)).toBe(1);
    expect(cancellationFee(0)).toBe(0);
  });
  it("refuses a negative or fractional total", () => {
    expect(() => cancellationFee(-1)).toThrow(RangeError);
    expect(() => cancellationFee(1.5)).toThrow(RangeError);
  });
});

describe("refundAmountFor", () => {
  it("full pays back what is left", () => {
    expect(refundAmountFor(paid(), "full")).toEqual({ ok: true, amount: 12527, feeKept: 0 });
    expect(refundAmountFor(paid({ refundedAmount: 527 }), "full")).toEqual({ ok: true, amount: 12000, feeKept: 0 });
  });
  it("less the fee keeps 5 % of the total, counting what was already refunded", () => {
    expect(refundAmountFor(paid({ status: "cancelled" }), "less-fee")).toEqual({ ok: true, amount: 12527 - 626, feeKept: 626 });
    expect(refundAmountFor(paid({ refundedAmount: 1000 }), "less-fee")).toEqual({ ok: true, amount: 12527 - 626 - 1000, feeKept: 626 });
    // Already refunded more than total − fee: nothing is left to pay back with the fee kept.
    expect(refundAmountFor(paid({ refundedAmount: 12000 }), "less-fee")).toEqual({ ok: false, reason: "nothing_left" });
    expect(refundLessFee(paid({ refundedAmount: 12000 }))).toBeNull();
  });
  it("never keeps the fee on a posted order", () => {
    expect(refundAmountFor(paid({ status: "dispatched", dispatched: true }), "less-fee")).toEqual({ ok: false, reason: "fee_not_allowed" });
    expect(refundAmountFor(paid({ dispatched: true }), "less-fee")).toEqual({ ok: false, reason: "fee_not_allowed" });
  });
  it("a typed amount is 1p up to what is left", () => {
    expect(refundAmountFor(paid({ refundedAmount: 12000 }), "amount", 527)).toEqual({ ok: true, amount: 527, feeKept: 0 });
    expect(refundAmountFor(paid({ refundedAmount: 12000 }), "amount", 528)).toEqual({ ok: false, reason: "over_remaining" });
    expect(refundAmountFor(paid(), "amount", 0)).toEqual({ ok: false, reason: "not_positive" });
    expect(refundAmountFor(paid(), "amount", -5)).toEqual({ ok: false, reason: "not_positive" });
  });
  it("nothing is refundable on an unpaid or fully refunded order", () => {
    for (const status of ["pending", "failed", "expired", "refunded"]) {
      expect(remainingRefundable(paid({ status }))).toBe(0);
      expect(refundAmountFor(paid({ status }), "full")).toEqual({ ok: false, reason: "nothing_left" });
    }
    expect(refundAmountFor(paid({ refundedAmount: 12527 }), "amount", 1)).toEqual({ ok: false, reason: "nothing_left" });
  });
});

describe("refundSummary", () => {
  it("says refunded or partly refunded with the amount", () => {
    expect(refundSummary({ totalAmount: 1000, refundedAmount: 0 }, formatPence)).toBeNull();
    expect(refundSummary({ totalAmount: 1000, refundedAmount: 950 }, formatPence)).toBe("Partly refunded £9.50");
    expect(refundSummary({ totalAmount: 1000, refundedAmount: 1000 }, formatPence)).toBe("Refunded £10.00");
  });
});

describe("refunds of orders paid partly with store credit", () => {
  const order = { status: "completed", totalAmount: 5_000, refundedAmount: 0, dispatched: false, creditAmount: 3_000, creditRefundedAmount: 0 };

  it("pays the card back first, up to what the card paid, and the rest as credit", () => {
    expect(cardRefundable(order)).toBe(2_000);
    expect(splitRefund(order, 1_500, "original")).toEqual({ toCard: 1_500, toCredit: 0 });
    expect(splitRefund(order, 5_000, "original")).toEqual({ toCard: 2_000, toCredit: 3_000 });
  });

  it("puts everything on store credit when the shop refunds to credit", () => {
    expect(splitRefund(order, 5_000, "credit")).toEqual({ toCard: 0, toCredit: 5_000 });
  });

  it("counts what already went back to the card", () => {
    const after = { ...order, refundedAmount: 2_500, creditRefundedAmount: 1_000 };
    // The card got 1,500 of its 2,000 back; 2,500 is left in all.
    expect(cardRefundable(after)).toBe(500);
    expect(splitRefund(after, 2_500, "original")).toEqual({ toCard: 500, toCredit: 2_000 });
  });

  it("never sends anything to the card of an order paid wholly with credit", () => {
    const credit = { ...order, creditAmount: 5_000 };
    expect(cardRefundable(credit)).toBe(0);
    expect(splitRefund(credit, 5_000, "original")).toEqual({ toCard: 0, toCredit: 5_000 });
  });

  it("reads orders without credit fields as card-paid", () => {
    expect(cardRefundable({ status: "completed", totalAmount: 900, refundedAmount: 100, dispatched: true })).toBe(800);
  });
});
