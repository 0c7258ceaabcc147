import fs from "node:fs";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTusToken } from "@/lib/assets/tus-token";
import * as uploadComplete from "@/app/api/asset/[id]/upload-complete/route";
import * as resumableUpload from "@/app/api/asset/[id]/tus/route";
import { fixture, getAsset, pollAsset, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { eventually } from "../helpers/eventually";
import { storagePairs } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createTusUpload, patchTusUpload, tusRequest } from "../helpers/tus";

const withToken = (url: string, token: string) => {
  const changed = new URL(url);
  changed.searchParams.set("token", token);
  return changed.toString();
};

const reportUploadComplete = (token: string, id: string) =>
  callRoute(uploadComplete.POST, `/api/asset/${id}/upload-complete`, { method: "POST", token, params: { id } });

const getResumableUpload = (token: string | undefined, id: string) =>
  callRoute(resumableUpload.GET, `/api/asset/${id}/tus`, { token, params: { id } });

describe.each(storagePairs)("tus uploads on %s with %s storage", (kind, storage) => {
  let t: TestApp;
  let token: string;
  const bytes = fixture("h264-aac.mp4");

  beforeAll(async () => {
    t = await startTestApp(kind, { MAX_UPLOAD_BYTES: "1000000", UPLOAD_URL_TTL: "60" }, storage);
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  async function created() {
    const upload = await requestUpload(token, "tus");
    const response = await createTusUpload(upload.tusEndpoint, bytes.length);
    expect(response.status).toBe(201);
    return { ...upload, location: response.headers.get("location")!, creation: response };
  }

  it("answers request-upload with a tus endpoint whose uploads end ready, like a PUT", async () => {
    const { tusEndpoint, asset, location, creation, ...upload } = await created();
    expect(tusEndpoint).toMatch(new RegExp(`^http://service\\.test/api/asset/upload/tus\\?token=${asset.id}\\.\\d+\\.[0-9a-f]{64}$`));
    expect(location).toBe(`http://service.test/api/asset/upload/tus/${asset.id}?token=${new URL(tusEndpoint).searchParams.get("token")}`);
    const expires = (response: Response) => Date.parse(response.headers.get("upload-expires") ?? "");
    const expiresAt = (upload.task.params.upload as { uploadUrlExpiresAt: number }).uploadUrlExpiresAt;
    // The creation answer says it too, as HEAD and PATCH do (to the second, as HTTP dates go).
    expect(Math.abs(expires(creation) - expiresAt)).toBeLessThan(1000);
    const first = await patchTusUpload(location, 0, bytes.subarray(0, 10_000));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("10000");
    expect(Date.parse(first.headers.get("upload-expires")!)).toBeGreaterThan(Date.now());
    const head = await tusRequest("HEAD", location);
    expect([head.headers.get("upload-offset"), head.headers.get("upload-length")]).toEqual(["10000", String(bytes.length)]);
    expect(Math.abs(expires(head) - expiresAt)).toBeLessThan(1000);
    expect((await patchTusUpload(location, 10_000, bytes.subarray(10_000))).status).toBe(204);
    await t.app.runner.idle();
    const ready = await pollAsset(token, asset.id, (a) => a.status === "ready", 10_000);
    expect(ready).toMatchObject({ status: "ready", size: bytes.length });
    const done = await tusRequest("HEAD", location);
    expect([done.status, done.headers.get("upload-offset")]).toEqual([200, String(bytes.length)]);
  });

  it("answers 403 to a tampered, expired or other asset's token on POST, HEAD, PATCH and DELETE", async () => {
    const { tusEndpoint, asset, location } = await created();
    const other = await requestUpload(token, "other");
    const secret = t.app.uploadSigningSecret;
    const tokens = {
      tampered: `${asset.id}.${Date.now() + 60_000}.${"0".repeat(64)}`,
      expired: signTusToken(secret, asset.id, t.app.now() - 1),
      otherAsset: new URL(other.tusEndpoint).searchParams.get("token")!,
    };
    for (const [why, bad] of Object.entries(tokens)) {
      if (why !== "otherAsset") await expectError(await createTusUpload(withToken(tusEndpoint, bad), bytes.length), 403);
      await expectError(await tusRequest("HEAD", withToken(location, bad)), 403);
      await expectError(await patchTusUpload(withToken(location, bad), 0, bytes.subarray(0, 10)), 403);
      await expectError(await tusRequest("DELETE", withToken(location, bad)), 403);
    }
    await expectError(await tusRequest("HEAD", location.replace(/\?.*$/, "")), 403, /token is missing/);
  });

  it("refuses an Upload-Length over MAX_UPLOAD_BYTES with 413, and the slot stays free", async () => {
    const { url, tusEndpoint } = await requestUpload(token, "too big");
    await expectError(await createTusUpload(tusEndpoint, 1_000_001), 413, /larger than the upload limit/);
    expect((await putUpload(url, bytes)).status).toBe(200);
  });

  it("shares one slot with the PUT URL: each refuses once the other started; DELETE frees it", async () => {
    const { url, asset, location } = await created();
    if (storage === "local") {
      await expectError(await putUpload(url, bytes), 409, /resumable \(tus\) upload/);
    } else {
      // The bucket takes any PUT to a pre-signed URL, but it cannot become the asset's file.
      expect((await putUpload(url, fixture("aac-only.mp4"))).status).toBe(200);
      expect((await (await getAsset(token, asset.id)).json()).status).toBe("waiting");
    }
    expect((await tusRequest("DELETE", location)).status).toBe(204);
    if (storage === "local") expect((await putUpload(url, bytes)).status).toBe(200);
    else expect((await reportUploadComplete(token, asset.id)).status).toBe(200);
    expect((await pollAsset(token, asset.id, (a) => a.status !== "waiting" && a.status !== "processing", 10_000)).status).toBe(
      storage === "local" ? "ready" : "failed",
    );
    const { tusEndpoint } = await requestUpload(token, "put first");
    const putFirst = await requestUpload(token, "put first, then tus");
    expect((await putUpload(putFirst.url, bytes)).status).toBe(200);
    await expectError(await createTusUpload(putFirst.tusEndpoint, bytes.length), 409);
    expect((await createTusUpload(tusEndpoint, bytes.length)).status).toBe(201);
  });

  it("gives the owner of a waiting asset its tus endpoint again, and its upload URL once created, to resume anywhere", async () => {
    const upload = await requestUpload(token, "resume anywhere");
    const before = await getResumableUpload(token, upload.asset.id);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("no-store");
    const door = await before.json();
    expect(door).toEqual({ tusEndpoint: upload.tusEndpoint, expiresAt: (upload.task.params.upload as { uploadUrlExpiresAt: number }).uploadUrlExpiresAt });

    const location = (await createTusUpload(upload.tusEndpoint, bytes.length)).headers.get("location")!;
    expect((await patchTusUpload(location, 0, bytes.subarray(0, 10_000))).status).toBe(204);
    const after = await (await getResumableUpload(token, upload.asset.id)).json();
    expect(after).toEqual({ ...door, uploadUrl: location });
    const head = await tusRequest("HEAD", after.uploadUrl);
    expect(head.headers.get("upload-offset")).toBe("10000");

    expect((await patchTusUpload(after.uploadUrl, 10_000, bytes.subarray(10_000))).status).toBe(204);
    await t.app.runner.idle();
    await pollAsset(token, upload.asset.id, (a) => a.status !== "waiting" && a.status !== "processing", 10_000);
    await expectError(await getResumableUpload(token, upload.asset.id), 409, /no longer waiting/);
  });

  it("keeps a waiting asset's tus endpoint from other users and from callers without a token", async () => {
    const upload = await requestUpload(token, "mine");
    const other = await t.createUser();
    await expectError(await getResumableUpload(other.token, upload.asset.id), 404, /asset not found/);
    expect((await getResumableUpload(undefined, upload.asset.id)).status).toBe(401);
  });

  it("fails the asset when the URL expires, and removes the partial bytes", async () => {
    const expiring = await startTestApp(kind, { UPLOAD_URL_TTL: "1" }, storage);
    try {
      const user = await expiring.createUser();
      const { tusEndpoint, asset } = await requestUpload(user.token, "expires");
      const location = (await createTusUpload(tusEndpoint, bytes.length)).headers.get("location")!;
      expect((await patchTusUpload(location, 0, bytes.subarray(0, 1000))).status).toBe(204);
      const failed = await pollAsset(user.token, asset.id, (a) => a.status === "failed", 30_000);
      expect(failed).toMatchObject({ status: "failed", errorMessage: "upload URL expired before a file was received" });
      // The partial bytes go right after the asset is marked failed (never before: an upload
      // finishing at that moment must keep its bytes).
      if (storage === "local") {
        const left = () => fs.readdirSync(path.join(expiring.dataDir, "resumable"));
        expect(await eventually(() => (left().length === 0 ? left() : undefined), 5_000, "the partial bytes removed")).toEqual([]);
      } else {
        const head = (key: string) => expiring.bucket!.client.send(new HeadObjectCommand({ Bucket: expiring.bucket!.bucket, Key: key }));
        const gone = (key: string) => head(key).then(() => undefined, (error: { name?: string }) => error.name);
        expect(await eventually(() => gone(`uploads/tus/${asset.id}.json`), 5_000, "the upload's info removed")).toBe("NotFound");
        expect(await gone(`uploads/tus/${asset.id}.tail`)).toBe("NotFound");
      }
      await expectError(await tusRequest("HEAD", location), 403, /expired/);
      expect((await getAsset(user.token, asset.id)).status).toBe(200);
    } finally {
      await expiring.close();
    }
  }, 60_000);
});
