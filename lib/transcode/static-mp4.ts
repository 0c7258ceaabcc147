import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { TranscodeSummary } from "@/lib/db/schema";
import { findMediaTools } from "@/lib/media/ffmpeg";
import { runMediaTool, toolReason } from "@/lib/media/media-tool";
import { assetRenditionKey, type Storage } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import { audioSegmentDurations } from "./audio-stream";
import { encodeLimits } from "./media-limits";

/** Livepeer makes static MP4s of the rungs up to 720p: small enough to download whole. */
const STATIC_MP4_MAX_SIDE = 720;

export const staticMp4File = (dir: string) => `${dir}.mp4`;

/**
 * `staticMp4`: a faststart MP4 of each rung up to 720p, made from its stored segments and the
 * audio (copied, not encoded again), stored beside them. Returns what was made.
 */
export async function makeStaticMp4s(deps: TaskDeps, asset: { id: string; storageKey: string; transcode: TranscodeSummary }): Promise<Array<{ dir: string; size: number }>> {
  const tools = await findMediaTools(deps.config);
  if (!tools) return [];
  const plan = asset.transcode;
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "vas-static-mp4-"));
  try {
    const audio = plan.audio === "encoded" ? await joinRendition(deps.storage, asset.id, plan.ladder, "a", audioSegmentDurations(plan.duration).length, work) : undefined;
    const made: Array<{ dir: string; size: number }> = [];
    for (const rung of plan.rungs.filter((r) => Math.min(r.width, r.height) <= STATIC_MP4_MAX_SIDE)) {
      const video = await joinRendition(deps.storage, asset.id, plan.ladder, rung.dir, plan.starts.length, work);
      const audioInput = audio ?? (plan.audio === "source" ? await deps.storage.mediaToolInput(asset.storageKey) : undefined);
      const out = path.join(work, staticMp4File(rung.dir));
      const args = ["-nostdin", "-v", "error", "-y", "-i", video, ...(audioInput ? ["-i", audioInput] : []), "-map", "0:v:0", ...(audioInput ? ["-map", "1:a:0"] : []), "-c", "copy", "-movflags", "+faststart", out];
      const exit = await runMediaTool(tools.ffmpeg, args, encodeLimits(deps.config, plan.duration / 20, false, deps.lease?.signal).limits, audioInput ? [audioInput] : []).done;
      if (exit.code !== 0 || exit.stoppedBecause) throw new Error(`the static MP4 of ${rung.name} could not be made: ffmpeg ${toolReason(exit)}`);
      await deps.storage.putFile(assetRenditionKey(asset.id, plan.ladder, "mp4", staticMp4File(rung.dir)), out, "video/mp4");
      made.push({ dir: rung.dir, size: (await fs.promises.stat(out)).size });
      await fs.promises.rm(video, { force: true });
    }
    return made;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** The rendition's init segment and every media segment, streamed from storage into one fragmented MP4. */
async function joinRendition(storage: Storage, assetId: string, ladder: number, dir: string, segments: number, work: string): Promise<string> {
  const file = path.join(work, `${dir}.joined.mp4`);
  const out = fs.createWriteStream(file);
  const files = ["init.mp4", ...Array.from({ length: segments }, (_, n) => `${n}.m4s`)];
  for (const name of files) await pipeline(await storage.createReadStream(assetRenditionKey(assetId, ladder, dir, name)), out, { end: false });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return file;
}
