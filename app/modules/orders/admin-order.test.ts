import { describe, expect, it } from "vitest";
import { cancelInputSchema, refundInputSchema } from "./admin-order";
import { orderListQuery, orderNumberOf, parseOrderSearch, parseSearchDate } from "./admin-orders";

describe("parseSearchDate", () => {
  it("reads day/month/year, as the UK writes it", () => {
    expect(parseSearchDate("31/01/2026")).toBe("2026-01-31");
    expect(parseSearchDate("1/2/26")).toBe("2026-02-01");
    expect(parseSearchDate(" 05-03-2026 ")).toBe("2026-03-05");
    expect(parseSearchDate("2026-03-05")).toBe("2026-03-05");
  });
  it("refuses days that do not exist and other text", () => {
    for (const bad of ["31/02/2026", "29/02/2025", "13/13/2026", "01/31/2026", "yesterday", "", "1/1/1999"]) expect(parseSearchDate(bad), bad).toBeNull();
    expect(parseSearchDate("29/02/2028")).toBe("2028-02-29");
  });
});

describe("parseOrderSearch", () => {
  it("keeps what was typed and names a bad or reversed date", () => {
    const { search, errors } = parseOrderSearch(new URLSearchParams("q=%23100042&from=31/02/2026&to=01/01/2026&customer=%20misty%20"));
    expect(search).toMatchObject({ q: "#100042", customer: "misty", from: "31/02/2026", fromDate: null, toDate: "2026-01-01" });
    expect(errors.from).toBe("Enter the first day as a UK date, e.g. 31/01/2026.");
    const reversed = parseOrderSearch(new URLSearchParams("from=02/01/2026&to=01/01/2026"));
    expect(reversed.errors.to).toBe("The first day is after the last day.");
    expect(reversed.search.toDate).toBeNull();
  });
  it("builds the list's query string back, leaving out empty parts", () => {
    expect(orderListQuery("to-dispatch", { q: "", customer: "", product: "", from: "", to: "" })).toBe("");
    expect(orderListQuery("cancelled", { q: "ash", customer: "", product: "box", from: "1/1/26", to: "" })).toBe("?status=cancelled&q=ash&product=box&from=1%2F1%2F26");
  });
  it("reads an order number only when it can be one", () => {
    expect(orderNumberOf("#100042")).toBe(100042);
    expect(orderNumberOf("100042")).toBe(100042);
    expect(orderNumberOf("99999999999")).toBeNull();
    expect(orderNumberOf("ash@example.com")).toBeNull();
  });
});

describe("money input", () => {
  it("reads a refund amount with the one pounds parser: a decimal comma is refused, never read as thousands", () => {
    const requestKey = "0123456789abcdef";
    const amount = (typed: string) => refundInputSchema.safeParse({ intent: "refund", requestKey, mode: "amount", amount: typed });
    expect(amount("12.50")).toMatchObject({ success: true, data: { amount: 1250 } });
    expect(amount("£1,234.5")).toMatchObject({ success: true, data: { amount: 123450 } });
    for (const bad of ["12,50", "12.505", "-1", "1e3", "abc", "12.5.0"]) expect(amount(bad).success, bad).toBe(false);
  });
  it("a refund form needs its key, a mode, and an amount for 'amount'", () => {
    const requestKey = "0123456789abcdef";
    expect(refundInputSchema.safeParse({ intent: "refund", requestKey, mode: "full" }).success).toBe(true);
    expect(refundInputSchema.safeParse({ intent: "refund", requestKey: "short", mode: "full" }).success).toBe(false);
    const noAmount = refundInputSchema.safeParse({ intent: "refund", requestKey, mode: "amount", amount: " " });
    expect(noAmount.success ? null : noAmount.error.issues[0]!.message).toBe("Enter the amount to refund, e.g. 12.50.");
    expect(refundInputSchema.parse({ intent: "refund", requestKey, mode: "amount", amount: "3.10", restock: ["4", "x", "5"] })).toMatchObject({ amount: 310, restock: [4, 5] });
    const noReason = cancelInputSchema.safeParse({ intent: "cancel", requestKey, reason: "   ", refund: "none" });
    expect(noReason.success ? null : noReason.error.issues[0]!.path).toEqual(["reason"]);
  });
});
