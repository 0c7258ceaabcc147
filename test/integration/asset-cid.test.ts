import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDigestBackfill } from "@/lib/assets/backfill-digests";
import { assets } from "@/lib/db/schema";
import { fixture, getAsset, putUpload, requestUpload } from "../helpers/api";
import { checkCar, getCar } from "../helpers/car";
import { expectedCid, KUBO_LAYOUT } from "../helpers/ipfs-cid";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { ffmpegInstalled, makeTestVideo } from "../helpers/media-tools";
import { testStorageKinds } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";

const { chunkSize: CHUNK, maxChildrenPerNode: LINKS } = KUBO_LAYOUT;
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
    ["one byte past 174 chunks (a second DAG level)", LINKS * CHUNK + 1],
  ])("a ready MP4 of %s (%i bytes) lists its CIDv1 beside sha256", async (_, size) => {
    const file = await paddedMp4(size);
    const asset = await uploadFile(file);
    expect(asset).toMatchObject({ status: "ready", size });
    const cid = await expectedCid(file);
    expect(asset.hash).toEqual([
      { algorithm: "sha256", hash: createHash("sha256").update(fs.readFileSync(file)).digest("hex") },
      { algorithm: "cidv1", hash: cid },
      { algorithm: "md5", hash: createHash("md5").update(fs.readFileSync(file)).digest("hex") },
    ]);
    expect(cid).toMatch(size === CHUNK ? /^bafkrei/ : /^bafybei/);
    await expectCarOf(asset, cid, size);
  }, 120_000);

  it.skipIf(!ffmpegInstalled)("a generated 50 MB video gets the CID the importer gives", async () => {
    const file = makeTestVideo(dir, "fifty-megabytes");
    expect(fs.statSync(file).size).toBeGreaterThan(45_000_000);
    const asset = await uploadFile(file);
    expect(asset.status).toBe("ready");
    const cid = await expectedCid(file);
    expect(asset.hash[1]).toEqual({ algorithm: "cidv1", hash: cid });
    await expectCarOf(asset, cid, fs.statSync(file).size);
  }, 180_000);

  /** The CAR of the asset: its root is the CID, every block hashes to its CID, the leaves hold the file. */
  async function expectCarOf(asset: { id: string }, cid: string, size: number) {
    const response = await getCar(asset.id, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.ipld.car");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    const car = await checkCar(bytes);
    expect(car.roots).toEqual([cid]);
    expect(car.rawBytes).toBe(size);
    expect(car.blocks).toBe(size === CHUNK ? 1 : Math.ceil(size / CHUNK) + Math.ceil(Math.ceil(size / CHUNK) / LINKS) + (size > LINKS * CHUNK ? 1 : 0));
  }

  it("the CAR is the same every time, answers ranges and HEAD, and opens by its signed carUrl without a token", async () => {
    const asset = await uploadFile(await paddedMp4(3 * CHUNK + 5));
    const first = await getCar(asset.id, { token });
    // Saved under the asset's name and CID, as the dashboard's link suggests too.
    const saveAs = `${asset.name}-${asset.hash[1].hash}.car`;
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="${saveAs}"; filename*=UTF-8''${saveAs}`);
    const whole = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await (await getCar(asset.id, { token })).arrayBuffer()).equals(whole)).toBe(true);

    const range = await getCar(asset.id, { token, headers: { range: "bytes=100-262243" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 100-262243/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(100, 262244))).toBe(true);

    const head = await getCar(asset.id, { token, method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(whole.length));

    expect(asset.carUrl).toMatch(new RegExp(`^http://service\\.test/api/asset/${asset.id}/car\\?`));
    const signed = await getCar(asset.id, { url: asset.carUrl });
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(whole)).toBe(true);
    const forged = new URL(asset.carUrl);
    forged.searchParams.set("expires", String(Number(forged.searchParams.get("expires")) + 1));
    expect((await getCar(asset.id, { url: forged.toString() })).status).toBe(403);
    expect((await getCar(asset.id)).status).toBe(401);
    const stranger = await t.createUser();
    expect((await getCar(asset.id, { token: stranger.token })).status).toBe(404);
  }, 60_000);

  it("the backfill gives an asset that was ready before CIDs and md5 its CID and md5", async () => {
    const { url, asset } = await requestUpload(token, "old");
    await putUpload(url, fixture("h264-aac.mp4"), { "content-type": "video/mp4" });
    await t.app.runner.idle();
    await t.app.db.update(assets).set({ cidv1: null, carSize: null, md5: null }).where(eq(assets.id, asset.id));
    expect((await (await getAsset(token, asset.id)).json()).hash).toHaveLength(1);
    expect((await getCar(asset.id, { token })).status).toBe(409);

    const backfill = createDigestBackfill({ db: t.app.db, storage: t.app.storage, nodeId: "test-node", now: t.app.now });
    backfill.kick();
    await backfill.idle();
    const after = await (await getAsset(token, asset.id)).json();
    expect(after.hash[1]).toEqual({ algorithm: "cidv1", hash: await expectedCid(fixture("h264-aac.mp4")) });
    expect(after.hash[2]).toEqual({ algorithm: "md5", hash: createHash("md5").update(fixture("h264-aac.mp4")).digest("hex") });
    expect((await checkCar(new Uint8Array(await (await getCar(asset.id, { token })).arrayBuffer()))).roots).toEqual([after.hash[1].hash]);
  });
});
