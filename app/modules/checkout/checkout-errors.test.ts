import { describe, expect, it } from "vitest";
import { CHECKOUT_ERROR_CODES, cartErrorPath, checkoutErrorMessage, isCheckoutErrorCode } from "./checkout-errors";
import { couponDiscount, normaliseCouponCode } from "~/modules/pricing/pricing";

describe("checkout error codes", () => {
  it("round-trips through the cart URL", () => {
    expect(cartErrorPath("out_of_stock", "Surging Sparks ETB")).toBe("/cart?checkoutError=out_of_stock&item=Surging+Sparks+ETB");
    expect(cartErrorPath("empty_cart")).toBe("/cart?checkoutError=empty_cart");
    const url = new URL(cartErrorPath("limit_exceeded", "A & B"), "https://shop.test");
    expect(url.searchParams.get("checkoutError")).toBe("limit_exceeded");
    expect(url.searchParams.get("item")).toBe("A & B");
  });

  it("has a sentence for every code, naming the product when known", () => {
    for (const code of CHECKOUT_ERROR_CODES) expect(checkoutErrorMessage(code).length).toBeGreaterThan(10);
    expect(checkoutErrorMessage("out_of_stock", "Prismatic Box")).toContain('"Prismatic Box"');
    expect(checkoutErrorMessage("declined")).toContain("declined");
  });

  it("accepts only known codes from the URL", () => {
    expect(isCheckoutErrorCode("cancelled")).toBe(true);
    expect(isCheckoutErrorCode("<script>")).toBe(false);
    expect(isCheckoutErrorCode(null)).toBe(false);
  });
});

describe("coupons", () => {
  it("normalises codes and computes discounts in pence", () => {
    expect(normaliseCouponCode("  spring10 ")).toBe("SPRING10");
    expect(normaliseCouponCode("   ")).toBeNull();
    expect(normaliseCouponCode(undefined)).toBeNull();
    expect(couponDiscount({ percentOff: 10, amountOff: null }, 1999)).toBe(200);
    expect(couponDiscount({ percentOff: 15, amountOff: null }, 3998)).toBe(600);
    expect(couponDiscount({ percentOff: null, amountOff: 500 }, 300)).toBe(300);
  });
});
