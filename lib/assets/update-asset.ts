import { notFound } from "@/lib/api/errors";
import { findUserAsset, updateUserAsset, type AssetPatch } from "@/lib/db/assets";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { changeLadder } from "@/lib/transcode/change-ladder";
import { exportToIpfs } from "./ipfs-export";
import type { Asset, UpdateAsset } from "./schemas";
import { assetUrlContext, serializeAsset } from "./serialize-asset";

/**
 * Livepeer's asset update: a new name (the database's trigger sends `asset.updated`), playback
 * policy (read by every playback request, so it holds at once; `null` is Livepeer's public), creator
 * id, `storage.ipfs`, which exports the asset to IPFS (now, or once it is ready), and `profiles`, a
 * new ladder (lib/transcode/change-ladder.ts).
 */
export async function updateAsset(
  deps: TaskDeps & { runner: TaskRunner },
  params: { userId: string; id: string; origin: string },
  input: UpdateAsset,
): Promise<Asset> {
  const patch: AssetPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.playbackPolicy !== undefined) patch.playbackPolicy = input.playbackPolicy?.type ?? "public";
  if (input.creatorId !== undefined) patch.creatorId = input.creatorId;
  let row = Object.keys(patch).length
    ? await updateUserAsset(deps.db, params.userId, params.id, { ...patch, updatedAt: deps.now() })
    : await findUserAsset(deps.db, params.userId, params.id);
  if (!row) throw notFound("asset not found");
  if (input.profiles) row = await changeLadder(deps, row, input.profiles);
  const ipfs = input.storage?.ipfs;
  if (ipfs) {
    await exportToIpfs(deps, { userId: params.userId, assetId: row.id, status: row.status }, ipfs);
    row = (await findUserAsset(deps.db, params.userId, params.id)) ?? row;
  }
  return serializeAsset(row, assetUrlContext(deps, params.origin));
}
