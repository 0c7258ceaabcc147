import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { batchCalls } from "./call-batcher";
import { assetRowFromJson, taskRowFromJson } from "./row-json";
import { preparedStatement } from "./prepared";
import { assets, tasks, type AssetRow, type CreatorId, type PlaybackPolicyType, type TaskRow, type TranscodeProfileRow } from "./schema";

export interface NewUpload {
  assetId: string;
  taskId: string;
  userId: string;
  playbackId: string;
  name: string;
  playbackPolicy: PlaybackPolicyType;
  creatorId: CreatorId | null;
  /** An import's URL without its query; null for an upload by the client. */
  sourceUrl: string | null;
  /** The export to IPFS to start once ready (`storage.ipfs`); null: none. */
  ipfsOnReady: Record<string, unknown> | null;
  /** Null: the default segment duration. */
  targetSegmentSecs: number | null;
  /** Livepeer's `profiles`: the ladder to make; null: the server's default. */
  profiles: TranscodeProfileRow[] | null;
  /** Livepeer's `staticMp4`. */
  staticMp4: boolean;
  storageKey: string;
  uploadExpiresAt: number;
  taskParams: Record<string, unknown>;
  /** `pending` until the file arrives (an upload), or `waiting`: due at once (an import, which fetches it). */
  taskPhase: "pending" | "waiting";
  /** The task's credentials, sealed (an import URL's); null: none. */
  taskSealedSecrets: string | null;
  /** When the upload task is first due (it is dormant until then). */
  taskRunAfter: number;
  createdAt: number;
}

/**
 * Inserts a batch of uploads, given as one JSON array of NewUpload, in one statement, and answers
 * each new asset and task whole as JSON. One parameter for the whole batch: binding each field
 * of each row as its own parameter cost postgres.js and Drizzle more CPU than the rest of the
 * request (bench/RESULTS.md), and the answer read as two JSON values skips Drizzle's column-by-column
 * mapping. Prepared once per database, for any size of batch.
 */
const insertUploads = preparedStatement((db) => {
  const input = sql`jsonb_to_recordset(${sql.placeholder("uploads")}::text::jsonb) AS input(
    "assetId" uuid, "taskId" uuid, "userId" uuid, "playbackId" text, "name" text, "playbackPolicy" text,
    "creatorId" jsonb, "sourceUrl" text, "ipfsOnReady" jsonb, "targetSegmentSecs" real, "profiles" jsonb, "staticMp4" boolean, "storageKey" text,
    "uploadExpiresAt" bigint, "taskParams" jsonb, "taskPhase" text, "taskSealedSecrets" text,
    "taskRunAfter" bigint, "createdAt" bigint)`;
  const asset = db.$with("new_asset", {}).as(sql`INSERT INTO ${assets} (
      id, user_id, playback_id, name, status, playback_policy, creator_id, source_url, ipfs_on_ready,
      target_segment_secs, profiles, static_mp4, storage_key, upload_expires_at, created_at, updated_at)
    SELECT "assetId", "userId", "playbackId", "name", 'waiting', "playbackPolicy", "creatorId", "sourceUrl", "ipfsOnReady",
      "targetSegmentSecs", "profiles", "staticMp4", "storageKey", "uploadExpiresAt", "createdAt", "createdAt"
    FROM ${input}
    RETURNING *`);
  const task = db.$with("new_task", {}).as(sql`INSERT INTO ${tasks} (
      id, user_id, type, input_asset_id, params, sealed_secrets, phase, run_after, status_updated_at, created_at, updated_at)
    SELECT "taskId", "userId", 'upload', "assetId", "taskParams", "taskSealedSecrets", "taskPhase", "taskRunAfter",
      "createdAt", "createdAt", "createdAt"
    FROM ${input}
    RETURNING *`);
  return db
    .with(asset, task)
    .select({ asset: sql<Record<string, unknown>>`to_jsonb(new_asset)`, task: sql<Record<string, unknown>>`to_jsonb(new_task)` })
    .from(sql`new_asset JOIN new_task ON new_task.input_asset_id = new_asset.id`)
    .prepare("insert_uploads");
});

/**
 * Uploads requested together share one statement and one commit: under load, most of an
 * insert's cost in PostgreSQL and in postgres.js is per statement, not per row (bench/RESULTS.md).
 * Two statements at most are under way per database, leaving the rest of the pool to reads.
 */
const MAX_UPLOADS_PER_STATEMENT = 32;
const STATEMENTS_IN_FLIGHT = 2;

const insertersByDb = new WeakMap<Db, (upload: NewUpload) => Promise<UploadRows>>();

interface UploadRows {
  asset: AssetRow;
  task: TaskRow;
}

function uploadInserter(db: Db) {
  return batchCalls<NewUpload, UploadRows>(
    async (uploads) => {
      const rows = await insertUploads(db).execute({ uploads: JSON.stringify(uploads) });
      const inserted = rows.map((row) => ({ asset: assetRowFromJson(row.asset), task: taskRowFromJson(row.task) }));
      const byAsset = new Map(inserted.map((row) => [row.asset.id, row]));
      return uploads.map((upload) => {
        const inserted = byAsset.get(upload.assetId);
        if (!inserted) throw new Error("an inserted upload was not returned");
        return inserted;
      });
    },
    { maxBatch: MAX_UPLOADS_PER_STATEMENT, maxInFlight: STATEMENTS_IN_FLIGHT },
  );
}

/**
 * A `waiting` asset and its upload task, in one statement: atomic without a transaction, and
 * shared with the other uploads requested at the same moment.
 */
export async function insertUpload(db: Db, upload: NewUpload): Promise<UploadRows> {
  let insert = insertersByDb.get(db);
  if (!insert) insertersByDb.set(db, (insert = uploadInserter(db)));
  return insert(upload);
}
