import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { batchCalls } from "./call-batcher";
import { assetRowFromJson, taskRowFromJson } from "./row-json";
import { assets, tasks, type AssetRow, type CreatorId, type PlaybackPolicyType, type TaskRow } from "./schema";

/** A type alias, not an interface: a prepared statement takes its values as a Record. */
export type NewUpload = {
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
};

const value = (name: keyof NewUpload, row: number) => sql.placeholder(`${name}${row}`);

/** The statement that inserts `count` uploads: built once per database and count. */
function buildInsertUploads(db: Db, count: number) {
  const rows = Array.from({ length: count }, (_, row) => row);
  const asset = db.$with("new_asset").as(
    db
      .insert(assets)
      .values(
        rows.map((row) => ({
          id: value("assetId", row),
          userId: value("userId", row),
          playbackId: value("playbackId", row),
          name: value("name", row),
          playbackPolicy: value("playbackPolicy", row),
          creatorId: value("creatorId", row),
          sourceUrl: value("sourceUrl", row),
          ipfsOnReady: value("ipfsOnReady", row),
          targetSegmentSecs: value("targetSegmentSecs", row),
          status: "waiting" as const,
          storageKey: value("storageKey", row),
          uploadExpiresAt: value("uploadExpiresAt", row),
          createdAt: value("createdAt", row),
          updatedAt: value("createdAt", row),
        })),
      )
      .returning(),
  );
  const task = db.$with("new_task").as(
    db
      .insert(tasks)
      .values(
        rows.map((row) => ({
          id: value("taskId", row),
          userId: value("userId", row),
          type: "upload" as const,
          inputAssetId: value("assetId", row),
          params: value("taskParams", row),
          sealedSecrets: value("taskSealedSecrets", row),
          phase: value("taskPhase", row),
          runAfter: value("taskRunAfter", row),
          statusUpdatedAt: value("createdAt", row),
          createdAt: value("createdAt", row),
          updatedAt: value("createdAt", row),
        })),
      )
      .returning(),
  );
  // Each row comes back whole as one JSON value: Drizzle's own mapping of a join of two CTEs
  // reads every column through a proxy, which cost a tenth of request-upload's CPU (bench/RESULTS.md).
  return db
    .with(asset, task)
    .select({ asset: sql<Record<string, unknown>>`to_jsonb(${asset})`, task: sql<Record<string, unknown>>`to_jsonb(${task})` })
    .from(asset)
    .innerJoin(task, sql`${task.inputAssetId} = ${asset.id}`)
    .prepare(`insert_uploads_${count}`);
}

type InsertUploads = ReturnType<typeof buildInsertUploads>;

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
  const statements = new Map<number, InsertUploads>();
  const statementFor = (count: number) => {
    let statement = statements.get(count);
    if (!statement) statements.set(count, (statement = buildInsertUploads(db, count)));
    return statement;
  };
  return batchCalls<NewUpload, UploadRows>(
    async (uploads) => {
      const values: Record<string, unknown> = {};
      uploads.forEach((upload, row) => {
        for (const [name, field] of Object.entries(upload)) values[`${name}${row}`] = field;
      });
      const rows = await statementFor(uploads.length).execute(values);
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
