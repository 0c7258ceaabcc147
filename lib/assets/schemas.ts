import { z } from "zod";
import { pageQuerySchema } from "@/lib/api/list-query";
import { ASSET_STATUSES } from "@/lib/db/schema";

export const requestUploadSchema = z.strictObject({
  name: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(512, "must be at most 512 characters"),
});

export type RequestUpload = z.infer<typeof requestUploadSchema>;

export const listAssetsQuerySchema = pageQuerySchema.extend({
  /** Case-insensitive substring of the name; blank means no filter. */
  search: z.string().trim().max(512, "must be at most 512 characters").optional(),
});

export const videoTrackSchema = z.object({
  type: z.literal("video"),
  codec: z.literal("h264"),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
  bitrate: z.number(),
});

export const audioTrackSchema = z.object({
  type: z.literal("audio"),
  codec: z.literal("aac"),
  sampleRate: z.number(),
  channels: z.number(),
  bitrate: z.number(),
});

export const videoSpecSchema = z.object({
  format: z.literal("mp4"),
  duration: z.number(),
  bitrate: z.number(),
  tracks: z.array(z.discriminatedUnion("type", [videoTrackSchema, audioTrackSchema])),
});

const hashSchema = z.array(z.object({ algorithm: z.literal("sha256"), hash: z.string() }));

const pinnedFileSchema = z.object({ cid: z.string(), url: z.string(), gatewayUrl: z.string() });

export const assetStorageSchema = z.object({
  ipfs: pinnedFileSchema.extend({ nftMetadata: pinnedFileSchema.optional(), updatedAt: z.number() }).optional(),
});

export const assetSchema = z.object({
  id: z.uuid(),
  playbackId: z.string(),
  userId: z.uuid(),
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  status: z.enum(ASSET_STATUSES),
  errorMessage: z.string().optional(),
  size: z.number().optional(),
  /** Only with failed: what the check found in an MP4 it refused, for example its codecs. */
  detectedFormat: z.string().optional(),
  hash: hashSchema.optional(),
  videoSpec: videoSpecSchema.optional(),
  downloadUrl: z.string().optional(),
  /** The poster JPEG (public, by playbackId); only when ready and one could be made (ffmpeg). */
  posterUrl: z.string().optional(),
  storage: assetStorageSchema.optional(),
});

export type Asset = z.infer<typeof assetSchema>;

/** `GET /api/asset/{id}/tus`: where a waiting asset's upload goes on (tus). */
export const resumableUploadSchema = z.object({
  /** Creates the upload (POST) when none was created yet, as request-upload's `tusEndpoint`. */
  tusEndpoint: z.string(),
  /** The upload created earlier, to resume at its offset (HEAD, then PATCH). */
  uploadUrl: z.string().optional(),
  /** When both expire (ms since epoch). */
  expiresAt: z.number(),
});

export type ResumableUpload = z.infer<typeof resumableUploadSchema>;
export type VideoSpecJson = z.infer<typeof videoSpecSchema>;
export type AssetStorage = z.infer<typeof assetStorageSchema>;
