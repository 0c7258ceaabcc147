import type { Db } from "@/lib/db/client";
import type { AssetRow } from "@/lib/db/schema";
import { segmentProgress } from "@/lib/db/transcode-segments";

export interface RenditionStatus {
  name: string;
  width: number;
  height: number;
  bitrate: number;
  fps: number;
  segments: { made: number; total: number };
}

/** The asset's ladder, lowest first, each rung with how many of its segments are made; undefined when it has none. */
export async function renditionStatus(db: Db, asset: AssetRow): Promise<RenditionStatus[] | undefined> {
  const plan = asset.transcode;
  if (!plan || asset.status !== "ready") return undefined;
  const { renditions } = await segmentProgress(db, asset.id, plan.ladder);
  const counts = new Map(renditions.map((r) => [r.rendition, r]));
  const rungs: RenditionStatus[] = plan.rungs.map((rung) => ({
    name: rung.name,
    width: rung.width,
    height: rung.height,
    bitrate: rung.bitrate,
    fps: rung.fps,
    segments: { made: counts.get(rung.dir)?.made ?? 0, total: counts.get(rung.dir)?.total ?? plan.starts.length },
  }));
  const video = asset.videoSpec?.tracks.find((t) => t.type === "video");
  if (plan.sourceRung && video) {
    const total = plan.starts.length;
    rungs.push({ name: "source", width: video.width, height: video.height, bitrate: video.bitrate, fps: video.fps, segments: { made: total, total } });
  }
  return rungs.sort((a, b) => a.width * a.height - b.width * b.height || a.bitrate - b.bitrate);
}
