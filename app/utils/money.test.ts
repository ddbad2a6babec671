import { describe, expect, it } from "vitest";
import { formatPence, penceToPoundsText, poundsToPence } from "./money";

describe("money", () => {
  it("reads pounds as typed or as a spreadsheet writes them", () => {
    expect(poundsToPence("12.50")).toBe(1250);
    expect(poundsToPence("12.5")).toBe(1250);
    expect(poundsToPence(" £3 ")).toBe(300);
    expect(poundsToPence("1,250.00")).toBe(125000);
    expect(poundsToPence("0.05")).toBe(5);
  });
  it("refuses what is not pounds rather than guess", () => {
    for (const text of ["", "12,50", "1.234", "-1.00", "abc", "1e3", "12.5.0"]) expect(poundsToPence(text)).toBeNull();
  });
  it("writes pence as pounds with two decimals and reads them back", () => {
    expect(penceToPoundsText(1250)).toBe("12.50");
    expect(penceToPoundsText(5)).toBe("0.05");
    expect(penceToPoundsText(0)).toBe("0.00");
    expect(penceToPoundsText(-199)).toBe("-1.99");
    for (const pence of [0, 1, 99, 100, 14499, 99_999_999]) expect(poundsToPence(penceToPoundsText(pence))).toBe(pence);
    expect(() => penceToPoundsText(1.5)).toThrow(RangeError);
    expect(formatPence(529)).toBe("£5.29");
  });
});
