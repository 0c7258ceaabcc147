/**
 * HLS packaged just in time from a 1 GiB MP4, on the local store and on S3 (s3rver on loopback),
 * each against the MP4 itself served by the same process (Range requests of the same sizes):
 * - a fresh asset's playlist, init and first segment, timed from the moment it turned `ready`;
 * - time to the first byte of a segment, one client at a time (p50, p99);
 * - resident memory of the service while 50 clients stream segments, against 50 streaming the MP4;
 * - bytes read from storage per segment (index records and samples), against the segment's size,
 *   measured in this process through the same storage code with every read counted.
 */
import fs from "node:fs";
import type { Readable } from "node:stream";
import { loadConfig } from "@/lib/config/config";
import { loadPackagingIndex, readSegmentRecords } from "@/lib/hls/index-store";
import { mediaSegment } from "@/lib/hls/media-segment";
import { createStorage } from "@/lib/storage/create-storage";
import { splicedBytes } from "@/lib/storage/spliced-bytes";
import type { Storage } from "@/lib/storage/types";
import { createTestBucket, type TestBucket } from "../test/helpers/s3-server";
import { curlUpload } from "./lib/commands";
import { mib, sampleMemory } from "./lib/memory";
import { round, type BenchResult, type Check } from "./lib/results";
import { requestUpload, startService, type Service } from "./lib/service";

const CLIENTS = 50;
const STREAM_SECONDS = 15;
const FIRST_BYTE_SAMPLES = 200;

export async function benchHls(file: string): Promise<BenchResult> {
  const figures: BenchResult["figures"] = {};
  const checks: Check[] = [];
  for (const store of ["local", "s3"] as const) {
    const bucket = store === "s3" ? await createTestBucket() : undefined;
    try {
      const measured = await measureStore(file, store, bucket);
      for (const [name, value] of Object.entries(measured.figures)) figures[`${store}: ${name}`] = value;
      checks.push(...measured.checks.map((check) => ({ ...check, name: `${store}: ${check.name}` })));
    } finally {
      await bucket?.release();
    }
  }
  return { title: `HLS from a ${round(mib(fs.statSync(file).size), 0)} MiB MP4, packaged on request`, figures, checks };
}

async function measureStore(file: string, store: "local" | "s3", bucket?: TestBucket) {
  const size = fs.statSync(file).size;
  const service = await startService(store === "local" ? 3196 : 3197, { MAX_UPLOAD_BYTES: String(size * 2), ...bucket?.env });
  try {
    const { url, asset } = await requestUpload(service, `bench hls ${store}`);
    await curlUpload(file, url);
    if (store === "s3") await api(service, `/api/asset/${asset.id}/upload-complete`, "POST");
    const fresh = await firstPlayAfterReady(service, asset.id);
    const base = `${service.url}/api/hls/${fresh.playbackId}/`;
    const segments = fresh.segmentUris.map((uri) => base + uri);
    const mp4 = `${service.url}/api/playback/${fresh.playbackId}/video.mp4`;
    const sizes = await Promise.all(segments.map(async (segment) => Number((await fetch(segment, { method: "HEAD" })).headers.get("content-length"))));

    const segmentFirstByte = await firstBytes(() => {
      const n = randomIndex(segments);
      return { url: segments[n] };
    });
    const mp4FirstByte = await firstBytes(() => mp4Range(size, sizes[randomIndex(sizes)], mp4));
    const segmentMemory = await streamingMemory(service, () => ({ url: segments[randomIndex(segments)] }));
    const mp4Memory = await streamingMemory(service, () => mp4Range(size, sizes[randomIndex(sizes)], mp4));
    const reads = await bytesReadPerSegment(service, bucket, asset.id);

    const p99 = percentile(segmentFirstByte, 0.99);
    const readRatio = Math.max(...reads.map((r) => r.read / r.size));
    const figures = {
      "segments": segments.length,
      "mean segment MiB": round(mib(sizes.reduce((a, b) => a + b, 0) / sizes.length)),
      "ready to playlist + init + first segment served, ms": round(fresh.afterReadyMs, 0),
      "segment first byte p50 / p99, ms": `${round(percentile(segmentFirstByte, 0.5), 1)} / ${round(p99, 1)}`,
      "MP4 Range (same sizes) first byte p50 / p99, ms (baseline)": `${round(percentile(mp4FirstByte, 0.5), 1)} / ${round(percentile(mp4FirstByte, 0.99), 1)}`,
      [`${CLIENTS} clients streaming segments ${STREAM_SECONDS} s: MiB received, RSS idle → peak (drift second half vs first)`]: describeMemory(segmentMemory),
      [`${CLIENTS} clients streaming the MP4 (baseline): MiB received, RSS idle → peak (drift)`]: describeMemory(mp4Memory),
      "bytes read from storage / segment size, worst segment": `${round(readRatio, 4)}`,
    };
    const checks: Check[] = [
      { name: "fresh asset: playlist, init, first segment after ready", value: `${round(fresh.afterReadyMs, 0)} ms`, target: "<= 1500 ms", ok: fresh.afterReadyMs <= 1500 },
      { name: "bytes read per segment vs its size", value: `${round((readRatio - 1) * 100, 2)}% more`, target: "within 5%", ok: readRatio <= 1.05 },
      {
        name: "memory while streaming segments vs the MP4",
        value: `peak +${round(mib(segmentMemory.growth), 0)} MiB vs +${round(mib(mp4Memory.growth), 0)} MiB, drift ${round(mib(segmentMemory.drift), 0)} MiB`,
        target: "flat: drift <= 32 MiB, peak within 1.5x of the MP4's + 32 MiB",
        ok: segmentMemory.drift <= 32 * 2 ** 20 && segmentMemory.growth <= mp4Memory.growth * 1.5 + 32 * 2 ** 20,
      },
    ];
    if (store === "local") {
      checks.push({ name: "segment first byte p99", value: `${round(p99, 1)} ms (MP4 ${round(percentile(mp4FirstByte, 0.99), 1)} ms)`, target: "< 50 ms", ok: p99 < 50 });
    }
    return { figures, checks };
  } finally {
    await service.stop();
  }
}

/** Polls the asset closely; once `ready`, plays it as a player would and times that from its `updatedAt`. */
async function firstPlayAfterReady(service: Service, assetId: string) {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const asset = await (await api(service, `/api/asset/${assetId}`)).json();
    if (asset.status === "failed") throw new Error(`the asset failed: ${asset.errorMessage}`);
    if (asset.status !== "ready") continue;
    const base = `${service.url}/api/hls/${asset.playbackId}/`;
    const playlist = await (await fetch(`${base}index.m3u8`)).text();
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1];
    const segmentUris = playlist.split("\n").filter((line) => line.endsWith(".m4s"));
    for (const uri of [init, segmentUris[0]]) {
      const response = await fetch(base + uri);
      if (!response.ok) throw new Error(`${uri} answered ${response.status}`);
      await response.arrayBuffer();
    }
    return { playbackId: asset.playbackId as string, segmentUris, afterReadyMs: Date.now() - asset.updatedAt };
  }
  throw new Error("the asset did not become ready");
}

/** Milliseconds to the first byte of the body, one request at a time. */
async function firstBytes(next: () => { url: string; range?: string }): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < FIRST_BYTE_SAMPLES; i++) {
    const { url, range } = next();
    const started = performance.now();
    const response = await fetch(url, { headers: range ? { range } : {} });
    const reader = response.body!.getReader();
    await reader.read();
    times.push(performance.now() - started);
    await reader.cancel();
  }
  return times;
}

/** CLIENTS clients each fetching and reading whole answers for STREAM_SECONDS; the service's RSS sampled meanwhile. */
async function streamingMemory(service: Service, next: () => { url: string; range?: string }) {
  const memory = sampleMemory(service.pid);
  const halfway = Date.now() + (STREAM_SECONDS * 1000) / 2;
  let firstHalfPeak = 0;
  const halfTimer = setInterval(() => Date.now() < halfway && (firstHalfPeak = memory.peakSoFar()), 50);
  let received = 0;
  const end = Date.now() + STREAM_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const { url, range } = next();
        const response = await fetch(url, { headers: range ? { range } : {} });
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
      }
    }),
  );
  clearInterval(halfTimer);
  const { before, peak, growth } = memory.stop();
  return { before, peak, growth, drift: Math.max(0, peak - firstHalfPeak), received };
}

/** The bytes every storage read gives, segment by segment, through the same packaging code the service runs. */
async function bytesReadPerSegment(service: Service, bucket: TestBucket | undefined, assetId: string) {
  const asset = await (await api(service, `/api/asset/${assetId}`)).json();
  let read = 0;
  const storage = counting(await createStorage(loadConfig({ DATA_DIR: service.dataDir, ...bucket?.env }), "unused: reads only"), (bytes) => (read += bytes));
  const packaged = { id: asset.id, storageKey: `assets/${asset.id}/source`, targetSegmentSecs: null };
  const index = await loadPackagingIndex(storage, packaged);
  const results: Array<{ read: number; size: number }> = [];
  for (const [n, segment] of index.segments.entries()) {
    read = 0;
    const records = await readSegmentRecords(storage, packaged, index, segment);
    const { head, body } = mediaSegment(segment, records, n + 1);
    const bytes = splicedBytes(storage, packaged.storageKey, [{ bytes: head }, ...body]);
    for await (const chunk of (await bytes.open({ start: 0, end: bytes.size - 1 })) as AsyncIterable<Uint8Array>) void chunk;
    results.push({ read, size: bytes.size });
  }
  return results;
}

function counting(storage: Storage, count: (bytes: number) => void): Storage {
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property !== "createReadStream") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Storage["createReadStream"]>) => {
        const stream: Readable = await target.createReadStream(...args);
        stream.on("data", (chunk: Buffer) => count(chunk.length));
        return stream;
      };
    },
  });
}

function mp4Range(fileSize: number, length: number, url: string) {
  const start = Math.floor(Math.random() * Math.max(1, fileSize - length));
  return { url, range: `bytes=${start}-${start + length - 1}` };
}

function api(service: Service, pathname: string, method = "GET") {
  return fetch(`${service.url}${pathname}`, { method, headers: service.authHeaders });
}

function describeMemory(m: { before: number; peak: number; drift: number; received: number }) {
  return `${round(mib(m.received), 0)} MiB, ${round(mib(m.before), 0)} → ${round(mib(m.peak), 0)} MiB (drift ${round(mib(m.drift), 0)} MiB)`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const randomIndex = (list: unknown[]) => Math.floor(Math.random() * list.length);
