import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/api/inngest/route";
import { fixture, getAsset, putUpload, requestUpload } from "../helpers/api";
import { captureLog } from "../helpers/capture-log";
import { eventually } from "../helpers/eventually";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { startInngestDouble, type InngestDouble } from "../helpers/inngest-double";
import { startTestApp, type TestApp } from "../helpers/test-app";

const SIGNING_KEY = `signkey-prod-${crypto.randomBytes(32).toString("hex")}`;
const OTHER_KEY = `signkey-prod-${crypto.randomBytes(32).toString("hex")}`;
const PROCESS_UPLOAD = "video-asset-service-process-upload";

/** JSON with sorted keys and no spaces: the canonical form (RFC 8785) Inngest signs, for the plain data used here. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The X-Inngest-Signature header Inngest sends: HMAC-SHA256 under the key (without its `signkey-<env>-` prefix) of the body then the time. */
function signature(body: unknown, key: string, at = Math.floor(Date.now() / 1000)): string {
  const data = body === undefined ? "" : canonical(body);
  const mac = crypto.createHmac("sha256", key.replace(/^signkey-\w+-/, "")).update(data + String(at)).digest("hex");
  return `t=${at}&s=${mac}`;
}

function call(method: "GET" | "POST" | "PUT", query: string, options: { body?: unknown; signature?: string; host?: string } = {}) {
  const headers = new Headers({ "content-type": "application/json" });
  if (options.signature) headers.set("x-inngest-signature", options.signature);
  if (options.host) headers.set("host", options.host);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const request = new Request(`http://${options.host ?? "service.test"}/api/inngest${query}`, { method, headers, body });
  return route[method](request, { params: Promise.resolve({}) });
}

/**
 * `/api/inngest` runs our tasks with whatever step results its caller sends, so only Inngest may
 * call it: with a signing key configured, every call (a run, the description, a sync) must carry
 * a valid signature, even with INNGEST_DEV set, as the compose recipe once had it.
 */
describe("/api/inngest with a signing key", () => {
  let inngestServer: InngestDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;
  let run: Record<string, unknown>;

  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    t = await startTestApp("pglite", {
      INNGEST_DEV: "1",
      INNGEST_BASE_URL: inngestServer.url,
      INNGEST_EVENT_KEY: "event-key",
      INNGEST_SIGNING_KEY: SIGNING_KEY,
    });
    ({ token } = await t.createUser());
    const { url, asset } = await requestUpload(token, "Private");
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    assetId = asset.id;
    const event = inngestServer.events.find((e) => e.name === "video-assets/upload.queued");
    // A run's call with every step's result made up, down to a poster key of the attacker's choosing.
    const made = { data: { posterKey: "someone-else/video.mp4" } };
    run = {
      ctx: { attempt: 0, disable_immediate_execution: true, run_id: "01JRUN", stack: { current: 0, stack: [] }, use_api: false },
      event,
      events: [event],
      steps: Object.fromEntries(["start", "load-asset", "probe-mp4", "hash-file", "make-poster", "record-ready"].map((id) => [stepHash(id), made])),
      version: 1,
    };
  });
  afterAll(async () => {
    await t.close();
    await inngestServer.close();
  });

  it("answers 401 to a run's call that is unsigned, signed with another key, or signed long ago, and the asset is untouched", async () => {
    const query = `?fnId=${PROCESS_UPLOAD}&stepId=step`;
    const old = Math.floor(Date.now() / 1000) - 3600;
    for (const sig of [undefined, signature(run, OTHER_KEY), signature(run, SIGNING_KEY, old), "t=1&s=00"]) {
      const response = await call("POST", query, { body: run, signature: sig });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: ["a valid Inngest signature (X-Inngest-Signature, under INNGEST_SIGNING_KEY) is required"] });
    }
    const asset = await (await getAsset(token, assetId)).json();
    expect(asset.status).not.toBe("ready");
  });

  it("runs a call signed with the key", async () => {
    const fresh = { ...run, steps: {} };
    const response = await call("POST", `?fnId=${PROCESS_UPLOAD}&stepId=step`, { body: fresh, signature: signature(fresh, SIGNING_KEY) });
    expect(response.status).toBe(206);
  });

  it("answers 401 to an unsigned description or sync, and registers nothing at the caller's host", async () => {
    expect((await call("GET", "")).status).toBe(401);
    expect((await call("PUT", "", { host: "attacker.example" })).status).toBe(401);
    expect(inngestServer.registrations).toEqual([]);
  });

  it("describes and syncs the app for a signed call", async () => {
    expect((await call("GET", "", { signature: signature(undefined, SIGNING_KEY) })).status).toBe(200);
    expect((await call("PUT", "", { signature: signature(undefined, SIGNING_KEY) })).status).toBe(200);
    expect(inngestServer.registrations.map((r) => r.url)).toEqual(["http://service.test/api/inngest"]);
  });
});

describe("Inngest's dev server without a signing key", () => {
  it("warns at every start that /api/inngest takes unsigned calls", async () => {
    const inngestServer = await startInngestDouble();
    let t: TestApp | undefined;
    const logged = await captureLog(async () => {
      t = await startTestApp("pglite", { INNGEST_DEV: "1", INNGEST_BASE_URL: inngestServer.url });
    });
    await t?.close();
    await inngestServer.close();
    expect(logged).toContain("INNGEST_DEV is set and INNGEST_SIGNING_KEY is not");
  });
});

describe("/api/inngest of a production server with a signing key", () => {
  let inngestServer: InngestDouble;
  let server: ServerProcess;

  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    server = await startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-inngest-")),
      INNGEST_BASE_URL: inngestServer.url,
      INNGEST_EVENT_KEY: "event-key",
      INNGEST_SIGNING_KEY: SIGNING_KEY,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await inngestServer?.close();
  });

  it("runs a signed call and answers 401 to the same call unsigned or signed with another key", async () => {
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "on Inngest" } })).json();
    expect((await fetch(url, { method: "PUT", body: fixture("h264-aac.mp4"), headers: { "content-type": "video/mp4" } })).status).toBe(200);
    const event = await eventually(() => inngestServer.events.find((e) => e.name === "video-assets/upload.queued"), 10_000, "the upload's event");
    const body = { ctx: { attempt: 0, disable_immediate_execution: true, run_id: "01JRUN", stack: { current: 0, stack: [] }, use_api: false }, event, events: [event], steps: {}, version: 1 };
    const post = (signed?: string) =>
      fetch(`${server.url}/api/inngest?fnId=${PROCESS_UPLOAD}&stepId=step`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signed && { "x-inngest-signature": signed }) },
        body: JSON.stringify(body),
      });
    expect((await post()).status).toBe(401);
    expect((await post(signature(body, OTHER_KEY))).status).toBe(401);
    expect((await post(signature(body, SIGNING_KEY))).status).toBe(206);
    expect((await fetch(`${server.url}/api/inngest`, { method: "PUT" })).status).toBe(401);
    expect(inngestServer.registrations).toEqual([]);
    expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).not.toBe("ready");
  }, 60_000);
});

/** Inngest keys a step's result by the SHA-1 of its id. */
function stepHash(id: string): string {
  return crypto.createHash("sha1").update(id).digest("hex");
}
