import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { assets, tasks, type TaskRow } from "./schema";

/** The asset's completed exports that asked to unpin on delete (their outputs hold the CIDs). */
export async function exportsToUnpin(db: Db, assetId: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.inputAssetId, assetId),
        eq(tasks.type, "export"),
        eq(tasks.phase, "completed"),
        sql`(${tasks.params} #>> '{export,ipfs,unpinOnDelete}') = 'true'`,
      ),
    );
}

/**
 * Which of `cids` another asset still uses (pinned by its export, or its own file's CID): another
 * asset of `userId`, or with `userId` null, any other asset on the server.
 */
export async function cidsUsedElsewhere(db: Db, userId: string | null, assetId: string, cids: string[]): Promise<Set<string>> {
  if (cids.length === 0) return new Set();
  const video = sql<string | null>`${assets.storage} #>> '{ipfs,cid}'`;
  const metadata = sql<string | null>`${assets.storage} #>> '{ipfs,nftMetadata,cid}'`;
  const rows = await db
    .select({ video, metadata, cidv1: assets.cidv1 })
    .from(assets)
    .where(
      and(
        userId === null ? undefined : eq(assets.userId, userId),
        ne(assets.id, assetId),
        or(inArray(video, cids), inArray(metadata, cids), inArray(assets.cidv1, cids)),
      ),
    );
  return new Set(rows.flatMap((row) => [row.video, row.metadata, row.cidv1]).filter((cid): cid is string => cid !== null && cids.includes(cid)));
}
