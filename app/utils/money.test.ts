import { describe, expect, it } from "vitest";
import { formatPence, parsePounds, penceToPounds } from "./money";

describe("parsePounds (the one pounds parser)", () => {
  it.each([
    ["12.5", 1250],
    ["12.50", 1250],
    ["£12.50", 1250],
    [" £ 3 ", 300],
    ["1,250", 125_000],
    ["1,250.99", 125_099],
    ["0.01", 1],
    ["0", 0],
  ])("%j → %i pence", (typed, pence) => {
    expect(parsePounds(typed)).toBe(pence);
  });

  it.each(["", " ", "12.505", "12,50", "1,25", "-1", "+1", "1e3", "abc", "12.", ".5", "£", "12 50", "Infinity", "0x10", "1,2345", "9".repeat(30)])(
    "refuses %j",
    (typed) => {
      expect(parsePounds(typed)).toBeNull();
    },
  );

  it("round-trips with penceToPounds", () => {
    for (const pence of [0, 1, 99, 100, 1250, 99_999_999]) expect(parsePounds(penceToPounds(pence))).toBe(pence);
  });

  it("writes pence as pounds with two decimals, negative too, and refuses fractions of a penny", () => {
    expect(penceToPounds(1250)).toBe("12.50");
    expect(penceToPounds(5)).toBe("0.05");
    expect(penceToPounds(0)).toBe("0.00");
    expect(penceToPounds(-199)).toBe("-1.99");
    expect(() => penceToPounds(1.5)).toThrow(RangeError);
  });

  it("formats pence for people", () => {
    expect(formatPence(529)).toBe("£5.29");
  });
});
