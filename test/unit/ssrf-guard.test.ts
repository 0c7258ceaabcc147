import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDestination, connectGuard, DestinationRefusedError, forbiddenAddressKind } from "@/lib/outbound/ssrf-guard";

describe("forbiddenAddressKind", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fd00::1", "unique-local"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["64:ff9b::7f00:1", "reserved"],
    // 6to4: 2002:AABB:CCDD:: carries AA.BB.CC.DD.
    ["2002:7f00:1::", "loopback (carried in IPv6)"],
    ["2002:a9fe:a9fe::1", "link-local (carried in IPv6)"],
    ["2002:c0a8:101:0:0:0:0:1", "private (carried in IPv6)"],
    ["2002:0a00:0001::", "private (carried in IPv6)"],
    // Teredo: the server in bits 32-63, the client inverted in the last 32 bits.
    ["2001:0:7f00:1::", "loopback (carried in IPv6)"],
    ["2001:0:5db8:d822:0:0:f5ff:fffe", "private (carried in IPv6)"],
    ["2001:0:c0a8:101::", "private (carried in IPv6)"],
    ["2001:0000:4136:e378:8000:63bf:3fff:fdd2", undefined],
    // Every other form with an IPv4 address in its last 32 bits is judged as that address.
    ["::ffff:0:7f00:1", "loopback (carried in IPv6)"],
    ["::ffff:0:10.1.2.3", "private (carried in IPv6)"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "link-local"],
    ["2001:db8::5efe:7f00:1", "loopback (carried in IPv6)"],
    ["2001:db8::200:5efe:c0a8:101", "private (carried in IPv6)"],
    ["::ffff:0:8.8.8.8", undefined],
  ])("%s is %s", (address, kind) => {
    expect(forbiddenAddressKind(address)).toBe(kind);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "172.32.0.1", "2002:5db8:d822::1", "2001:db8::1"])("%s is public", (address) => {
    expect(forbiddenAddressKind(address)).toBeUndefined();
  });
});

describe("checkDestination (request time)", () => {
  const publicResolver = async () => [{ address: "93.184.216.34", family: 4 }];

  it.each(["http://127.0.0.1:8080/x", "http://169.254.169.254/latest", "http://[::1]/x", "http://10.0.0.1/x", "http://2130706433/", "http://[::ffff:0:7f00:1]/"])(
    "refuses %s",
    async (url) => {
      await expect(checkDestination(new URL(url), [], publicResolver)).rejects.toBeInstanceOf(DestinationRefusedError);
    },
  );

  it("refuses a host name that resolves to a private address, naming both", async () => {
    const resolver = async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.1.2.3", family: 4 }];
    await expect(checkDestination(new URL("https://internal.example/x"), [], resolver)).rejects.toThrow(
      "internal.example (10.1.2.3) is a private address",
    );
  });

  it("refuses a host name that does not resolve", async () => {
    const resolver = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    await expect(checkDestination(new URL("https://nowhere.example/"), [], resolver)).rejects.toThrow("does not resolve");
  });

  it("lets EXPORT_ALLOWED_HOSTS entries through, by host and port", async () => {
    await expect(checkDestination(new URL("http://127.0.0.1:8080/x"), ["127.0.0.1:8080"])).resolves.toBeUndefined();
    await expect(checkDestination(new URL("http://[::1]/x"), ["[::1]:80"])).resolves.toBeUndefined();
    await expect(checkDestination(new URL("http://127.0.0.1:8081/x"), ["127.0.0.1:8080"])).rejects.toThrow(/loopback/);
  });

  it("accepts a public host", async () => {
    await expect(checkDestination(new URL("https://example.com/x"), [], publicResolver)).resolves.toBeUndefined();
  });
});

describe("connectGuard (connect time)", () => {
  let server: http.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("reached"));
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(url: URL, lookup: ReturnType<typeof connectGuard>["lookup"]) {
    return new Promise<string>((resolve, reject) => {
      http.get(url, { lookup, agent: false }, (res) => {
        res.setEncoding("utf8");
        let body = "";
        res.on("data", (c) => (body += c)).on("end", () => resolve(body));
      }).on("error", reject);
    });
  }

  it("refuses a name that resolved to a public address at request time but to loopback when connecting", async () => {
    const answers = [[{ address: "93.184.216.34", family: 4 }], [{ address: "127.0.0.1", family: 4 }]];
    const rebinding = async () => answers.shift()!;
    const url = new URL(`http://rebind.example:${port}/`);
    await checkDestination(url, [], rebinding);
    const { lookup } = connectGuard(url, [], rebinding);
    await expect(get(url, lookup)).rejects.toThrow("rebind.example (127.0.0.1) is a loopback address");
    expect(connections).toBe(0);
  });

  it("passes public addresses through, in both lookup forms", async () => {
    const { lookup } = connectGuard(new URL("https://public.example/"), [], async () => [{ address: "93.184.216.34", family: 4 }]);
    const one = await new Promise((resolve) => lookup!("public.example", {}, (err, address, family) => resolve({ err, address, family })));
    expect(one).toEqual({ err: null, address: "93.184.216.34", family: 4 });
    const all = await new Promise((resolve) => lookup!("public.example", { all: true }, (err, addresses) => resolve({ err, addresses })));
    expect(all).toEqual({ err: null, addresses: [{ address: "93.184.216.34", family: 4 }] });
  });

  it("needs no lookup for an allowed host", () => {
    expect(connectGuard(new URL(`http://allowed.example:${port}/`), [`allowed.example:${port}`])).toEqual({});
  });

  it("throws for a forbidden IP literal, which Node dials without a lookup", () => {
    expect(() => connectGuard(new URL(`http://127.0.0.1:${port}/`), [])).toThrow(DestinationRefusedError);
    expect(connectGuard(new URL(`http://127.0.0.1:${port}/`), [`127.0.0.1:${port}`])).toEqual({});
  });
});
