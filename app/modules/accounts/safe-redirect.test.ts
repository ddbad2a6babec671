import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/account", "/account"],
    ["/cart?step=2", "/cart?step=2"],
    ["/products/base-set-booster#reviews", "/products/base-set-booster#reviews"],
    ["/admin/wholesale-applications", "/admin/wholesale-applications"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [""],
    ["https://evil.example/"],
    ["//evil.example/path"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["account"],
    ["/\u0000/evil"],
    ["/\t/evil.example"],
    ["/login?redirectTo=/account"],
    ["/logout"],
    ["/reset-password/abc"],
  ])("refuses %j and goes to /account", (input) => {
    expect(safeRedirectPath(input as string)).toBe("/account");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("https://evil.example", "/")).toBe("/");
  });
});
