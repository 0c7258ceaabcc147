import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCidBackfill } from "@/lib/assets/backfill-cids";
import { assets } from "@/lib/db/schema";
import { fixture, getAsset, putUpload, requestUpload } from "../helpers/api";
import { expectedCid } from "../helpers/ipfs-cid";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { ffmpegInstalled, makeTestVideo } from "../helpers/media-tools";
import { testStorageKinds } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";

const CHUNK = 262_144;
const FIXTURE_SIZE = fixture("h264-aac-moov-end.mp4").length;

describe.each(testStorageKinds)("the asset's CID on %s storage (DESIGN.md section 17)", (storage) => {
  let t: TestApp;
  let token: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-cid-"));

  beforeAll(async () => {
    t = await startTestApp("pglite", {}, storage);
    ({ token } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function uploadFile(file: string) {
    const { url, asset } = await requestUpload(token, path.basename(file));
    const put = await putUpload(url, fs.readFileSync(file), { "content-type": "video/mp4" });
    expect(put.status).toBe(200);
    await t.app.runner.idle();
    return (await getAsset(token, asset.id)).json();
  }

  /** The moov-at-the-end fixture padded with a top-level `free` box to exactly `size` bytes. */
  async function paddedMp4(size: number) {
    const file = path.join(dir, `padded-${size}.mp4`);
    const made = await makeLargeMp4(file, size - FIXTURE_SIZE - 8);
    expect(made.size).toBe(size);
    expect(fs.statSync(file).size).toBe(size);
    return file;
  }

  it.each([
    ["one chunk exactly", CHUNK],
    ["one byte into a second chunk", CHUNK + 1],
    ["one byte past 174 chunks (a second DAG level)", 174 * CHUNK + 1],
  ])("a ready MP4 of %s (%i bytes) lists its CIDv1 beside sha256", async (_, size) => {
    const file = await paddedMp4(size);
    const asset = await uploadFile(file);
    expect(asset).toMatchObject({ status: "ready", size });
    const cid = await expectedCid(file);
    expect(asset.hash).toEqual([
      { algorithm: "sha256", hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { algorithm: "cidv1", hash: cid },
    ]);
    expect(cid).toMatch(size === CHUNK ? /^bafkrei/ : /^bafybei/);
  }, 120_000);

  it.skipIf(!ffmpegInstalled)("a generated 50 MB video gets the CID the importer gives", async () => {
    const file = makeTestVideo(dir, "fifty-megabytes");
    expect(fs.statSync(file).size).toBeGreaterThan(45_000_000);
    const asset = await uploadFile(file);
    expect(asset.status).toBe("ready");
    expect(asset.hash[1]).toEqual({ algorithm: "cidv1", hash: await expectedCid(file) });
  }, 180_000);

  it("the backfill gives an asset that was ready before CIDs its CID", async () => {
    const { url, asset } = await requestUpload(token, "old");
    await putUpload(url, fixture("h264-aac.mp4"), { "content-type": "video/mp4" });
    await t.app.runner.idle();
    await t.app.db.update(assets).set({ cidv1: null, carSize: null }).where(eq(assets.id, asset.id));
    expect((await (await getAsset(token, asset.id)).json()).hash).toHaveLength(1);

    const backfill = createCidBackfill({ db: t.app.db, storage: t.app.storage, nodeId: "test-node", now: t.app.now });
    backfill.kick();
    await backfill.idle();
    const after = await (await getAsset(token, asset.id)).json();
    expect(after.hash[1]).toEqual({ algorithm: "cidv1", hash: await expectedCid(fixture("h264-aac.mp4")) });
  });
});
