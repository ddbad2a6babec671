/**
 * The network a client address belongs to, for limits "per connection": an IPv4 address as it
 * is (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address by its /64 — one home or one
 * server is given a whole /64, so counting single IPv6 addresses would let one machine take a
 * fresh address for every attempt.
 */
export function clientNetwork(address: string | null | undefined): string {
  const value = (address ?? "").trim().toLowerCase();
  if (!value) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  if (!value.includes(":")) return value;
  const [head = "", tail = ""] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = value.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+(?=.)/, "") || "0"))
    .join(":")}::/64`;
}
