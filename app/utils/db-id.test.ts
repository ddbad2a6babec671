import { describe, expect, it } from "vitest";
import { MAX_INT4, parseDbId } from "./db-id";

describe("parseDbId", () => {
  it("reads a positive id written in plain digits", () => {
    expect(parseDbId("1")).toBe(1);
    expect(parseDbId("42")).toBe(42);
    expect(parseDbId("1000000000")).toBe(1_000_000_000);
  });

  it("accepts the largest int4 and nothing above it", () => {
    expect(MAX_INT4).toBe(2 ** 31 - 1);
    expect(parseDbId("2147483647")).toBe(MAX_INT4);
    expect(parseDbId("2147483648")).toBeNull();
    expect(parseDbId("9999999999")).toBeNull();
    expect(parseDbId("99999999999")).toBeNull();
  });

  it("refuses anything that is not the canonical spelling of an id", () => {
    for (const bad of ["0", "00", "007", "01", "-1", "+1", "1.5", "1.0", "0x1", "1e0", "1e3", " 1", "1 ", "\t1", "1\n", "１", "abc", "12abc", "#1", ""]) {
      expect(parseDbId(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(parseDbId(null)).toBeNull();
    expect(parseDbId(undefined)).toBeNull();
  });
});
