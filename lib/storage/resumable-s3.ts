import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { log } from "@/lib/log/log";
import { isNotFound } from "./s3-client";
import type { ResumableUploads } from "./types";

/** Every part but the last must be at least 5 MiB; a part is held in memory while it is sent. */
const PART_SIZE = 8 * 1024 * 1024;

interface Part {
  PartNumber: number;
  ETag: string;
  size: number;
}

/** What the bucket knows of an unfinished upload, kept beside it as JSON: any node can read it. */
interface UploadState {
  uploadId: string;
  key: string;
  size: number;
  parts: Part[];
  /** Bytes received after the last whole part, kept as an object of their own until more arrive. */
  tail: number;
  metadata?: Record<string, string | null>;
  creationDate?: string;
}

const stateKey = (id: string) => `uploads/tus/${id}.json`;
const tailKey = (id: string) => `uploads/tus/${id}.tail`;
const committed = (state: UploadState) => state.parts.reduce((sum, part) => sum + part.size, 0);

/**
 * tus's data store on S3 without ListParts (which some S3-compatible servers lack): each upload
 * is a multipart upload of the asset's final object, and its parts are listed in a state object
 * beside it, so a PATCH may land on any node. Finishing completes the multipart upload, and the
 * object is the asset's file: nothing is copied.
 */
class S3TusDataStore extends DataStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly keyOf: (id: string) => string,
  ) {
    super();
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  async create(upload: Upload): Promise<Upload> {
    const key = this.keyOf(upload.id);
    const started = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: "video/mp4" }));
    await this.save(upload.id, {
      uploadId: started.UploadId!,
      key,
      size: upload.size ?? 0,
      parts: [],
      tail: 0,
      metadata: upload.metadata,
      creationDate: upload.creation_date,
    });
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    const state = await this.load(id);
    return new Upload({ id, size: state.size, offset: committed(state) + state.tail, metadata: state.metadata, creation_date: state.creationDate });
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const state = await this.load(id);
    if (offset !== committed(state) + state.tail) throw ERRORS.INVALID_OFFSET;
    const pending: Buffer[] = state.tail > 0 ? [await this.getBytes(tailKey(id))] : [];
    let pendingBytes = state.tail;
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= PART_SIZE) {
          const bytes = Buffer.concat(pending, pendingBytes);
          await this.sendPart(id, state, bytes.subarray(0, PART_SIZE));
          pending.splice(0, pending.length, bytes.subarray(PART_SIZE));
          pendingBytes -= PART_SIZE;
        }
      }
    } catch (error) {
      // The connection broke: what did arrive is kept, so the client resumes after it.
      await this.keepTail(id, state, pending, pendingBytes);
      throw error;
    }
    if (committed(state) + pendingBytes === state.size) {
      if (pendingBytes > 0 || state.parts.length === 0) await this.sendPart(id, state, Buffer.concat(pending, pendingBytes));
      return state.size;
    }
    await this.keepTail(id, state, pending, pendingBytes);
    return committed(state) + pendingBytes;
  }

  /** An upload whose length was not known at creation (an import without Content-Length): the next write can complete it. */
  async declareUploadLength(id: string, size: number): Promise<void> {
    const state = await this.load(id);
    state.size = size;
    await this.save(id, state);
  }

  async remove(id: string): Promise<void> {
    const state = await this.load(id).catch(() => undefined);
    if (state) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: state.key, UploadId: state.uploadId }))
        .catch((error) => log.warn(`upload ${id}`, "could not abort the multipart upload (a bucket lifecycle rule should)", error));
    }
    await this.forget(id);
  }

  /**
   * Completes the multipart upload: its object is the asset's file. Run again after a completion
   * whose answer was lost, the multipart upload is gone but the object is there.
   */
  async finish(id: string): Promise<void> {
    const state = await this.load(id);
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: state.key,
          UploadId: state.uploadId,
          MultipartUpload: { Parts: state.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })) },
        }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: state.key })).catch(() => undefined);
      if (head?.ContentLength !== state.size) throw error;
    }
  }

  /** The state and tail objects, once the upload is complete or gone. */
  async forget(id: string): Promise<void> {
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: [{ Key: stateKey(id) }, { Key: tailKey(id) }], Quiet: true } }),
    );
  }

  private async sendPart(id: string, state: UploadState, bytes: Buffer) {
    const PartNumber = state.parts.length + 1;
    const sent = await this.client.send(
      new UploadPartCommand({ Bucket: this.bucket, Key: state.key, UploadId: state.uploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
    );
    state.parts.push({ PartNumber, ETag: sent.ETag!, size: bytes.length });
    state.tail = 0;
    await this.save(id, state);
  }

  private async keepTail(id: string, state: UploadState, pending: Buffer[], pendingBytes: number) {
    if (pendingBytes === state.tail && pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: tailKey(id), Body: bytes, ContentLength: bytes.length }));
    state.tail = pendingBytes;
    await this.save(id, state);
  }

  private async load(id: string): Promise<UploadState> {
    try {
      return JSON.parse(Buffer.from(await this.getBytes(stateKey(id))).toString("utf8"));
    } catch (error) {
      if (isNotFound(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
  }

  private async save(id: string, state: UploadState) {
    const body = JSON.stringify(state);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: stateKey(id), Body: body, ContentType: "application/json" }));
  }

  private async getBytes(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }
}

export class S3ResumableUploads implements ResumableUploads {
  readonly dataStore: S3TusDataStore;

  constructor(client: S3Client, bucket: string, keyOf: (id: string) => string) {
    this.dataStore = new S3TusDataStore(client, bucket, keyOf);
  }

  /** The multipart upload is made at the asset's key: completing it makes the file. */
  async finish(id: string): Promise<void> {
    await this.dataStore.finish(id);
  }

  async forget(id: string): Promise<void> {
    await this.dataStore.forget(id);
  }

  async discard(id: string): Promise<void> {
    await this.dataStore.remove(id);
  }
}
