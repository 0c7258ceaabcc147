import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { isUuid } from "@/lib/uuid";
import { isNotFound } from "./s3-client";
import type { DirectUpload, DirectUploads } from "./types";

const UPLOAD_PREFIX = "uploads/";

/** The object key a pre-signed upload URL of the asset writes to. */
export function directUploadKey(assetId: string): string {
  return UPLOAD_PREFIX + assetId;
}

/** Uploads land under `uploads/<assetId>` and are copied to the asset's key once seen. */
export class S3DirectUploads implements DirectUploads {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async find(assetId: string): Promise<DirectUpload | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: directUploadKey(assetId) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? "" };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async keep(assetId: string, key: string, etag: string): Promise<void> {
    const source = [this.bucket, ...directUploadKey(assetId).split("/")].map(encodeURIComponent).join("/");
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: source, CopySourceIfMatch: etag || undefined }),
    );
  }

  async discard(assetId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: directUploadKey(assetId) }));
  }

  assetIdOf(bucket: string, objectKey: string): string | undefined {
    if (bucket !== this.bucket || !objectKey.startsWith(UPLOAD_PREFIX)) return undefined;
    const id = objectKey.slice(UPLOAD_PREFIX.length);
    return isUuid(id) ? id.toLowerCase() : undefined;
  }
}
