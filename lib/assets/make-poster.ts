import { log } from "@/lib/log/log";
import { extractJpegFrame, findFfmpeg, NoFrameError } from "@/lib/media/ffmpeg";
import type { VideoSpec } from "@/lib/db/schema";
import { assetPosterKey } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";

export const POSTER_WIDTH = 640;
const POSTER_TIMEOUT_MS = 30_000;
/** Far enough in to be past a fade from black, near enough to be quick to reach. */
export const POSTER_POSITION = 0.1;

/**
 * Makes the asset's poster (a JPEG frame, at most POSTER_WIDTH wide) and stores it beside the
 * file. Returns its key, or null when there is none: no ffmpeg, or ffmpeg failed. A missing
 * poster is logged, never a reason to fail the asset.
 */
export async function makePoster(
  deps: TaskDeps,
  asset: { id: string; storageKey: string },
  videoSpec: VideoSpec,
): Promise<string | null> {
  const ffmpeg = await findFfmpeg(deps.config.ffmpegPath);
  if (!ffmpeg) return null;
  try {
    const input = await deps.storage.mediaToolInput(asset.storageKey);
    const frame = (atSeconds: number) =>
      extractJpegFrame({
        ffmpeg,
        input,
        atSeconds,
        maxWidth: POSTER_WIDTH,
        limits: { timeoutMs: POSTER_TIMEOUT_MS, memoryMb: deps.config.ffmpegMemoryMb, signal: deps.lease?.signal },
      });
    const at = videoSpec.duration > 0 ? videoSpec.duration * POSTER_POSITION : 0;
    // A duration from the container can overstate the video track; its first frame is always there.
    const jpeg = await frame(at).catch((error) => (at > 0 && error instanceof NoFrameError ? frame(0) : Promise.reject(error)));
    const key = assetPosterKey(asset.id);
    await deps.storage.putObject(key, jpeg, "image/jpeg");
    return key;
  } catch (error) {
    log.warn(`asset ${asset.id}`, "no poster was made", error);
    return null;
  }
}
