// Which IP addresses the fetcher may connect to: global unicast only, and never one of this host's own
// addresses. Feeds and article pages are on the public internet; anything else (loopback, private networks,
// cloud metadata, documentation and benchmarking ranges, multicast, tunnels) is a way into our own network.
import net from "node:net";
import os from "node:os";
import ipaddr from "ipaddr.js";

/**
 * IPv6 ranges that carry an IPv4 address in their last 32 bits: the embedded address decides
 * (`::ffff:10.0.0.1` is 10.0.0.1, and NAT64's `64:ff9b::a00:1` reaches 10.0.0.1 through the translator).
 */
const IPV4_CARRYING_RANGES = new Set(["ipv4Mapped", "rfc6052"]);

function embeddedIPv4(address: ipaddr.IPv6) {
  const [high, low] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The address in one canonical text, IPv4 carried in IPv6 as IPv4; undefined when it is not an IP address. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // net.isIP, not ipaddr.isValid: only the standard notations, not legacy forms such as "10.1".
  if (!net.isIP(text)) return undefined;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6" && IPV4_CARRYING_RANGES.has(parsed.range())) return embeddedIPv4(parsed as ipaddr.IPv6);
  return parsed;
}

/** Every address of this host's network interfaces (loopback, LAN, and a public one if it has one). */
export function hostAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      const parsed = canonical(entry.address);
      if (parsed) addresses.add(parsed.toNormalizedString());
    }
  }
  return addresses;
}

/**
 * True unless the address is global unicast and not this host's own. ipaddr.js names every special range
 * (private, loopback, linkLocal, uniqueLocal, carrierGradeNat, reserved, which holds the documentation and
 * benchmarking ranges, multicast, broadcast, unspecified, 6to4, teredo ...); only "unicast" is public.
 * 6to4 and Teredo are refused outright: they are tunnels whose far end we cannot judge. Text that is
 * not an IP address is refused too.
 */
export function isNonPublicAddress(address: string, ownAddresses: Set<string> = hostAddresses()): boolean {
  const parsed = canonical(address);
  if (!parsed) return true;
  if (parsed.range() !== "unicast") return true;
  return ownAddresses.has(parsed.toNormalizedString());
}
