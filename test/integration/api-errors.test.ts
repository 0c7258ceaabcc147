import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catchAll from "@/app/api/[...path]/route";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { fixture, getAsset, getTask, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

function withQuery(url: string, change: (params: URLSearchParams) => void): string {
  const parsed = new URL(url);
  change(parsed.searchParams);
  return parsed.toString();
}

describe.each(testDatabaseKinds)("API errors on %s", (kind) => {
  let t: TestApp;
  let alice: { userId: string; token: string; tokenId: string };
  let bob: { userId: string; token: string; tokenId: string };

  beforeAll(async () => {
    t = await startTestApp(kind, { MAX_UPLOAD_BYTES: "100000" });
    alice = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(() => t.close());

  describe("authentication", () => {
    const endpoints = [
      () => callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { json: { name: "x" } }),
      () => callRoute(routes.assetList.GET, "/api/asset"),
      () => callRoute(routes.taskList.GET, "/api/task"),
    ];

    it("answers 401 without a token", async () => {
      for (const call of endpoints) await expectError(await call(), 401, /missing API token/);
    });

    it("answers 401 for an unknown token and a malformed header", async () => {
      await expectError(await callRoute(routes.assetList.GET, "/api/asset", { token: "vas_not-a-real-token" }), 401);
      const basic = await callRoute(routes.assetList.GET, "/api/asset", { headers: { authorization: "Basic abc" } });
      await expectError(basic, 401);
    });

    it("answers 401 for a revoked token", async () => {
      const carol = await t.createUser();
      expect((await callRoute(routes.assetList.GET, "/api/asset", { token: carol.token })).status).toBe(200);
      await revokeApiKey(t.app, { userId: carol.userId, id: carol.tokenId, now: t.app.now() });
      await expectError(await callRoute(routes.assetList.GET, "/api/asset", { token: carol.token }), 401, /revoked/);
    });
  });

  describe("ownership", () => {
    it("hides another user's asset and task behind 404", async () => {
      const { asset, task } = await requestUpload(alice.token);
      expect((await getAsset(alice.token, asset.id)).status).toBe(200);
      await expectError(await getAsset(bob.token, asset.id), 404);
      await expectError(await getTask(bob.token, task.id), 404);
      const del = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, {
        method: "DELETE",
        token: bob.token,
        params: { id: asset.id },
      });
      await expectError(del, 404);
      expect((await getAsset(alice.token, asset.id)).status).toBe(200);
    });

    it("answers 404 for ids that are not UUIDs and for unknown endpoints", async () => {
      await expectError(await getAsset(alice.token, "nope"), 404);
      await expectError(await getTask(alice.token, "00000000-0000-0000-0000-000000000000"), 404);
      await expectError(await callRoute(catchAll.GET, "/api/nothing-here"), 404);
    });

    it("lists only the caller's assets and tasks", async () => {
      await requestUpload(bob.token, "bob's");
      const assets = await (await callRoute(routes.assetList.GET, "/api/asset", { token: alice.token })).json();
      expect(assets.every((a: { userId: string }) => a.userId === alice.userId)).toBe(true);
      const tasks = await (await callRoute(routes.taskList.GET, "/api/task", { token: bob.token })).json();
      expect(tasks.length).toBeGreaterThan(0);
      for (const task of tasks) expect((await getTask(alice.token, task.id)).status).toBe(404);
    });
  });

  describe("request bodies and queries", () => {
    const post = (json: unknown) =>
      callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: alice.token, json });

    it("answers 400 for malformed JSON", async () => {
      await expectError(await post("{not json"), 400, /not valid JSON/);
    });

    it("answers 422 naming the field for a missing, empty, over-long or unknown field", async () => {
      await expectError(await post({}), 422, /^name: /);
      await expectError(await post({ name: "" }), 422, /name: must not be empty/);
      await expectError(await post({ name: "x".repeat(513) }), 422, /name: must be at most 512 characters/);
      await expectError(await post({ name: 42 }), 422, /name/);
      await expectError(await post({ name: "ok", colour: "red" }), 422, /colour: unknown field/);
      expect((await post({ name: "x".repeat(512) })).status).toBe(200);
    });

    it("answers 400 for a bad query", async () => {
      const list = (query: string) => callRoute(routes.assetList.GET, `/api/asset?${query}`, { token: alice.token });
      await expectError(await list("limit=0"), 400, /limit/);
      await expectError(await list("limit=abc"), 400, /limit/);
      await expectError(await list("cursor=garbage"), 400, /cursor/);
      const tasks = (query: string) => callRoute(routes.taskList.GET, `/api/task?${query}`, { token: alice.token });
      await expectError(await tasks("phase=sleeping"), 400, /phase/);
      await expectError(await tasks("assetId=12"), 400, /assetId/);
    });
  });

  describe("signed upload URLs", () => {
    it("answers 403 for a tampered signature, key, limit or expiry", async () => {
      const { url } = await requestUpload(alice.token);
      const tampered = [
        withQuery(url, (q) => q.set("signature", "0".repeat(64))),
        withQuery(url, (q) => q.set("signature", "short")),
        withQuery(url, (q) => q.set("key", "assets/other/source")),
        withQuery(url, (q) => q.set("max", "999999999999")),
        withQuery(url, (q) => q.set("expires", String(Number(q.get("expires")) + 1000))),
        withQuery(url, (q) => q.delete("signature")),
      ];
      for (const bad of tampered) await expectError(await putUpload(bad, fixture("h264-aac.mp4")), 403);
      const otherAsset = (await requestUpload(alice.token)).asset.id;
      await expectError(await putUpload(url.replace(/upload\/[^?]+/, `upload/${otherAsset}`), "x"), 403);
      expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    });

    it("answers 403 for an expired URL", async () => {
      const { url } = await requestUpload(alice.token);
      t.advanceClock(3600 * 1000 + 1);
      await expectError(await putUpload(url, fixture("h264-aac.mp4")), 403, /expired/);
    });

    it("answers 409 to a second PUT and keeps the first file", async () => {
      const { url, asset } = await requestUpload(alice.token);
      expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
      await expectError(await putUpload(url, fixture("hevc-aac.mp4")), 409, /already been used/);
      await t.app.runner.idle();
      const ready = await (await getAsset(alice.token, asset.id)).json();
      expect(ready.status).toBe("ready");
      expect(ready.size).toBe(fixture("h264-aac.mp4").length);
    });

    it("answers 413 past the size limit, declared or streamed, and leaves no file behind", async () => {
      const { url, asset } = await requestUpload(alice.token);
      const declared = await putUpload(url, "x", { "content-length": "100001" });
      await expectError(declared, 413, /upload limit of 100000 bytes/);
      const chunks = Readable.toWeb(Readable.from([Buffer.alloc(60_000), Buffer.alloc(60_000)]));
      await expectError(await putUpload(url, chunks as ReadableStream<Uint8Array>), 413);
      const objects = path.join(t.dataDir, "objects", "assets", asset.id);
      expect(fs.existsSync(objects) ? fs.readdirSync(objects) : []).toEqual([]);
      const still = await (await getAsset(alice.token, asset.id)).json();
      expect(still.status).toBe("waiting");
      expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    });

    it("accepts a chunked body with any Content-Type", async () => {
      const { url, asset } = await requestUpload(alice.token);
      const bytes = fixture("h264-aac.mp4");
      const body = Readable.toWeb(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      const put = await putUpload(url, body as ReadableStream<Uint8Array>, { "content-type": "application/x-anything" });
      expect(put.status).toBe(200);
      await t.app.runner.idle();
      expect((await (await getAsset(alice.token, asset.id)).json()).status).toBe("ready");
    });
  });

  describe("rate limit", () => {
    it("answers 429 with Retry-After past the per-token limit, and says what is left on every answer (RateLimit-*)", async () => {
      const limited = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "3" });
      const user = await limited.createUser();
      const list = () => callRoute(routes.assetList.GET, "/api/asset", { token: user.token });
      const left: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await list();
        expect(answer.status).toBe(200);
        expect(answer.headers.get("ratelimit-limit")).toBe("3");
        left.push(answer.headers.get("ratelimit-remaining")!);
        expect(Number(answer.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      }
      expect(left).toEqual(["2", "1", "0"]);
      const response = await list();
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      expect(response.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(Number(response.headers.get("retry-after")));
      await expectError(response, 429, /rate limit/);
      await limited.close();
    });
  });
});
