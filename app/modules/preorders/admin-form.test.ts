import { describe, expect, it } from "vitest";
import { noticeFor, openPreorderSchema, preorderActionSchema } from "./admin-form";
import { PREORDER_TEXT } from "./rules";

describe("the pre-order forms", () => {
  it("reads an opening: a variant id and a whole allocation in range", () => {
    expect(openPreorderSchema.parse({ intent: "open", variantId: "12", allocation: " 40 " })).toEqual({ intent: "open", variantId: 12, allocation: 40 });
    for (const allocation of ["", "-1", "1.5", "1e3", "100001", "0x10", "٣"]) {
      const parsed = openPreorderSchema.safeParse({ intent: "open", variantId: "12", allocation });
      expect(parsed.success, allocation).toBe(false);
      if (!parsed.success) expect(parsed.error.issues[0]!.message).toBe(PREORDER_TEXT.allocationInvalid);
    }
    for (const variantId of ["0", "007", "-3", "2147483648", "x"]) expect(openPreorderSchema.safeParse({ intent: "open", variantId, allocation: "3" }).success, variantId).toBe(false);
  });

  it("reads each action and refuses the rest", () => {
    expect(preorderActionSchema.parse({ intent: "delivery", units: "5" })).toEqual({ intent: "delivery", units: 5 });
    expect(preorderActionSchema.parse({ intent: "shortfall", choice: "wait" })).toEqual({ intent: "shortfall", choice: "wait" });
    expect(preorderActionSchema.parse({ intent: "release", extra: "ignored" })).toEqual({ intent: "release" });
    expect(preorderActionSchema.safeParse({ intent: "delivery", units: "0" }).success).toBe(false);
    expect(preorderActionSchema.safeParse({ intent: "shortfall", choice: "both" }).success).toBe(false);
    expect(preorderActionSchema.safeParse({ intent: "dispatch" }).success).toBe(false);
    expect(preorderActionSchema.safeParse({}).success).toBe(false);
  });

  it("knows its notices only", () => {
    expect(noticeFor("released")).toBe(PREORDER_TEXT.released);
    expect(noticeFor("__proto__")).toBeNull();
    expect(noticeFor(null)).toBeNull();
  });
});
