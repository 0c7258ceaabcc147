import { updateAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import { findMediaTools } from "@/lib/media/ffmpeg";
import { probeMedia } from "@/lib/media/probe-media";
import type { TaskDeps } from "@/lib/tasks/types";
import { assetRenditionsPrefix } from "@/lib/storage/types";
import type { LadderProfile } from "./ladder";
import { probeLimits } from "./media-limits";
import { planRenditions, type CheckedSource } from "./plan-renditions";
import { recordTranscodeWork, startTranscode } from "./record-transcode";

/**
 * `PATCH /api/asset/{id}` with `profiles`: the asset's new ladder. Kept for the check when the
 * file has not arrived; for a ready asset, planned now as a new ladder version (its segments made
 * as the first ladder's were), the older version's files deleted.
 */
export async function changeLadder(deps: TaskDeps, row: AssetRow, profiles: LadderProfile[]): Promise<AssetRow> {
  const now = deps.now();
  if (row.status !== "ready" || !row.videoSpec) return (await updateAsset(deps.db, row.id, { profiles, updatedAt: now })) ?? row;
  const tools = await findMediaTools(deps.config);
  if (!tools) return (await updateAsset(deps.db, row.id, { profiles, updatedAt: now })) ?? row;
  // The upload check's MP4 reader names its files `mp4`; ffprobe names the container otherwise.
  const source: CheckedSource =
    row.videoSpec.format === "mp4"
      ? { kind: "as-is", videoSpec: row.videoSpec }
      : {
          kind: "transcode",
          videoSpec: row.videoSpec,
          probed: await probeMedia(tools, await deps.storage.mediaToolInput(row.storageKey), deps.config, probeLimits(deps.config)),
        };
  const previous = row.transcode?.ladder ?? 0;
  const plan = await planRenditions(deps, tools, { ...row, profiles }, source, previous + 1);
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await updateAsset(tx, row.id, { profiles, transcode: plan, updatedAt: now });
    if (plan) await recordTranscodeWork(tx, row, plan, now);
    return changed;
  });
  await startTranscode(deps, row.id);
  if (previous > 0) await deps.storage.deletePrefix(`${assetRenditionsPrefix(row.id)}v${previous}/`);
  return updated ?? row;
}
