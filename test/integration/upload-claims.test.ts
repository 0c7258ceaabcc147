import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LEASE_MS } from "@/lib/assets/upload-claim";
import { claimUpload } from "@/lib/db/upload-transitions";
import { fixture, getAsset, pollAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

/** A body that sends `first` bytes, then holds the request open until `finish` or `fail`. */
function heldBody(first: Buffer) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(first);
    },
  });
  return { body, finish: (rest: Buffer) => (controller.enqueue(rest), controller.close()), fail: () => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })) };
}

describe.each(testDatabaseKinds)("the upload slot of an asset on %s", (kind) => {
  let t: TestApp;
  let token: string;
  const bytes = fixture("h264-aac.mp4");

  beforeAll(async () => {
    t = await startTestApp(kind, { UPLOAD_URL_TTL: "60" });
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  const assetDir = (assetId: string) => path.join(t.dataDir, "objects", "assets", assetId);
  const filesOf = (assetId: string) => (fs.existsSync(assetDir(assetId)) ? fs.readdirSync(assetDir(assetId)) : []);

  it("is held by a PUT in progress: a second PUT gets 409, and the first completes", async () => {
    const { url, asset } = await requestUpload(token);
    const held = heldBody(bytes.subarray(0, 1000));
    const first = putUpload(url, held.body);
    await expect.poll(() => filesOf(asset.id).some((name) => name.endsWith(".partial"))).toBe(true);
    await expectError(await putUpload(url, bytes), 409, /already been used/);
    held.finish(bytes.subarray(1000));
    expect((await first).status).toBe(200);
    expect((await pollAsset(token, asset.id, (a) => a.status === "ready", 10_000)).status).toBe("ready");
  });

  it("is freed when its holder stops renewing (a dead process): the URL works again and the partial file goes", async () => {
    const { url, asset } = await requestUpload(token);
    // A holder that claimed the slot, wrote part of the file, and died.
    await claimUpload(t.app.db, asset.id, "put", t.app.now(), t.app.now() + UPLOAD_LEASE_MS);
    fs.mkdirSync(assetDir(asset.id), { recursive: true });
    fs.writeFileSync(path.join(assetDir(asset.id), "source.0b5e3a1c.partial"), bytes.subarray(0, 500));
    await expectError(await putUpload(url, bytes), 409);

    t.advanceClock(UPLOAD_LEASE_MS + 1);
    expect((await putUpload(url, bytes)).status).toBe(200);
    expect(filesOf(asset.id)).toEqual(["source"]);
    expect((await pollAsset(token, asset.id, (a) => a.status === "ready", 10_000)).status).toBe("ready");
  });

  it("fails the asset at expiry and removes an interrupted upload's bytes", async () => {
    const expiring = await startTestApp(kind, { UPLOAD_URL_TTL: "2" });
    try {
      const user = await expiring.createUser();
      const { url, asset } = await requestUpload(user.token);
      const held = heldBody(bytes.subarray(0, 1000));
      const put = putUpload(url, held.body);
      await expect.poll(() => fs.existsSync(path.join(expiring.dataDir, "objects", "assets", asset.id))).toBe(true);
      held.fail();
      expect((await put).status).toBe(400);
      // What a process killed mid-upload leaves behind.
      fs.writeFileSync(path.join(expiring.dataDir, "objects", "assets", asset.id, "source.dead.partial"), "x");
      const failed = await pollAsset(user.token, asset.id, (a) => a.status === "failed", 10_000);
      expect(failed).toMatchObject({ status: "failed", errorMessage: "upload URL expired before a file was received" });
      // The bytes go right after the asset fails (not in its transaction).
      await expect.poll(() => fs.readdirSync(path.join(expiring.dataDir, "objects", "assets", asset.id))).toEqual([]);
    } finally {
      await expiring.close();
    }
  });

  it("is ended by deleting the asset: the upload stops and leaves no file", async () => {
    const { url, asset } = await requestUpload(token);
    const held = heldBody(bytes.subarray(0, 1000));
    const put = putUpload(url, held.body);
    await expect.poll(() => filesOf(asset.id).length).toBeGreaterThan(0);
    const deleted = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, { method: "DELETE", token, params: { id: asset.id } });
    expect(deleted.status).toBe(204);
    await expectError(await put, 404, /deleted during the upload/);
    expect(filesOf(asset.id)).toEqual([]);
    expect((await getAsset(token, asset.id)).status).toBe(404);
  });
});
