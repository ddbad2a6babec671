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
    // Dot segments collapse to "//host" only after normalising: the final value is what counts.
    ["/.//evil.com"],
    ["/..//evil.com"],
    ["/a/..//evil.com"],
    ["/%2e%2e//evil.com"],
    ["/.%2e//evil.com"],
    ["/././/evil.com/path?x=1"],
    // Backslashes are read as slashes by browsers, in any position.
    ["/.\\evil.com"],
    ["/.\\/evil.com"],
    ["/\\/evil.com"],
    // Encoded slashes or backslashes at the start: a decoding proxy would turn them into "//".
    ["/%2F%2Fevil.com"],
    ["/%2f/evil.com"],
    ["/%5C%5Cevil.com"],
    ["/%5cevil.com"],
    ["/./%2Fevil.com"],
    // Other schemes and hosts, however spelt.
    [" //evil.com"],
    ["http:/evil.com"],
    ["/login/../..//evil.com"],
    ["/Login"],
    [`/${"a".repeat(3000)}`],
  ])("refuses %j and goes to /account", (input) => {
    expect(safeRedirectPath(input as string)).toBe("/account");
  });

  it.each([
    ["/./account", "/account"],
    ["/products/../cart", "/cart"],
    ["/search?q=%2F%2Fevil", "/search?q=%2F%2Fevil"],
    ["/search?q=//evil.com", "/search?q=//evil.com"],
  ])("normalises %s to the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it("never returns anything a browser would read as another host", () => {
    const tricky = ["/.//a", "/..//a", "/%2e//a", "/.\\a", "/%2F/a", "/x/../../..//a", "/./\\a"];
    for (const input of tricky) {
      const output = safeRedirectPath(input);
      expect(output).toMatch(/^\/(?![/\\])/);
      expect(new URL(output, "https://shop.example").origin).toBe("https://shop.example");
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("https://evil.example", "/")).toBe("/");
  });
});
