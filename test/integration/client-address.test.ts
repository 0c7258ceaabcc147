import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../helpers/server-process";

const MAX_FAILURES = 3;

/** A wrong password for a new email each time (so only the per-address throttle can refuse), with `forwardedFor` as X-Forwarded-For. */
async function failedSignIn(server: ServerProcess, forwardedFor: string, attempt: number): Promise<number> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const answer = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ csrfToken, email: `nobody-${attempt}-${Math.random()}@example.com`, password: "not the password" }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

async function serverWith(env: Record<string, string>): Promise<ServerProcess> {
  return startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-client-address-")), SIGN_IN_MAX_FAILURES: String(MAX_FAILURES), ...env });
}

describe("client addresses without TRUST_PROXY", () => {
  let server: ServerProcess;
  beforeAll(async () => void (server = await serverWith({})), 120_000);
  afterAll(() => server?.kill());

  it("a spoofed X-Forwarded-For does not escape the per-address sign-in throttle: the connection's address counts", async () => {
    const statuses = [];
    for (let attempt = 0; attempt <= MAX_FAILURES; attempt++) statuses.push(await failedSignIn(server, `198.51.100.${attempt + 1}`, attempt));
    expect(statuses.slice(0, MAX_FAILURES).every((status) => status !== 429)).toBe(true);
    expect(statuses[MAX_FAILURES]).toBe(429);
  }, 60_000);
});

describe("client addresses with TRUST_PROXY=1 (one proxy in front)", () => {
  let server: ServerProcess;
  beforeAll(async () => void (server = await serverWith({ TRUST_PROXY: "1" })), 120_000);
  afterAll(() => server?.kill());

  it("the address the proxy appended is the client's: it is throttled, whatever the client wrote before it, and other clients are not", async () => {
    const statuses = [];
    // The client writes two hops of its own, new ones each time: read from the wrong end, or further
    // than one hop, the address would change every time and never be throttled.
    for (let attempt = 0; attempt <= MAX_FAILURES; attempt++) {
      statuses.push(await failedSignIn(server, `198.51.100.${attempt + 1}, 10.9.9.${attempt + 1}, 203.0.113.5`, attempt));
    }
    expect(statuses.slice(0, MAX_FAILURES).every((status) => status !== 429)).toBe(true);
    expect(statuses[MAX_FAILURES]).toBe(429);
    // The proxy (this test, on loopback) is not the client: another client behind it may still try.
    // Without the hop count, every attempt would have counted against the loopback address.
    expect(await failedSignIn(server, "203.0.113.6", 99)).not.toBe(429);
  }, 60_000);
});
