import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { signedUrl } from "./signed-url";
import type { DownloadUrlRequest, Storage, StoredObject, UploadUrlRequest } from "./types";

export class UploadTooLargeError extends Error {
  override readonly name = "UploadTooLargeError";

  constructor(readonly maxBytes: number) {
    super(`the file is larger than the upload limit of ${maxBytes} bytes`);
  }
}

export function isLocalStore(storage: Storage): storage is LocalStore {
  return storage.kind === "local";
}

export const LOCAL_UPLOAD_PATH = "/api/storage/upload/";
export const LOCAL_DOWNLOAD_PATH = "/api/storage/download/";

/** Files under a directory; upload and download URLs are served by the app and HMAC-signed. */
export class LocalStore implements Storage {
  readonly kind = "local" as const;

  constructor(
    private readonly root: string,
    readonly signingSecret: string,
  ) {}

  async createUploadUrl(r: UploadUrlRequest): Promise<string> {
    return signedUrl(r.origin, LOCAL_UPLOAD_PATH + r.assetId, { purpose: "upload", ...r }, this.signingSecret);
  }

  async createDownloadUrl(r: DownloadUrlRequest): Promise<string> {
    return signedUrl(r.origin, LOCAL_DOWNLOAD_PATH + r.assetId, { purpose: "download", ...r }, this.signingSecret);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const stats = await fs.promises.stat(this.pathOf(key));
      return { size: stats.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  openRangeReader(key: string) {
    return openFileRangeReader(this.pathOf(key));
  }

  async createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = await fs.promises.open(this.pathOf(key));
    return file.createReadStream({ ...range, highWaterMark: 1 << 20 });
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async checkHealth(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  /**
   * Streams a body to the key through a temporary file, so a refused or broken upload never
   * leaves a partial object behind. Returns the number of bytes stored.
   */
  async write(key: string, body: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(key);
    const temporary = `${target}.${randomUUID()}.partial`;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > maxBytes ? new UploadTooLargeError(maxBytes) : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, fs.createWriteStream(temporary, { flags: "wx" }));
      await fs.promises.rename(temporary, target);
      return received;
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.split("/").includes("..")) {
      throw new Error(`invalid storage key ${key}`);
    }
    return path.join(this.root, key);
  }
}
