// Which IP addresses the fetcher may connect to: global unicast only, and never one of this host's own
// addresses. Feeds and article pages are on the public internet; anything else (loopback, private networks,
// cloud metadata, documentation and benchmarking ranges, multicast, tunnels) is a way into our own network.
import net from "node:net";
import os from "node:os";
import ipaddr from "ipaddr.js";

/**
 * IPv6 that carries an IPv4 address in its last 32 bits, where the embedded address decides: IPv4-mapped
 * (`::ffff:10.0.0.1` is 10.0.0.1) and the well-known NAT64 prefix (`64:ff9b::a00:1` reaches 10.0.0.1 through
 * the translator). ipaddr.js also files the local-use NAT64 64:ff9b:1::/48 under "rfc6052": NOT_GLOBAL_IPV6 refuses it.
 */
const IPV4_CARRYING = [ipaddr.parseCIDR("::ffff:0:0/96"), ipaddr.parseCIDR("64:ff9b::/96")];

/**
 * IPv6 prefixes that are not public hosts although ipaddr.js calls (some of) their addresses "unicast"; checked
 * after IPv4 carried in IPv6 has been judged as IPv4. Global unicast is 2000::/3 only (RFC 4291 §2.4; the IANA
 * IPv6 address space registry), so the first three rows refuse everything outside it. ipaddr.js itself already
 * names the rest: IPv4-translated ::ffff:0:0:0/96 (rfc6145), fec0::/10 (deprecatedSiteLocal), 100::/64 (discard),
 * ORCHID 2001:10::/28 and ORCHIDv2 2001:20::/28, Teredo and all of 2001::/23 (reserved, benchmarking, amt ...).
 */
const NOT_GLOBAL_IPV6: [prefix: string, why: string][] = [
  // Holds the deprecated IPv4-compatible ::/96 (RFC 4291 section 2.5.5.1: a URL's [::127.0.0.1] is ::7f00:1, loopback),
  // the rest of the IETF-reserved ::/8 and 100::/8, and the local-use NAT64 64:ff9b:1::/48 (RFC 8215), whose
  // translator is a network's own and whose IPv4 part may sit at any of RFC 6052's positions.
  ["::/3", "below global unicast: reserved, IPv4-compatible, local-use NAT64"],
  ["4000::/2", "above global unicast: unallocated"],
  ["8000::/1", "above global unicast: unallocated, unique local, link-local, site-local, multicast"],
  ["3ffe::/16", "the 6bone test network, returned (RFC 3701)"],
];

const NOT_GLOBAL_IPV6_RANGES = NOT_GLOBAL_IPV6.map(([prefix]) => ipaddr.parseCIDR(prefix));

function embeddedIPv4(address: ipaddr.IPv6) {
  const [high, low] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The address in one canonical text, IPv4 carried in IPv6 as IPv4; undefined when it is not an IP address. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // net.isIP, not ipaddr.isValid: only the standard notations, not legacy forms such as "10.1".
  if (!net.isIP(text)) return undefined;
  if (net.isIPv4(text)) return ipaddr.IPv4.parse(text);
  // Written out by the URL parser first: ipaddr.js reads "::127.0.0.1" as IPv4-mapped ::ffff:7f00:1,
  // but it is the IPv4-compatible ::7f00:1, which is what a URL and the resolver say.
  const parsed = ipaddr.IPv6.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1));
  if (IPV4_CARRYING.some((range) => parsed.match(range))) return embeddedIPv4(parsed);
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
 * 6to4 and Teredo are refused outright: they are tunnels whose far end we cannot judge. IPv6 that ipaddr.js
 * calls unicast but is not global is refused by NOT_GLOBAL_IPV6. Text that is not an IP address is refused too.
 */
export function isNonPublicAddress(address: string, ownAddresses: Set<string> = hostAddresses()): boolean {
  const parsed = canonical(address);
  if (!parsed) return true;
  if (parsed.range() !== "unicast") return true;
  if (parsed.kind() === "ipv6" && NOT_GLOBAL_IPV6_RANGES.some((range) => parsed.match(range))) return true;
  return ownAddresses.has(parsed.toNormalizedString());
}
