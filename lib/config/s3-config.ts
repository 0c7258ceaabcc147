import { z } from "zod";

export interface S3Config {
  bucket: string;
  region: string;
  /** For stores other than AWS S3 (R2, MinIO); absent means AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default credential chain (AWS_* variables, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Shared secret that bucket event notifications must carry; absent disables the webhook. */
  webhookSecret?: string;
}

const text = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const s3EnvSchema = z.object({
  S3_BUCKET: text,
  S3_REGION: text,
  S3_ENDPOINT: text.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  S3_FORCE_PATH_STYLE: text.pipe(z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional()),
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  STORAGE_WEBHOOK_SECRET: text.pipe(z.string().min(16, "must be at least 16 characters").optional()),
});

export const S3_CONFIG_VARIABLES = Object.keys(s3EnvSchema.shape);

/**
 * The S3 settings, when S3_BUCKET selects S3 storage. Returns the problems instead of throwing
 * so the caller reports them with the rest of the configuration.
 */
export function parseS3Config(env: Record<string, string | undefined>): { s3?: S3Config; problems: string[] } {
  const parsed = s3EnvSchema.safeParse(env);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) {
    const stray = Object.entries(e).filter(([, value]) => value !== undefined).map(([name]) => name);
    return { problems: stray.length ? [`${stray.join(", ")} set but S3_BUCKET is not (S3_BUCKET selects S3 storage)`] : [] };
  }
  const problems: string[] = [];
  if (!e.S3_REGION) problems.push('S3_REGION is required with S3_BUCKET (R2: "auto"; MinIO: usually "us-east-1")');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  const region = e.S3_REGION;
  if (!region || problems.length) return { problems };
  return {
    problems,
    s3: {
      bucket: e.S3_BUCKET,
      region,
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      webhookSecret: e.STORAGE_WEBHOOK_SECRET,
    },
  };
}
