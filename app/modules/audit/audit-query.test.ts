import { describe, expect, it } from "vitest";
import { describeDetails } from "./audit-query";

describe("describeDetails", () => {
  it("reads before/after objects as one change per field, the rest as facts", () => {
    expect(describeDetails({ kind: "order-dispatched", before: { attempts: 8, lastError: "550" }, after: { attempts: 0, lastError: null } })).toEqual({
      changes: [
        { field: "attempts", before: "8", after: "0" },
        { field: "lastError", before: "550", after: "—" },
      ],
      facts: [["kind", "order-dispatched"]],
    });
  });

  it("pairs previousX with x", () => {
    expect(describeDetails({ trackingNumber: "AB2", previousTrackingNumber: "AB1", note: "typo" })).toEqual({
      changes: [{ field: "trackingNumber", before: "AB1", after: "AB2" }],
      facts: [["note", "typo"]],
    });
  });

  it("a field on one side only, nested values, and odd shapes", () => {
    expect(describeDetails({ after: { name: "New", tags: ["a"] } }).changes).toEqual([
      { field: "name", before: "—", after: "New" },
      { field: "tags", before: "—", after: '["a"]' },
    ]);
    expect(describeDetails(null)).toEqual({ changes: [], facts: [] });
    expect(describeDetails(["x"])).toEqual({ changes: [], facts: [["details", '["x"]']] });
    expect(describeDetails({ previousOnly: 1 })).toEqual({ changes: [], facts: [["previousOnly", "1"]] });
  });
});
