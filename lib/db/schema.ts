import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";

const millis = (name: string) => bigint(name, { mode: "number" });

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  name: text("name"),
  passwordHash: text("password_hash"),
  createdAt: millis("created_at").notNull(),
}, (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)]);

/**
 * `plain`: an asset's `status` is a string. `studio`: Livepeer Studio's status object, which its SDK
 * requires. `auto`: the Studio shape for requests from the Livepeer SDK (its User-Agent), else plain.
 */
export const RESPONSE_SHAPES = ["auto", "plain", "studio"] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

export const apiTokens = pgTable("api_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  tokenHash: text("token_hash").notNull(),
  createdAt: millis("created_at").notNull(),
  lastUsedAt: millis("last_used_at"),
  revokedAt: millis("revoked_at"),
  /** How answers to this key show an asset's `status` (DESIGN.md section 14). */
  responseShape: text("response_shape").$type<ResponseShape>().notNull().default("auto"),
}, (t) => [
  uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
  index("api_tokens_user_idx").on(t.userId, t.createdAt, t.id),
]);

/**
 * Dashboard sign-ins. The session cookie carries the id; a revoked or expired row ends the session
 * on the server, whatever the cookie says.
 */
export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: millis("created_at").notNull(),
  expiresAt: millis("expires_at").notNull(),
  revokedAt: millis("revoked_at"),
}, (t) => [index("sessions_user_idx").on(t.userId)]);

/**
 * Password reset links sent by e-mail. Only the token's SHA-256 is kept, so reading the table
 * gives no working link; a link works once (`usedAt`) and until `expiresAt`.
 */
export const passwordResets = pgTable("password_resets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull(),
  createdAt: millis("created_at").notNull(),
  expiresAt: millis("expires_at").notNull(),
  usedAt: millis("used_at"),
}, (t) => [uniqueIndex("password_resets_token_idx").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)]);

/**
 * Invitation links the owner makes (SIGN_UP=invite). Like password resets, only the token's
 * SHA-256 is kept; a link makes one account (`usedAt`, `usedBy`) and works until `expiresAt`.
 */
export const invitations = pgTable("invitations", {
  id: uuid("id").primaryKey().defaultRandom(),
  createdBy: uuid("created_by").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull(),
  createdAt: millis("created_at").notNull(),
  expiresAt: millis("expires_at").notNull(),
  usedAt: millis("used_at"),
  usedBy: uuid("used_by").references(() => users.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("invitations_token_idx").on(t.tokenHash)]);

/**
 * Shared rate limits (GCRA): per key, the theoretical arrival time of the next request, in
 * milliseconds with a fraction (a limit of thousands a minute spaces requests under 1 ms).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  tat: doublePrecision("tat").notNull(),
});

export const UPLOAD_VIAS = ["put", "direct", "tus"] as const;
export type UploadVia = (typeof UPLOAD_VIAS)[number];

/**
 * Named locks that work across processes and nodes: held until `expiresAt` and renewed by their
 * holder; a waiter may ask the holder to let go (`releaseRequested`).
 */
export const locks = pgTable("locks", {
  name: text("name").primaryKey(),
  owner: text("owner").notNull(),
  expiresAt: millis("expires_at").notNull(),
  releaseRequested: boolean("release_requested").notNull().default(false),
});

/** `deleting`: deleted, out of lists and unplayable, until the pins of its exports are removed (section 17). */
export const ASSET_STATUSES = ["waiting", "processing", "ready", "failed", "deleting"] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const PLAYBACK_POLICY_TYPES = ["public", "jwt"] as const;
export type PlaybackPolicyType = (typeof PLAYBACK_POLICY_TYPES)[number];

/** Livepeer's creator id: who made the video, as the client says (not checked). */
export interface CreatorId {
  type: "unverified";
  value: string;
}

export interface VideoTrackSpec {
  type: "video";
  /** `h264` for a file played as uploaded; what ffprobe names otherwise (`hevc`, `vp9`, …). */
  codec: string;
  width: number;
  height: number;
  fps: number;
  bitrate: number;
}

export interface AudioTrackSpec {
  type: "audio";
  codec: string;
  sampleRate: number;
  channels: number;
  bitrate: number;
}

/** What the upload check read from the MP4 (lib/media/probe-mp4.ts). */
export interface VideoSpec {
  /** `mp4`, or the container ffprobe names (`mov`, `matroska,webm`, …). */
  format: string;
  /** Seconds. */
  duration: number;
  /** Bits per second. */
  bitrate: number;
  tracks: Array<VideoTrackSpec | AudioTrackSpec>;
}

/** Livepeer's transcode-profile as stored (lib/transcode/profiles.ts checks it). */
export interface TranscodeProfileRow {
  name?: string;
  width: number;
  height: number;
  bitrate: number;
  fps?: number;
  fpsDen?: number;
  gop?: string;
  profile?: string;
  quality?: number;
  encoder?: string;
}

/** An asset's transcoded renditions, as planned when it became ready (lib/transcode/plan-renditions.ts). */
export interface TranscodeSummary {
  /** Bumped by a new ladder (PATCH profiles): its files live under their own version. */
  ladder: number;
  rungs: Array<{ name: string; dir: string; width: number; height: number; fps: number; bitrate: number; maxrate: number; bufsize: number; level: number; codecs: string }>;
  /** The source itself is the top rung (an H.264/AAC MP4, packaged as uploaded). */
  sourceRung: boolean;
  /** Where the audio group comes from: encoded here, the source's own track, or none. */
  audio: "encoded" | "source" | null;
  duration: number;
  /** Segment starts (seconds), the same for every transcoded rung. */
  starts: number[];
  /** The rungs' static MP4s once made (`staticMp4`): the rung's directory and the file's size. */
  staticMp4s?: Array<{ dir: string; size: number }>;
}

/** The asset a clip was cut from: its id and playbackId. */
export interface ClipSource {
  sourceId: string;
  playbackId: string;
}

export interface PinnedFile {
  cid: string;
  url: string;
  gatewayUrl: string;
}

/** Where the asset was exported to: its file (and NFT metadata) pinned on IPFS. */
export interface AssetStorage {
  ipfs?: PinnedFile & {
    nftMetadata?: PinnedFile;
    /** The pinned CIDs are the ones computed here from the file and the metadata (section 17). */
    verified?: boolean;
    updatedAt: number;
  };
}

/**
 * The name order: case-insensitive, and the same on every database whatever its default
 * collation (code point order of the lowercase name).
 */
export const assetNameKey = (name: AnyPgColumn) => sql<string>`lower(${name}) collate "C"`;
/** The size order: an asset whose size is not known yet (waiting) counts as smaller than any file. */
export const assetSizeKey = (size: AnyPgColumn) => sql<number>`coalesce(${size}, -1)`;

/** Ready assets hashed before CIDs were computed (section 17): what the CID backfill reads. */
export const isReadyWithoutDigests = (t: { status: AnyPgColumn; cidv1: AnyPgColumn; md5: AnyPgColumn; sha256: AnyPgColumn }) =>
  sql`${t.status} = 'ready' and (${t.cidv1} is null or ${t.md5} is null) and ${t.sha256} is not null`;

export const assets = pgTable("assets", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  playbackId: text("playback_id").notNull(),
  name: text("name").notNull(),
  status: text("status").$type<AssetStatus>().notNull(),
  errorMessage: text("error_message"),
  storageKey: text("storage_key").notNull(),
  uploadExpiresAt: millis("upload_expires_at").notNull(),
  /** Set while an upload is being received, so a concurrent second PUT is refused. */
  uploadClaimedAt: millis("upload_claimed_at"),
  /** The claim holds until then; its holder renews it while it works, so a dead holder's claim lapses. */
  uploadLeaseExpiresAt: millis("upload_lease_expires_at"),
  /** Which door holds the slot: a PUT being received, a direct upload being accepted, or a tus upload (until expiry). */
  uploadVia: text("upload_via").$type<UploadVia>(),
  size: millis("size"),
  /** What the upload check found in a file it refused (an MP4's tracks); null otherwise. */
  detectedFormat: text("detected_format"),
  sha256: text("sha256"),
  /** Livepeer lists it in `hash`; null for files checked before it was computed (until the backfill). */
  md5: text("md5"),
  /** The file's IPFS CID, version 1 (section 17), computed with sha256; null until then (or the backfill). */
  cidv1: text("cidv1"),
  /** The length of the file's CAR, computed with its CID. */
  carSize: millis("car_size"),
  videoSpec: jsonb("video_spec").$type<VideoSpec>(),
  storage: jsonb("storage").$type<AssetStorage>(),
  /** The poster (a JPEG frame) stored beside the file; null when none could be made. */
  posterKey: text("poster_key"),
  /** `jwt`: playback needs a viewer token signed by one of the owner's signing keys (or the owner's session). */
  playbackPolicy: text("playback_policy").$type<PlaybackPolicyType>().notNull().default("public"),
  creatorId: jsonb("creator_id").$type<CreatorId>(),
  /** The URL an import fetches the file from, without its query (credentials); null: uploaded by the client. */
  sourceUrl: text("source_url"),
  /** A clip's parent (Livepeer's `source: {"type": "clip", …}`), kept as it was when the clip was made; null: not a clip. */
  clipSource: jsonb("clip_source").$type<ClipSource>(),
  /** Export to IPFS once ready (`storage.ipfs` on creation): the request's `ipfs` part; null: none asked. */
  ipfsOnReady: jsonb("ipfs_on_ready").$type<Record<string, unknown>>(),
  /** HLS segment target in seconds (`targetSegmentSizeSecs`); null: the default. */
  targetSegmentSecs: real("target_segment_secs"),
  /** The ladder asked for (Livepeer's `profiles`); null: the server's DEFAULT_PROFILES. */
  profiles: jsonb("profiles").$type<TranscodeProfileRow[]>(),
  /** The renditions planned from the file (lib/transcode); null: played as uploaded only. */
  transcode: jsonb("transcode").$type<TranscodeSummary>(),
  /** Livepeer's `staticMp4`: faststart MP4s of the rungs up to 720p, made once every segment is. */
  staticMp4: boolean("static_mp4").notNull().default(false),
  createdAt: millis("created_at").notNull(),
  updatedAt: millis("updated_at").notNull(),
}, (t) => [
  uniqueIndex("assets_playback_id_idx").on(t.playbackId),
  // One index per order of the list (lib/db/asset-list.ts), each also with the status filter in front.
  index("assets_user_created_idx").on(t.userId, t.createdAt, t.id),
  index("assets_user_name_idx").on(t.userId, assetNameKey(t.name), t.id),
  index("assets_user_size_idx").on(t.userId, assetSizeKey(t.size), t.id),
  index("assets_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id),
  index("assets_user_status_name_idx").on(t.userId, t.status, assetNameKey(t.name), t.id),
  index("assets_user_status_size_idx").on(t.userId, t.status, assetSizeKey(t.size), t.id),
  // Name search: ILIKE '%…%' (needs the pg_trgm extension, drizzle/0011).
  index("assets_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  // The digest backfill's next asset at each start, without walking every asset (lib/assets/backfill-digests.ts).
  index("assets_without_digests_idx").on(t.id).where(isReadyWithoutDigests(t)),
]);

/**
 * ES256 public keys that sign viewers' playback tokens (Livepeer's access control). The private key
 * is given once at creation and never stored. `publicKey` is what tokens name in their `pub` claim.
 */
export const signingKeys = pgTable("signing_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** Base64 of the SPKI PEM, exactly as answered at creation. */
  publicKey: text("public_key").notNull(),
  disabled: boolean("disabled").notNull().default(false),
  createdAt: millis("created_at").notNull(),
  /** When a token signed with it was last accepted (updated at most once a minute). */
  lastSeenAt: millis("last_seen_at"),
}, (t) => [
  uniqueIndex("signing_keys_public_key_idx").on(t.publicKey),
  index("signing_keys_user_created_idx").on(t.userId, t.createdAt, t.id),
]);

/**
 * One segment of one transcoded rendition (`t0`…, or `a` for the audio stream): a durable job any
 * node takes with a lease (lib/transcode), made once, then `madeAt`. `failedReason` after the
 * last attempt fails.
 */
export const transcodeSegments = pgTable("transcode_segments", {
  assetId: uuid("asset_id").notNull().references(() => assets.id, { onDelete: "cascade" }),
  ladder: integer("ladder").notNull(),
  rendition: text("rendition").notNull(),
  seq: integer("seq").notNull(),
  /** Earliest first across assets: when the asset's plan was made, then the segment's place in it. */
  queuedAt: millis("queued_at").notNull(),
  madeAt: millis("made_at"),
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: millis("lease_expires_at"),
  attempts: integer("attempts").notNull().default(0),
  failedReason: text("failed_reason"),
}, (t) => [
  primaryKey({ columns: [t.assetId, t.ladder, t.rendition, t.seq] }),
  index("transcode_segments_to_make_idx").on(t.queuedAt, t.seq).where(sql`${t.madeAt} is null and ${t.failedReason} is null`),
]);

export type TranscodeSegmentRow = typeof transcodeSegments.$inferSelect;

export const TEXT_TRACK_TYPES = ["subtitles", "captions"] as const;
export type TextTrackType = (typeof TEXT_TRACK_TYPES)[number];

/**
 * A subtitle or caption track of an asset (DESIGN.md section 19): its WebVTT is stored beside the
 * asset's file (lib/captions) and served as an HLS `SUBTITLES` rendition.
 */
export const textTracks = pgTable("text_tracks", {
  id: uuid("id").primaryKey().defaultRandom(),
  assetId: uuid("asset_id").notNull().references(() => assets.id, { onDelete: "cascade" }),
  textType: text("text_type").$type<TextTrackType>().notNull(),
  /** BCP 47, canonicalised (`en-US`). */
  languageCode: text("language_code").notNull(),
  name: text("name").notNull(),
  /** The stored WebVTT's length in bytes. */
  size: integer("size").notNull(),
  createdAt: millis("created_at").notNull(),
}, (t) => [index("text_tracks_asset_created_idx").on(t.assetId, t.createdAt, t.id)]);

export type TextTrackRow = typeof textTracks.$inferSelect;

/** The tasks of the API; `webhook` (one delivery of an event to a webhook) is internal. */
/** `transcode-file` (Livepeer's type): an asset's segments being made, with their progress. `clip`: a clip being cut. */
export const PUBLIC_TASK_TYPES = ["upload", "export", "transcode-file", "clip"] as const;
export type PublicTaskType = (typeof PUBLIC_TASK_TYPES)[number];
/**
 * `unpin` (internal): removes the pins of a deleted asset's exports, then the asset. `storyboard`
 * (internal): makes a ready asset's storyboard in the background.
 */
const INTERNAL_TASK_TYPES = ["webhook", "unpin", "storyboard"] as const;
export const TASK_TYPES = [...PUBLIC_TASK_TYPES, ...INTERNAL_TASK_TYPES] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_PHASES = ["pending", "waiting", "running", "completed", "failed", "cancelled"] as const;
export type TaskPhase = (typeof TASK_PHASES)[number];
export const FINAL_TASK_PHASES = ["completed", "failed", "cancelled"] as const satisfies TaskPhase[];

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
/**
 * The tasks users see (webhook deliveries are internal), written with constants, not parameters,
 * so the planner can prove a query's condition implies the partial indexes' whatever the plan.
 */
export const isPublicTaskType = (type: AnyPgColumn) => sql`${type} in (${quoted(PUBLIC_TASK_TYPES)})`;
/** Finished webhook deliveries and unpins: what retention prunes (lib/db/task-retention.ts). */
export const isFinishedInternalTask = (type: AnyPgColumn, phase: AnyPgColumn) =>
  sql`${type} in (${quoted(INTERNAL_TASK_TYPES)}) and ${phase} in (${quoted(FINAL_TASK_PHASES)})`;

export const tasks = pgTable("tasks", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").$type<TaskType>().notNull(),
  inputAssetId: uuid("input_asset_id").references(() => assets.id, { onDelete: "cascade" }),
  /** Public, redacted parameters. */
  params: jsonb("params").$type<Record<string, unknown>>().notNull(),
  /** Credentials needed while the task runs, encrypted (lib/secrets/sealed-box.ts); cleared when it ends. */
  sealedSecrets: text("sealed_secrets"),
  /**
   * An export's pinning credentials for `unpinOnDelete`, encrypted: kept after the export ends, for
   * that purpose only, until its asset (and so this row) is deleted; erased when it fails.
   */
  sealedUnpinCredentials: text("sealed_unpin_credentials"),
  phase: text("phase").$type<TaskPhase>().notNull(),
  progress: real("progress").notNull().default(0),
  errorMessage: text("error_message"),
  retries: integer("retries").notNull().default(0),
  /** When the task was last retried (a step again, or the whole task on request); null until then. */
  retriedAt: millis("retried_at"),
  output: jsonb("output").$type<Record<string, unknown>>(),
  statusUpdatedAt: millis("status_updated_at").notNull(),
  /** The node running the task on the inline runner, while `leaseExpiresAt` is ahead (it renews it). */
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: millis("lease_expires_at"),
  /** A dormant task (waiting for its upload, or to retry) is not due before then. */
  runAfter: millis("run_after"),
  /** When progress last made a `task.updated` event (at most every 5 s; set by the database's trigger). */
  progressEventAt: millis("progress_event_at"),
  createdAt: millis("created_at").notNull(),
  updatedAt: millis("updated_at").notNull(),
}, (t) => [
  // The list's orders (lib/db/tasks.ts): public tasks only, newest first, with each filter in front.
  index("tasks_user_created_idx").on(t.userId, t.createdAt, t.id).where(isPublicTaskType(t.type)),
  index("tasks_user_phase_created_idx").on(t.userId, t.phase, t.createdAt, t.id).where(isPublicTaskType(t.type)),
  index("tasks_user_type_created_idx").on(t.userId, t.type, t.createdAt, t.id).where(isPublicTaskType(t.type)),
  index("tasks_asset_created_idx").on(t.inputAssetId, t.createdAt, t.id),
  index("tasks_phase_idx").on(t.phase),
  index("tasks_finished_internal_idx").on(t.updatedAt).where(isFinishedInternalTask(t.type, t.phase)),
]);

export const WEBHOOK_EVENT_TYPES = [
  "asset.created",
  "asset.updated",
  "asset.ready",
  "asset.failed",
  "asset.deleted",
  "task.spawned",
  "task.updated",
  "task.completed",
  "task.failed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookFailure {
  timestamp: number;
  error: string;
  response?: string;
  statusCode?: number;
}

export const webhooks = pgTable("webhooks", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  url: text("url").notNull(),
  /** Empty: every event. */
  events: jsonb("events").$type<WebhookEventType[]>().notNull(),
  /** The shared secret, encrypted (lib/secrets/sealed-box.ts). */
  sealedSecret: text("sealed_secret").notNull(),
  disabled: boolean("disabled").notNull().default(false),
  lastTriggeredAt: millis("last_triggered_at"),
  lastFailure: jsonb("last_failure").$type<WebhookFailure>(),
  createdAt: millis("created_at").notNull(),
  updatedAt: millis("updated_at").notNull(),
}, (t) => [index("webhooks_user_created_idx").on(t.userId, t.createdAt, t.id)]);

/**
 * The outbox: one row per change of an asset or a task of a user who has an enabled webhook,
 * written by the database's triggers in the same transaction as the change itself. `subject`
 * is the changed row as it was after the change. Fanned out into deliveries once (`dispatchedAt`).
 */
export const webhookEvents = pgTable("webhook_events", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  subject: jsonb("subject").$type<Record<string, unknown>>().notNull(),
  createdAt: millis("created_at").notNull(),
  dispatchedAt: millis("dispatched_at"),
}, (t) => [index("webhook_events_undispatched_idx").on(t.createdAt).where(sql`${t.dispatchedAt} is null`)]);

export interface WebhookLogRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookLogResponse {
  status?: number;
  statusText?: string;
  body?: string;
}

/** Every attempt to deliver an event to a webhook, with what was sent and what came back. */
export const webhookLogs = pgTable("webhook_logs", {
  id: uuid("id").primaryKey().defaultRandom(),
  webhookId: uuid("webhook_id").notNull().references(() => webhooks.id, { onDelete: "cascade" }),
  userId: uuid("user_id").notNull(),
  eventId: uuid("event_id").notNull(),
  event: text("event").notNull(),
  success: boolean("success").notNull(),
  /** Seconds the attempt took. */
  duration: real("duration").notNull(),
  request: jsonb("request").$type<WebhookLogRequest>().notNull(),
  response: jsonb("response").$type<WebhookLogResponse>().notNull(),
  createdAt: millis("created_at").notNull(),
}, (t) => [index("webhook_logs_webhook_created_idx").on(t.webhookId, t.createdAt, t.id)]);

/** The processes serving this database, each renewing `lastSeenAt` while it lives. */
export const nodes = pgTable("nodes", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  runner: text("runner").notNull(),
  storage: text("storage").notNull(),
  startedAt: millis("started_at").notNull(),
  lastSeenAt: millis("last_seen_at").notNull(),
});

/** Secrets generated on first start and shared by every node of a deployment on PostgreSQL. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: millis("created_at").notNull(),
});

/**
 * `Idempotency-Key`s of POST requests, per user, for 24 hours (lib/idempotency). A row is claimed
 * by one request (`owner`) until `lockedUntil`; once answered it holds the answer's status and the
 * answer itself, encrypted (it may carry a token or a webhook secret).
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  /** SHA-256 of the method, path and body the key was first sent with. */
  fingerprint: text("fingerprint").notNull(),
  owner: text("owner").notNull(),
  createdAt: millis("created_at").notNull(),
  lockedUntil: millis("locked_until").notNull(),
  /** Null while the first request runs. */
  statusCode: integer("status_code"),
  sealedAnswer: text("sealed_answer"),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index("idempotency_keys_created_idx").on(t.createdAt),
]);

/**
 * The finished steps of a task's current run on the inline runner, as Inngest keeps them: a run
 * resumed after a stop or a crash replays their results instead of doing them again (no second
 * pin, no second upload). A run that ends forgets them.
 */
export const taskSteps = pgTable("task_steps", {
  taskId: uuid("task_id").notNull().references(() => tasks.id, { onDelete: "cascade" }),
  /** The step's id in the run: its name, then `name:2`, `name:3`… for repeats (as Inngest counts them). */
  stepId: text("step_id").notNull(),
  /** `{ value }`: the step's result, JSON. */
  result: jsonb("result").$type<{ value?: unknown }>().notNull(),
  completedAt: millis("completed_at").notNull(),
}, (t) => [primaryKey({ columns: [t.taskId, t.stepId] })]);

/**
 * Each user's running totals of the assets the API lists (every status but `deleting`), kept by the
 * database's statement-level triggers on `assets` (drizzle/0015), so the overview reads one row
 * whatever the account's size. `durationMs`: the sum of the files' durations, in whole milliseconds
 * (integers add and subtract without drift).
 *
 * A user's totals are the sum of up to USAGE_SHARDS rows: each database connection adds to its own
 * `shard` (drizzle/0017), so concurrent uploads of one account never queue on one row's lock.
 */
export const usageTotals = pgTable("usage_totals", {
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  shard: smallint("shard").notNull().default(0),
  waiting: bigint("waiting", { mode: "number" }).notNull().default(0),
  processing: bigint("processing", { mode: "number" }).notNull().default(0),
  ready: bigint("ready", { mode: "number" }).notNull().default(0),
  failed: bigint("failed", { mode: "number" }).notNull().default(0),
  bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  durationMs: bigint("duration_ms", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.shard] })]);

/**
 * Usage per user and UTC day (`day`: days since the epoch). `uploads`: assets created, kept by the
 * same triggers; a deleted asset still counts on the day it was created (a history of uploads).
 * `delivered*`: playback's bytes sent and the seconds of video they carry, added by every node
 * every few seconds (lib/usage/delivery-meter.ts).
 */
export const usageDays = pgTable("usage_days", {
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  day: integer("day").notNull(),
  /** As usageTotals' shard: a day's figures are the sum of its shards. */
  shard: smallint("shard").notNull().default(0),
  uploads: integer("uploads").notNull().default(0),
  deliveredBytes: bigint("delivered_bytes", { mode: "number" }).notNull().default(0),
  deliveredMs: bigint("delivered_ms", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.day, t.shard] })]);

/**
 * Viewer metrics (DESIGN.md section 20, docs/analytics.md): one row per playback session that
 * showed play intent, keyed by the asset and the player's `session_id`. Sums grow with each report
 * of the session; `hour` (hours since the epoch) is when it started, the hour it counts in. No
 * foreign key to the asset: a deleted asset's views stay in the account's history until
 * VIEW_RETENTION_DAYS. Browser, OS and device come from the user agent, `country` from a trusted
 * proxy's header; "" when unknown. `viewer` is the player's `uid`, or a salted hash: no address.
 */
export const playbackViews = pgTable("playback_views", {
  assetId: uuid("asset_id").notNull(),
  sessionId: text("session_id").notNull(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  playbackId: text("playback_id").notNull(),
  viewer: text("viewer").notNull(),
  browser: text("browser").notNull().default(""),
  os: text("os").notNull().default(""),
  device: text("device").notNull().default(""),
  country: text("country").notNull().default(""),
  hour: integer("hour").notNull(),
  startedAt: millis("started_at").notNull(),
  lastSeenAt: millis("last_seen_at").notNull(),
  playtimeMs: millis("playtime_ms").notNull().default(0),
  waitingMs: millis("waiting_ms").notNull().default(0),
  stalledMs: millis("stalled_ms").notNull().default(0),
  errors: integer("errors").notNull().default(0),
  /** The player's `play_to_first_frame_ms`, the first one reported; null until then. */
  ttffMs: integer("ttff_ms"),
  /** A frame was shown (first frame, time to first frame or playing time reported): not an exit before start. */
  started: boolean("started").notNull().default(false),
}, (t) => [
  primaryKey({ columns: [t.assetId, t.sessionId] }),
  index("playback_views_asset_hour_idx").on(t.assetId, t.hour),
  index("playback_views_hour_user_idx").on(t.hour, t.userId),
  index("playback_views_user_seen_idx").on(t.userId, t.lastSeenAt),
]);

/** What a view roll-up row sums, from the views of its hour (lib/db/view-rollups.ts). */
const viewSums = () => ({
  views: integer("views").notNull(),
  playtimeMs: millis("playtime_ms").notNull(),
  /** Waiting plus stalled time. */
  rebufferMs: millis("rebuffer_ms").notNull(),
  ttffSumMs: millis("ttff_sum_ms").notNull(),
  /** Views that reported a time to first frame (the mean's divisor). */
  ttffViews: integer("ttff_views").notNull(),
  startedViews: integer("started_views").notNull(),
  erroredViews: integer("errored_views").notNull(),
});

/** viewSums' columns of a table, for an index that holds them. */
const sumColumns = (t: Record<keyof ReturnType<typeof viewSums>, ExtraConfigColumn>) => [
  t.views, t.playtimeMs, t.rebufferMs, t.ttffSumMs, t.ttffViews, t.startedViews, t.erroredViews,
];

/**
 * Hourly roll-ups of one asset's views: per hour, a row of totals (`dimension` "") and one per
 * value of each of browser, os, device and country. Recomputed from playback_views for each hour
 * a report touched, so a month answers from at most 720 rows per value.
 */
export const playbackViewHours = pgTable("playback_view_hours", {
  assetId: uuid("asset_id").notNull(),
  hour: integer("hour").notNull(),
  dimension: text("dimension").notNull(),
  value: text("value").notNull(),
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  playbackId: text("playback_id").notNull(),
  ...viewSums(),
}, (t) => [
  // A query reads one dimension over a range of hours: the keys lead with both.
  primaryKey({ columns: [t.assetId, t.dimension, t.hour, t.value] }),
  // The account's views by playbackId read every asset's hours: the index holds the sums, so the
  // query reads it alone (an index-only scan) rather than a heap row per asset and hour.
  index("playback_view_hours_user_sums_idx").on(t.userId, t.dimension, t.hour, t.playbackId, ...sumColumns(t)),
  index("playback_view_hours_hour_idx").on(t.hour),
]);

/** The same roll-ups for the whole account, every asset together. */
export const playbackViewAccountHours = pgTable("playback_view_account_hours", {
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  hour: integer("hour").notNull(),
  dimension: text("dimension").notNull(),
  value: text("value").notNull(),
  ...viewSums(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.dimension, t.hour, t.value] }),
  // As above: a dimension of many values (country) over a month answers from the index alone.
  index("playback_view_account_hours_sums_idx").on(t.userId, t.dimension, t.hour, t.value, ...sumColumns(t)),
  index("playback_view_account_hours_hour_idx").on(t.hour),
]);

/** The (asset, hour) pairs whose views changed since their roll-ups were last computed. */
export const playbackViewRollupQueue = pgTable("playback_view_rollup_queue", {
  userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  assetId: uuid("asset_id").notNull(),
  hour: integer("hour").notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.assetId, t.hour] })]);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type NodeRow = typeof nodes.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookLogRow = typeof webhookLogs.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type TaskStepRow = typeof taskSteps.$inferSelect;
export type PlaybackViewRow = typeof playbackViews.$inferSelect;
