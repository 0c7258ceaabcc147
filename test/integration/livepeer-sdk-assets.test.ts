import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Livepeer } from "livepeer";
import { Type, type Asset } from "livepeer/models/components";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { cidOf, startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";
import { startSourceServer, type SourceServer } from "../helpers/source-server";
import { tusUpload } from "../helpers/tus-client";

const FILE = fixture("h264-aac.mp4");

/**
 * Livepeer Studio's own SDK (`livepeer` on npm, 3.5), unchanged, pointed at this service's /api:
 * the asset, task and playback calls of a user of uploads and exports, each checked by its real
 * outcome. Its webhook and access-control calls: livepeer-sdk.test.ts, livepeer-sdk-access-control.test.ts.
 */
describe("the livepeer SDK's asset, task and playback calls", () => {
  let pinning: PinningDouble;
  let source: SourceServer;
  let server: ServerProcess;
  let dataDir: string;
  let sdk: Livepeer;

  beforeAll(async () => {
    pinning = await startPinningDouble();
    source = await startSourceServer({ "/bucket/video.mp4": { body: FILE, ranges: true, query: "?X-Amz-Signature=sdk-secret-789" } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-sdk-assets-"));
    server = await startServer({
      DATA_DIR: dataDir,
      PINNING_API_URL: pinning.url,
      PINATA_JWT: pinning.credentials.jwt,
      EXPORT_ALLOWED_HOSTS: source.host,
      LOG_LEVEL: "debug",
    });
    sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
  });
  afterAll(async () => {
    await server?.kill();
    await pinning.close();
    await source.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function settled(id: string): Promise<Asset> {
    for (let i = 0; i < 200; i++) {
      const { asset } = await sdk.asset.get(id);
      if (asset?.status?.phase === "ready" || asset?.status?.phase === "failed") return asset;
      await delay(100);
    }
    throw new Error(`asset ${id} did not settle`);
  }

  async function downloaded(asset: Asset): Promise<Buffer> {
    return Buffer.from(await (await fetch(asset.downloadUrl!)).arrayBuffer());
  }

  it("asset.create, then a PUT to its url: the asset ends ready with the file's bytes", async () => {
    const { data } = await sdk.asset.create({ name: "SDK put", staticMp4: true, creatorId: "0xcreator" });
    expect(data!.asset).toMatchObject({ name: "SDK put", source: { type: "directUpload" }, status: { phase: "waiting" } });
    expect((await fetch(data!.url, { method: "PUT", body: FILE })).status).toBe(200);
    const ready = await settled(data!.asset.id);
    expect(ready).toMatchObject({ status: { phase: "ready" }, size: FILE.length, creatorId: { type: "unverified", value: "0xcreator" } });
    expect((await downloaded(ready)).equals(FILE)).toBe(true);
    expect((await sdk.task.get(data!.task.id)).task).toMatchObject({ id: data!.task.id, type: "upload", status: { phase: "completed" } });
  });

  it("asset.create, then a tus upload to its tusEndpoint: ready with the file's bytes", async () => {
    const { data } = await sdk.asset.create({ name: "SDK tus" });
    await tusUpload(FILE, { endpoint: data!.tusEndpoint });
    const ready = await settled(data!.asset.id);
    expect(ready.status?.phase).toBe("ready");
    expect((await downloaded(ready)).equals(FILE)).toBe(true);
  });

  it("asset.createViaUrl imports a signed URL: ready with its bytes, the signature never shown nor logged", async () => {
    const url = `${source.url}/bucket/video.mp4?X-Amz-Signature=sdk-secret-789`;
    const created = await sdk.asset.createViaUrl({ name: "SDK import", url });
    expect(created.statusCode).toBe(201);
    const { asset, task } = created.twoHundredAndOneApplicationJsonData!;
    expect(asset).toMatchObject({ name: "SDK import", source: { type: "url", url: `${source.url}/bucket/video.mp4` } });
    const ready = await settled(asset.id);
    expect(ready.status?.phase).toBe("ready");
    expect((await downloaded(ready)).equals(FILE)).toBe(true);
    const { task: upload } = await sdk.task.get(task.id);
    expect(upload).toMatchObject({ type: "upload", status: { phase: "completed" }, params: { upload: { url: `${source.url}/bucket/video.mp4` } } });
    expect(JSON.stringify(upload)).not.toContain("sdk-secret-789");
    expect(server.output()).toContain(task.id);
    expect(server.output()).not.toContain("sdk-secret-789");
  });

  it("asset.get, getAll, update (name, playbackPolicy, storage.ipfs against a pinning double) and delete", async () => {
    const { data } = await sdk.asset.create({ name: "SDK update" });
    await fetch(data!.url, { method: "PUT", body: FILE });
    const id = data!.asset.id;
    await settled(id);
    expect((await sdk.asset.getAll()).data?.map((asset) => asset.id)).toContain(id);

    const renamed = await sdk.asset.update({ name: "Renamed by the SDK", playbackPolicy: { type: Type.Jwt } }, id);
    expect(renamed.asset).toMatchObject({ id, name: "Renamed by the SDK", playbackPolicy: { type: "jwt" } });

    const exported = await sdk.asset.update({ storage: { ipfs: { spec: { nftMetadata: {} } } } }, id);
    expect(exported.asset?.id).toBe(id);
    let output: { videoFileCid?: string } | undefined;
    for (let i = 0; i < 100 && !output; i++) {
      const { data: tasks } = await sdk.task.getAll();
      const task = tasks?.find((t) => t.inputAssetId === id && t.type === "export" && t.status?.phase === "completed");
      output = task?.output?.export?.ipfs as { videoFileCid?: string } | undefined;
      if (!output) await delay(100);
    }
    expect(output?.videoFileCid).toBe(await cidOf(FILE));
    expect(pinning.pins.some((pin) => pin.bytes.equals(FILE))).toBe(true);

    await sdk.asset.delete(id);
    await expect(sdk.asset.get(id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("playback.get answers the ready asset's playback info", async () => {
    const { data } = await sdk.asset.create({ name: "SDK playback" });
    await fetch(data!.url, { method: "PUT", body: FILE });
    const ready = await settled(data!.asset.id);
    const { playbackInfo } = await sdk.playback.get(ready.playbackId!);
    const mp4 = playbackInfo?.meta.source.find((source) => source.hrn === "MP4");
    expect(mp4).toMatchObject({ type: "html5/video/mp4", size: FILE.length });
    expect(Buffer.from(await (await fetch(mp4!.url)).arrayBuffer()).equals(FILE)).toBe(true);
  });

  it("task.getAll lists the upload tasks", async () => {
    const { data } = await sdk.task.getAll();
    expect(data?.length).toBeGreaterThan(0);
    expect(data?.every((task) => task.type === "upload" || task.type === "export")).toBe(true);
  });

  it("the same endpoints called with curl answer the plain shape", async () => {
    const { data } = await sdk.asset.create({ name: "Plain" });
    const plain = await (await api(server, `/api/asset/${data!.asset.id}`, { headers: { "user-agent": "curl/8.5.0" } })).json();
    expect(plain).toMatchObject({ status: "waiting", type: "video", source: { type: "directUpload" } });
    const list = await (await api(server, "/api/asset", { headers: { "user-agent": "curl/8.5.0" } })).json();
    expect(typeof list[0].status).toBe("string");
  });
});
