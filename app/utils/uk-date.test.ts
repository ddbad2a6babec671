import { describe, expect, it } from "vitest";
import { formatUkDate, parseUkDate } from "./uk-date";

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
