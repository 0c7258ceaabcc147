import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { testDatabaseKinds } from "./test-databases";

export type StorageKind = "local" | "s3";

/** Every store the shared storage contract runs on: the local store, and S3 served by s3rver. */
export const testStorageKinds: StorageKind[] = ["local", "s3"];

type DatabaseAndStore = [(typeof testDatabaseKinds)[number], StorageKind];

/** Every database × every store. */
export const storageMatrix: DatabaseAndStore[] = testDatabaseKinds.flatMap((db) => testStorageKinds.map((storage): DatabaseAndStore => [db, storage]));

/**
 * Each database and each store at least once, in as few pairs: for tests whose subject is the bytes
 * a store holds (HLS, tus) and not a query, so the full matrix would only run them twice more.
 */
export const storagePairs: DatabaseAndStore[] = testStorageKinds.map((storage, i) => [
  testDatabaseKinds[i % testDatabaseKinds.length],
  storage,
]);

export const TEST_WEBHOOK_SECRET = "test-storage-webhook-secret";
/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3EventNotification {
  Records: Array<{ eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  on(event: "event", listener: (event: S3EventNotification) => void): void;
}
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean; allowMismatchedSignatures: boolean };
// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverInstance;

interface Running {
  endpoint: string;
  client: S3Client;
  events: S3EventNotification[];
  stop(): Promise<void>;
}

let running: Promise<Running> | undefined;
let users = 0;

async function start(): Promise<Running> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "vas-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, allowMismatchedSignatures: true });
  const events: S3EventNotification[] = [];
  server.on("event", (event) => events.push(event));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    client,
    events,
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface TestBucket {
  endpoint: string;
  bucket: string;
  client: S3Client;
  /** The environment that selects this bucket. */
  env: Record<string, string>;
  release(): Promise<void>;
}

/** A fresh bucket on the shared loopback s3rver, started on first use and stopped with its last user. */
export async function createTestBucket(): Promise<TestBucket> {
  users++;
  running ??= start();
  const s3 = await running;
  const bucket = `test-${randomBytes(6).toString("hex")}`;
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint: s3.endpoint,
    bucket,
    client: s3.client,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      STORAGE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    },
    async release() {
      if (--users > 0) return;
      const stopping = running;
      running = undefined;
      await (await stopping)?.stop();
    },
  };
}

/** The last bucket event s3rver emitted for the object, as a bucket notification would carry it. */
export async function lastBucketEvent(bucket: string, key: string): Promise<S3EventNotification | undefined> {
  const s3 = await running;
  return s3?.events.findLast((e) => e.Records.some((r) => r.s3.bucket.name === bucket && r.s3.object.key === key));
}
