import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { tusUpload } from "../helpers/tus-client";
import { createTestBucket, storagePairs, type TestBucket } from "../helpers/s3-server";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/test-databases";

/**
 * tus-js-client, as any tus client would drive the running service: an upload cut off at about
 * half is resumed by a new client from the offset the server reports, and the asset ends ready
 * with the sha256 of the whole file.
 */
describe.each(storagePairs)("tus-js-client against the running service on %s with %s storage", (kind, storage) => {
  let server: ServerProcess;
  let database: ThrowawayDatabase | undefined;
  let bucket: TestBucket | undefined;
  let dataDir: string;
  let file: Buffer;
  let sha256: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-tus-"));
    const made = await makeLargeMp4(path.join(dataDir, "big.mp4"), 20 * 1024 * 1024);
    file = fs.readFileSync(path.join(dataDir, "big.mp4"));
    sha256 = made.sha256;
    if (kind === "postgres") database = await createThrowawayDatabase();
    if (storage === "s3") bucket = await createTestBucket();
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", ...bucket?.env });
  }, 120_000);
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await bucket?.release();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes an upload aborted at half from the server's offset, in a new client, and ends ready", async () => {
    const { tusEndpoint, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "resumed" } })).json();
    const first = await tusUpload(file, { endpoint: tusEndpoint, stopAt: file.length / 2 });

    const head = await fetch(first.url, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(first.acknowledged);
    expect(offset).toBeLessThan(file.length);
    expect(head.headers.get("upload-length")).toBe(String(file.length));

    await tusUpload(file, { uploadUrl: first.url });
    for (;;) {
      const current = await (await api(server, `/api/asset/${asset.id}`)).json();
      if (current.status !== "waiting" && current.status !== "processing") {
        expect(current).toMatchObject({ status: "ready", size: file.length, hash: [{ algorithm: "sha256", hash: sha256 }, { algorithm: "cidv1", hash: expect.stringMatching(/^baf/) }, { algorithm: "md5", hash: expect.stringMatching(/^[0-9a-f]{32}$/) }] });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);
});
