import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/api/client-address";
import { parseTrustProxy } from "@/lib/config/trust-proxy";

/** The headers a request reaches a route with: the connection's address is always the last hop. */
const forwarded = (...hops: string[]) => new Headers({ "x-forwarded-for": hops.join(", ") });

describe("clientAddress", () => {
  it("without TRUST_PROXY, is the connection's address, whatever the client wrote", () => {
    const trust = parseTrustProxy(undefined);
    expect(clientAddress(forwarded("198.51.100.1", "192.0.2.10"), trust)).toBe("192.0.2.10");
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.1", forwarded: "for=198.51.100.1", "x-forwarded-for": "192.0.2.10" }), trust)).toBe(
      "192.0.2.10",
    );
  });

  it("with TRUST_PROXY=1, is the hop the proxy appended, left of the connection's address, not one the client wrote", () => {
    // Two hops written by the client, so counting from the wrong end, not at all, or too far each gives another address.
    const chain = forwarded("198.51.100.1", "198.51.100.2", "203.0.113.5", "10.0.0.2");
    expect(clientAddress(chain, parseTrustProxy("1"))).toBe("203.0.113.5");
  });

  it("with a hop count, is that many hops left of the connection's address, or the leftmost there is", () => {
    expect(clientAddress(forwarded("198.51.100.1", "203.0.113.5", "10.0.0.3", "10.0.0.2"), parseTrustProxy("2"))).toBe("203.0.113.5");
    expect(clientAddress(forwarded("10.0.0.2"), parseTrustProxy("2"))).toBe("10.0.0.2");
  });

  it("with proxies' addresses and ranges, skips them from the right", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 2001:db8::1");
    expect(clientAddress(forwarded("198.51.100.1", "203.0.113.5", "2001:db8::1", "10.1.2.3"), trust)).toBe("203.0.113.5");
    expect(clientAddress(forwarded("198.51.100.1", "::ffff:10.1.2.3"), trust)).toBe("198.51.100.1");
    expect(clientAddress(forwarded("203.0.113.5"), trust)).toBe("203.0.113.5");
  });

  it("refuses a TRUST_PROXY that is neither a hop count nor addresses", () => {
    expect(() => parseTrustProxy("yes please")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
  });
});
