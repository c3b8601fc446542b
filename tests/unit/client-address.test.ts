// Who is calling: the address server.ts puts in the load context, and the rate-limit key made from it.
import { describe, expect, it } from "vitest";
import { resolveClientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";

describe("resolveClientAddress", () => {
  it("uses the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", 0)).toBe("203.0.113.9");
    expect(resolveClientAddress("203.0.113.9", undefined, 0)).toBe("203.0.113.9");
  });

  it("takes the N-th entry from the right with N trusted proxies, never the client-written first one", () => {
    const header = "6.6.6.6, 198.51.100.7, 10.0.0.2";
    expect(resolveClientAddress("10.0.0.1", header, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.1", header, 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", header, 3)).toBe("6.6.6.6");
  });

  it("joins repeated X-Forwarded-For headers in order", () => {
    expect(resolveClientAddress("10.0.0.1", ["6.6.6.6", "198.51.100.7, 10.0.0.2"], 2)).toBe("198.51.100.7");
  });

  it("falls back to the socket when the header has fewer entries than proxies, or an entry is not an address", () => {
    expect(resolveClientAddress("10.0.0.1", "198.51.100.7", 2)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "", 1)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "not-an-address", 1)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "198.51.100.7, <script>", 1)).toBe("10.0.0.1");
  });

  it("normalises IPv4-mapped IPv6 to IPv4 and IPv6 to its canonical text", () => {
    expect(resolveClientAddress("::ffff:127.0.0.1", undefined, 0)).toBe("127.0.0.1");
    expect(resolveClientAddress("10.0.0.1", "::ffff:198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("2001:0db8:0000:0000:0000:0000:0000:0001", undefined, 0)).toBe("2001:db8::1");
  });

  it("says unknown when the socket has no address and nothing is trusted", () => {
    expect(resolveClientAddress(undefined, "198.51.100.7", 0)).toBe("unknown");
  });
});

describe("addressRateKey", () => {
  it("keeps IPv4 addresses whole", () => {
    expect(addressRateKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressRateKey("198.51.100.8")).not.toBe(addressRateKey("198.51.100.7"));
  });

  it("keys IPv6 by its /64, so one subscriber cannot walk through fresh addresses", () => {
    const a = addressRateKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressRateKey("2001:db8:1:2::1")).toBe(a);
    expect(addressRateKey("2001:db8:1:3::1")).not.toBe(a);
  });

  it("keys an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressRateKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("passes anything that is not an address through unchanged", () => {
    expect(addressRateKey("unknown")).toBe("unknown");
  });
});
