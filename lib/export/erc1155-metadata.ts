import type { VideoSpec, VideoTrackSpec } from "@/lib/db/schema";
import { deepMerge } from "./deep-merge";
import type { Erc1155Metadata } from "./schemas";

export interface MetadataSubject {
  name: string;
  videoSpec?: VideoSpec | null;
}

/** The ERC-1155 metadata document of an exported video: our defaults, deep-merged with the caller's. */
export function buildErc1155Metadata(asset: MetadataSubject, videoCid: string, overrides: Erc1155Metadata = {}) {
  const video = `ipfs://${videoCid}`;
  const defaults = {
    name: asset.name,
    description: describeVideo(asset),
    animation_url: video,
    properties: { video },
  };
  return deepMerge(defaults, overrides);
}

function describeVideo(asset: MetadataSubject): string {
  const track = asset.videoSpec?.tracks.find((t): t is VideoTrackSpec => t.type === "video");
  if (!asset.videoSpec || !track) return `Video "${asset.name}"`;
  return `Video "${asset.name}": H.264 ${track.width}×${track.height}, ${asset.videoSpec.duration.toFixed(1)} s`;
}
