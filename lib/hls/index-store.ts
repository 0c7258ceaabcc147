import type { Readable } from "node:stream";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { assetPackagingIndexKey, type Storage } from "@/lib/storage/types";
import { decodeIndex, decodeRecords, encodeIndex, isCurrentIndex, recordsRange, type IndexSegment, type PackagingIndex } from "./index-format";
import { DEFAULT_SEGMENT_SECONDS, planSegments, type SampleRecord } from "./segment-plan";
import { readTrackSamples } from "./track-samples";

/** The asset facts the packager needs. */
export interface PackagedAsset {
  id: string;
  storageKey: string;
  targetSegmentSecs: number | null;
}

/** Enough for the header and segment rows of a film of several hours in one read. */
const FIRST_READ_BYTES = 256 * 1024;
/** Indexes kept decoded per store, by the segments they hold: a few MB at most. */
const CACHED_SEGMENTS = 100_000;

/** Writes the asset's packaging index from its moov (already read by the upload check); returns its bytes. */
export async function writePackagingIndex(storage: Storage, asset: PackagedAsset, moov: DataView): Promise<Uint8Array> {
  const tracks = readTrackSamples(moov);
  const bytes = encodeIndex(tracks, planSegments(tracks, asset.targetSegmentSecs ?? DEFAULT_SEGMENT_SECONDS));
  await storage.putObject(assetPackagingIndexKey(asset.id), bytes, "application/octet-stream");
  cacheOf(storage).delete(asset.id);
  return bytes;
}

/**
 * The asset's packaging index: from the cache, else read from storage, else (an asset made ready
 * before HLS existed, or by an older packager) built from its file's moov and stored. Indexes never
 * change once written, so a cached one stays right.
 */
export async function loadPackagingIndex(storage: Storage, asset: PackagedAsset): Promise<PackagingIndex> {
  const cache = cacheOf(storage);
  const cached = cache.get(asset.id);
  if (cached) return cached;
  const loading = readIndex(storage, asset).then(
    (index) => {
      cache.set(asset.id, index);
      return index;
    },
    (error: unknown) => {
      cache.delete(asset.id);
      throw error;
    },
  );
  // Concurrent first requests share one read (and one build).
  cache.set(asset.id, loading);
  return loading;
}

/** The sample records of one segment: one ranged read of the index. */
export async function readSegmentRecords(storage: Storage, asset: PackagedAsset, index: PackagingIndex, segment: IndexSegment): Promise<SampleRecord[]> {
  const { start, length } = recordsRange(index, segment);
  if (length === 0) return [];
  return decodeRecords(await readBytes(storage, assetPackagingIndexKey(asset.id), start, length));
}

async function readIndex(storage: Storage, asset: PackagedAsset): Promise<PackagingIndex> {
  const key = assetPackagingIndexKey(asset.id);
  const stored = await storage.stat(key);
  const head = stored ? await readBytes(storage, key, 0, Math.min(stored.size, FIRST_READ_BYTES)) : undefined;
  if (!stored || !head || !isCurrentIndex(head)) return decodeIndex(await buildIndex(storage, asset)).index;
  try {
    return decodeIndex(head).index;
  } catch (error) {
    // A film so long that its header and segment rows outgrow the first read.
    if (head.length === stored.size) throw error;
    return decodeIndex(await readBytes(storage, key, 0, stored.size)).index;
  }
}

async function buildIndex(storage: Storage, asset: PackagedAsset): Promise<Uint8Array> {
  const reader = await storage.openRangeReader(asset.storageKey);
  try {
    const { moov } = await probeMp4(reader);
    return await writePackagingIndex(storage, asset, moov);
  } finally {
    await reader.close();
  }
}

async function readBytes(storage: Storage, key: string, start: number, length: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.createReadStream(key, { start, end: start + length - 1 })) as Readable) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (bytes.length < length) throw new Error(`${key} is shorter than expected`);
  return bytes;
}

type Cached = PackagingIndex | Promise<PackagingIndex>;

const caches = new WeakMap<Storage, IndexCache>();

function cacheOf(storage: Storage): IndexCache {
  let cache = caches.get(storage);
  if (!cache) caches.set(storage, (cache = new IndexCache()));
  return cache;
}

/** Least recently used first out, bounded by the segments the decoded indexes hold. */
class IndexCache {
  private readonly entries = new Map<string, Cached>();
  private segments = 0;

  get(id: string): Cached | undefined {
    const entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry;
  }

  set(id: string, entry: Cached): void {
    this.delete(id);
    this.entries.set(id, entry);
    this.segments += sizeOf(entry);
    for (const [oldest, value] of this.entries) {
      if (this.segments <= CACHED_SEGMENTS || oldest === id) break;
      this.entries.delete(oldest);
      this.segments -= sizeOf(value);
    }
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.segments -= sizeOf(entry);
  }
}

function sizeOf(entry: Cached): number {
  return entry instanceof Promise ? 0 : entry.segments.length;
}
