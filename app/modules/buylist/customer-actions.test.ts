import { describe, expect, it } from "vitest";
import { quoteState, submissionDoneText } from "./customer-actions";

describe("submissionDoneText", () => {
  it("knows the page's own notices and nothing an object inherits", () => {
    expect(submissionDoneText("accepted")).toContain("you accepted our quote");
    for (const done of ["__proto__", "constructor", "toString", "hasOwnProperty", "nope", ""]) expect(submissionDoneText(done)).toBeNull();
    expect(submissionDoneText(null)).toBeNull();
  });
});

describe("quoteState", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const later = new Date("2026-11-25T12:00:00Z");
  it("is open with a token before expiry, updating without a token, expired after", () => {
    expect(quoteState({ status: "quoted", quoteToken: "t", quoteExpiresAt: later }, now)).toBe("open");
    expect(quoteState({ status: "quoted", quoteToken: null, quoteExpiresAt: later }, now)).toBe("updating");
    expect(quoteState({ status: "quoted", quoteToken: "t", quoteExpiresAt: now }, now)).toBe("expired");
    expect(quoteState({ status: "accepted", quoteToken: null, quoteExpiresAt: later }, now)).toBeNull();
  });
});
