import { cutCues } from "@/lib/captions/cut-cues";
import { toWebVtt } from "@/lib/captions/parse-subtitles";
import { readTrackCues } from "@/lib/captions/text-tracks";
import { countTextTracks, insertTextTracks, listTextTracks, type NewTextTrack } from "@/lib/db/text-tracks";
import { assetTrackKey } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import { uuidv7 } from "@/lib/uuid";

/**
 * The parent's text tracks, cut to the clip's [start, end) milliseconds and moved to its timeline:
 * each file stored, then every track recorded at once, in the parent's order. A track with no cue
 * left is not copied. A run that finds the clip's tracks recorded has nothing to do; one that died
 * before recording them leaves files under the clip's tracks, deleted with it.
 */
export async function copyClipTracks(deps: TaskDeps, parentId: string, clipId: string, window: { start: number; end: number }): Promise<void> {
  if ((await countTextTracks(deps.db, clipId)) > 0) return;
  const now = deps.now();
  const parentTracks = await listTextTracks(deps.db, parentId);
  // Made in one millisecond, the ids are sorted so that the clip lists its tracks (by time, then id) in the parent's order.
  const ids = parentTracks.map(() => uuidv7(now)).sort();
  const copies: NewTextTrack[] = [];
  for (const [i, track] of parentTracks.entries()) {
    const cues = cutCues(await readTrackCues(deps.storage, parentId, track.id), window);
    if (cues.length === 0) continue;
    const bytes = Buffer.from(toWebVtt(cues));
    await deps.storage.putObject(assetTrackKey(clipId, ids[i]), bytes, "text/vtt");
    copies.push({ id: ids[i], assetId: clipId, textType: track.textType, languageCode: track.languageCode, name: track.name, size: bytes.length, createdAt: now });
  }
  await insertTextTracks(deps.db, copies);
}
