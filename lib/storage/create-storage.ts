import path from "node:path";
import type { Config } from "@/lib/config/config";
import { LocalStore } from "./local-store";
import { createS3Client } from "./s3-client";
import { S3Store } from "./s3-store";
import type { Storage } from "./types";

export class StorageUnreachableError extends Error {}

/** S3 when configured (checked to be reachable, so a wrong setting stops start-up), else the local store. */
export async function createStorage(config: Config, signingSecret: string): Promise<Storage> {
  if (!config.s3) return new LocalStore(path.join(config.dataDir, "objects"), signingSecret, path.join(config.dataDir, "resumable"));
  const { bucket, endpoint } = config.s3;
  const store = new S3Store(createS3Client(config.s3), bucket);
  try {
    await store.checkHealth();
  } catch (error) {
    throw new StorageUnreachableError(
      `S3 bucket "${bucket}" is not reachable${endpoint ? ` at ${endpoint}` : ""}: ${reasonOf(error)}. ` +
        "Check S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials.",
    );
  }
  return store;
}

/** HeadBucket answers without a body, so the status is all there is to go on. */
function reasonOf(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return "no such bucket";
  if (status === 403) return "access denied";
  return (error as Error).message || (error as Error).name || String(error);
}
