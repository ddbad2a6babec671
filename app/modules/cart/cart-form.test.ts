import { describe, expect, it } from "vitest";
import { parseCartForm } from "./cart-form";
import { lineCap } from "~/modules/orders/purchase-limit";

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("parseCartForm", () => {
  it("reads each intent's fields", () => {
    expect(parseCartForm(form({ intent: "add", variantId: "12", quantity: "3" }))).toEqual({
      ok: true,
      intent: "add",
      variantId: 12,
      quantity: 3,
      redirectTo: null,
    });
    expect(parseCartForm(form({ intent: "add", variantId: "12" }))).toMatchObject({ ok: true, quantity: 1 });
    expect(parseCartForm(form({ intent: "update", variantId: "12", quantity: "0" }))).toMatchObject({ ok: true, quantity: 0 });
    expect(parseCartForm(form({ intent: "increment", variantId: " 7 " }))).toMatchObject({ ok: true, variantId: 7 });
    expect(parseCartForm(form({ intent: "clear" }))).toEqual({ ok: true, intent: "clear", redirectTo: null });
  });

  it("ignores fields that try to name a cart", () => {
    const parsed = parseCartForm(form({ intent: "clear", userId: "someone-else", guestId: "x", cartId: "1" }));
    expect(parsed).toEqual({ ok: true, intent: "clear", redirectTo: null });
  });

  it("refuses ids beyond a 32-bit integer instead of failing in the database", () => {
    expect(parseCartForm(form({ intent: "remove", variantId: "99999999999" }))).toMatchObject({ ok: false });
  });
});

describe("redirectTo", () => {
  const redirectTo = (value?: string) => {
    const parsed = parseCartForm(form(value === undefined ? { intent: "clear" } : { intent: "clear", redirectTo: value }));
    return parsed.ok ? parsed.redirectTo : "not ok";
  };
  it("keeps same-site paths and replaces anything else with /cart (the accounts rule)", () => {
    expect(redirectTo("/products/a?x=1")).toBe("/products/a?x=1");
    expect(redirectTo("/\\evil.example")).toBe("/cart");
    expect(redirectTo("/.//evil.example")).toBe("/cart");
    expect(redirectTo("/%2F%2Fevil.example")).toBe("/cart");
    expect(redirectTo("javascript:alert(1)")).toBe("/cart");
    expect(redirectTo(undefined)).toBeNull();
    expect(redirectTo("")).toBeNull();
  });
});

describe("lineCap", () => {
  it("is the smaller of stock and the limit left after orders; 99 without a limit", () => {
    expect(lineCap(10, 3)).toBe(3);
    expect(lineCap(2, 3)).toBe(2);
    expect(lineCap(10, 3, 2)).toBe(1);
    expect(lineCap(10, 3, 5)).toBe(0);
    expect(lineCap(500, null)).toBe(99);
    expect(lineCap(0, null)).toBe(0);
  });
});
