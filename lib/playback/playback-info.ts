import { playbackUrls } from "@/lib/assets/playback-urls";
import type { AssetRow } from "@/lib/db/schema";
import type { PlaybackInfo, PlaybackSource } from "./schemas";

/**
 * Livepeer's playback info of a ready asset: its policy, its HLS first (players take the first they
 * can play), its MP4 when a browser can play it (an H.264/AAC MP4 the upload check read, never a
 * transcoded source such as an HEVC MOV), and its poster when it has one.
 */
export function playbackInfo(asset: AssetRow, origin: string): PlaybackInfo {
  const urls = playbackUrls(origin, asset.playbackId);
  const video = asset.videoSpec?.tracks.find((track) => track.type === "video");
  const source: PlaybackSource[] = [{ hrn: "HLS (TS)", type: "html5/application/vnd.apple.mpegurl", url: urls.hls }];
  // The MP4 check names its files `mp4`; ffprobe names the container of a file to transcode.
  if (asset.videoSpec?.format === "mp4") {
    source.push({
      hrn: "MP4",
      type: "html5/video/mp4",
      url: urls.video,
      ...(asset.size !== null && { size: asset.size }),
      ...(video && { width: video.width, height: video.height }),
      ...(asset.videoSpec && { bitrate: asset.videoSpec.bitrate }),
    });
  }
  const plan = asset.transcode;
  for (const made of plan?.staticMp4s ?? []) {
    const rung = plan!.rungs.find((r) => r.dir === made.dir);
    if (!rung) continue;
    source.push({
      hrn: "MP4",
      type: "html5/video/mp4",
      url: `${origin}/api/playback/${asset.playbackId}/mp4/${made.dir}-${plan!.ladder}.mp4`,
      size: made.size,
      width: rung.width,
      height: rung.height,
      bitrate: rung.bitrate,
    });
  }
  if (asset.posterKey) source.push({ hrn: "Thumbnail (JPEG)", type: "image/jpeg", url: urls.poster });
  // A poster means ffmpeg ran on this video: its storyboard is made in the background (or when first asked for).
  if (asset.posterKey) source.push({ hrn: "Thumbnails", type: "text/vtt", url: urls.storyboard });
  return { type: "vod", meta: { playbackPolicy: { type: asset.playbackPolicy }, source } };
}
