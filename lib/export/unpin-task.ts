import { deleteUserAsset, findAsset, updateAsset } from "@/lib/db/assets";
import { findTask, updateTask } from "@/lib/db/tasks";
import { cidsUsedElsewhere, exportsToUnpin } from "@/lib/db/unpins";
import { withSecretsScrubbed } from "@/lib/tasks/scrub-secrets";
import type { IpfsExportOutput } from "@/lib/tasks/schemas";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, writerOf, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { readUnpinCredentials } from "./export-params";
import { unpinFromIpfs } from "./pinning-client";
import type { PinningCredentials } from "./schemas";

/** Time for one unpin's answer. */
const UNPIN_TIMEOUTS = { idleMs: 60_000, totalMs: 120_000 };

interface UnpinPlan {
  assetId: string;
  userId: string;
  unpins: Array<{ cid: string; exportTaskId: string }>;
}

/**
 * The internal `unpin` task of a deleted asset whose exports asked for `unpinOnDelete`: unpins
 * each CID they pinned (video and metadata) with that export's own credentials, one step each
 * (retried with backoff), skipping CIDs another asset of the user still uses; an export made with
 * the server's PINATA_JWT pinned into an account every user shares, so its CIDs are kept while any
 * other asset on the server uses them. Then it deletes the asset, and with it its tasks and their
 * credentials. If an unpin finally fails, the asset stays `deleting` with the reason, and a second
 * DELETE queues this task again. Step results only list CIDs: each step plans again from the
 * database, and unpins or deletes only what that plan holds.
 */
export const unpinTask: TaskDefinition = {
  type: "unpin",

  async run(taskId, step, deps) {
    const cids = await step.run("plan-unpins", async () => (await planUnpins(deps, taskId)).unpins.map((u) => u.cid));
    for (const cid of cids) {
      await step.run(`unpin-${cid}`, () => unpin(deps, taskId, cid));
    }
    // This task outlives its asset (the runner records the step after it): it lets go of it first.
    await step.run("delete-asset", async () => {
      const plan = await planUnpins(deps, taskId);
      await deps.db.transaction(async (tx) => {
        await updateTask(tx, taskId, { inputAssetId: null }, writerOf(deps));
        if (!(await finishTask({ ...deps, db: tx }, taskId, { phase: "completed", output: { unpinned: plan.unpins.map((u) => u.cid) } }))) return;
        await deleteUserAsset(tx, plan.userId, plan.assetId);
      });
    });
  },

  async onFailure(task, message, deps) {
    if (task.inputAssetId) await updateAsset(deps.db, task.inputAssetId, { errorMessage: message, updatedAt: deps.now() });
  },
};

async function planUnpins(deps: TaskDeps, taskId: string): Promise<UnpinPlan> {
  const task = await findTask(deps.db, taskId);
  const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!asset) throw new NonRetriableError("the asset is gone");
  const pinned = (await exportsToUnpin(deps.db, asset.id)).flatMap((exported) => {
    const ipfs = (exported.output?.export as { ipfs?: IpfsExportOutput } | undefined)?.ipfs;
    const shared = !exported.sealedUnpinCredentials;
    return ipfs ? [ipfs.videoFileCid, ipfs.nftMetadataCid].map((cid) => ({ cid, exportTaskId: exported.id, shared })) : [];
  });
  const cids = pinned.map((p) => p.cid);
  const [keptByUser, keptOnServer] = await Promise.all([
    cidsUsedElsewhere(deps.db, asset.userId, asset.id, cids),
    cidsUsedElsewhere(deps.db, null, asset.id, pinned.filter((p) => p.shared).map((p) => p.cid)),
  ]);
  const unpins = pinned
    .filter((p, i) => !keptByUser.has(p.cid) && !(p.shared && keptOnServer.has(p.cid)) && pinned.findIndex((q) => q.cid === p.cid) === i)
    .map(({ cid, exportTaskId }) => ({ cid, exportTaskId }));
  return { assetId: asset.id, userId: asset.userId, unpins };
}

async function unpin(deps: TaskDeps, taskId: string, cid: string): Promise<void> {
  const planned = (await planUnpins(deps, taskId)).unpins.find((u) => u.cid === cid);
  if (!planned) throw new NonRetriableError(`could not unpin ${cid}: it is not this asset's to unpin`);
  const exported = await findTask(deps.db, planned.exportTaskId);
  if (!exported) throw new NonRetriableError(`could not unpin ${cid}: its export is gone`);
  const credentials: PinningCredentials | undefined =
    readUnpinCredentials(exported, deps.sealedBox) ?? (deps.config.pinataJwt ? { jwt: deps.config.pinataJwt } : undefined);
  if (!credentials) throw new NonRetriableError(`could not unpin ${cid}: no pinning credentials (the server's PINATA_JWT is not set)`);
  await withSecretsScrubbed(Object.values(credentials), () =>
    unpinFromIpfs({ apiUrl: deps.config.pinningApiUrl, credentials, cid, timeouts: UNPIN_TIMEOUTS, signal: deps.lease?.signal }),
  );
}
