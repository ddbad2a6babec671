import { describe, expect, it } from "vitest";
import { DISPATCH_MESSAGES, dispatchInputSchema, parseOrderFilter } from "./admin-orders";

describe("tracking number input", () => {
  it("trims, upper-cases and drops spaces; refuses anything but 8-40 letters and digits with a clear message", () => {
    const parse = (trackingNumber: unknown) => dispatchInputSchema.safeParse({ intent: "dispatch", orderId: "100001", trackingNumber });
    expect(parse("  ab123456789gb ")).toMatchObject({ success: true, data: { trackingNumber: "AB123456789GB", orderId: 100001 } });
    expect(parse("AB 1234 5678 9GB")).toMatchObject({ success: true, data: { trackingNumber: "AB123456789GB" } });
    expect(parse("A".repeat(40))).toMatchObject({ success: true });
    for (const bad of ["AB12345", "A".repeat(41), "AB-123456789GB", "<script>x</script>", "AB123456789GB\u0000", "ÅB123456789GB"]) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(DISPATCH_MESSAGES.trackingInvalid);
    }
    for (const empty of ["", "   ", undefined]) {
      expect(parse(empty).error!.issues[0]!.message).toBe(DISPATCH_MESSAGES.trackingRequired);
    }
  });

  it("refuses order ids that are not order numbers (without reaching SQL)", () => {
    for (const orderId of ["", "abc", "0", "-5", "1.5", "99999999999", "1e3x"]) {
      const result = dispatchInputSchema.safeParse({ intent: "dispatch", orderId, trackingNumber: "AB123456789GB" });
      expect(result.success, orderId).toBe(false);
    }
    expect(dispatchInputSchema.safeParse({ intent: "delete", orderId: "1", trackingNumber: "AB123456789GB" }).error!.issues[0]!.message).toBe(
      DISPATCH_MESSAGES.unknownIntent,
    );
  });

  it("unknown filters mean the dispatch queue", () => {
    expect(parseOrderFilter(null)).toBe("to-dispatch");
    expect(parseOrderFilter("DROP TABLE")).toBe("to-dispatch");
    expect(parseOrderFilter("failed")).toBe("failed");
  });
});
