import type { Readable } from "node:stream";
import type { DataStore } from "@tus/server";
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

/** Bytes `start` to `end`, both included (HTTP Range's convention). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Bytes that can be sent whole or in part: a stored file, or bytes assembled from one (an HLS segment). */
export interface ByteSource {
  size: number;
  /** Opens a stream of the given bytes, only when they are to be sent. */
  open(range: ByteRange): Promise<Readable>;
}

/** What a media URL answers: bytes, and how to label and cache them. */
export interface MediaBytes extends ByteSource {
  contentType: string;
  cacheControl: string;
  /** Set for a download meant to be saved as a file: `Content-Disposition` naming it. */
  contentDisposition?: string;
  /** Set for the video itself (the MP4, HLS media segments): what is sent counts as delivered to its owner. */
  delivery?: Delivery;
}

/** Whose video the bytes are, and how many seconds of it each byte carries (on average). */
export interface Delivery {
  userId: string;
  secondsPerByte: number;
}

/** An upload that went straight to the store and has not been accepted yet. */
export interface DirectUpload extends StoredObject {
  /** Identifies this version of the object, so accepting it cannot pick up a later PUT. */
  etag: string;
}

/**
 * Stores whose upload URLs let clients write to the store directly (S3): the upload lands at a
 * temporary key, and the service copies it to the asset's key once it has seen it, so a later
 * PUT to the same URL cannot change the asset's file.
 */
export interface DirectUploads {
  find(assetId: string): Promise<DirectUpload | undefined>;
  /** Copies the upload, if still that version, to the asset's permanent key. */
  keep(assetId: string, key: string, etag: string): Promise<void>;
  /** Removes whatever is at the temporary key. */
  discard(assetId: string): Promise<void>;
  /** The asset an object created in the store belongs to, from a bucket event; undefined for other objects. */
  assetIdOf(bucket: string, objectKey: string): string | undefined;
}

/**
 * Resumable (tus) uploads into the store, one per asset, identified by the asset's id: the
 * bytes go to the store as they arrive (S3: the parts of a multipart upload), so any node can
 * take an interrupted upload up again.
 */
export interface ResumableUploads {
  /** What @tus/server reads and writes through. */
  readonly dataStore: DataStore;
  /**
   * The finished upload becomes the file at `key`, without a second copy of the bytes. Its record
   * stays until `forget`: a finish cut short (a store or database down) can be run again.
   */
  finish(id: string, key: string): Promise<void>;
  /** Removes the record of a finished upload, once its file is the asset's. */
  forget(id: string): Promise<void>;
  /** Removes an unfinished upload and every byte of it. */
  discard(id: string): Promise<void>;
}

/** One interface for every object store; code outside lib/storage never knows which is in use. */
export interface Storage {
  readonly kind: "local" | "s3";
  createUploadUrl(request: UploadUrlRequest): Promise<string>;
  createDownloadUrl(request: DownloadUrlRequest): Promise<string>;
  stat(key: string): Promise<StoredObject | undefined>;
  openRangeReader(key: string): Promise<RangeReader & { close(): Promise<void> }>;
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Stores a small object whole (a poster), replacing what is at `key`. */
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a local file (a transcoded segment) at `key`, streamed, replacing what is there. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** As putFile, for a file the caller is done with (a cut clip): on a local disk it is moved, not copied, so it is gone after. */
  moveFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Where a media tool (ffmpeg) can read the object and seek in it: a file, or a short-lived URL. */
  mediaToolInput(key: string): Promise<string>;
  /** Removes every object whose key starts with `prefix` (an asset's renditions). */
  deletePrefix(prefix: string): Promise<void>;
  delete(key: string): Promise<void>;
  checkHealth(): Promise<void>;
  /** Present when uploads bypass the service, which must then look for them. */
  readonly directUploads?: DirectUploads;
  readonly resumable: ResumableUploads;
}

export function assetSourceKey(assetId: string): string {
  return `assets/${assetId}/source`;
}

export function assetPosterKey(assetId: string): string {
  return `assets/${assetId}/poster.jpg`;
}

/** The HLS packaging index beside the file (lib/hls). */
export function assetPackagingIndexKey(assetId: string): string {
  return `assets/${assetId}/hls-index`;
}

/** Everything transcoded from the asset's file (lib/transcode): deleted with it. */
export function assetRenditionsPrefix(assetId: string): string {
  return `assets/${assetId}/renditions/`;
}

/** Thumbnails made on request (lib/playback/thumbnail.ts): deleted with the asset. */
export function assetThumbnailsPrefix(assetId: string): string {
  return `assets/${assetId}/thumbnails/`;
}

/** A file of one rendition (`t0`, `a`, …) of the ladder version `ladder`: its `init.mp4` or segment `{n}.m4s`. */
export function assetRenditionKey(assetId: string, ladder: number, dir: string, file: string): string {
  return `${assetRenditionsPrefix(assetId)}v${ladder}/${dir}/${file}`;
}

/** Subtitle and caption tracks (lib/captions), as WebVTT: deleted with the asset. */
export function assetTracksPrefix(assetId: string): string {
  return `assets/${assetId}/tracks/`;
}

export function assetTrackKey(assetId: string, trackId: string): string {
  return `${assetTracksPrefix(assetId)}${trackId}.vtt`;
}
