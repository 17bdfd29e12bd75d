import { describe, expect, it } from "vitest";
import { clientAddress, TrustedProxies } from "./client-address";

describe("clientAddress", () => {
  const proxies = TrustedProxies.parse("10.0.0.0/8, 127.0.0.1, fd00::/8");

  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", TrustedProxies.parse(""))).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For sent by a peer that is not a trusted proxy", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
  });

  it("reads the client from a trusted proxy's header, skipping trusted hops from the right", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1, 203.0.113.7, 10.1.2.3", proxies)).toBe("203.0.113.7");
  });

  it("does not let a client prepend addresses to the header to pick its own identity", () => {
    expect(clientAddress("127.0.0.1", "1.1.1.1, 2.2.2.2, 203.0.113.7", proxies)).toBe("203.0.113.7");
  });

  it("stops at a malformed hop rather than trusting what is left of it", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1, not-an-ip", proxies)).toBe("10.0.0.5");
  });

  it("treats IPv4-mapped IPv6 peers as their IPv4 address", () => {
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.7", proxies)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.9", undefined, proxies)).toBe("203.0.113.9");
  });

  it("matches IPv6 ranges and joins repeated headers", () => {
    expect(clientAddress("fd00::1", ["2001:db8::1", "fd00::2"], proxies)).toBe("2001:db8::1");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(() => TrustedProxies.parse("10.0.0.0/33")).toThrow(/prefix/);
    expect(() => TrustedProxies.parse("proxy.internal")).toThrow(/not an IP/);
  });
});
