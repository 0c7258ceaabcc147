import { z } from "zod";
import { profilesSchema } from "@/lib/media/transcode-profiles";
import { pageQuerySchema } from "@/lib/api/list-query";
import { ASSET_SORTS } from "@/lib/db/asset-list";
import { ASSET_STATUSES, PLAYBACK_POLICY_TYPES, type AssetStorage, type CreatorId, type VideoSpec } from "@/lib/db/schema";
import { metadataSchema, type Erc1155Metadata } from "@/lib/export/schemas";
import { isHttpUrl } from "@/lib/import/source-url";
import { isIpfsUrl } from "@/lib/ipfs/ipfs-url";
import { taskSchema } from "@/lib/tasks/schemas";
import { trackSchema } from "@/lib/captions/schemas";

const assetName = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(512, "must be at most 512 characters");

/** Livepeer's `webhook` policy (and any other) is refused by name rather than ignored. */
const playbackPolicyInput = z.strictObject({
  type: z.enum(PLAYBACK_POLICY_TYPES, { error: `must be one of ${PLAYBACK_POLICY_TYPES.join(", ")}: the only playback policies supported` }),
});

/** A bare string is Livepeer's shorthand for an unverified creator id. */
const creatorIdInput = z
  .union([
    z.string(),
    z.strictObject({ type: z.literal("unverified", { error: 'must be "unverified"' }), value: z.string({ error: "must be a string" }) }),
  ], { error: 'must be a string or {"type": "unverified", "value": "…"}' })
  .transform((id): CreatorId => (typeof id === "string" ? { type: "unverified", value: id } : id));

/** An export to IPFS asked with an asset (`storage.ipfs`): the NFT metadata to merge into the default. */
export interface IpfsExportSpec {
  nftMetadata?: Erc1155Metadata;
}

/**
 * Livepeer's `storage.ipfs`: `true` or `{"spec": {"nftMetadataTemplate", "nftMetadata"}}` exports
 * to IPFS (the SDK always sends the template and may send an empty `nftMetadata`); `false` or
 * `null` leaves the pin alone (undefined).
 */
const ipfsStorageInput = z
  .union([
    z.boolean(),
    z.null(),
    z.strictObject({
      spec: z
        .strictObject({
          nftMetadataTemplate: z
            .enum(["file", "player"], { error: 'must be "file" or "player"' })
            .optional()
            .meta({ description: "Livepeer's template name; both give the same default metadata, whose `animation_url` is the video file." }),
          nftMetadata: metadataSchema.optional().meta({ description: "Merged into the default ERC-1155 metadata (objects merge, `null` deletes a key)." }),
        })
        .nullable()
        .optional(),
    }),
  ], { error: 'must be true, false, null or {"spec": {"nftMetadataTemplate": "file", "nftMetadata": {…}}}' })
  .transform((ipfs): IpfsExportSpec | undefined => {
    if (ipfs === true) return {};
    if (!ipfs) return undefined;
    const nftMetadata = ipfs.spec?.nftMetadata;
    return nftMetadata && Object.keys(nftMetadata).length ? { nftMetadata } : {};
  });

const storageInput = z
  .strictObject({ ipfs: ipfsStorageInput.optional() })
  .meta({ description: "`ipfs`: export the file to IPFS (with the server's pinning credentials, `PINATA_JWT`) once the asset is ready." });

/** Livepeer's fields that ask for what this service does not do: refused by name rather than ignored. */
const unsupported = (what: string, harmless: (value: unknown) => boolean) =>
  z.unknown().refine(harmless, `is not supported: ${what}`).optional().meta({ description: `Not supported: ${what}.` });

/** Livepeer Studio's create fields, as request-upload and import accept them (DESIGN.md section 14). */
const createFields = {
  name: assetName,
  playbackPolicy: playbackPolicyInput.nullable().optional(),
  creatorId: creatorIdInput.optional(),
  storage: storageInput.optional(),
  staticMp4: z
    .boolean({ error: "must be a boolean" })
    .optional()
    .meta({ description: "Also make faststart MP4s of the transcoded rungs up to 720p, listed in playback info once every segment is made (the uploaded H.264/AAC MP4 is always served)." }),
  targetSegmentSizeSecs: z
    .number({ error: "must be a number of seconds" })
    .min(2, "must be at least 2 seconds")
    .max(20, "must be at most 20 seconds")
    .optional()
    .meta({ description: "The HLS segments' target duration (they are cut at keyframes); the default is 6 s." }),
  encryption: unsupported("files are stored as uploaded, unencrypted", (value) => value === undefined),
  profiles: profilesSchema.nullable().optional(),
  c2pa: unsupported("no C2PA attestations are made", (value) => value === false),
};

export const requestUploadSchema = z
  .strictObject(createFields)
  .meta({ example: { name: "My video", playbackPolicy: { type: "jwt" } } });

export type RequestUpload = z.infer<typeof requestUploadSchema>;

/** `POST /api/asset/upload/url`: Livepeer's import, with the same create fields. */
export const importAssetSchema = z
  .strictObject({
    ...createFields,
    url: z
      .string({ error: "is required and must be a string" })
      .max(8192, "is too long")
      .refine((url) => isHttpUrl(url) || isIpfsUrl(url), "must be an absolute http(s) URL or ipfs://{cid}[/path]")
      .meta({
        description:
          "Where the service fetches the file (GET, following up to 5 redirects). Credentials in it (userinfo, a signed query) are kept sealed and never shown. `ipfs://{cid}[/path]` is fetched as a trustless CAR from the server's IPFS gateway (`IPFS_GATEWAY_URL`), every block checked against its CID; data that does not match fails the task with `the gateway sent data that does not match {cid}`.",
      }),
  })
  .meta({ example: { name: "From my bucket", url: "https://videos.example.com/sunset.mp4" } });

export type ImportAsset = z.infer<typeof importAssetSchema>;

/** `POST /api/task/{id}/retry` of an import whose URL held credentials: the whole URL again. */
export const retryImportRequestSchema = z
  .strictObject({ url: importAssetSchema.shape.url })
  .meta({ description: "An import whose URL held credentials (they were erased when it failed): the same URL, with them." });

export const listAssetsQuerySchema = pageQuerySchema.extend({
  sort: z
    .enum(ASSET_SORTS)
    .default("createdAt")
    .meta({ description: "The order: by creation time, by name (case-insensitive), or by size (assets with no file yet count as the smallest)." }),
  order: z
    .enum(["asc", "desc"])
    .optional()
    .meta({ description: "`desc` by default for `createdAt` and `size` (newest, largest first), `asc` for `name` (A to Z)." }),
  status: z.enum(ASSET_STATUSES).optional().meta({ description: "Only the assets in this status." }),
  search: z
    .string()
    .trim()
    .max(512, "must be at most 512 characters")
    .optional()
    .meta({ description: "Only the assets whose name contains this text, whatever its case; blank means no filter." }),
  total: z.enum(["true", "false"]).optional().meta({
    description:
      "`true`: also answer how many assets match, in `X-Total-Count`: exact up to 10,000, an estimate beyond (then `X-Total-Count-Exact: false`).",
  }),
});

export const videoTrackSchema = z.object({
  type: z.literal("video"),
  codec: z.string().meta({ description: "`h264`, or what ffprobe names the source's codec (`hevc`, `vp9`, `prores`, …)." }),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
  bitrate: z.number(),
});

export const audioTrackSchema = z.object({
  type: z.literal("audio"),
  codec: z.string().meta({ description: "`aac`, or what ffprobe names the source's codec (`opus`, `pcm_s16le`, …)." }),
  sampleRate: z.number(),
  channels: z.number(),
  bitrate: z.number(),
});

export const videoSpecSchema = z.object({
  format: z.string().meta({ description: "`mp4` for an MP4/MOV read here, else the container ffprobe names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`, …)." }),
  duration: z.number(),
  bitrate: z.number(),
  tracks: z.array(z.discriminatedUnion("type", [videoTrackSchema, audioTrackSchema])),
}) satisfies z.ZodType<VideoSpec>;

const assetHashSchema = z
  .object({ algorithm: z.enum(["sha256", "cidv1", "md5"]), hash: z.string() })
  .meta({
    id: "AssetHash",
    description: "`sha256`: hex of the file's SHA-256. `cidv1`: its IPFS CID, version 1, computed here with Kubo's and Pinata's layout (see docs/export.md to check it yourself). `md5`: hex of its MD5, as Livepeer lists it (for a checksum only: MD5 proves nothing against a forger).",
  });

export type AssetHash = z.infer<typeof assetHashSchema>;

export const hashSchema = z.array(assetHashSchema);

const pinnedFileSchema = z.object({ cid: z.string(), url: z.string(), gatewayUrl: z.string() });

export const assetStorageSchema = z.object({
  ipfs: pinnedFileSchema
    .extend({
      nftMetadata: pinnedFileSchema.optional(),
      /** The pinned CIDs are the ones computed here from the file and the metadata (section 17). */
      verified: z.boolean().optional(),
      updatedAt: z.number(),
    })
    .optional(),
}) satisfies z.ZodType<AssetStorage>;

/** Who may play the asset: anyone holding its playbackId, or viewers with a signed token (DESIGN.md section 11). */
export const playbackPolicySchema = z
  .object({ type: z.enum(PLAYBACK_POLICY_TYPES) })
  .meta({ id: "PlaybackPolicy", description: "`public`: whoever holds the playbackId plays it. `jwt`: a viewer needs a token signed with one of your signing keys." });

export const creatorIdSchema = z
  .object({ type: z.literal("unverified"), value: z.string() })
  .meta({ id: "CreatorId", description: "Who made the video, as the client says; kept and shown, not checked." });

/** Livepeer's update, `PATCH /api/asset/{id}`: the given fields change; a new policy holds for every playback URL at once. */
export const updateAssetSchema = z
  .strictObject({
    name: assetName.optional(),
    playbackPolicy: playbackPolicyInput.nullable().optional(),
    creatorId: creatorIdInput.optional(),
    storage: storageInput.optional(),
    profiles: profilesSchema
      .min(1, "must have at least one profile")
      .optional()
      .meta({ description: "A new ladder: a ready asset's renditions are planned again (a new ladder version in its HLS URLs) and made as the first ones were; the older ones' files are deleted." }),
  })
  .meta({ example: { name: "Renamed", playbackPolicy: { type: "jwt" } } });

export type UpdateAsset = z.infer<typeof updateAssetSchema>;

const ASSET_EXAMPLE = {
  id: "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
  playbackId: "k3j9x0a8b7c6d5e4",
  userId: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
  type: "video",
  name: "My video",
  createdAt: 1763740000000,
  updatedAt: 1763740005000,
  status: "ready",
  source: { type: "directUpload" },
  playbackPolicy: { type: "public" },
  size: 45278,
  hash: [
    { algorithm: "sha256", hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" },
    { algorithm: "cidv1", hash: "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi" },
  ],
  videoSpec: {
    format: "mp4",
    duration: 3,
    bitrate: 120000,
    tracks: [
      { type: "video", codec: "h264", width: 320, height: 240, fps: 25, bitrate: 90000 },
      { type: "audio", codec: "aac", sampleRate: 44100, channels: 1, bitrate: 64000 },
    ],
  },
  downloadUrl: "https://video.example.com/api/storage/download/0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b?expires=1763740305000&signature=…",
  posterUrl: "https://video.example.com/api/playback/k3j9x0a8b7c6d5e4/poster.jpg",
} as const;

/** Where the file came from: sent by a client (PUT, tus, a bucket upload), or fetched by the service from a URL. */
export const assetSourceSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("directUpload") }),
    z.object({ type: z.literal("url"), url: z.string().meta({ description: "The imported URL, without its query (which may hold credentials)." }) }),
    z.object({
      type: z.literal("clip"),
      sourceId: z.uuid().meta({ description: "The id of the asset the clip was cut from." }),
      playbackId: z.string().meta({ description: "That asset's playbackId." }),
    }),
  ])
  .meta({ id: "AssetSource", description: "Livepeer Studio's `source`: `directUpload` for request-upload and tus, `url` for an import, `clip` for a clip (`POST /api/clip`)." });

export type AssetSource = z.infer<typeof assetSourceSchema>;

/** The plain shape's `status`: a string, as the specification fixes it. */
const plainStatusSchema = z.enum(ASSET_STATUSES).meta({ description: "The plain shape (the default): the asset's status as a string." });

export const STUDIO_ASSET_PHASES = ["waiting", "processing", "ready", "failed", "deleting", "deleted"] as const;

/** Livepeer Studio's `status` object, which its SDK requires (DESIGN.md section 14). */
export const studioAssetStatusSchema = z
  .object({
    phase: z.enum(STUDIO_ASSET_PHASES),
    updatedAt: z.number(),
    progress: z.number().min(0).max(1).optional(),
    errorMessage: z.string().optional(),
  })
  .meta({
    id: "StudioAssetStatus",
    description: "The Studio shape: Livepeer Studio's status object, answered to API keys whose `responseShape` is `studio`, or `auto` (the default) when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`).",
  });

export type StudioAssetStatus = z.infer<typeof studioAssetStatusSchema>;

/** One rung of a transcoded asset's ladder (DESIGN.md section 18), and how many of its segments are made. */
export const renditionSchema = z
  .object({
    name: z.string().meta({ description: "The profile's name (`360p0`), or `source` for the source served as a rung." }),
    width: z.number().int(),
    height: z.number().int(),
    bitrate: z.number().meta({ description: "Bits per second." }),
    fps: z.number(),
    segments: z.object({ made: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "Rendition" });

export type Rendition = z.infer<typeof renditionSchema>;

/** The asset in the plain shape: what webhook events carry and the dashboard reads. */
export const assetSchema = z.object({
  id: z.uuid(),
  type: z.literal("video"),
  playbackId: z.string(),
  userId: z.uuid(),
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  status: plainStatusSchema,
  source: assetSourceSchema,
  playbackPolicy: playbackPolicySchema,
  creatorId: creatorIdSchema.optional(),
  errorMessage: z.string().optional(),
  size: z.number().optional(),
  /** Only with failed: what the check found in an MP4 it refused, for example its codecs. */
  detectedFormat: z.string().optional(),
  hash: hashSchema.optional(),
  videoSpec: videoSpecSchema.optional(),
  downloadUrl: z.string().optional(),
  /** The poster JPEG (public, by playbackId); only when ready and one could be made (ffmpeg). */
  posterUrl: z.string().optional(),
  /** Signed, short-lived URL of the file as a CAR (`GET /api/asset/{id}/car`); only when ready and its CID is known. */
  carUrl: z.string().optional(),
  storage: assetStorageSchema.optional(),
  /** Only in GET /api/asset/{id}, for a ready transcoded asset: its ladder, lowest first. */
  renditions: z.array(renditionSchema).optional(),
  /** Only in GET /api/asset/{id}: its subtitle and caption tracks, oldest first. */
  tracks: z.array(trackSchema).optional(),
}).meta({ id: "AssetSnapshot", example: ASSET_EXAMPLE });

export type Asset = z.infer<typeof assetSchema>;

/**
 * The asset as the API answers it: `status` in the plain shape or in Studio's, chosen per request
 * by the API key's `responseShape` (lib/assets/response-shape.ts).
 */
export const assetAnswerSchema = assetSchema
  .extend({
    status: z.union([plainStatusSchema, studioAssetStatusSchema]).meta({
      description:
        "A string (the plain shape, the default), or Livepeer Studio's status object for API keys whose `responseShape` is `studio`, or `auto` when the request comes from the Livepeer SDK. Webhook events and the dashboard always use the plain shape.",
    }),
  })
  .meta({ id: "Asset", example: ASSET_EXAMPLE });

export type AssetAnswer = z.infer<typeof assetAnswerSchema>;

/** `GET /api/asset/{id}/tus`: where a waiting asset's upload goes on (tus). */
export const resumableUploadSchema = z
  .object({
    /** Creates the upload (POST) when none was created yet, as request-upload's `tusEndpoint`. */
    tusEndpoint: z.string(),
    /** The upload created earlier, to resume at its offset (HEAD, then PATCH). */
    uploadUrl: z.string().optional(),
    /** When both expire (ms since epoch). */
    expiresAt: z.number(),
  })
  .meta({ id: "ResumableUpload" });

export type ResumableUpload = z.infer<typeof resumableUploadSchema>;
export type VideoSpecJson = z.infer<typeof videoSpecSchema>;

/** `POST /api/asset/request-upload`: where to send the file, and the asset and task it made. */
export const uploadRequestedSchema = z
  .object({
    url: z.string().meta({ description: "A single-use signed URL: `PUT` the file's bytes to it." }),
    tusEndpoint: z.string().meta({ description: "A tus 1.0.0 creation endpoint for the same upload (resumable)." }),
    asset: assetAnswerSchema,
    task: taskSchema,
  })
  .meta({ id: "UploadRequested" });

export type UploadRequested = z.infer<typeof uploadRequestedSchema>;

/** `POST /api/asset/upload/url`: the asset (`waiting`) and its upload task, which fetches the file. */
export const assetImportedSchema = z.object({ asset: assetAnswerSchema, task: taskSchema }).meta({ id: "AssetImport" });

/** The answer to a `PUT` of the file to the local store's signed upload URL. */
export const uploadReceivedSchema = z.object({ size: z.number().int() }).meta({ id: "UploadReceived" });

export type UploadReceived = z.infer<typeof uploadReceivedSchema>;

/** `POST /api/webhooks/storage`: how many created objects of the notification were uploads of ours. */
export const storageNotificationResultSchema = z
  .object({ handled: z.number().int(), ignored: z.number().int() })
  .meta({ id: "StorageNotificationResult" });

export type StorageNotificationResult = z.infer<typeof storageNotificationResultSchema>;
