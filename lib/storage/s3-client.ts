import { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "@/lib/config/s3-config";

/**
 * With the store unreachable a request must fail within seconds (a 503 saying so), not wait out
 * the SDK's defaults (no connect timeout). A socket idle this long is given up; the SDK retries
 * up to MAX_ATTEMPTS in all, with full-jitter backoff (its standard strategy).
 */
const CONNECT_TIMEOUT_MS = 2_000;
const IDLE_TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 2;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    maxAttempts: MAX_ATTEMPTS,
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // By default the SDK adds a CRC32 of the (empty) body to pre-signed PUT URLs as a signed
    // query parameter, so the bucket then refuses every real upload. Checksums only where S3
    // demands them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** True for "no such key" answers, whichever form the operation reports it in. */
export function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}
