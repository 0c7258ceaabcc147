import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { GetBucketCorsCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as uploadComplete from "@/app/api/asset/[id]/upload-complete/route";
import { createApp } from "@/lib/app/app";
import { ConfigError, loadConfig } from "@/lib/config/config";
import { S3Store } from "@/lib/storage/s3-store";
import { fixture, getAsset, pollAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { createTestBucket } from "../helpers/s3-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { expectedCid } from "../helpers/ipfs-cid";
import { testDatabaseKinds } from "../helpers/test-databases";

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");
/** Fits every fixture these tests upload, and nothing much bigger. */
const LIMIT = Math.max(...["h264-aac.mp4", "h264-aac-moov-end.mp4", "hevc-aac.mp4"].map((name) => fixture(name).length));

describe("S3 configuration", () => {
  it("selects S3 only with S3_BUCKET and names what is missing", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: "b" })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: "b" })).toThrow(/S3_REGION is required/);
    expect(() => loadConfig({ S3_BUCKET: "b", S3_REGION: "auto", S3_ACCESS_KEY_ID: "k" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_REGION: "us-east-1" })).toThrow(/S3_REGION set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: "b", S3_REGION: "auto", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: "b", S3_REGION: "auto", STORAGE_WEBHOOK_SECRET: "short" })).toThrow(
      /STORAGE_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({ S3_BUCKET: "b", S3_REGION: "auto", S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com/", S3_FORCE_PATH_STYLE: "1" }).s3,
    ).toEqual({ bucket: "b", region: "auto", endpoint: "https://acc.r2.cloudflarestorage.com", forcePathStyle: true });
  });

  it("refuses to start when the bucket is unreachable or missing", async () => {
    const bucket = await createTestBucket();
    try {
      const closedPort = { ...bucket.env, S3_ENDPOINT: "http://127.0.0.1:9" };
      await expect(createApp(loadConfig(closedPort))).rejects.toThrow(/S3 bucket ".+" is not reachable at http:\/\/127\.0\.0\.1:9/);
      const missing = { ...bucket.env, S3_BUCKET: "no-such-bucket" };
      await expect(createApp(loadConfig(missing))).rejects.toThrow(/"no-such-bucket" is not reachable .*no such bucket/);
    } finally {
      await bucket.release();
    }
  });

  it("storage:cors sets PUT, GET and HEAD for the dashboard origin with ETag exposed", async () => {
    const bucket = await createTestBucket();
    try {
      const { stdout } = await run("npx", ["tsx", "scripts/s3-cors.ts", "--origin", "https://videos.example.com"], {
        env: { ...process.env, ...bucket.env },
      });
      expect(stdout).toMatch(/CORS of bucket .+ set: PUT, GET, HEAD from https:\/\/videos\.example\.com/);
      const cors = await bucket.client.send(new GetBucketCorsCommand({ Bucket: bucket.bucket }));
      expect(cors.CORSRules).toEqual([
        expect.objectContaining({
          AllowedOrigins: ["https://videos.example.com"],
          AllowedMethods: ["PUT", "GET", "HEAD"],
          ExposeHeaders: expect.arrayContaining(["ETag"]),
        }),
      ]);
      const preflight = await fetch(`${bucket.endpoint}/${bucket.bucket}/uploads/x`, {
        method: "OPTIONS",
        headers: { origin: "https://videos.example.com", "access-control-request-method": "PUT" },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get("access-control-allow-methods")).toMatch(/PUT/);
    } finally {
      await bucket.release();
    }
  });
});

describe.each(testDatabaseKinds)("S3 uploads on %s", (kind) => {
  let t: TestApp;
  let token: string;
  let bucket: NonNullable<TestApp["bucket"]>;
  const objectExists = async (key: string) =>
    bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key })).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { MAX_UPLOAD_BYTES: String(LIMIT) }, "s3");
    bucket = t.bucket!;
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it("pre-signs a PUT on the bucket's host that signs only host and carries no checksum", async () => {
    const { url, asset } = await requestUpload(token);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(bucket.endpoint);
    expect(parsed.pathname).toBe(`/${bucket.bucket}/uploads/${asset.id}`);
    const q = parsed.searchParams;
    expect(q.get("X-Amz-SignedHeaders")).toBe("host");
    expect(q.get("X-Amz-Expires")).toBe("3600");
    expect([...q.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(q.get("X-Amz-Content-Sha256")).toBe("UNSIGNED-PAYLOAD");
  });

  it("a plain PUT to the URL, with nothing else but polling, leads to ready within 15 s", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { url, asset } = await requestUpload(token, "plain put");
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": "application/x-anything" } });
    expect(put.status).toBe(200);
    const ready = await pollAsset(token, asset.id, (a) => a.status === "ready", 15_000);
    expect(ready).toMatchObject({ status: "ready", size: bytes.length, hash: [{ algorithm: "sha256", hash: sha256(bytes) }, { algorithm: "cidv1", hash: await expectedCid(bytes) }, { algorithm: "md5", hash: md5(bytes) }] });
    expect(await objectExists(`assets/${asset.id}/source`)).toBe(true);
    expect(await objectExists(`uploads/${asset.id}`)).toBe(false);
  });

  it("processing reads the boxes with ranged GETs and the whole file with one streaming GET", async () => {
    const store = t.app.storage as S3Store;
    const gets: Array<string | undefined> = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        // Pre-signing (the URL ffmpeg reads the poster's frame through) runs this stack too, but sends nothing.
        const presigned = "presigned" in (result.output as object);
        if (context.commandName === "GetObjectCommand" && !presigned) gets.push((args.input as { Range?: string }).Range);
        return result;
      },
      { step: "initialize", name: "countGets" },
    );
    const { url, asset } = await requestUpload(token, "moov at end");
    try {
      await putUpload(url, fixture("h264-aac-moov-end.mp4"));
      await t.app.runner.idle();
    } finally {
      store.client.middlewareStack.remove("countGets");
    }
    expect((await (await getAsset(token, asset.id)).json()).status).toBe("ready");
    expect(gets.filter((range) => range === undefined)).toHaveLength(1);
    expect(gets.filter((range) => range !== undefined).length).toBeGreaterThan(1);
    for (const range of gets.filter(Boolean)) expect(range).toMatch(/^bytes=\d+-\d+$/);
  });

  it("a second PUT after processing cannot change the asset's file", async () => {
    const first = fixture("h264-aac.mp4");
    const { url, asset } = await requestUpload(token, "single use");
    await putUpload(url, first);
    await t.app.runner.idle();
    const ready = await (await getAsset(token, asset.id)).json();
    expect(ready.hash[0].hash).toBe(sha256(first));

    expect((await putUpload(url, fixture("hevc-aac.mp4"))).status).toBe(200);
    const again = await callRoute(uploadComplete.POST, `/api/asset/${asset.id}/upload-complete`, {
      method: "POST",
      token,
      params: { id: asset.id },
    });
    expect(again.status).toBe(200);
    await t.app.runner.idle();
    const after = await (await getAsset(token, asset.id)).json();
    expect(after).toMatchObject({ status: "ready", size: first.length, hash: [{ algorithm: "sha256", hash: sha256(first) }, { algorithm: "cidv1", hash: await expectedCid(first) }, { algorithm: "md5", hash: md5(first) }] });
    const download = await fetch(after.downloadUrl);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(first));
  });

  it("an object over the size limit fails the asset and is deleted", async () => {
    const { url, asset } = await requestUpload(token, "too big");
    const big = Buffer.alloc(LIMIT + 1);
    await putUpload(url, big);
    await t.app.runner.idle();
    const failed = await (await getAsset(token, asset.id)).json();
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toMatch(/larger than the upload limit/);
    expect(await objectExists(`uploads/${asset.id}`)).toBe(false);
    expect(await objectExists(`assets/${asset.id}/source`)).toBe(false);
  });

  it("downloadUrl is a pre-signed GET that serves byte ranges", async () => {
    const bytes = fixture("h264-aac.mp4");
    const { url, asset } = await requestUpload(token, "download");
    await putUpload(url, bytes);
    await t.app.runner.idle();
    const { downloadUrl } = await (await getAsset(token, asset.id)).json();
    expect(new URL(downloadUrl).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const part = await fetch(downloadUrl, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it("DELETE removes the stored object and any upload left at the URL", async () => {
    const { url, asset } = await requestUpload(token, "to delete");
    await putUpload(url, fixture("h264-aac.mp4"));
    await t.app.runner.idle();
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: `uploads/${asset.id}`, Body: "late" }));
    const response = await callRoute(routes.assetById.DELETE, `/api/asset/${asset.id}`, {
      method: "DELETE",
      token,
      params: { id: asset.id },
    });
    expect(response.status).toBe(204);
    expect(await objectExists(`assets/${asset.id}/source`)).toBe(false);
    expect(await objectExists(`uploads/${asset.id}`)).toBe(false);
  });

  it("reports S3 storage in health", async () => {
    const body = await (await callRoute(health.GET, "/api/health")).json();
    expect(body.storage).toEqual({ kind: "s3", ok: true });
  });
});
