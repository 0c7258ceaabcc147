import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTask } from "@/lib/db/tasks";
import { getAsset, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { readyAsset, retryTask, settledTask, startExport } from "../helpers/export-api";
import { startPinningApp, type PinningApp } from "../helpers/pinning-app";
import type { PinningDouble } from "../helpers/pinning-double";
import type { TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("unpin on delete on %s (DESIGN.md section 17)", (kind) => {
  let started: PinningApp;
  let pinning: PinningDouble;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    started = await startPinningApp(kind);
    ({ pinning, t, token } = started);
  });
  afterAll(() => started.close());

  /** A ready asset exported to IPFS with the API key (not the server's JWT); returns its id and the two CIDs. */
  async function exported(name: string, unpinOnDelete: boolean, file = "h264-aac.mp4") {
    const asset = await readyAsset(t, token, file, name);
    const { apiKey, apiSecret } = pinning.credentials;
    const created = await startExport(token, asset.id, { ipfs: { pinning: { apiKey, apiSecret }, unpinOnDelete } });
    const task = await settledTask(t, token, created.id);
    expect(task.status.phase).toBe("completed");
    const out = (task.output as { export: { ipfs: { videoFileCid: string; nftMetadataCid: string } } }).export.ipfs;
    return { id: asset.id, taskId: created.id, video: out.videoFileCid, metadata: out.nftMetadataCid };
  }

  const deleteAsset = (id: string) => callRoute(routes.assetById.DELETE, `/api/asset/${id}`, { method: "DELETE", token, params: { id } });
  const unpinsOf = (from: number) => pinning.unpins.slice(from);

  it("unpins the video and the metadata once each, with the export's own credentials, then deletes the asset", async () => {
    const asset = await exported("Unpin me", true);
    const sealed = await findTask(t.app.db, asset.taskId);
    expect(sealed?.sealedUnpinCredentials).toBeTruthy();
    expect(sealed?.sealedUnpinCredentials).not.toContain(pinning.credentials.apiSecret);
    const before = pinning.unpins.length;
    expect((await deleteAsset(asset.id)).status).toBe(204);
    await t.app.runner.idle();
    expect(unpinsOf(before)).toEqual([
      { cid: asset.video, auth: "keys" },
      { cid: asset.metadata, auth: "keys" },
    ]);
    expect((await getAsset(token, asset.id)).status).toBe(404);
    expect(await findTask(t.app.db, asset.taskId)).toBeUndefined();
  });

  it("an unpin that keeps failing leaves the asset deleting with the reason; a second DELETE tries again", async () => {
    const asset = await exported("Stubborn", true);
    const before = pinning.unpins.length;
    pinning.failUnpins(Infinity, 503);
    expect((await deleteAsset(asset.id)).status).toBe(204);
    await t.app.runner.idle();
    const stuck = await (await getAsset(token, asset.id)).json();
    expect(stuck.status).toBe("deleting");
    expect(stuck.errorMessage).toBe(`could not unpin ${asset.video}: the pinning service answered 503: {"error":"unpin failed"}`);
    expect(stuck).not.toHaveProperty("downloadUrl");
    const list = await (await callRoute(routes.assetList.GET, "/api/asset", { token })).json();
    expect(list.map((a: { id: string }) => a.id)).not.toContain(asset.id);
    expect(unpinsOf(before)).toEqual([]);

    pinning.failUnpins(0);
    expect((await deleteAsset(asset.id)).status).toBe(204);
    await t.app.runner.idle();
    expect(unpinsOf(before).map((u) => u.cid)).toEqual([asset.video, asset.metadata]);
    expect((await getAsset(token, asset.id)).status).toBe(404);
  });

  it("keeps a CID that another asset of the user still uses", async () => {
    const first = await exported("Shared one", true);
    const second = await exported("Shared two", false);
    expect(second.video).toBe(first.video);
    const before = pinning.unpins.length;
    expect((await deleteAsset(first.id)).status).toBe(204);
    await t.app.runner.idle();
    expect(unpinsOf(before)).toEqual([{ cid: first.metadata, auth: "keys" }]);
    expect((await getAsset(token, first.id)).status).toBe(404);
  });

  it("a failed export keeps no credentials; its retry, completed, keeps those it was sent again", async () => {
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Retried");
    const { apiKey, apiSecret } = pinning.credentials;
    pinning.failNext(5, 500);
    const created = await startExport(token, asset.id, { ipfs: { pinning: { apiKey, apiSecret }, unpinOnDelete: true } });
    expect((await settledTask(t, token, created.id)).status.phase).toBe("failed");
    expect((await findTask(t.app.db, created.id))?.sealedUnpinCredentials).toBeNull();
    expect((await retryTask(token, created.id, { ipfs: { pinning: { apiKey, apiSecret } } })).status).toBe(200);
    const done = await settledTask(t, token, created.id);
    expect(done.status.phase).toBe("completed");
    expect((await findTask(t.app.db, created.id))?.sealedUnpinCredentials).toBeTruthy();
    const before = pinning.unpins.length;
    expect((await deleteAsset(asset.id)).status).toBe(204);
    await t.app.runner.idle();
    // The video's CID is kept: "Shared two" (same file) still uses it.
    const { nftMetadataCid } = (done.output as { export: { ipfs: { nftMetadataCid: string } } }).export.ipfs;
    expect(unpinsOf(before)).toEqual([{ cid: nftMetadataCid, auth: "keys" }]);
  });

  it("never unpins with the server's PINATA_JWT a CID another user's asset has", async () => {
    const other = await t.createUser();
    const mine = await readyAsset(t, token, "h264-aac-moov-end.mp4", "Pinned with the server's JWT");
    const created = await startExport(token, mine.id, { ipfs: { unpinOnDelete: true } });
    const task = await settledTask(t, token, created.id);
    const { videoFileCid, nftMetadataCid } = (task.output as { export: { ipfs: { videoFileCid: string; nftMetadataCid: string } } }).export.ipfs;
    const theirs = await readyAsset(t, other.token, "h264-aac-moov-end.mp4", "The same file, another user");
    expect((await getAsset(other.token, theirs.id)).status).toBe(200);
    const before = pinning.unpins.length;
    expect((await deleteAsset(mine.id)).status).toBe(204);
    await t.app.runner.idle();
    // The shared account's pin of the video is the other user's too; the metadata (named after this asset) is this one's alone.
    expect(unpinsOf(before)).toEqual([{ cid: nftMetadataCid, auth: "jwt" }]);
    expect(videoFileCid).not.toBe(nftMetadataCid);
    expect((await getAsset(token, mine.id)).status).toBe(404);
  });

  it("with the user's own credentials, unpins a CID that only another user's asset has", async () => {
    const other = await t.createUser();
    const theirs = await readyAsset(t, other.token, "h264-video-only.mp4", "Another user's copy");
    const mine = await exported("Own account", true, "h264-video-only.mp4");
    expect(theirs.id).not.toBe(mine.id);
    const before = pinning.unpins.length;
    expect((await deleteAsset(mine.id)).status).toBe(204);
    await t.app.runner.idle();
    expect(unpinsOf(before)).toEqual([
      { cid: mine.video, auth: "keys" },
      { cid: mine.metadata, auth: "keys" },
    ]);
  });

  it("without the flag, deleting unpins nothing and the asset is gone at once", async () => {
    const asset = await exported("Keep my pins", false);
    expect((await findTask(t.app.db, asset.taskId))?.sealedUnpinCredentials).toBeNull();
    const before = pinning.unpins.length;
    expect((await deleteAsset(asset.id)).status).toBe(204);
    expect((await getAsset(token, asset.id)).status).toBe(404);
    await t.app.runner.idle();
    expect(unpinsOf(before)).toEqual([]);
  });
});
