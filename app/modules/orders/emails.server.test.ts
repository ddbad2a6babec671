import { describe, expect, it } from "vitest";
import { orderEmailKeyPrefixes } from "./emails.server";

describe("order email dedupe keys", () => {
  it("name every email about one order, and keep the keys already in the outbox", () => {
    expect(orderEmailKeyPrefixes(100042)).toEqual({
      keys: ["order-confirmation:100042", "order-refunded:100042", "order-cancelled:100042"],
      prefixes: ["order-dispatched:100042:", "order-refund:100042:"],
    });
  });

  it("end each prefix at the order id, so order 1's prefixes do not match order 12's emails", () => {
    for (const prefix of orderEmailKeyPrefixes(1).prefixes) expect(prefix.endsWith(":1:")).toBe(true);
  });
});
