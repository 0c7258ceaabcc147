import { notFound } from "@/lib/api/errors";
import { findUserAsset, updateUserAsset, type AssetPatch } from "@/lib/db/assets";
import type { TaskDeps } from "@/lib/tasks/types";
import type { Asset, UpdateAsset } from "./schemas";
import { assetUrlContext, serializeAsset } from "./serialize-asset";

/**
 * Livepeer's asset update: a new name (the database's trigger sends `asset.updated`), playback
 * policy (read by every playback request, so it holds at once) or creator id.
 */
export async function updateAsset(deps: TaskDeps, params: { userId: string; id: string; origin: string }, input: UpdateAsset): Promise<Asset> {
  const patch: AssetPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.playbackPolicy !== undefined) patch.playbackPolicy = input.playbackPolicy.type;
  if (input.creatorId !== undefined) patch.creatorId = input.creatorId;
  const row = Object.keys(patch).length
    ? await updateUserAsset(deps.db, params.userId, params.id, { ...patch, updatedAt: deps.now() })
    : await findUserAsset(deps.db, params.userId, params.id);
  if (!row) throw notFound("asset not found");
  return serializeAsset(row, assetUrlContext(deps, params.origin));
}
