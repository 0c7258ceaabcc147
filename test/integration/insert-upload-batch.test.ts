import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { findAsset } from "@/lib/db/assets";
import { findTask } from "@/lib/db/tasks";
import { insertUpload } from "@/lib/db/insert-upload";
import { insertUser } from "@/lib/db/users";
import { newUpload } from "../helpers/new-upload";
import { openTestDatabase, testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("uploads requested at the same moment on %s", (kind) => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = (await insertUser(database.db, { email: `${randomUUID()}@example.com`, createdAt: Date.now() })).id;
  });
  afterAll(() => database.close());

  it("each get their own asset and task", async () => {
    const uploads = Array.from({ length: 40 }, (_, i) => newUpload({ userId, name: `video ${i}`, createdAt: Date.now() }));
    const inserted = await Promise.all(uploads.map((upload) => insertUpload(database.db, upload)));
    inserted.forEach(({ asset, task }, i) => {
      expect(asset).toMatchObject({ id: uploads[i].assetId, name: `video ${i}`, status: "waiting" });
      expect(task).toMatchObject({ id: uploads[i].taskId, inputAssetId: uploads[i].assetId, phase: "pending" });
    });
  });

  it("answer the rows exactly as the database holds them, every field set", async () => {
    const createdAt = Date.now();
    const upload = newUpload({
      userId,
      createdAt,
      name: "über \"quoted\" 🎬",
      playbackPolicy: "jwt",
      creatorId: { type: "unverified", value: "0xabc" },
      sourceUrl: "https://media.example/video.mp4",
      ipfsOnReady: { nftMetadata: { name: "x", properties: { n: 1.5 } } },
      targetSegmentSecs: 2.7,
      taskParams: { upload: { uploadUrlExpiresAt: createdAt + 1, maxBytes: 2 ** 40 } },
      taskSealedSecrets: "sealed",
      taskRunAfter: createdAt + 60_000,
    });
    const { asset, task } = await insertUpload(database.db, upload);
    expect(asset).toEqual(await findAsset(database.db, upload.assetId));
    expect(task).toEqual(await findTask(database.db, upload.taskId));
  });

  it("fail only for the one whose playback id is taken", async () => {
    const taken = await insertUpload(database.db, newUpload({ userId, createdAt: Date.now() }));
    const uploads = Array.from({ length: 20 }, (_, i) =>
      newUpload({ userId, name: `clash ${i}`, createdAt: Date.now(), ...(i === 7 && { playbackId: taken.asset.playbackId }) }),
    );
    const results = await Promise.allSettled(uploads.map((upload) => insertUpload(database.db, upload)));
    expect(results.map((result) => result.status)).toEqual(uploads.map((_, i) => (i === 7 ? "rejected" : "fulfilled")));
    for (const [i, upload] of uploads.entries()) expect(Boolean(await findAsset(database.db, upload.assetId))).toBe(i !== 7);
  });
});
