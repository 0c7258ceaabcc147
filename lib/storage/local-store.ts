import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { LocalResumableUploads } from "./resumable-local";
import { signedUrl } from "./signed-url";
import type { ByteRange, DownloadUrlRequest, Storage, StoredObject, UploadUrlRequest } from "./types";

/** Marks a directory deletePrefix moved aside to remove. */
const DELETING = ".deleting-";

export class UploadTooLargeError extends Error {
  override readonly name = "UploadTooLargeError";

  constructor(readonly maxBytes: number) {
    super(`the file is larger than the upload limit of ${maxBytes} bytes`);
  }
}

export function isLocalStore(storage: Storage): storage is LocalStore {
  return storage.kind === "local";
}

const PARTIAL_SUFFIX = ".partial";

export const LOCAL_UPLOAD_PATH = "/api/storage/upload/";
export const LOCAL_DOWNLOAD_PATH = "/api/storage/download/";

/** Files under a directory; upload and download URLs are served by the app and HMAC-signed. */
export class LocalStore implements Storage {
  readonly kind = "local" as const;

  readonly resumable: LocalResumableUploads;

  constructor(
    private readonly root: string,
    readonly signingSecret: string,
    resumableDirectory: string,
  ) {
    this.resumable = new LocalResumableUploads(resumableDirectory, (key) => this.pathOf(key));
  }

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

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = await fs.promises.open(this.pathOf(key));
    return file.createReadStream({ ...range, highWaterMark: 1 << 20 });
  }

  async putObject(key: string, bytes: Uint8Array): Promise<void> {
    await this.write(key, Readable.from([bytes]), bytes.length);
  }

  async putFile(key: string, filePath: string): Promise<void> {
    await this.write(key, fs.createReadStream(filePath), Number.MAX_SAFE_INTEGER);
  }

  async moveFile(key: string, filePath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      // One rename: the object appears whole or not at all, as after write().
      await fs.promises.rename(filePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      // Another disk than the store's: copied, then the file is let go.
      await this.putFile(key, filePath);
      await fs.promises.rm(filePath, { force: true });
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Keys are checked by pathOf; a prefix ending in "/" is a directory here.
    const directory = this.pathOf(prefix.replace(/\/+$/, ""));
    // Moved aside first, then removed: a transcode still writing segments makes a new directory
    // at the old path (its writer removes what it wrote once it finds its job gone) and never
    // adds to the one being removed, which rm would meet not empty (ENOTEMPTY), however often it
    // tried. Earlier removals cut short by a killed process are finished here too.
    const doomed = `${directory}${DELETING}${randomUUID()}`;
    try {
      await fs.promises.rename(directory, doomed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const parent = path.dirname(directory);
    const leftovers = (await fs.promises.readdir(parent).catch(() => [])).filter((name) => name.startsWith(`${path.basename(directory)}${DELETING}`));
    await Promise.all(leftovers.map((name) => fs.promises.rm(path.join(parent, name), { recursive: true, force: true })));
  }

  /** A `file:` URL, so ffmpeg never reads a path as a protocol or an option. */
  async mediaToolInput(key: string): Promise<string> {
    return `file:${this.pathOf(key)}`;
  }

  /** Removes the file and any partial upload of it. */
  async delete(key: string): Promise<void> {
    await this.discardPartials(key);
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  /** Removes the temporary files of uploads to `key` that never finished (their writer died). */
  async discardPartials(key: string): Promise<void> {
    const target = this.pathOf(key);
    const prefix = `${path.basename(target)}.`;
    let names: string[];
    try {
      names = await fs.promises.readdir(path.dirname(target));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const partials = names.filter((name) => name.startsWith(prefix) && name.endsWith(PARTIAL_SUFFIX));
    await Promise.all(partials.map((name) => fs.promises.rm(path.join(path.dirname(target), name), { force: true })));
  }

  async checkHealth(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  /**
   * Streams a body to the key through a temporary file, so a refused, aborted or broken upload
   * never leaves a partial object behind (one whose process died is removed by discardPartials).
   * Returns the number of bytes stored.
   */
  async write(key: string, body: Readable, maxBytes: number, signal?: AbortSignal): Promise<number> {
    const target = this.pathOf(key);
    const temporary = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > maxBytes ? new UploadTooLargeError(maxBytes) : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, fs.createWriteStream(temporary, { flags: "wx" }), { signal });
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
