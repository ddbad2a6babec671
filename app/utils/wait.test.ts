import { describe, expect, it } from "vitest";
import { minutesToWait, waitPhrase } from "./wait";

describe("waitPhrase", () => {
  it("rounds up to whole minutes, never below one", () => {
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(60)).toBe(1);
    expect(minutesToWait(61)).toBe(2);
    expect(waitPhrase(30)).toBe("1 minute");
    expect(waitPhrase(900)).toBe("15 minutes");
  });
});
