import path from "node:path";
import { z } from "zod";
import { parseS3Config, type S3Config } from "@/lib/storage/s3-config";

const GiB = 1024 ** 3;
const SEVEN_DAYS_SECONDS = 7 * 24 * 3600;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().positive().max(max).default(fallback);

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
});

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
  /** Set when tasks run on Inngest instead of the inline runner. */
  inngest?: InngestConfig;
  /** Key of the dashboard's session cookies; generated into DATA_DIR when unset. */
  authSecret?: string;
  sessionMaxAgeSeconds: number;
  /** OAuth sign-in providers, each enabled when both its id and secret are set. */
  oauth: { github?: OAuthClient; google?: OAuthClient };
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface InngestConfig {
  eventKey?: string;
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
    inngest: inngestConfig(e),
    authSecret: e.AUTH_SECRET,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE,
    oauth: {
      github: oauthClient("AUTH_GITHUB", e.AUTH_GITHUB_ID, e.AUTH_GITHUB_SECRET),
      google: oauthClient("AUTH_GOOGLE", e.AUTH_GOOGLE_ID, e.AUTH_GOOGLE_SECRET),
    },
  };
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
  return { eventKey: e.INNGEST_EVENT_KEY, baseUrl: e.INNGEST_BASE_URL, isDev };
}
