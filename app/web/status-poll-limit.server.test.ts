import { describe, expect, it } from "vitest";
import { createStatusPollLimiter, STATUS_POLL_LIMITS } from "./status-poll-limit.server";

describe("the drop status poll limit", () => {
  it("lets a signed-in visitor ask up to the allowance, then says how long to wait; others keep theirs", async () => {
    const refusal = createStatusPollLimiter({ perAccountPerMinute: 3, perAddressPerMinute: 100 });
    const alice = { userId: "alice", address: "192.0.2.1" };
    for (let i = 0; i < 3; i++) expect(await refusal(alice)).toBeNull();
    const refused = await refusal(alice);
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another account at the same address is not held back by Alice's polls.
    expect(await refusal({ userId: "bob", address: "192.0.2.1" })).toBeNull();
  });

  it("counts visitors who are not signed in by address, those without one together", async () => {
    const refusal = createStatusPollLimiter({ perAccountPerMinute: 100, perAddressPerMinute: 2 });
    const anonymous = { userId: null, address: "198.51.100.7" };
    expect(await refusal(anonymous)).toBeNull();
    expect(await refusal(anonymous)).toBeNull();
    expect(await refusal(anonymous)).not.toBeNull();
    expect(await refusal({ userId: null, address: "198.51.100.8" })).toBeNull();
    // A signed-in visitor at the busy address has an allowance of their own.
    expect(await refusal({ userId: "carol", address: "198.51.100.7" })).toBeNull();
    expect(await refusal({ userId: null, address: null })).toBeNull();
    expect(await refusal({ userId: null, address: null })).toBeNull();
    expect(await refusal({ userId: null, address: null })).not.toBeNull();
  });

  it("allows a page asking once a second from two tabs, as the room's rules let it", () => {
    expect(STATUS_POLL_LIMITS.perAccountPerMinute).toBeGreaterThanOrEqual(2 * 60);
  });
});
