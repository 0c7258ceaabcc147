import { playbackUrls } from "@/lib/assets/playback-urls";
import type { AssetRow } from "@/lib/db/schema";
import type { PlaybackInfo, PlaybackSource } from "./schemas";

/** Livepeer's playback info of a ready asset: its policy, its HLS first (players take the first they can play), its MP4, and its poster when it has one. */
export function playbackInfo(asset: AssetRow, origin: string): PlaybackInfo {
  const urls = playbackUrls(origin, asset.playbackId);
  const video = asset.videoSpec?.tracks.find((track) => track.type === "video");
  const source: PlaybackSource[] = [
    { hrn: "HLS (TS)", type: "html5/application/vnd.apple.mpegurl", url: urls.hls },
    {
      hrn: "MP4",
      type: "html5/video/mp4",
      url: urls.video,
      ...(asset.size !== null && { size: asset.size }),
      ...(video && { width: video.width, height: video.height }),
      ...(asset.videoSpec && { bitrate: asset.videoSpec.bitrate }),
    },
  ];
  if (asset.posterKey) source.push({ hrn: "Thumbnail (JPEG)", type: "image/jpeg", url: urls.poster });
  return { type: "vod", meta: { playbackPolicy: { type: asset.playbackPolicy }, source } };
}
