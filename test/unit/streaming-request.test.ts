import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { sendStreamingRequest } from "@/lib/outbound/streaming-request";

let server: http.Server | undefined;

async function serve(handler: http.RequestListener): Promise<URL> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const TIMEOUTS = { idleMs: 10_000, totalMs: 10_000 };

describe("sendStreamingRequest", () => {
  it("succeeds when the server answers 2xx before Node has finished the request", async () => {
    const url = await serve(async (req, res) => {
      let got = 0;
      for await (const chunk of req) {
        got += chunk.length;
        // Answer as soon as Content-Length bytes are in, as object stores do.
        if (got >= 4) return res.writeHead(200).end("ok");
      }
    });
    async function* body() {
      yield Buffer.from("data");
      await delay(50);
    }
    const answer = await sendStreamingRequest({
      url,
      method: "PUT",
      headers: { "content-length": "4" },
      body: Readable.from(body()),
      responseBodyLimit: 200,
      timeouts: TIMEOUTS,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("ok");
  });

  it("stops sending when the server refuses early, and reports its answer", async () => {
    const url = await serve((_req, res) => res.writeHead(413).end("too big"));
    let produced = 0;
    const source = new Readable({
      read() {
        produced += 65536;
        this.push(produced > 64 * 1024 * 1024 ? null : Buffer.alloc(65536));
      },
    });
    const answer = await sendStreamingRequest({
      url,
      method: "PUT",
      headers: { "content-length": String(64 * 1024 * 1024) },
      body: source,
      responseBodyLimit: 200,
      timeouts: TIMEOUTS,
    });
    expect(answer).toMatchObject({ status: 413 });
    expect(answer.body.toString()).toBe("too big");
    expect(source.destroyed).toBe(true);
    expect(produced).toBeLessThan(64 * 1024 * 1024);
  });

  it("cuts off a destination that reads the body and never answers, at the overall deadline", async () => {
    const url = await serve((req) => void req.resume());
    const started = Date.now();
    await expect(
      sendStreamingRequest({
        url,
        method: "PUT",
        headers: { "content-length": "1" },
        body: Readable.from([Buffer.from("x")]),
        responseBodyLimit: 200,
        timeouts: { idleMs: 60_000, totalMs: 300 },
      }),
    ).rejects.toMatchObject({ code: "ETIMEDOUT", message: "not done within 0 s" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("cuts off a connection that moves no bytes for the idle time", async () => {
    const url = await serve((req) => void req.resume());
    await expect(
      sendStreamingRequest({
        url,
        method: "PUT",
        headers: { "content-length": "1" },
        body: Readable.from([Buffer.from("x")]),
        responseBodyLimit: 200,
        timeouts: { idleMs: 200, totalMs: 60_000 },
      }),
    ).rejects.toMatchObject({ code: "ETIMEDOUT", message: "no progress for 0.2 s" });
  });

  it("rejects when the connection is lost before an answer", async () => {
    const url = await serve((req) => req.socket.destroy());
    await expect(
      sendStreamingRequest({ url, method: "PUT", headers: { "content-length": "1" }, body: Readable.from([Buffer.from("x")]), responseBodyLimit: 200, timeouts: TIMEOUTS }),
    ).rejects.toMatchObject({ code: "ECONNRESET" });
  });
});
