import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "@/lib/config/config";
import type { Db } from "@/lib/db/client";
import { findAsset } from "@/lib/db/assets";
import type { TranscodeSummary } from "@/lib/db/schema";
import {
  claimBackgroundWork,
  BACKGROUND_LEASE_SUFFIX,
  claimSegments,
  findSegmentJob,
  markSegmentMade,
  recordSegmentFailure,
  renewSegmentLeases,
  type LeaseHolder,
} from "@/lib/db/transcode-segments";
import { log } from "@/lib/log/log";
import { findMediaTools } from "@/lib/media/ffmpeg";
import { metrics } from "@/lib/metrics/metrics";
import { assetRenditionKey, assetRenditionsPrefix, type Storage } from "@/lib/storage/types";
import { audioSegmentDurations, encodeAudioStream } from "./audio-stream";
import { encodeLimits } from "./media-limits";
import { segmentWindows } from "./segment-starts";
import { makeVideoSegments } from "./video-segment";

export interface TranscodeDeps {
  db: Db;
  storage: Storage;
  config: Config;
  now(): number;
}

export interface TranscodedAsset {
  id: string;
  storageKey: string;
  transcode: TranscodeSummary;
}

/** A node that dies mid-segment holds it this long at most; a live one renews its lease well before. */
export const SEGMENT_LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;
export const SEGMENT_ATTEMPTS = 3;
const WAIT_POLL_MS = 100;
/** A viewer's request waits this long for a segment another node is making. */
const WAIT_LIMIT_MS = 120_000;

/** The segment cannot be made: the reason, for the viewer's 503 and the task's failure. */
export class SegmentUnavailableError extends Error {
  override readonly name = "SegmentUnavailableError";
}

type Why = "request" | "background";

/**
 * Makes an asset's transcoded segments, once each across every node: a viewer's request makes the
 * segment it asks for (others asking wait for it), the background pool the rest, earliest first.
 * Each segment is a row with a lease (lib/db/transcode-segments.ts); a stored segment is recorded
 * made and never made again.
 */
export class SegmentMaker {
  private readonly owner = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly waiting = new Map<string, Promise<void>>();
  private readonly audioRuns = new Map<string, Promise<void>>();
  private readonly workDir = path.join(os.tmpdir(), `vas-transcode-${process.pid}`);
  private readonly stopping = new AbortController();

  constructor(private readonly deps: TranscodeDeps) {}

  /** Aborted when the app closes: what waits on segments here stops waiting. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  stop(): void {
    this.stopping.abort();
  }

  /** Resolves once the segment is stored (made here, or by whoever holds it); SegmentUnavailableError if it cannot be. */
  ensure(asset: TranscodedAsset, rendition: string, seq: number): Promise<void> {
    const id = `${asset.id}/${asset.transcode.ladder}/${rendition}/${seq}`;
    let wait = this.waiting.get(id);
    if (!wait) {
      wait = this.obtain(asset, rendition, seq).finally(() => this.waiting.delete(id));
      this.waiting.set(id, wait);
    }
    return wait;
  }

  private async obtain(asset: TranscodedAsset, rendition: string, seq: number): Promise<void> {
    const key = { assetId: asset.id, ladder: asset.transcode.ladder, rendition, seq };
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const job = await findSegmentJob(this.deps.db, key);
      if (!job) throw new SegmentUnavailableError(`segment ${seq} of ${rendition} is not planned`);
      if (job.madeAt !== null) return;
      if (job.failedReason) throw new SegmentUnavailableError(job.failedReason);
      if (rendition === "a") await this.startAudio(asset, "request");
      // A background run holding it would make it niced on one thread: the viewer's run takes it over.
      else if ((await claimSegments(this.deps.db, key, [seq], this.holder("request"), true)).length) {
        await this.makeVideo(asset, seq, [rendition], "request").catch((error: unknown) => {
          log.warn(`asset ${asset.id}`, `segment ${seq} of ${rendition} failed`, error);
        });
        continue;
      }
      if (Date.now() > deadline) throw new SegmentUnavailableError(`segment ${seq} of ${rendition} is still being made; try again`);
      await sleep(WAIT_POLL_MS);
    }
  }

  /**
   * Takes and makes one piece of work no node holds (of one asset, or any); false when there is
   * none. `onEncoded` is called once a video segment's ffmpeg has ended, before it is packaged and
   * stored: the caller may start its next ffmpeg then.
   */
  async workOnce(onlyAsset?: string, onEncoded?: () => void): Promise<boolean> {
    const claim = await claimBackgroundWork(this.deps.db, this.holder("background"), onlyAsset);
    if (!claim) return false;
    const row = await findAsset(this.deps.db, claim.assetId);
    if (!row?.transcode || row.transcode.ladder !== claim.ladder) return true;
    const asset = { id: row.id, storageKey: row.storageKey, transcode: row.transcode };
    try {
      if (claim.kind === "audio") await this.startAudio(asset, "background");
      else await this.makeVideo(asset, claim.seq, claim.renditions, "background", onEncoded);
    } catch (error) {
      log.warn(`asset ${asset.id}`, `background transcoding of segment ${claim.seq} failed`, error);
    }
    return true;
  }

  private holder(why: Why): LeaseHolder {
    return { owner: this.ownerFor(why), now: this.deps.now(), leaseMs: SEGMENT_LEASE_MS };
  }

  private ownerFor(why: Why): string {
    return why === "background" ? `${this.owner}${BACKGROUND_LEASE_SUFFIX}` : this.owner;
  }

  private async tools() {
    const tools = await findMediaTools(this.deps.config);
    if (!tools) throw new SegmentUnavailableError("ffmpeg is not available on this node");
    return tools;
  }

  /** Makes segment `seq` of these video renditions (its lease already held), stores and records each. */
  private async makeVideo(asset: TranscodedAsset, seq: number, renditions: string[], why: Why, onEncoded?: () => void): Promise<void> {
    const { transcode } = asset;
    const window = segmentWindows(transcode.starts, transcode.duration)[seq];
    const rungs = transcode.rungs.filter((rung) => renditions.includes(rung.dir));
    const keys = renditions.map((rendition) => ({ assetId: asset.id, ladder: transcode.ladder, rendition, seq }));
    const renew = setInterval(() => void renewSegmentLeases(this.deps.db, keys[0], renditions, this.holder(why)).catch(() => {}), RENEW_EVERY_MS);
    let workDir: string | undefined;
    try {
      if (!window || rungs.length !== renditions.length) throw new SegmentUnavailableError(`segment ${seq} is not in the plan`);
      const { ffmpeg } = await this.tools();
      const seconds = window.end - window.start;
      const { limits, threads } = encodeLimits(this.deps.config, seconds, why === "request");
      await fs.promises.mkdir(this.workDir, { recursive: true });
      workDir = await fs.promises.mkdtemp(path.join(this.workDir, "segment-"));
      const made = await makeVideoSegments({
        ffmpeg,
        input: await this.deps.storage.mediaToolInput(asset.storageKey),
        seq,
        start: window.start,
        end: window.end,
        rungs,
        preset: this.deps.config.transcodePreset,
        threads,
        limits,
        workDir,
        onEncoded,
      });
      for (const segment of made) {
        // A viewer's run took this one over and made it first: its bytes stay the ones served.
        if ((await findSegmentJob(this.deps.db, { assetId: asset.id, ladder: transcode.ladder, rendition: segment.rung.dir, seq }))?.madeAt) continue;
        const initKey = assetRenditionKey(asset.id, transcode.ladder, segment.rung.dir, "init.mp4");
        if (!(await this.deps.storage.stat(initKey))) await this.deps.storage.putObject(initKey, segment.init, "video/mp4");
        await this.deps.storage.putFile(assetRenditionKey(asset.id, transcode.ladder, segment.rung.dir, `${seq}.m4s`), segment.file, "video/mp4");
        await this.recordMade({ assetId: asset.id, ladder: transcode.ladder, rendition: segment.rung.dir, seq }, why);
      }
      metrics().transcodeSeconds.inc({ for: why }, seconds);
    } catch (error) {
      const reason = `segment ${seq} of ${renditions.join(", ")} could not be made: ${(error as Error).message}`;
      for (const key of keys) await recordSegmentFailure(this.deps.db, key, this.ownerFor(why), reason, SEGMENT_ATTEMPTS);
      throw error;
    } finally {
      clearInterval(renew);
      if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  private async recordMade(key: { assetId: string; ladder: number; rendition: string; seq: number }, why: Why) {
    if (await markSegmentMade(this.deps.db, key, this.deps.now())) return void metrics().transcodeSegments.inc({ for: why });
    // Its job is gone while it was being made (the asset was deleted, or given a new ladder): so go its files.
    if (!(await findSegmentJob(this.deps.db, key))) await this.deps.storage.deletePrefix(`${assetRenditionsPrefix(key.assetId)}v${key.ladder}/`);
  }

  /**
   * The asset's audio as one stream: runs here unless another node runs it; the segments it makes
   * are stored and recorded as they come.
   */
  private startAudio(asset: TranscodedAsset, why: Why): Promise<void> {
    const id = `${asset.id}/${asset.transcode.ladder}`;
    const running = this.audioRuns.get(id);
    if (running) return why === "background" ? running : Promise.resolve();
    const run = this.runAudio(asset, why).finally(() => this.audioRuns.delete(id));
    this.audioRuns.set(id, run);
    // A viewer waits for its own segment (obtain polls), not for the whole stream.
    if (why === "request") {
      run.catch((error: unknown) => log.warn(`asset ${asset.id}`, "the audio stream failed", error));
      return Promise.resolve();
    }
    return run;
  }

  private async runAudio(asset: TranscodedAsset, why: Why): Promise<void> {
    const { transcode } = asset;
    const base = { assetId: asset.id, ladder: transcode.ladder, rendition: "a" };
    const all = audioSegmentDurations(transcode.duration).map((_, seq) => seq);
    // A background claim already holds them: claimed again by the same owner, to know which are ours.
    const mine = new Set(await claimSegments(this.deps.db, base, all, this.holder(why)));
    if (!mine.size) return;
    const renew = setInterval(() => void renewSegmentLeases(this.deps.db, base, ["a"], this.holder(why)).catch(() => {}), RENEW_EVERY_MS);
    try {
      const { ffmpeg } = await this.tools();
      await encodeAudioStream({
        ffmpeg,
        input: await this.deps.storage.mediaToolInput(asset.storageKey),
        duration: transcode.duration,
        limits: encodeLimits(this.deps.config, transcode.duration / 20, why === "request").limits,
        skip: (seq) => !mine.has(seq),
        onSegment: async (seq, bytes, init) => {
          const initKey = assetRenditionKey(asset.id, transcode.ladder, "a", "init.mp4");
          if (seq === Math.min(...mine) && !(await this.deps.storage.stat(initKey))) await this.deps.storage.putObject(initKey, init, "video/mp4");
          await this.deps.storage.putObject(assetRenditionKey(asset.id, transcode.ladder, "a", `${seq}.m4s`), bytes, "video/mp4");
          await this.recordMade({ ...base, seq }, why);
        },
      });
    } catch (error) {
      const reason = `the audio could not be made: ${(error as Error).message}`;
      for (const seq of mine) await recordSegmentFailure(this.deps.db, { ...base, seq }, this.ownerFor(why), reason, SEGMENT_ATTEMPTS);
      throw error;
    } finally {
      clearInterval(renew);
    }
  }
}

const makers = new WeakMap<Db, SegmentMaker>();

/** The process's segment maker for this database: one per app, shared by its routes, tasks and background pool. */
export function segmentMakerFor(deps: TranscodeDeps): SegmentMaker {
  let maker = makers.get(deps.db);
  if (!maker) {
    maker = new SegmentMaker(deps);
    makers.set(deps.db, maker);
  }
  return maker;
}
