import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { fixture, getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const nextLink = (response: Response) => response.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];

describe.each(testDatabaseKinds)("assets and tasks on %s", (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it("pages through assets newest first with Link rel=next", async () => {
    const names = ["one", "two", "three", "four", "five"];
    for (const name of names) {
      await requestUpload(token, name);
      t.advanceClock(1);
    }
    const seen: string[] = [];
    let url: string | undefined = "/api/asset?limit=2";
    while (url) {
      const response = await callRoute(routes.assetList.GET, url, { token });
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((a: { name: string }) => a.name));
      url = nextLink(response);
    }
    expect(seen).toEqual([...names].reverse());
  });

  it("filters tasks by asset, type and phase", async () => {
    const { url, asset, task } = await requestUpload(token, "filtered");
    const byAsset = await callRoute(routes.taskList.GET, `/api/task?assetId=${asset.id}`, { token });
    expect((await byAsset.json()).map((x: { id: string }) => x.id)).toEqual([task.id]);
    await putUpload(url, fixture("h264-aac.mp4"));
    await t.app.runner.idle();
    const completed = await (
      await callRoute(routes.taskList.GET, "/api/task?type=upload&phase=completed", { token })
    ).json();
    expect(completed.map((x: { id: string }) => x.id)).toContain(task.id);
    const pending = await (await callRoute(routes.taskList.GET, "/api/task?phase=pending", { token })).json();
    expect(pending.map((x: { id: string }) => x.id)).not.toContain(task.id);
  });

  it("serves the file at downloadUrl with Range support", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { url, asset } = await requestUpload(token, "download");
    await putUpload(url, bytes);
    await t.app.runner.idle();
    const { downloadUrl } = await (await getAsset(token, asset.id)).json();
    const params = { assetId: asset.id };
    const whole = await callRoute(routes.download.GET, downloadUrl, { params });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await callRoute(routes.download.GET, downloadUrl, { params, headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await callRoute(routes.download.GET, downloadUrl, { params, headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10))).toBe(true);
    const beyond = await callRoute(routes.download.GET, downloadUrl, {
      params,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.status).toBe(416);

    const tampered = downloadUrl.replace(/signature=[0-9a-f]+/, `signature=${"0".repeat(64)}`);
    expect((await callRoute(routes.download.GET, tampered, { params })).status).toBe(403);
    t.advanceClock(2 * 3600 * 1000);
    expect((await callRoute(routes.download.GET, downloadUrl, { params })).status).toBe(403);
  });

  it("DELETE removes the asset, its tasks and its file", async () => {
    const { url, asset, task } = await requestUpload(token, "to delete");
    await putUpload(url, fixture("h264-aac.mp4"));
    await t.app.runner.idle();
    const file = path.join(t.dataDir, "objects", "assets", asset.id, "source");
    expect(fs.existsSync(file)).toBe(true);
    const response = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, {
      method: "DELETE",
      token,
      params: { id: asset.id },
    });
    expect(response.status).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect((await getAsset(token, asset.id)).status).toBe(404);
    expect((await callRoute(routes.taskById.GET, `/api/task/${task.id}`, { token, params: { id: task.id } })).status).toBe(
      404,
    );
  });

  it("reports health of database, storage and runner, naming the node", async () => {
    const response = await callRoute(health.GET, "/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      node: { id: t.app.node.id, name: t.app.config.nodeName },
      database: { kind, ok: true },
      storage: { kind: "local", ok: true },
      runner: { kind: "inline", ok: true },
      otherNodes: [],
      warnings: [],
    });
  });
});
