import { describe, expect, it } from "vitest";
import { addressKey, createStatusPollLimiter, STATUS_POLL_LIMITS } from "./status-poll-limit.server";

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

  it("counts an IPv6 visitor by the /64 they are given, and an IPv4-mapped address as the IPv4 one", async () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe(addressKey("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::ffff:192.0.2.9")).toBe("192.0.2.9");
    expect(addressKey("not an address")).toBe("unknown");
    const refusal = createStatusPollLimiter({ perAccountPerMinute: 100, perAddressPerMinute: 1 });
    expect(await refusal({ userId: null, address: "2001:db8:1:2::10" })).toBeNull();
    expect(await refusal({ userId: null, address: "2001:db8:1:2::11" })).not.toBeNull();
  });

  it("allows a page asking once a second from two tabs, as the room's rules let it", () => {
    expect(STATUS_POLL_LIMITS.perAccountPerMinute).toBeGreaterThanOrEqual(2 * 60);
  });
});
