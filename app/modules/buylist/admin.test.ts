import { describe, expect, it } from "vitest";
import { BUYLIST_ADMIN_TEXT, gradeExplanation, parsePercent, parseQueueSearch, queueQuery, safeLabelFileName, sniffLabelType } from "./admin";

describe("buylist back office helpers", () => {
  it("reads percentages as basis points", () => {
    expect(parsePercent("80")).toBe(8_000);
    expect(parsePercent(" 82.5 % ")).toBe(8_250);
    expect(parsePercent("12.25")).toBe(1_225);
    for (const bad of ["", "-1", "1.234", "abc", "1,5", "1e3"]) expect(parsePercent(bad)).toBeNull();
  });

  it("reads the queue's query string, falling back to the open list", () => {
    expect(parseQueueSearch(new URLSearchParams("status=quoted&q=sl-5001"))).toEqual({ filter: "quoted", q: "sl-5001", submissionId: 5001 });
    expect(parseQueueSearch(new URLSearchParams("status=nope&q=a@b.c"))).toEqual({ filter: "open", q: "a@b.c", submissionId: null });
    expect(queueQuery("open", "", 1)).toBe("");
    expect(queueQuery("paid", "x y", 2)).toBe("?status=paid&q=x+y&page=2");
  });

  it("knows a label by its bytes and gives it a safe name", () => {
    expect(sniffLabelType(new TextEncoder().encode("\n%PDF-1.7\n"))).toBe("pdf");
    expect(sniffLabelType(new TextEncoder().encode("%PDF-x"))).toBeNull();
    expect(safeLabelFileName("../../etc/passwd", "pdf")).toBe("etc-passwd.pdf");
    expect(safeLabelFileName("", "jpeg")).toBe("label.jpg");
  });

  it("explains a graded line's changes, and nothing for one as quoted", () => {
    const line = { status: "accepted" as const, quantity: 3, quotedCondition: "nm" as const, quotedUnit: 1_000, receivedQuantity: 3, receivedCondition: "nm" as const, finalUnit: 1_000 };
    expect(gradeExplanation(line)).toEqual([]);
    expect(gradeExplanation({ ...line, receivedQuantity: 2, receivedCondition: "lp", finalUnit: 800 })).toEqual([
      "1 of 3 cards were not in the parcel.",
      "Graded Lightly Played, not Near Mint as quoted.",
      "£8.00 each instead of £10.00.",
    ]);
    expect(gradeExplanation({ ...line, status: "rejected" })).toEqual([]);
  });

  it("names a missing sell list by its reference, and a bad address without one", () => {
    expect(BUYLIST_ADMIN_TEXT.notFound(5001)).toBe("Sell list SL-5001 was not found.");
    expect(BUYLIST_ADMIN_TEXT.badId).not.toMatch(/SL-/);
  });
});
