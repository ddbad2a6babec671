import { describe, expect, it } from "vitest";
import { BUYLIST_STATUSES, canMove, formatSubmissionReference, parseSubmissionReference, type BuylistActor, type BuylistStatus } from "./status";

describe("canMove", () => {
  const allowed: Array<[BuylistStatus, BuylistStatus, BuylistActor]> = [
    ["submitted", "withdrawn", "customer"],
    ["quoted", "accepted", "customer"],
    ["quoted", "declined", "customer"],
    ["accepted", "shipped", "customer"],
    ["quoted", "expired", "system"],
    ["submitted", "quoted", "admin"],
    ["submitted", "rejected", "admin"],
    ["quoted", "quoted", "admin"],
    ["accepted", "received", "admin"],
    ["shipped", "received", "admin"],
    ["received", "graded", "admin"],
    ["received", "returned", "admin"],
    ["graded", "paid", "admin"],
    ["graded", "returned", "admin"],
  ];

  it("allows exactly the listed moves", () => {
    const key = (f: string, t: string, a: string) => `${f}>${t}>${a}`;
    const expected = new Set(allowed.map(([f, t, a]) => key(f, t, a)));
    for (const actor of ["customer", "admin", "system"] as const) {
      for (const from of BUYLIST_STATUSES) {
        for (const to of BUYLIST_STATUSES) {
          expect(canMove(from, to, actor), key(from, to, actor)).toBe(expected.has(key(from, to, actor)));
        }
      }
    }
  });

  it("never lets a customer accept their own quote after it expired, or withdraw once quoted", () => {
    expect(canMove("expired", "accepted", "customer")).toBe(false);
    expect(canMove("quoted", "withdrawn", "customer")).toBe(false);
    expect(canMove("paid", "returned", "admin")).toBe(false);
  });
});

describe("submission references", () => {
  it("formats and parses", () => {
    expect(formatSubmissionReference(5001)).toBe("SL-5001");
    expect(parseSubmissionReference("SL-5001")).toBe(5001);
    expect(parseSubmissionReference(" sl5001 ")).toBe(5001);
    expect(parseSubmissionReference("5001")).toBe(5001);
    expect(parseSubmissionReference("SL-")).toBeNull();
    expect(parseSubmissionReference("SL-0")).toBeNull();
    expect(parseSubmissionReference("SL-99999999999")).toBeNull();
    expect(parseSubmissionReference("SL-1; drop")).toBeNull();
  });
});
