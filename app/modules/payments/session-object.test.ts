import { describe, expect, it } from "vitest";
import { sessionInfoFromObject } from "./session-object";

describe("sessionInfoFromObject", () => {
  it("reads a paid payment-mode session, with expanded or plain ids", () => {
    const info = sessionInfoFromObject({
      id: "cs_1",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 3529,
      currency: "gbp",
      client_reference_id: "100001",
      metadata: { orderId: "100001" },
      payment_intent: { id: "pi_1" },
      customer: "cus_1",
      customer_details: { email: "a@b.test" },
      expires_at: 1_800_000_000,
    });
    expect(info).toMatchObject({
      id: "cs_1",
      mode: "payment",
      status: "complete",
      paymentStatus: "paid",
      amountTotal: 3529,
      clientReferenceId: "100001",
      metadata: { orderId: "100001" },
      paymentIntentId: "pi_1",
      customerId: "cus_1",
      customerEmail: "a@b.test",
    });
    expect(info.expiresAt?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
  });

  it("treats anything unexpected as unpaid, never as paid", () => {
    for (const payment_status of [undefined, null, "processing", "PAID", 1]) {
      expect(sessionInfoFromObject({ id: "cs_2", payment_status }).paymentStatus).toBe("unpaid");
    }
    expect(sessionInfoFromObject({ id: "cs_3", mode: "subscription", subscription: "sub_1" })).toMatchObject({
      mode: "subscription",
      subscriptionId: "sub_1",
      paymentIntentId: null,
      metadata: {},
    });
  });

  it("reads the card fingerprint from an expanded payment intent, and nothing else", () => {
    const expanded = { id: "pi_9", object: "payment_intent", payment_method: { id: "pm_9", type: "card", card: { fingerprint: "Xt5EWLLDS7FJjR1c" } } };
    expect(sessionInfoFromObject({ id: "cs_9", payment_intent: expanded })).toMatchObject({ paymentIntentId: "pi_9", cardFingerprint: "Xt5EWLLDS7FJjR1c" });
    for (const payment_intent of ["pi_9", null, { id: "pi_9" }, { id: "pi_9", payment_method: "pm_9" }, { id: "pi_9", payment_method: { card: null } }, { id: "pi_9", payment_method: { card: { fingerprint: 42 } } }, { id: "pi_9", payment_method: { card: { fingerprint: " " } } }]) {
      expect(sessionInfoFromObject({ id: "cs_9", payment_intent }).cardFingerprint).toBeNull();
    }
  });
});
