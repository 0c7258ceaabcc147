import { findReadyAssetWithoutDigests, recordAssetDigests } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { acquireLock, releaseLock, renewLock } from "@/lib/db/locks";
import { digestStream } from "@/lib/ipfs/file-digests";
import { log } from "@/lib/log/log";
import type { Storage } from "@/lib/storage/types";

const LOCK = "digest-backfill";
/** Long enough to read a 5 GiB file slowly; renewed before an asset once half of it has passed. */
const LOCK_MS = 60 * 60_000;

export interface DigestBackfillDeps {
  db: Db;
  storage: Storage;
  nodeId: string;
  now(): number;
}

/**
 * Gives the assets that were ready before CIDs (section 17) or md5 were computed their digests,
 * reading each file once as the upload check does: one asset at a time, on one node at a time (a lock), in the
 * background of the maintenance ticks. One full pass per process: an asset whose file is missing
 * or cannot be read is passed over until the next start (new assets get their digests when checked).
 */
export function createDigestBackfill(deps: DigestBackfillDeps) {
  let running: Promise<void> | undefined;
  let passed = false;
  let after: string | null = null;
  let missing = 0;
  const stopping = new AbortController();
  const drain = async () => {
    if (!(await acquireLock(deps.db, LOCK, deps.nodeId, deps.now(), deps.now() + LOCK_MS))) return;
    let renewedAt = deps.now();
    const holding = async () => {
      if (deps.now() - renewedAt < LOCK_MS / 2) return true;
      renewedAt = deps.now();
      return Boolean(await renewLock(deps.db, LOCK, deps.nodeId, renewedAt + LOCK_MS));
    };
    try {
      for (let asset = await findReadyAssetWithoutDigests(deps.db, after); asset; asset = await findReadyAssetWithoutDigests(deps.db, after)) {
        if (stopping.signal.aborted || !(await holding())) return;
        after = asset.id;
        if (asset.sha256) await backfill(asset.id, asset.sha256, asset.storageKey);
      }
      passed = true;
      if (missing > 0) log.info("digest-backfill", `${missing} ready assets have no stored file: they get no CID or md5`);
    } finally {
      await releaseLock(deps.db, LOCK, deps.nodeId);
    }
  };
  const backfill = async (id: string, sha256: string, key: string) => {
    try {
      if (!(await deps.storage.stat(key))) return void missing++;
      const digests = await digestStream(await deps.storage.createReadStream(key), () => {}, stopping.signal);
      if (digests.sha256 !== sha256) throw new Error("the stored file no longer matches its sha256");
      await recordAssetDigests(deps.db, id, sha256, digests);
    } catch (error) {
      if (!stopping.signal.aborted) log.warn("digest-backfill", `no CID or md5 for asset ${id} until the next start`, error);
    }
  };
  return {
    /** Starts a run unless one is under way here. */
    kick() {
      if (passed || stopping.signal.aborted) return;
      running ??= drain()
        .catch((error: unknown) => log.warn("digest-backfill", "the digest backfill stopped", error))
        .finally(() => (running = undefined));
    },
    /** Resolves when this node's run (if any) has ended. */
    idle: () => running ?? Promise.resolve(),
    /** Ends this node's run at once (shutdown): the asset being read gets its digests at a later run. */
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

export type DigestBackfill = ReturnType<typeof createDigestBackfill>;
