import { findReadyAssetWithoutCid, recordAssetCid } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { acquireLock, releaseLock, renewLock } from "@/lib/db/locks";
import { log } from "@/lib/log/log";
import { digestStream } from "@/lib/media/file-digests";
import type { Storage } from "@/lib/storage/types";

const LOCK = "cid-backfill";
/** Held per asset: long enough to read a 5 GiB file slowly; renewed before each asset. */
const LOCK_MS = 60 * 60_000;

export interface CidBackfillDeps {
  db: Db;
  storage: Storage;
  nodeId: string;
  now(): number;
}

/**
 * Gives the assets that were ready before CIDs were computed (section 17) their CID, reading each
 * file once as the upload check does: one asset at a time, on one node at a time (a lock), in the
 * background of the maintenance ticks. An asset whose file cannot be read is passed over until the
 * next run.
 */
export function createCidBackfill(deps: CidBackfillDeps) {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const drain = async () => {
    if (!(await acquireLock(deps.db, LOCK, deps.nodeId, deps.now(), deps.now() + LOCK_MS))) return;
    try {
      let after: string | null = null;
      for (let asset = await findReadyAssetWithoutCid(deps.db, after); asset; asset = await findReadyAssetWithoutCid(deps.db, after)) {
        after = asset.id;
        if (!(await renewLock(deps.db, LOCK, deps.nodeId, deps.now() + LOCK_MS))) return;
        if (!asset.sha256 || stopping.signal.aborted) return;
        try {
          const digests = await digestStream(await deps.storage.createReadStream(asset.storageKey), () => {}, stopping.signal);
          if (digests.sha256 !== asset.sha256) throw new Error("the stored file no longer matches its sha256");
          await recordAssetCid(deps.db, asset.id, asset.sha256, digests);
        } catch (error) {
          log.warn("cid-backfill", `no CID for asset ${asset.id} this time`, error);
        }
      }
    } finally {
      await releaseLock(deps.db, LOCK, deps.nodeId);
    }
  };
  return {
    /** Starts a run unless one is under way here. */
    kick() {
      if (stopping.signal.aborted) return;
      running ??= drain()
        .catch((error: unknown) => log.warn("cid-backfill", "the CID backfill stopped", error))
        .finally(() => (running = undefined));
    },
    /** Resolves when this node's run (if any) has ended. */
    idle: () => running ?? Promise.resolve(),
    /** Ends this node's run at once (shutdown): the asset being read gets its CID at a later run. */
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

export type CidBackfill = ReturnType<typeof createCidBackfill>;
