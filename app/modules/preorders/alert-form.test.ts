import { describe, expect, it } from "vitest";
import { alertFormSchema } from "./alert-form";

describe("alertFormSchema", () => {
  it("reads an intent and a product id; a posted slug is dropped (the server looks up the real one)", () => {
    expect(alertFormSchema.parse({ intent: "subscribe", productId: "3", slug: "booster-box" })).toEqual({ intent: "subscribe", productId: 3 });
    expect(alertFormSchema.parse({ intent: "cancel", productId: "12" })).toEqual({ intent: "cancel", productId: 12 });
  });

  it("refuses a bad intent or product id", () => {
    for (const productId of ["", "0", "-1", "abc", "1.5", "99999999999999999999"]) expect(alertFormSchema.safeParse({ intent: "subscribe", productId }).success, productId).toBe(false);
    expect(alertFormSchema.safeParse({ intent: "delete", productId: "3" }).success).toBe(false);
    expect(alertFormSchema.safeParse({ productId: "3" }).success).toBe(false);
  });
});
