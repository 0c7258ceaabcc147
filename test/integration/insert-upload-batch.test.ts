import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { findAsset } from "@/lib/db/assets";
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
