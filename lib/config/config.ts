import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseProfilesSetting, type TranscodeProfile } from "@/lib/media/transcode-profiles";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";
import { parseS3Config, S3_CONFIG_VARIABLES, type S3Config } from "./s3-config";
import { parseSmtpConfig, SMTP_CONFIG_VARIABLES, type SmtpConfig } from "@/lib/mail/smtp-config";

const GiB = 1024 ** 3;
const SEVEN_DAYS_SECONDS = 7 * 24 * 3600;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().positive().max(max).default(fallback);

const runningExportsPerUser = positiveInt(2, 64);

/**
 * MAX_RUNNING_EXPORTS_PER_USER on its own, for the Inngest function's concurrency key, which is
 * fixed when the function is defined (at import, before the app is built).
 */
export function maxRunningExportsPerUserFrom(env: Record<string, string | undefined>): number {
  const parsed = runningExportsPerUser.safeParse(env.MAX_RUNNING_EXPORTS_PER_USER);
  return parsed.success ? parsed.data : 2;
}

const DEFAULT_WEBHOOK_DELIVERIES_PER_USER = 4;
const webhookDeliveriesPerUser = positiveInt(DEFAULT_WEBHOOK_DELIVERIES_PER_USER, 64);

/** WEBHOOK_DELIVERIES_PER_USER on its own, for the Inngest function's concurrency key (see above). */
export function webhookDeliveriesPerUserFrom(env: Record<string, string | undefined>): number {
  const parsed = webhookDeliveriesPerUser.safeParse(env.WEBHOOK_DELIVERIES_PER_USER);
  return parsed.success ? parsed.data : DEFAULT_WEBHOOK_DELIVERIES_PER_USER;
}

/** SIGN_UP: who may make an account (lib/auth/sign-up.ts). */
export const SIGN_UP_MODES = ["invite", "open", "closed"] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

const envSchema = z.object({
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().max(100).optional(),
  APP_URL: optionalString.pipe(z.url().optional()),
  MAX_UPLOAD_BYTES: positiveInt(5 * GiB),
  UPLOAD_URL_TTL: positiveInt(3600, SEVEN_DAYS_SECONDS),
  DOWNLOAD_URL_TTL: positiveInt(3600, SEVEN_DAYS_SECONDS),
  RATE_LIMIT_PER_MINUTE: positiveInt(300),
  TASK_CONCURRENCY: positiveInt(2, 64),
  UPLOAD_SIGNING_SECRET: optionalString,
  INIT_USER_EMAIL: optionalString.pipe(z.email().optional()),
  INIT_USER_PASSWORD: optionalString,
  INIT_API_TOKEN: optionalString.pipe(z.string().min(32).optional()),
  PINNING_API_URL: z.url().default("https://api.pinata.cloud"),
  IPFS_GATEWAY_URL: z.url().default("https://gateway.pinata.cloud/ipfs"),
  PINATA_JWT: optionalString,
  EXPORT_ALLOWED_HOSTS: optionalString,
  MAX_ACTIVE_TASKS_PER_USER: positiveInt(100),
  MAX_RUNNING_EXPORTS_PER_USER: runningExportsPerUser,
  EXPORT_IDLE_TIMEOUT: positiveInt(60, 3600),
  WEBHOOK_CONCURRENCY: positiveInt(32, 256),
  WEBHOOK_DELIVERIES_PER_USER: webhookDeliveriesPerUser,
  EXPORT_MIN_BYTES_PER_SECOND: positiveInt(256 * 1024),
  IMPORT_CONCURRENCY: positiveInt(2, 64),
  IMPORTS_PER_USER: positiveInt(1, 64),
  IMPORT_TIMEOUT: positiveInt(6 * 3600, 7 * 24 * 3600),
  IMPORT_MIN_BYTES_PER_SECOND: positiveInt(16 * 1024),
  MAX_JSON_BODY_BYTES: positiveInt(1024 * 1024, 64 * 1024 * 1024),
  SECRETS_ENCRYPTION_KEY: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9+/_-]{43}=?$/, "must be 32 random bytes in base64 (openssl rand -base64 32)").optional(),
  ),
  SIGN_IN_MAX_FAILURES: positiveInt(10, 1000),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional()),
  REDIS_KEY_PREFIX: z.string().default("vas:"),
  NODE_NAME: optionalString,
  TASK_LEASE_SECONDS: positiveInt(30, 3600),
  TASK_RETENTION_DAYS: positiveInt(30, 36500),
  SIGN_UP_MAX_PER_HOUR: positiveInt(10, 1000),
  TRUST_PROXY: optionalString,
  SIGN_UP: z.enum(SIGN_UP_MODES).default("invite"),
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: optionalString,
  INNGEST_BASE_URL: optionalString.pipe(z.url().optional()),
  AUTH_SECRET: optionalString,
  SESSION_MAX_AGE: positiveInt(30 * 24 * 3600),
  AUTH_GITHUB_ID: optionalString,
  AUTH_GITHUB_SECRET: optionalString,
  AUTH_GOOGLE_ID: optionalString,
  AUTH_GOOGLE_SECRET: optionalString,
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  MAX_VIDEO_PIXELS: positiveInt(7680 * 4320),
  MAX_DURATION_S: positiveInt(6 * 3600),
  DEFAULT_PROFILES: optionalString,
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  TRANSCODE_PRESET: z.enum(["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow"]).default("veryfast"),
  FFMPEG_MEMORY_MB: positiveInt(4096),
  METRICS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
  OTEL_SERVICE_NAME: optionalString,
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: positiveInt(600),
  ANALYTICS_RATE_LIMIT_PER_PLAYBACK_ID: positiveInt(60_000),
  VIEWER_COUNTRY_HEADER: optionalString,
  VIEW_RETENTION_DAYS: positiveInt(90, 36500),
  VIEW_ROLLUP_RETENTION_DAYS: positiveInt(400, 36500),
});

/** Every variable the service reads (.env.example lists them). */
export const CONFIG_VARIABLES = [...Object.keys(envSchema.shape), ...S3_CONFIG_VARIABLES, ...SMTP_CONFIG_VARIABLES];

export interface Config {
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL; unset, the database client's default. */
  databasePoolSize?: number;
  appUrl?: string;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  downloadUrlTtlSeconds: number;
  rateLimitPerMinute: number;
  taskConcurrency: number;
  uploadSigningSecret?: string;
  initUser?: { email: string; password?: string; apiToken?: string };
  /** Set when S3_BUCKET selects S3-compatible storage instead of the local store. */
  s3?: S3Config;
  pinningApiUrl: string;
  ipfsGatewayUrl: string;
  pinataJwt?: string;
  /** `host:port` pairs that exports may reach even though they resolve to private addresses. */
  exportAllowedHosts: string[];
  maxActiveTasksPerUser: number;
  /** Exports of one user that run at once; the rest wait without holding a slot. */
  maxRunningExportsPerUser: number;
  /** Webhook deliveries the inline runner makes at once, and at most per user (a slow endpoint delays only its owner). */
  webhookConcurrency: number;
  webhookDeliveriesPerUser: number;
  /** An export connection that moves no bytes for this long is cut off. */
  exportIdleTimeoutSeconds: number;
  /** An export slower than this on average is cut off (its deadline scales with the file size). */
  exportMinBytesPerSecond: number;
  /** Imports (uploads from a URL) the inline runner fetches at once, in slots of their own, and at most per user. */
  importConcurrency: number;
  importsPerUser: number;
  /** An import's fetch, every attempt together, must end within this long of its first attempt. */
  importTimeoutSeconds: number;
  /** An import's source sending less than this per second, over a window (lib/import/fetch-source.ts), is cut off. */
  importMinBytesPerSecond: number;
  /** The largest JSON request body read. */
  maxJsonBodyBytes: number;
  /** Key (base64) that encrypts credentials at rest; generated like the other secrets when unset. */
  secretsEncryptionKey?: string;
  /** Failed sign-ins allowed per account and per client address in 15 minutes. */
  signInMaxFailures: number;
  /** Sign-ups allowed per client address in an hour. */
  signUpMaxPerHour: number;
  /** Who may make an account: by the owner's invitation, anyone, or nobody (the first account always). */
  signUp: SignUpMode;
  /** Which proxies may name the client in X-Forwarded-For (lib/api/client-address.ts). */
  trustProxy: TrustProxy;
  /** Rate limits and throttles count in Redis when set, else in the database. */
  redis?: { url: string; keyPrefix: string };
  /** This process's name in /api/health and the node list; the host name when unset. */
  nodeName: string;
  /** How long a node's claim on a task lasts without renewal: a dead node's tasks move on after it. */
  taskLeaseSeconds: number;
  /** Finished webhook deliveries (internal tasks) are deleted this long after they ended; uploads and exports are kept. */
  taskRetentionDays: number;
  /** Set when tasks run on Inngest instead of the inline runner. */
  inngest?: InngestConfig;
  /** Key of the dashboard's session cookies; generated into DATA_DIR when unset. */
  authSecret?: string;
  sessionMaxAgeSeconds: number;
  /** OAuth sign-in providers, each enabled when both its id and secret are set. */
  oauth: { github?: OAuthClient; google?: OAuthClient };
  /** The ffmpeg that makes posters and renditions; unset, `ffmpeg` on PATH (if any). */
  ffmpegPath?: string;
  /** The ffprobe that reads files ffmpeg transcodes; unset, the one beside FFMPEG_PATH, else on PATH. */
  ffprobePath?: string;
  /** Larger frames (width × height) or longer videos are refused. */
  maxVideoPixels: number;
  maxDurationSeconds: number;
  /** The ladder made when a request names no `profiles` (DEFAULT_PROFILES). */
  defaultProfiles: TranscodeProfile[];
  /** Segments this node makes at once in the background (0: none; default: its cores). */
  transcodeConcurrency: number;
  /** x264's preset for every rendition. */
  transcodePreset: string;
  /** Address space each ffmpeg process may take. */
  ffmpegMemoryMb: number;
  /** When set, GET /api/metrics needs it as a bearer token. */
  metricsToken?: string;
  /** Set when SMTP_URL is: password resets by e-mail. */
  smtp?: SmtpConfig;
  /** Viewer metrics (docs/analytics.md): players' reports allowed per minute, per address and per playbackId. */
  analyticsRateLimitPerAddress: number;
  analyticsRateLimitPerPlaybackId: number;
  /** The header a trusted proxy sets to the viewer's country (ISO 3166-1 alpha-2); unset, views have no country. */
  viewerCountryHeader?: string;
  /** Views are kept this long; their hourly roll-ups (what queries read) this long. */
  viewRetentionDays: number;
  viewRollupRetentionDays: number;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface InngestConfig {
  eventKey?: string;
  /** Inngest signs its calls to /api/inngest with it; unset only with INNGEST_DEV, where calls go unchecked. */
  signingKey?: string;
  baseUrl?: string;
  isDev: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const storage = parseS3Config(env);
  if (storage.problems.length) throw new ConfigError(`Invalid configuration: ${storage.problems.join("; ")}`);
  const mail = parseSmtpConfig(env, e.APP_URL?.replace(/\/+$/, ""));
  if (mail.problems.length) throw new ConfigError(`Invalid configuration: ${mail.problems.join("; ")}`);
  if ((e.INIT_USER_PASSWORD || e.INIT_API_TOKEN) && !e.INIT_USER_EMAIL) {
    throw new ConfigError("Invalid configuration: INIT_USER_PASSWORD and INIT_API_TOKEN need INIT_USER_EMAIL");
  }
  return {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: e.APP_URL?.replace(/\/+$/, ""),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL,
    downloadUrlTtlSeconds: e.DOWNLOAD_URL_TTL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    taskConcurrency: e.TASK_CONCURRENCY,
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET,
    initUser: e.INIT_USER_EMAIL
      ? { email: e.INIT_USER_EMAIL, password: e.INIT_USER_PASSWORD, apiToken: e.INIT_API_TOKEN }
      : undefined,
    s3: storage.s3,
    pinningApiUrl: e.PINNING_API_URL.replace(/\/+$/, ""),
    ipfsGatewayUrl: e.IPFS_GATEWAY_URL.replace(/\/+$/, ""),
    pinataJwt: e.PINATA_JWT,
    exportAllowedHosts: (e.EXPORT_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
    maxActiveTasksPerUser: e.MAX_ACTIVE_TASKS_PER_USER,
    maxRunningExportsPerUser: e.MAX_RUNNING_EXPORTS_PER_USER,
    exportIdleTimeoutSeconds: e.EXPORT_IDLE_TIMEOUT,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY,
    webhookDeliveriesPerUser: e.WEBHOOK_DELIVERIES_PER_USER,
    exportMinBytesPerSecond: e.EXPORT_MIN_BYTES_PER_SECOND,
    importConcurrency: e.IMPORT_CONCURRENCY,
    importsPerUser: e.IMPORTS_PER_USER,
    importTimeoutSeconds: e.IMPORT_TIMEOUT,
    importMinBytesPerSecond: e.IMPORT_MIN_BYTES_PER_SECOND,
    maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
    secretsEncryptionKey: e.SECRETS_ENCRYPTION_KEY,
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signUpMaxPerHour: e.SIGN_UP_MAX_PER_HOUR,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    signUp: e.SIGN_UP,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    nodeName: e.NODE_NAME ?? os.hostname(),
    taskLeaseSeconds: e.TASK_LEASE_SECONDS,
    taskRetentionDays: e.TASK_RETENTION_DAYS,
    inngest: inngestConfig(e),
    authSecret: e.AUTH_SECRET,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE,
    oauth: {
      github: oauthClient("AUTH_GITHUB", e.AUTH_GITHUB_ID, e.AUTH_GITHUB_SECRET),
      google: oauthClient("AUTH_GOOGLE", e.AUTH_GOOGLE_ID, e.AUTH_GOOGLE_SECRET),
    },
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    maxVideoPixels: e.MAX_VIDEO_PIXELS,
    maxDurationSeconds: e.MAX_DURATION_S,
    defaultProfiles: defaultProfilesOf(e.DEFAULT_PROFILES),
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY ?? Math.max(1, os.availableParallelism()),
    transcodePreset: e.TRANSCODE_PRESET,
    ffmpegMemoryMb: e.FFMPEG_MEMORY_MB,
    metricsToken: e.METRICS_TOKEN,
    smtp: mail.smtp,
    analyticsRateLimitPerAddress: e.ANALYTICS_RATE_LIMIT_PER_ADDRESS,
    analyticsRateLimitPerPlaybackId: e.ANALYTICS_RATE_LIMIT_PER_PLAYBACK_ID,
    viewerCountryHeader: e.VIEWER_COUNTRY_HEADER,
    viewRetentionDays: e.VIEW_RETENTION_DAYS,
    viewRollupRetentionDays: e.VIEW_ROLLUP_RETENTION_DAYS,
  };
}

function trustProxyOf(text: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(text);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

function defaultProfilesOf(text: string | undefined): TranscodeProfile[] {
  try {
    return parseProfilesSetting(text);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

function oauthClient(prefix: string, clientId?: string, clientSecret?: string): OAuthClient | undefined {
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new ConfigError(`Invalid configuration: ${prefix}_ID and ${prefix}_SECRET must be set together`);
  }
  return { clientId, clientSecret };
}

/** Inngest mode: an event key (Inngest Cloud or self-hosted), or the dev server at INNGEST_BASE_URL. */
function inngestConfig(e: z.infer<typeof envSchema>): InngestConfig | undefined {
  const isDev = e.INNGEST_DEV === "1" || e.INNGEST_DEV === "true";
  if (isDev && !e.INNGEST_BASE_URL) {
    throw new ConfigError("Invalid configuration: INNGEST_DEV=1 needs INNGEST_BASE_URL (for example http://127.0.0.1:8288)");
  }
  if (!isDev && !e.INNGEST_EVENT_KEY) return undefined;
  if (!isDev && !e.INNGEST_SIGNING_KEY) {
    throw new ConfigError("Invalid configuration: INNGEST_EVENT_KEY needs INNGEST_SIGNING_KEY (Inngest signs its calls to /api/inngest)");
  }
  return { eventKey: e.INNGEST_EVENT_KEY, signingKey: e.INNGEST_SIGNING_KEY, baseUrl: e.INNGEST_BASE_URL, isDev };
}
