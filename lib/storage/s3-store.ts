import fs from "node:fs";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { RangeReader } from "@/lib/media/types";
import { isNotFound } from "./s3-client";
import { S3ResumableUploads } from "./resumable-s3";
import { directUploadKey, S3DirectUploads } from "./s3-direct-uploads";
import {
  assetSourceKey,
  type ByteRange,
  type DownloadUrlRequest,
  type Storage,
  type StoredObject,
  type UploadUrlRequest,
} from "./types";

/** Long enough for ffmpeg to find a frame (it gives up after 30 s), short enough to be worthless after. */
const MEDIA_TOOL_URL_SECONDS = 300;

/** Any S3-compatible bucket. Upload and download URLs are pre-signed: bytes never pass through the app. */
export class S3Store implements Storage {
  readonly kind = "s3" as const;
  readonly directUploads: S3DirectUploads;
  readonly resumable: S3ResumableUploads;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {
    this.directUploads = new S3DirectUploads(client, bucket);
    this.resumable = new S3ResumableUploads(client, bucket, assetSourceKey);
  }

  /** Signs only `host`, so browsers and curl can PUT with any Content-Type. */
  async createUploadUrl(r: UploadUrlRequest): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: directUploadKey(r.assetId) });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(r.expiresAt) });
  }

  async createDownloadUrl(r: DownloadUrlRequest): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: r.key, ResponseContentType: "video/mp4" });
    return getSignedUrl(this.client, command, { expiresIn: secondsUntil(r.expiresAt) });
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** One ranged GET per read, each pinned to the version seen when the reader was opened. */
  async openRangeReader(key: string): Promise<RangeReader & { close(): Promise<void> }> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    const size = head.ContentLength ?? 0;
    return {
      size,
      read: async (offset, length) => {
        const end = Math.min(size, offset + length) - 1;
        if (length <= 0 || offset > end) return new Uint8Array(0);
        const response = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${offset}-${end}`, IfMatch: head.ETag }),
        );
        if (!response.Body) throw new Error(`empty response reading ${key}`);
        return response.Body.transformToByteArray();
      },
      close: async () => {},
    };
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const response = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(response.Body instanceof Readable)) throw new Error(`no readable body for ${key}`);
    return response.Body;
  }

  async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(filePath);
    const body = fs.createReadStream(filePath);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
  }

  /** One PUT of the file, as putFile: S3 has nothing to move it by. */
  async moveFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.putFile(key, filePath, contentType);
  }

  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A pre-signed GET: ffmpeg seeks in it with Range requests, as in a file. */
  async mediaToolInput(key: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: MEDIA_TOOL_URL_SECONDS });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async checkHealth(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

/** Pre-signed URLs carry a lifetime rather than an end time; S3 allows 1 s to 7 days. */
function secondsUntil(expiresAt: number): number {
  return Math.min(7 * 24 * 3600, Math.max(1, Math.round((expiresAt - Date.now()) / 1000)));
}
