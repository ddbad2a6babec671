import { describe, expect, it } from "vitest";
import { formatUkDate, parseShopDateTime, parseUkDate, toShopDateTimeInput } from "./uk-date";

const years = { earliestYear: 2000, latestYear: 2100 };

describe("parseUkDate", () => {
  it.each([
    ["24/12/2026", "2026-12-24"],
    ["1/2/2027", "2027-02-01"],
    ["24-12-2026", "2026-12-24"],
    ["24.12.2026", "2026-12-24"],
    [" 29/02/2028 ", "2028-02-29"],
    ["2026-12-24", "2026-12-24"],
  ])("%j → %s", (typed, iso) => expect(parseUkDate(typed, years)).toBe(iso));

  it.each(["31/02/2027", "29/02/2027", "12/24/2026", "2026/12/24", "tomorrow", "", "00/01/2026", "24/13/2026", "24/12/1999", "1/1/2101"])("refuses %j", (typed) =>
    expect(parseUkDate(typed, years)).toBeNull(),
  );

  it("reads two-digit years only when asked to", () => {
    expect(parseUkDate("1/2/26", years)).toBeNull();
    expect(parseUkDate("1/2/26", { ...years, twoDigitYears: true })).toBe("2026-02-01");
  });

  it("shows a stored date the UK way", () => {
    expect(formatUkDate("2026-12-24")).toBe("24/12/2026");
    expect(formatUkDate(null)).toBe("");
  });
});

describe("parseShopDateTime (the shop's London clock)", () => {
  const at = (text: string) => {
    const parsed = parseShopDateTime(text);
    return parsed.ok ? parsed.at.toISOString() : parsed;
  };

  it("reads a datetime-local value or a typed one with a space, in winter and in summer", () => {
    expect(at("2026-12-24T18:00")).toBe("2026-12-24T18:00:00.000Z");
    expect(at("2026-12-24 18:00")).toBe("2026-12-24T18:00:00.000Z");
    expect(at(" 2026-07-01 09:00 ")).toBe("2026-07-01T08:00:00.000Z");
    expect(at("2026-07-01T09:00:30")).toBe("2026-07-01T08:00:30.000Z");
  });

  it("refuses what is not a time, or a day that does not exist", () => {
    for (const text of ["", "yesterday", "2026-12-24", "2026-12-24  18:00", "2026-12-24X18:00", "24/12/2026 18:00", "2026-02-31T10:00", "2026-12-24T24:00", "1999-12-24T18:00"])
      expect(parseShopDateTime(text), text).toEqual({ ok: false, skipped: false });
  });

  it("refuses a wall time the clocks skip in spring, and says so", () => {
    for (const text of ["2026-03-29T01:00", "2026-03-29T01:30", "2026-03-29 01:59", "2027-03-28T01:15"]) expect(parseShopDateTime(text), text).toEqual({ ok: false, skipped: true });
    // Either side of the gap is fine.
    expect(at("2026-03-29T00:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(at("2026-03-29T02:00")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("reads an autumn time that happens twice as one real instant", () => {
    expect(at("2026-10-25T01:30")).toBe("2026-10-25T01:30:00.000Z");
  });

  it("round-trips through toShopDateTimeInput", () => {
    for (const text of ["2026-12-24T18:00", "2026-07-01T09:05", "2026-03-29T02:00", "2026-10-25T01:30"]) {
      const parsed = parseShopDateTime(text);
      expect(parsed.ok && toShopDateTimeInput(parsed.at), text).toBe(text);
    }
    expect(toShopDateTimeInput(null)).toBe("");
    expect(toShopDateTimeInput("2026-07-01T08:00:00.000Z")).toBe("2026-07-01T09:00");
  });
});
