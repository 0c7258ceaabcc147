import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as exportRoute from "@/app/api/asset/[id]/export/route";
import * as webhookList from "@/app/api/webhook/route";
import { notFound, tooManyRequests } from "@/lib/api/errors";
import { withUser } from "@/lib/app/with-user";
import { startMaintenance } from "@/lib/app/maintenance";
import { newNodeIdentity } from "@/lib/app/node";
import { claimIdempotencyKey, findIdempotencyKey } from "@/lib/db/idempotency-keys";
import { requestFingerprint } from "@/lib/idempotency/idempotency-key";
import { routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { readyAsset } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const DAY_MS = 24 * 3600_000;

describe.each(testDatabaseKinds)("Idempotency-Key on %s", (kind) => {
  let t: TestApp;
  let receiver: ReceiverDouble;
  let token: string;
  let userId: string;
  let keys = 0;
  const newKey = () => `key-${kind}-${++keys}`;

  beforeAll(async () => {
    receiver = await startReceiverDouble({ keepBytes: false });
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` });
    ({ token, userId } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const requestUpload = (key: string, name: string, as = token) =>
    callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: as, json: { name }, headers: { "idempotency-key": key } });
  const exportWithKey = (assetId: string, json: unknown, key: string) =>
    callRoute(exportRoute.POST, `/api/asset/${assetId}/export`, { token, json, headers: { "idempotency-key": key }, params: { id: assetId } });
  const assetNames = async (as = token) =>
    (await (await callRoute(routes.assetList.GET, "/api/asset?limit=100", { token: as })).json()).map((asset: { name: string }) => asset.name);

  it("answers a retried request-upload with the first answer, creating one asset", async () => {
    const key = newKey();
    const first = await requestUpload(key, "retried upload");
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.text();

    const again = await requestUpload(key, "retried upload");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/application\/json/);
    expect(await again.text()).toBe(firstBody);
    expect((await assetNames()).filter((name: string) => name === "retried upload")).toHaveLength(1);
  });

  it("refuses a key sent again with another body or to another endpoint (422), and one that is not printable ASCII (400)", async () => {
    const key = newKey();
    expect((await requestUpload(key, "first body")).status).toBe(200);
    await expectError(await requestUpload(key, "another body"), 422, /Idempotency-Key/);
    const onKeys = await callRoute(routes.keyList.POST, "/api/keys", { token, json: { name: "first body" }, headers: { "idempotency-key": key } });
    await expectError(onKeys, 422, /Idempotency-Key/);
    expect(await assetNames()).not.toContain("another body");

    for (const bad of ["", "x".repeat(256), "caf\u00e9", "tab\there"]) {
      await expectError(await requestUpload(bad, "bad key"), 400, /Idempotency-Key/);
    }
    expect((await requestUpload("x".repeat(255), "longest key")).status).toBe(200);
  });

  it("checks the body before the key: an invalid body is not kept, and the corrected one runs", async () => {
    const key = newKey();
    await expectError(await requestUpload(key, ""), 422, /name/);
    const corrected = await requestUpload(key, "corrected");
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keeps each user's keys apart", async () => {
    const other = await t.createUser();
    const key = newKey();
    const mine = await (await requestUpload(key, "same key, my asset")).json();
    const theirs = await requestUpload(key, "same key, their asset", other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect((await theirs.json()).asset.id).not.toBe(mine.asset.id);
    expect(await assetNames(other.token)).toEqual(["same key, their asset"]);
  });

  it("runs ten concurrent requests with one key once; the others get its answer", async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestUpload(key, "concurrent")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect((await assetNames()).filter((name: string) => name === "concurrent")).toHaveLength(1);
  });

  it("replays an export's 201 and a new API key's token, keeping the token only sealed", async () => {
    const asset = await readyAsset(t, token);
    const key = newKey();
    const exportBody = { custom: { url: `${receiver.url}/once` } };
    const started = await exportWithKey(asset.id, exportBody, key);
    expect(started.status).toBe(201);
    const replayed = await exportWithKey(asset.id, exportBody, key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await started.json());
    const otherBody = { custom: { url: `${receiver.url}/twice` } };
    await expectError(await exportWithKey(asset.id, otherBody, key), 422, /Idempotency-Key/);
    const tasks = await (await callRoute(routes.taskList.GET, `/api/task?assetId=${asset.id}&type=export`, { token })).json();
    expect(tasks).toHaveLength(1);

    const keyKey = newKey();
    const created = await callRoute(routes.keyList.POST, "/api/keys", { token, json: { name: "ci" }, headers: { "idempotency-key": keyKey } });
    expect(created.status).toBe(201);
    const { token: newToken } = await created.json();
    const again = await callRoute(routes.keyList.POST, "/api/keys", { token, json: { name: "ci" }, headers: { "idempotency-key": keyKey } });
    expect(again.status).toBe(201);
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect((await again.json()).token).toBe(newToken);
    const listed = await (await callRoute(routes.keyList.GET, "/api/keys?limit=100", { token })).json();
    expect(listed.filter((apiKey: { name: string }) => apiKey.name === "ci")).toHaveLength(1);
    const row = await findIdempotencyKey(t.app.db, userId, keyKey);
    expect(row?.statusCode).toBe(201);
    expect(row?.sealedAnswer).not.toContain(newToken);
    expect(row?.sealedAnswer).not.toContain(newToken.slice(4));
  });

  it("replays a webhook's creation with its secret, and keeps the secret sealed", async () => {
    const key = newKey();
    const post = () => callRoute(webhookList.POST, "/api/webhook", { token, json: { name: "once", url: `${receiver.url}/hook` }, headers: { "idempotency-key": key } });
    const created = await (await post()).json();
    const again = await post();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).sharedSecret).toBe(created.sharedSecret);
    const row = await findIdempotencyKey(t.app.db, userId, key);
    expect(row?.sealedAnswer).not.toContain(created.sharedSecret.slice(6));
  });

  describe("with a handler that fails", () => {
    let calls = 0;
    let failWith: "nothing" | "crash" | "not found" | "no content" | "busy" = "nothing";
    const flaky = withUser({ body: z.object({ n: z.number() }), idempotent: true }, async ({ body }) => {
      calls++;
      if (failWith === "crash") throw new Error("the handler crashed");
      if (failWith === "not found") throw notFound("no such thing");
      if (failWith === "busy") throw tooManyRequests("too many tasks under way", 30);
      if (failWith === "no content") return new Response(null, { status: 204 });
      return Response.json({ n: body.n, call: calls }, { status: 201, headers: { location: `/things/${calls}` } });
    });
    const call = (key: string) => callRoute(flaky, "/api/flaky", { token, json: { n: 1 }, headers: { "idempotency-key": key }, outsideContract: true });

    it("frees the key after a 5xx, so that a retry runs", async () => {
      const key = newKey();
      failWith = "crash";
      expect((await call(key)).status).toBe(500);
      failWith = "nothing";
      const retried = await call(key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get("idempotent-replayed")).toBeNull();
      const replayed = await call(key);
      expect(replayed.headers.get("idempotent-replayed")).toBe("true");
      expect(replayed.headers.get("location")).toBe(retried.headers.get("location"));
      expect(await replayed.json()).toEqual(await retried.json());
    });

    it("keeps a 4xx answer and replays it", async () => {
      const key = newKey();
      failWith = "not found";
      await expectError(await call(key), 404, /no such thing/);
      failWith = "nothing";
      const callsBefore = calls;
      const replayed = await call(key);
      expect(replayed.headers.get("idempotent-replayed")).toBe("true");
      await expectError(replayed, 404, /no such thing/);
      expect(calls).toBe(callsBefore);
    });

    it("frees the key after a 429, so that a retry after Retry-After runs", async () => {
      const key = newKey();
      failWith = "busy";
      const refused = await call(key);
      expect(refused.headers.get("retry-after")).toBe("30");
      await expectError(refused, 429, /too many tasks/);
      failWith = "nothing";
      const retried = await call(key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get("idempotent-replayed")).toBeNull();
    });

    it("replays an answer without a body", async () => {
      const key = newKey();
      failWith = "no content";
      expect((await call(key)).status).toBe(204);
      const replayed = await call(key);
      expect(replayed.status).toBe(204);
      expect(replayed.headers.get("idempotent-replayed")).toBe("true");
      failWith = "nothing";
    });
  });

  it("answers 409 while another request holds the key, and takes over a claim whose process died once its lease ran out", async () => {
    const key = newKey();
    const name = "after a crash";
    // A process that claimed the key and died before answering (kill -9) left this row.
    const now = t.app.now();
    await claimIdempotencyKey(t.app.db, {
      userId,
      key,
      fingerprint: requestFingerprint("POST", "/api/asset/request-upload", JSON.stringify({ name })),
      owner: "a process that died",
      now,
      lockedUntil: now + 60_000,
      expiredBefore: now - DAY_MS,
    });
    const waiting = await requestUpload(key, name);
    await expectError(waiting, 409, /Idempotency-Key: .*in progress/);
    expect(waiting.headers.get("retry-after")).toBe("1");
    expect(await assetNames()).not.toContain(name);

    t.advanceClock(61_000);
    const taken = await requestUpload(key, name);
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    expect((await requestUpload(key, name)).headers.get("idempotent-replayed")).toBe("true");
    expect((await assetNames()).filter((asset: string) => asset === name)).toHaveLength(1);
  }, 30_000);

  it("forgets keys after 24 hours; the maintenance tick deletes them", async () => {
    const reused = newKey();
    const forgotten = newKey();
    expect((await requestUpload(reused, "day one")).status).toBe(200);
    expect((await requestUpload(forgotten, "day one, too")).status).toBe(200);
    // A minute's margin: the real clock moves on too, slowly on a busy machine.
    t.advanceClock(DAY_MS - 60_000);
    await expectError(await requestUpload(reused, "another body within the day"), 422, /Idempotency-Key/);

    t.advanceClock(60_001);
    const nextDay = await requestUpload(reused, "day two");
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get("idempotent-replayed")).toBeNull();
    const sameAgain = await requestUpload(forgotten, "day one, too");
    expect(sameAgain.headers.get("idempotent-replayed")).toBeNull();
    expect((await assetNames()).filter((name: string) => name === "day one, too")).toHaveLength(2);

    t.advanceClock(DAY_MS + 1);
    const fresh = newKey();
    expect((await requestUpload(fresh, "day three")).status).toBe(200);
    const maintenance = startMaintenance(
      {
        db: t.app.db,
        node: newNodeIdentity("idempotency-test"),
        runner: t.app.runner,
        webhookEvents: { kick: async () => {} },
        deliveries: { flush: async () => {} },
        digestBackfill: { kick: () => {}, stop: async () => {} },
        runnerKind: "inline",
        storageKind: "local",
        startedAt: t.app.now(),
        taskRetentionMs: 30 * DAY_MS,
        views: { rollUp: async () => {}, prune: async () => {} },
        now: t.app.now,
      },
      3600_000,
    );
    await maintenance.started();
    await maintenance.stop();
    expect(await findIdempotencyKey(t.app.db, userId, reused)).toBeUndefined();
    expect(await findIdempotencyKey(t.app.db, userId, forgotten)).toBeUndefined();
    expect(await findIdempotencyKey(t.app.db, userId, fresh)).toMatchObject({ statusCode: 200 });
  });
});
