// The fetcher's address rule: only global unicast addresses that are not this host's own.
import { describe, expect, it } from "vitest";
import { hostAddresses, isNonPublicAddress } from "~/fetcher/address-policy.server";

/** Addresses and why each is refused; the host's own addresses are given explicitly so the table is machine-independent. */
const REFUSED: [string, string][] = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.1.2.3", "private"],
  ["172.20.0.1", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "this network"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.2", "documentation (TEST-NET-1)"],
  ["198.51.100.7", "documentation (TEST-NET-2)"],
  ["203.0.113.9", "documentation (TEST-NET-3)"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback, as written in a URL"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["fd00::2", "unique local"],
  ["fc00::1", "unique local"],
  ["ff02::1", "multicast"],
  ["2001:db8::1", "documentation"],
  ["100::1", "discard-only"],
  ["2001:10::1", "ORCHID"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:192.0.2.2", "IPv4-mapped documentation"],
  ["64:ff9b::a00:1", "NAT64 of a private address"],
  ["2002:7f00:1::", "6to4 tunnel"],
  ["2002:808:808::1", "6to4 tunnel, even to a public address"],
  ["2001::1", "Teredo tunnel"],
  ["203.0.113", "not an address"],
  ["example.gov", "not an address"],
  ["", "empty"],
];

/**
 * Deprecated and IPv4-embedding IPv6 forms, some of which ipaddr.js calls "unicast" (address-policy.server.ts
 * NOT_GLOBAL_IPV6 lists those); none is a public host. The host's own addresses are again given as none.
 */
const REFUSED_IPV6_FORMS: [string, string][] = [
  ["::7f00:1", "IPv4-compatible loopback, as a URL writes [::127.0.0.1]"],
  ["::127.0.0.1", "IPv4-compatible loopback, dotted (not IPv4-mapped: no ffff)"],
  ["::a00:1", "IPv4-compatible private"],
  ["::a9fe:a9fe", "IPv4-compatible link-local (cloud metadata)"],
  ["::808:808", "IPv4-compatible, even of a public address (deprecated, RFC 4291)"],
  ["::8.8.8.8", "IPv4-compatible public, dotted"],
  ["::2", "IETF-reserved ::/8"],
  ["::ffff:0:7f00:1", "IPv4-translated loopback (RFC 2765)"],
  ["::ffff:0:808:808", "IPv4-translated public (RFC 2765)"],
  ["fec0::1", "deprecated site-local"],
  ["feff::1", "deprecated site-local, its last block"],
  ["3ffe::1", "6bone"],
  ["3ffe:ffff::1", "6bone, its last block"],
  ["64:ff9b:1::a00:1", "local-use NAT64 of a private address (RFC 8215)"],
  ["64:ff9b:1::808:808", "local-use NAT64 of a public address (RFC 8215)"],
  ["2001:10::1", "ORCHID"],
  ["2001:1f::1", "ORCHID, its last block"],
  ["2001:20::1", "ORCHIDv2"],
  ["2001:2f::1", "ORCHIDv2, its last block"],
  ["100::1", "discard-only"],
  ["100::ffff:7f00:1", "discard-only, IPv4 in its tail"],
  ["100:0:0:1::1", "IETF-reserved 100::/8 beyond the discard /64"],
  ["2001:1::5", "IETF protocol assignments"],
  ["2001:2::1", "IETF protocol assignments: benchmarking"],
  ["2001:1ff::1", "IETF protocol assignments, the last block"],
  ["4000::1", "not allocated for global unicast (outside 2000::/3)"],
  ["e000::1", "not allocated for global unicast (outside 2000::/3)"],
];

const PUBLIC = [
  "8.8.8.8",
  "152.216.7.110",
  "1.1.1.1",
  "2606:4700::6810:84e5",
  "2a00:1450:4001:82b::200e",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::808:808",
  "64:ff9b::8.8.8.8",
  "2001:200::1",
  "2620:0:ccc::2",
];

describe("isNonPublicAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address) => {
    expect(isNonPublicAddress(address, new Set())).toBe(true);
  });

  it.each(REFUSED_IPV6_FORMS)("refuses the IPv6 form %s (%s)", (address) => {
    expect(isNonPublicAddress(address, new Set())).toBe(true);
  });

  it.each(PUBLIC)("allows the public address %s", (address) => {
    expect(isNonPublicAddress(address, new Set())).toBe(false);
  });

  it("refuses the host's own addresses, even public ones, in any spelling", () => {
    const own = new Set(["8.8.4.4", "2606:4700:0:0:0:0:0:1111"]);
    expect(isNonPublicAddress("8.8.4.4", own)).toBe(true);
    expect(isNonPublicAddress("::ffff:8.8.4.4", own)).toBe(true);
    expect(isNonPublicAddress("2606:4700::1111", own)).toBe(true);
    expect(isNonPublicAddress("8.8.8.8", own)).toBe(false);
  });

  it("knows this host's interface addresses, loopback included", () => {
    const own = hostAddresses();
    expect(own.has("127.0.0.1")).toBe(true);
    for (const address of own) expect(isNonPublicAddress(address), address).toBe(true);
  });
});
