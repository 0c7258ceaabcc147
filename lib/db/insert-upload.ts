import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { preparedStatement } from "./prepared";
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

const value = (name: keyof NewUpload) => sql.placeholder(name);

const insertUploadStatement = preparedStatement((db) => {
  const asset = db.$with("new_asset").as(
    db
      .insert(assets)
      .values({
        id: value("assetId"),
        userId: value("userId"),
        playbackId: value("playbackId"),
        name: value("name"),
        playbackPolicy: value("playbackPolicy"),
        creatorId: value("creatorId"),
        sourceUrl: value("sourceUrl"),
        ipfsOnReady: value("ipfsOnReady"),
        targetSegmentSecs: value("targetSegmentSecs"),
        status: "waiting",
        storageKey: value("storageKey"),
        uploadExpiresAt: value("uploadExpiresAt"),
        createdAt: value("createdAt"),
        updatedAt: value("createdAt"),
      })
      .returning(),
  );
  const task = db.$with("new_task").as(
    db
      .insert(tasks)
      .values({
        id: value("taskId"),
        userId: value("userId"),
        type: "upload",
        inputAssetId: value("assetId"),
        params: value("taskParams"),
        sealedSecrets: value("taskSealedSecrets"),
        phase: value("taskPhase"),
        runAfter: value("taskRunAfter"),
        statusUpdatedAt: value("createdAt"),
        createdAt: value("createdAt"),
        updatedAt: value("createdAt"),
      })
      .returning(),
  );
  return db.with(asset, task).select().from(asset).innerJoin(task, sql`true`).prepare("insert_upload");
});

/**
 * A `waiting` asset and its upload task, in one statement: atomic without a
 * transaction, and one round trip on the busiest write path.
 */
export async function insertUpload(db: Db, upload: NewUpload): Promise<{ asset: AssetRow; task: TaskRow }> {
  const [row] = await insertUploadStatement(db).execute(upload);
  return { asset: row.new_asset, task: row.new_task };
}
