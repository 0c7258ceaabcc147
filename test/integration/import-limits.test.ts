import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/asset/upload/url/route";
import { fixture, pollAsset, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { eventually } from "../helpers/eventually";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { startSourceServer, type SourceServer } from "../helpers/source-server";
import { startTestApp, type TestApp } from "../helpers/test-app";

const VIDEO = fixture("h264-aac.mp4");

async function startImport(token: string, url: string): Promise<{ asset: { id: string }; task: { id: string } }> {
  const response = await callRoute(importRoute.POST, "/api/asset/upload/url", { token, json: { name: "Trickled", url } });
  expect(response.status).toBe(201);
  return response.json();
}

/**
 * A source that sends a byte now and then holds its import (and the import's slot) for as long
 * as it likes. Imports have slots of their own and a per-user cap, so one user's slow imports
 * delay no one's upload check, nor another user's import.
 */
describe("slow imports beside upload checks", () => {
  let source: SourceServer;
  let t: TestApp;

  beforeAll(async () => {
    source = await startSourceServer({
      "/slow-a.mp4": { body: VIDEO, trickleEveryMs: 200 },
      "/slow-c.mp4": { body: VIDEO, trickleEveryMs: 200 },
    });
    // Five bytes a second pass a minimum rate of one: only the slots are under test here.
    t = await startTestApp("pglite", { EXPORT_ALLOWED_HOSTS: source.host, IMPORT_MIN_BYTES_PER_SECOND: "1" });
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  const open = (path: string) => source.requests.filter((r) => r.path === path && !r.closed).length;

  it("checks another user's upload, and starts a third user's import, while one user's imports trickle", async () => {
    const a = await t.createUser();
    for (let i = 0; i < 3; i++) await startImport(a.token, `${source.url}/slow-a.mp4`);
    await eventually(() => open("/slow-a.mp4") > 0 || undefined, 10_000, "the first import's request");

    const b = await t.createUser();
    const { url, asset } = await requestUpload(b.token, "Small upload");
    expect((await putUpload(url, VIDEO)).status).toBe(200);
    expect((await pollAsset(b.token, asset.id, (x) => x.status !== "waiting" && x.status !== "processing", 20_000)).status).toBe("ready");

    const c = await t.createUser();
    await startImport(c.token, `${source.url}/slow-c.mp4`);
    await eventually(() => open("/slow-c.mp4") > 0 || undefined, 10_000, "the third user's import's request");
    // IMPORTS_PER_USER (1): the first user's other two imports wait for theirs.
    expect(open("/slow-a.mp4")).toBe(1);
  });
});

describe("an import's minimum rate and deadline", () => {
  let source: SourceServer;
  let t: TestApp;

  beforeAll(async () => {
    source = await startSourceServer({ "/slow.mp4": { body: VIDEO, ranges: true, trickleEveryMs: 200 } });
    t = await startTestApp("pglite", { EXPORT_ALLOWED_HOSTS: source.host, IMPORT_MIN_BYTES_PER_SECOND: "100", IMPORT_TIMEOUT: "30" });
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  it("cuts a source slower than IMPORT_MIN_BYTES_PER_SECOND off and tries again, then fails the import at IMPORT_TIMEOUT", async () => {
    const { token } = await t.createUser();
    const created = await startImport(token, `${source.url}/slow.mp4`);
    const asset = await pollAsset(token, created.asset.id, (x) => x.status === "failed", 50_000);
    expect(asset).toMatchObject({ status: "failed", errorMessage: "the import took longer than IMPORT_TIMEOUT (30 s)" });
    const requests = source.requests.filter((r) => r.path === "/slow.mp4");
    // The first attempt was cut off for its rate before the deadline: a second one resumed where it stopped.
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests[1].range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(requests.every((r) => r.closed)).toBe(true);
  }, 60_000);
});

/** A second user's API token on a running server, by `npm run token:create` as at its console (done through its admin socket). */
async function consoleToken(dataDir: string, email: string): Promise<string> {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/create-token.ts", "--email", email], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
  });
  return stdout.trim();
}

describe("slow imports on a production server", () => {
  let source: SourceServer;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    source = await startSourceServer({ "/slow.mp4": { body: VIDEO, trickleEveryMs: 200 } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-import-limits-"));
    server = await startServer({ DATA_DIR: dataDir, EXPORT_ALLOWED_HOSTS: source.host, IMPORT_MIN_BYTES_PER_SECOND: "1" });
  }, 120_000);
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await source?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("checks another user's upload while one user's imports trickle", async () => {
    for (let i = 0; i < 3; i++) {
      const imported = await api(server, "/api/asset/upload/url", { method: "POST", json: { name: `slow ${i}`, url: `${source.url}/slow.mp4` } });
      expect(imported.status).toBe(201);
    }
    await eventually(() => source.requests.some((r) => r.path === "/slow.mp4" && !r.closed) || undefined, 10_000, "an import's request");
    const token = await consoleToken(dataDir, "other@example.com");
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", token, json: { name: "small" } })).json();
    expect((await fetch(url, { method: "PUT", body: VIDEO, headers: { "content-type": "video/mp4" } })).status).toBe(200);
    const ready = await eventually(async () => {
      const status = (await (await api(server, `/api/asset/${asset.id}`, { token })).json()).status;
      return status === "ready" || status === "failed" ? status : undefined;
    }, 20_000, "the upload's check");
    expect(ready).toBe("ready");
    expect(source.requests.filter((r) => r.path === "/slow.mp4" && !r.closed)).toHaveLength(1);
  }, 60_000);
});
