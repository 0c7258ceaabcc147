import { describe, expect, it } from "vitest";
import { buildErc1155Metadata } from "@/lib/export/erc1155-metadata";

const videoSpec = {
  format: "mp4" as const,
  duration: 2,
  bitrate: 100_000,
  tracks: [{ type: "video" as const, codec: "h264" as const, width: 320, height: 240, fps: 25, bitrate: 90_000 }],
};

describe("buildErc1155Metadata", () => {
  it("defaults to the asset's name, a description, and the video as animation_url and properties.video", () => {
    expect(buildErc1155Metadata({ name: "Clip", videoSpec }, "bafyvideo")).toEqual({
      name: "Clip",
      description: 'Video "Clip": H.264 320×240, 2.0 s',
      animation_url: "ipfs://bafyvideo",
      properties: { video: "ipfs://bafyvideo" },
    });
  });

  it("deep-merges the caller's document over the defaults", () => {
    const metadata = buildErc1155Metadata({ name: "Clip" }, "bafyvideo", {
      name: "Renamed",
      description: null,
      properties: { author: "Ada" },
    });
    expect(metadata).toEqual({ name: "Renamed", animation_url: "ipfs://bafyvideo", properties: { video: "ipfs://bafyvideo", author: "Ada" } });
  });
});
