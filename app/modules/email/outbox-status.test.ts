import { describe, expect, it } from "vitest";
import { OUTBOX_MESSAGES, outboxStatus, parseOutboxFilter, resendRefusal } from "./outbox-status";

const row = (r: Partial<Parameters<typeof outboxStatus>[0]>) => ({ sentAt: null, attempts: 0, lastError: null, redactedAt: null, ...r });

describe("outbox status and resend", () => {
  it("names each state and offers resend for failing and given-up emails only", () => {
    const cases = [
      [row({}), "queued", OUTBOX_MESSAGES.alreadyQueued],
      [row({ attempts: 1, sentAt: new Date() }), "sent", OUTBOX_MESSAGES.alreadySent],
      [row({ attempts: 3, lastError: "timeout" }), "failing", null],
      [row({ attempts: 8, lastError: "timeout" }), "given-up", null],
      [row({ attempts: 1, lastError: "SMTP_URL is not set", redactedAt: new Date() }), "given-up", OUTBOX_MESSAGES.redacted],
    ] as const;
    for (const [r, status, refusal] of cases) {
      expect(outboxStatus(r)).toBe(status);
      expect(resendRefusal(r)).toBe(refusal);
    }
  });

  it("reads the status filter, anything else being all", () => {
    expect(parseOutboxFilter("given-up")).toBe("given-up");
    expect(parseOutboxFilter("__proto__")).toBe("all");
    expect(parseOutboxFilter(null)).toBe("all");
  });
});
