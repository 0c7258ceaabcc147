import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { signUpWithPassword } from "@/lib/auth/credentials";
import { openDatabase, type Database } from "@/lib/db/client";
import { findAsset } from "@/lib/db/assets";
import { findTask } from "@/lib/db/tasks";
import { insertUser } from "@/lib/db/users";
import { fixture } from "../helpers/api";
import { makeLargeMp4 } from "../helpers/large-mp4";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { createTestBucket, type TestBucket } from "../helpers/s3-server";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";
import { tusUpload } from "../helpers/tus-client";

const LEASE_SECONDS = 10;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in through Auth.js's HTTP endpoints of `node`; returns the session cookie. */
async function signIn(node: ServerProcess, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${node.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const response = await fetch(`${node.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${node.url}/assets` }),
  });
  const session = response.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in on ${node.url} answered ${response.status} without a session`);
  return session.split(";")[0];
}

/**
 * Two real app processes on one PostgreSQL database and one S3 bucket, with their limits in the
 * database or in Redis: what a deployment behind a load balancer relies on.
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("two nodes on one PostgreSQL database", () => describe.each(["database", "redis"])("with limits in %s", (limits) => {
  /**
   * Redis holds nothing but the limits (rate limits, sign-in throttles): what has another subject
   * (tasks, storage, uploads) runs once, with the limits in the database, the default.
   */
  const itWhateverTheLimits = limits === "database" ? it : it.skip;
  let database: ThrowawayDatabase;
  let shared: Database;
  let bucket: TestBucket;
  let receiver: ReceiverDouble;
  const dataDirs: string[] = [];
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  let users = 0;
  let bigSha256: string;

  const startNode = async (name: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vas-node-${name}-`));
    dataDirs.push(dataDir);
    return startServer({ ...env, DATA_DIR: dataDir, NODE_NAME: name });
  };

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    bucket = await createTestBucket();
    receiver = await startReceiverDouble({ keepBytes: false });
    env = {
      ...bucket.env,
      DATABASE_URL: database.url,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      RATE_LIMIT_PER_MINUTE: "30",
      MAX_ACTIVE_TASKS_PER_USER: "2",
      TASK_LEASE_SECONDS: String(LEASE_SECONDS),
      ...(limits === "redis" && { REDIS_URL: "redis://127.0.0.1:6379", REDIS_KEY_PREFIX: `vas-test-${database.name}:` }),
    };
    // Started together: migrations and the secrets both generate on first start must come out once.
    const started = await Promise.allSettled([startNode("node-a"), startNode("node-b")]);
    [a, b] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined!));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    shared = await openDatabase({ url: database.url, poolSize: 2 });
    bigSha256 = (await makeLargeMp4(path.join(dataDirs[0], "big.mp4"), 12 * 1024 * 1024)).sha256;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill("SIGKILL"), b?.kill("SIGKILL")]);
    await shared?.close();
    await receiver.close();
    await bucket.release();
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A new user with a token of its own (each token has its own rate limit). */
  async function newUser(password?: string) {
    const email = `node-user-${++users}-${limits}@example.com`;
    const user = password
      ? await signUpWithPassword(shared.db, { email, password }, Date.now()).then((r) => (r.ok ? r.user : undefined))
      : await insertUser(shared.db, { email, createdAt: Date.now() });
    const { token } = await registerApiToken(shared.db, { userId: user!.id, name: "two nodes", now: Date.now() });
    return { email, userId: user!.id, token };
  }

  /** An asset uploaded through the bucket, its upload reported to `reportTo`, ready. */
  async function readyAsset(token: string, requestOn: ServerProcess, reportTo: ServerProcess) {
    const { url, asset } = await (await api(requestOn, "/api/asset/request-upload", { method: "POST", token, json: { name: "shared" } })).json();
    expect((await fetch(url, { method: "PUT", body: fixture("h264-aac.mp4") })).status).toBe(200);
    expect((await api(reportTo, `/api/asset/${asset.id}/upload-complete`, { method: "POST", token })).status).toBe(200);
    const ready = await until(() => findAsset(shared.db, asset.id), (row) => row?.status === "ready", 10_000);
    expect(ready?.status).toBe("ready");
    return asset.id as string;
  }

  const exportTo = async (node: ServerProcess, token: string, assetId: string, pathname: string) => {
    const response = await api(node, `/api/asset/${assetId}/export`, { method: "POST", token, json: { custom: { url: `${receiver.url}${pathname}` } } });
    return { status: response.status, body: await response.json() };
  };

  itWhateverTheLimits("stops at once on node A an export that is cancelled through node B", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const stall = receiver.stallAfter(1);
    try {
      const { body } = await exportTo(a, token, assetId, "/cancel-across");
      await stall.stalled;
      const cancelledAt = Date.now();
      const response = await api(b, `/api/task/${body.task.id}/cancel`, { method: "POST", token });
      expect(response.status).toBe(200);
      const request = receiver.received.find((r) => r.path === "/cancel-across")!;
      const closedAt = await until(async () => request.connectionClosedAt, (at) => at !== undefined, 15_000);
      expect(closedAt! - cancelledAt).toBeLessThan(5_000);
      expect(request.complete).toBe(false);
      expect(await findTask(shared.db, body.task.id)).toMatchObject({ phase: "cancelled", leaseOwner: null });
    } finally {
      stall.release();
    }
  });

  itWhateverTheLimits("plays an asset stored in the bucket from either node, seeking with Range", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const { playbackId } = await (await api(a, `/api/asset/${assetId}`, { token })).json();
    const info = await (await fetch(`${b.url}/api/playback/${playbackId}`)).json();
    expect(info.meta.source[1]).toMatchObject({ hrn: "MP4", url: `${b.url}/api/playback/${playbackId}/video.mp4` });
    const size = fixture("h264-aac.mp4").length;
    const part = await fetch(info.meta.source[1].url, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await part.arrayBuffer()).equals(fixture("h264-aac.mp4").subarray(0, 100))).toBe(true);
    // The HLS packaging index lives in the bucket too: the other node cuts the same segments.
    const playlist = await (await fetch(info.meta.source[0].url)).text();
    const segment = playlist.split("\n").find((line) => line.endsWith(".m4s"))!;
    const segmentUrl = (node: ServerProcess) => `${node.url}/api/hls/${playbackId}/${segment}`;
    const [fromA, fromB] = await Promise.all([a, b].map(async (node) => Buffer.from(await (await fetch(segmentUrl(node))).arrayBuffer())));
    expect(fromB.length).toBeGreaterThan(1000);
    expect(fromB.equals(fromA)).toBe(true);
  });

  it("shares generated secrets: a session cookie from one node works on the other, and signing out on it ends it on both", async () => {
    const user = await newUser("two nodes password");
    const cookie = await signIn(a, user.email, "two nodes password");
    const list = (node: ServerProcess) => fetch(`${node.url}/api/asset`, { headers: { cookie } });
    expect((await list(b)).status).toBe(200);
    const csrf = await fetch(`${b.url}/api/auth/csrf`);
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    await fetch(`${b.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrfCookie}; ${cookie}` },
      body: new URLSearchParams({ csrfToken }),
    });
    expect((await list(a)).status).toBe(401);
  });

  it("holds a token's rate limit across both nodes", async () => {
    const { token } = await newUser();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api(i % 2 ? b : a, "/api/asset", { token }).then((r) => r.status)),
    );
    const refilled = Math.floor(((Date.now() - started) / 60_000) * 30);
    const allowed = answers.filter((status) => status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThanOrEqual(30 + refilled);
    expect(answers.filter((status) => status === 429).length).toBe(40 - allowed);
  });

  itWhateverTheLimits("uses upload and download URLs across nodes", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, b);
    const { downloadUrl } = await (await api(b, `/api/asset/${assetId}`, { token })).json();
    const download = await fetch(downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(fixture("h264-aac.mp4"))).toBe(true);
  });

  itWhateverTheLimits("takes a tus upload whose first half went to node A and second half to node B", async () => {
    const { token } = await newUser();
    const file = fs.readFileSync(path.join(dataDirs[0], "big.mp4"));
    const { tusEndpoint, asset } = await (await api(a, "/api/asset/request-upload", { method: "POST", token, json: { name: "two halves" } })).json();
    const first = await tusUpload(file, { endpoint: tusEndpoint, stopAt: file.length / 2 });
    expect(new URL(first.url).origin).toBe(a.url);
    await tusUpload(file, { uploadUrl: first.url.replace(a.url, b.url) });
    const ready = await until(() => findAsset(shared.db, asset.id), (row) => row?.status === "ready", 20_000);
    expect(ready).toMatchObject({ status: "ready", size: file.length, sha256: bigSha256 });
  });

  itWhateverTheLimits("lets 12 concurrent exports against a cap of 2 leave exactly 2 active", async () => {
    const { token, userId } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const stall = receiver.stallAfter(1);
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => exportTo(i % 2 ? b : a, token, assetId, `/cap-${i}`)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
      // The exports: the asset's own background work (its storyboard) is no export and counts for no cap.
      const active = await shared.db.query.tasks.findMany({ where: (t, { and, eq, inArray }) => and(eq(t.userId, userId), eq(t.type, "export"), inArray(t.phase, ["waiting", "running"])) });
      expect(active).toHaveLength(2);
    } finally {
      stall.release();
    }
  });

  itWhateverTheLimits("finishes on node B, without any restart, an export whose node A was killed mid-transfer", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const stall = receiver.stallAfter(1);
    const { body } = await exportTo(a, token, assetId, "/takeover");
    await stall.stalled;
    const killedAt = Date.now();
    await a.kill("SIGKILL");
    stall.release();
    const done = await until(() => findTask(shared.db, body.task.id), (task) => task?.phase === "completed", 60_000);
    expect(done?.phase).toBe("completed");
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    // A's request may still complete from what its socket had sent before it died; B sends once.
    const sentByB = receiver.received.filter((r) => r.path === "/takeover" && r.startedAt > killedAt);
    expect(sentByB).toHaveLength(1);
    expect(sentByB[0].complete).toBe(true);
    a = await startNode("node-a");
  }, 120_000);

  itWhateverTheLimits("starts no second run when node B restarts while node A runs a task", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const stall = receiver.stallAfter(1);
    const { body } = await exportTo(a, token, assetId, "/no-second-run");
    await stall.stalled;
    await b.kill("SIGKILL");
    b = await startNode("node-b");
    // B's start-up sweep is done once it answers; give it one more sweep before releasing.
    await new Promise((resolve) => setTimeout(resolve, ((LEASE_SECONDS * 1000) / 3) * 1.5));
    stall.release();
    const done = await until(() => findTask(shared.db, body.task.id), (task) => task?.phase === "completed", 30_000);
    expect(done?.phase).toBe("completed");
    expect(receiver.received.filter((r) => r.path === "/no-second-run")).toHaveLength(1);
  }, 120_000);

  itWhateverTheLimits("never lets a node change a task another node finished", async () => {
    const { token } = await newUser();
    const assetId = await readyAsset(token, a, a);
    const stall = receiver.stallAfter(1);
    const { body } = await exportTo(a, token, assetId, "/frozen");
    await stall.stalled;
    // A freezes mid-transfer (a long pause, a partition): its lease runs out and B takes over.
    a.pause();
    stall.release();
    const completed = await until(() => findTask(shared.db, body.task.id), (task) => task?.phase === "completed", 60_000);
    expect(completed).toMatchObject({ phase: "completed", output: { export: { custom: { status: 200 } } } });
    // A thaws and its stale transfer ends with a refusal, which must not fail the task.
    receiver.answer(409, "already there");
    a.resume();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    receiver.answer(200);
    expect(await findTask(shared.db, body.task.id)).toMatchObject({ phase: "completed", output: completed!.output, errorMessage: null });
  }, 120_000);
}));

/**
 * Two nodes each with a data directory of its own and local disk storage, as on separate machines
 * without S3: the local store's signed URLs still work on either, because the signing secret is
 * in the database, and health says the setup loses files.
 */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("two nodes with local disk storage", () => {
  let database: ThrowawayDatabase;
  let shared: Database;
  const dataDirs = [fs.mkdtempSync(path.join(os.tmpdir(), "vas-local-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "vas-local-b-"))];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const started = await Promise.allSettled(dataDirs.map((dir, i) => startServer({ DATABASE_URL: database.url, DATA_DIR: dir, NODE_NAME: `local-${i}` })));
    [a, b] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined!));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    shared = await openDatabase({ url: database.url, poolSize: 1 });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill("SIGKILL"), b?.kill("SIGKILL")]);
    await shared?.close();
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const onNode = (url: string, node: ServerProcess) => url.replace(/^http:\/\/[^/]+/, node.url);

  it("accepts one node's signed upload and download URLs on the other", async () => {
    const { url, asset } = await (await api(a, "/api/asset/request-upload", { method: "POST", json: { name: "local" } })).json();
    expect((await fetch(onNode(url, b), { method: "PUT", body: fixture("h264-aac.mp4") })).status).toBe(200);
    expect((await until(() => findAsset(shared.db, asset.id), (row) => row?.status === "ready", 10_000))?.status).toBe("ready");
    const { downloadUrl } = await (await api(a, `/api/asset/${asset.id}`)).json();
    const download = await fetch(onNode(downloadUrl, b));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-length")).toBe(String(fixture("h264-aac.mp4").length));
  });

  it("warns in /api/health that files stored on one node are missing on the other", async () => {
    const health = await (await fetch(`${a.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, node: { name: "local-0" }, storage: { kind: "local" }, otherNodes: [{ name: "local-1", storage: "local" }] });
    expect(health.warnings).toEqual([expect.stringMatching(/^local disk storage while 1 other node\(s\) share this database/)]);
  });
});
