import type { Readable } from "node:stream";
import type { RangeReader } from "@/lib/media/types";

export interface UploadUrlRequest {
  assetId: string;
  key: string;
  expiresAt: number;
  maxBytes: number;
  /** Base URL of this service, used by stores that serve URLs through the app. */
  origin: string;
}

export interface DownloadUrlRequest {
  assetId: string;
  key: string;
  expiresAt: number;
  origin: string;
}

export interface StoredObject {
  size: number;
}

/** One interface for every object store; code outside lib/storage never knows which is in use. */
export interface Storage {
  readonly kind: "local" | "s3";
  createUploadUrl(request: UploadUrlRequest): Promise<string>;
  createDownloadUrl(request: DownloadUrlRequest): Promise<string>;
  stat(key: string): Promise<StoredObject | undefined>;
  openRangeReader(key: string): Promise<RangeReader & { close(): Promise<void> }>;
  createReadStream(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  checkHealth(): Promise<void>;
}

export function assetSourceKey(assetId: string): string {
  return `assets/${assetId}/source`;
}
