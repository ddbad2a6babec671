import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("puts every address of one IPv6 /64 together, however it is written", () => {
    const net = "2001:db8:1:2::/64";
    expect(clientNetwork("2001:db8:1:2::1")).toBe(net);
    expect(clientNetwork("2001:0db8:0001:0002:abcd:ef01:2345:6789")).toBe(net);
    expect(clientNetwork("2001:DB8:1:2:ffff::")).toBe(net);
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(net);
  });
  it("expands a :: in the first half", () => {
    expect(clientNetwork("2001::1")).toBe("2001:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });
  it("names a missing address", () => {
    expect(clientNetwork(null)).toBe("unknown");
    expect(clientNetwork("  ")).toBe("unknown");
  });
});
