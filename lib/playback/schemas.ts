import { z } from "zod";
import { playbackPolicySchema } from "@/lib/assets/schemas";

/** Names and types as Livepeer's playback info has them, so its SDKs and players accept ours. */
const hlsSourceSchema = z.object({
  hrn: z.literal("HLS (TS)"),
  type: z.literal("html5/application/vnd.apple.mpegurl"),
  url: z.string().meta({ description: "The media playlist: fMP4 (CMAF) segments cut from the MP4 on request; `HLS (TS)` is Livepeer's name for it." }),
});

const mp4SourceSchema = z.object({
  hrn: z.literal("MP4"),
  type: z.literal("html5/video/mp4"),
  url: z.string(),
  size: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  bitrate: z.number().optional(),
});

const thumbnailSourceSchema = z.object({
  hrn: z.literal("Thumbnail (JPEG)"),
  type: z.literal("image/jpeg"),
  url: z.string(),
});
/** The storyboard (Livepeer's shape): WebVTT cues naming tiles of a sprite JPEG (`#xywh=`). */
const storyboardSourceSchema = z.object({
  hrn: z.literal("Thumbnails"),
  type: z.literal("text/vtt"),
  url: z.string(),
});

export const playbackInfoSchema = z.object({
  type: z.literal("vod"),
  meta: z.object({
    playbackPolicy: playbackPolicySchema,
    source: z.array(z.discriminatedUnion("hrn", [hlsSourceSchema, mp4SourceSchema, thumbnailSourceSchema, storyboardSourceSchema])),
  }),
});

export type PlaybackInfo = z.infer<typeof playbackInfoSchema>;
export type PlaybackSource = PlaybackInfo["meta"]["source"][number];
