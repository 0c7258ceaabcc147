import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/api/asset/upload/url/route";
import { fixture, getTask, pollAsset } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { carBytes, gatewayBlocks } from "../helpers/gateway-car";
import { expectedCid, KUBO_LAYOUT } from "../helpers/ipfs-cid";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { startSourceServer, type SourceFile, type SourceServer } from "../helpers/source-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import type { StorageKind } from "../helpers/s3-server";

const CAR = "application/vnd.ipld.car";

/** A video of several 256 KiB chunks (a sparse `free` box: identical chunks, linked more than once). */
async function multiChunkVideo(chunks: number): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ipfs-import-")), "video.mp4");
  await makeLargeMp4(file, chunks * KUBO_LAYOUT.chunkSize);
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true });
  return bytes;
}

/** DESIGN.md section 17: `ipfs://` imports from a trustless gateway double serving CARs made here, on both stores. */
describe.each<StorageKind>(["local", "s3"])("import from ipfs:// on %s storage", (storage) => {
  let gateway: SourceServer;
  let t: TestApp;
  let token: string;
  let video: Buffer;
  const cids: Record<string, string> = {};

  beforeAll(async () => {
    video = await multiChunkVideo(3);
    const good = await gatewayBlocks(video);
    const v0 = await gatewayBlocks(video, { cidVersion: 0 });
    const small = await gatewayBlocks(fixture("h264-aac.mp4"));
    const dir = await gatewayBlocks(video, { directory: "clip.mp4" });
    const dropped = await gatewayBlocks(await multiChunkVideo(4));
    const altered = await gatewayBlocks(await multiChunkVideo(2));
    const corrupt = [...altered.blocks];
    // One leaf altered, its CID kept.
    const leaf = corrupt[2];
    corrupt[2] = { cid: leaf.cid, bytes: Uint8Array.from(leaf.bytes, (b, i) => (i === leaf.bytes.length - 10 ? b ^ 1 : b)) };
    const { root: wrongRoot } = await gatewayBlocks(fixture("h264-video-only.mp4"));
    // Another file (its own CID), whose CAR ends in the middle of a block.
    const truncated = await gatewayBlocks(Buffer.concat([video, Buffer.alloc(1)]));
    const truncatedCar = await carBytes(truncated.root, truncated.blocks);
    Object.assign(cids, {
      good: good.root.toString(),
      small: small.root.toString(),
      dir: dir.root.toString(),
      v0: v0.root.toString(),
      corrupt: altered.root.toString(),
      dropped: dropped.root.toString(),
      truncated: truncated.root.toString(),
    });
    const car = async (blocks: { root: typeof good.root; blocks: typeof good.blocks }): Promise<SourceFile> => ({ body: await carBytes(blocks.root, blocks.blocks), contentType: CAR });
    gateway = await startSourceServer({
      [`/ipfs/${good.root}`]: await car(good),
      [`/ipfs/${v0.root}`]: await car(v0),
      [`/ipfs/${altered.root}`]: { body: await carBytes(altered.root, corrupt), contentType: CAR },
      [`/ipfs/${dropped.root}`]: { ...(await car(dropped)), dropAfter: 300_000 },
      [`/ipfs/${small.root}`]: await car(small),
      [`/ipfs/${dir.root}/clip.mp4`]: await car(dir),
      [`/ipfs/${truncated.root}`]: { body: truncatedCar.subarray(0, truncatedCar.length - 100_000), contentType: CAR },
      [`/ipfs/${small.root}/other-root`]: await car({ root: wrongRoot, blocks: small.blocks }),
    });
    t = await startTestApp("pglite", { EXPORT_ALLOWED_HOSTS: gateway.host, IPFS_GATEWAY_URL: `${gateway.url}/ipfs/` }, storage);
    ({ token } = await t.createUser());
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  async function importAndSettle(url: string) {
    const response = await callRoute(importRoute.POST, "/api/asset/upload/url", { token, json: { name: "From IPFS", url } });
    expect(response.status).toBe(201);
    const created = await response.json();
    const asset = await pollAsset(token, created.asset.id, (a) => a.status === "ready" || a.status === "failed", 20_000);
    await t.app.runner.idle();
    const task = await (await getTask(token, created.task.id)).json();
    return { created, asset, task };
  }

  async function stored(assetId: string): Promise<Buffer | undefined> {
    if (!(await t.app.storage.stat(`assets/${assetId}/source`))) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of await t.app.storage.createReadStream(`assets/${assetId}/source`)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it("fetches a good CAR, checks every block and ends ready with the requested CID", async () => {
    const url = `ipfs://${cids.good}`;
    expect(cids.good).toBe(await expectedCid(video));
    const { created, asset, task } = await importAndSettle(url);
    expect(created.asset.source).toEqual({ type: "url", url });
    expect(created.task.params).toEqual({ upload: { url } });
    expect(asset).toMatchObject({ status: "ready", size: video.length, source: { type: "url", url } });
    expect(asset.hash).toContainEqual({ algorithm: "cidv1", hash: cids.good });
    expect((await stored(asset.id))?.equals(video)).toBe(true);
    expect(task.status).toMatchObject({ phase: "completed", progress: 1 });
    const asked = gateway.requests.findLast((r) => r.path === `/ipfs/${cids.good}`);
    expect(asked).toMatchObject({ query: "?format=car", accept: expect.stringMatching(/^application\/vnd\.ipld\.car/) });
  });

  it("checks a CIDv0 request by its blocks' hashes: ready, with the file's CIDv1 beside it", async () => {
    const { asset } = await importAndSettle(`ipfs://${cids.v0}`);
    expect(cids.v0).toMatch(/^Qm/);
    expect(asset).toMatchObject({ status: "ready", size: video.length, source: { type: "url", url: `ipfs://${cids.v0}` } });
    expect(asset.hash).toContainEqual({ algorithm: "cidv1", hash: cids.good });
  });

  it("starts over when the gateway breaks off midway", async () => {
    const { asset, task } = await importAndSettle(`ipfs://${cids.dropped}`);
    expect(asset).toMatchObject({ status: "ready", hash: expect.arrayContaining([{ algorithm: "cidv1", hash: cids.dropped }]) });
    expect(task.status.retries).toBe(1);
    expect(gateway.requests.filter((r) => r.path === `/ipfs/${cids.dropped}`)).toHaveLength(2);
  });

  it("imports a one-block file and a file under a directory path", async () => {
    expect((await importAndSettle(`ipfs://${cids.small}`)).asset).toMatchObject({ status: "ready", hash: expect.arrayContaining([{ algorithm: "cidv1", hash: cids.small }]) });
    const { asset } = await importAndSettle(`ipfs://${cids.dir}/clip.mp4`);
    expect(asset).toMatchObject({ status: "ready", size: video.length, hash: expect.arrayContaining([{ algorithm: "cidv1", hash: cids.good }]) });
  });

  it("fails a CAR with one altered block with the stated reason and keeps nothing", async () => {
    const { asset, task } = await importAndSettle(`ipfs://${cids.corrupt}`);
    const errorMessage = `the gateway sent data that does not match ${cids.corrupt}`;
    expect(asset).toMatchObject({ status: "failed", errorMessage });
    expect(task.status).toMatchObject({ phase: "failed", errorMessage, retries: 0 });
    expect(await stored(asset.id)).toBeUndefined();
    await expect(t.app.storage.resumable.dataStore.getUpload(asset.id)).rejects.toBeDefined();
  });

  it("fails a truncated CAR and a CAR whose root is another CID", async () => {
    const truncated = await importAndSettle(`ipfs://${cids.truncated}`);
    expect(truncated.asset).toMatchObject({ status: "failed", errorMessage: `the gateway sent data that does not match ${cids.truncated}` });
    expect(await stored(truncated.asset.id)).toBeUndefined();
    const other = await importAndSettle(`ipfs://${cids.small}/other-root`);
    expect(other.asset).toMatchObject({ status: "failed", errorMessage: `the gateway sent data that does not match ${cids.small}` });
  });

  it("fails an unknown CID the gateway answers 404 for, without retrying", async () => {
    const unknown = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
    const { asset, task } = await importAndSettle(`ipfs://${unknown}`);
    expect(asset).toMatchObject({ status: "failed", errorMessage: `the IPFS gateway answered 404 Not Found for ${unknown}` });
    expect(task.status.retries).toBe(0);
  });

  it("refuses a URL that is neither http(s) nor ipfs:// with a valid CID", async () => {
    const response = await callRoute(importRoute.POST, "/api/asset/upload/url", { token, json: { name: "Bad", url: "ipfs://not-a-cid" } });
    expect(response.status).toBe(422);
  });
});

describe("import from ipfs:// through the SSRF guard", () => {
  it("refuses a gateway on a private address unless it is allowed", async () => {
    const t = await startTestApp("pglite", { IPFS_GATEWAY_URL: "http://127.0.0.1:9/ipfs/" });
    try {
      const { token } = await t.createUser();
      const cid = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
      const response = await callRoute(importRoute.POST, "/api/asset/upload/url", { token, json: { name: "Guarded", url: `ipfs://${cid}` } });
      expect(response.status).toBe(422);
      expect((await response.json()).errors[0]).toMatch(/^url: 127\.0\.0\.1 is a loopback address/);
    } finally {
      await t.close();
    }
  });
});
