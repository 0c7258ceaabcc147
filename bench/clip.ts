/**
 * Clips (issue 38, DESIGN.md section 19): a 60 s clip, starting and ending mid-GOP, of a large 1080p
 * H.264/AAC MP4 (keyframe every 2 s), from `POST /api/clip` to the clip asset `ready` (cut, stored
 * and checked as an upload: hashed, probed, poster). Baseline, in the same run: ffmpeg's own cut of
 * the same 60 s by stream copy (`-ss … -t 60 -c copy`, which starts at the keyframe before and is
 * not frame-accurate), the least any cut of those bytes costs. Only the clip runs in the service
 * while it is timed: background transcoding is off (TRANSCODE_CONCURRENCY=0) and the parent's
 * storyboard is stored first, else both work on the 1 GiB parent beside the clip.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { cutClip } from "@/lib/clips/cut-clip";
import { encodeLimits } from "@/lib/transcode/media-limits";
import { curlUpload, timeCommand } from "./lib/commands";
import { mib } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset, type Service } from "./lib/service";

const run = promisify(execFile);
const START_S = 33.3;
const LENGTH_S = 60;
/** Polling the clip every 20 ms kept a fifth of a core busy in the service, beside the clip on a 2-core machine; every 100 ms, a twentieth. */
const CLIP_POLL_MS = 100;

export async function benchClip(file: string, workDir: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  const copyCut = path.join(workDir, "copy-cut.mp4");
  const baselineSeconds = await timeCommand("ffmpeg", ["-v", "error", "-y", "-ss", String(START_S), "-i", file, "-t", String(LENGTH_S), "-c", "copy", copyCut]);
  fs.rmSync(copyCut, { force: true });
  const loadAtCut = loadAverage();
  const cutSeconds = await cutAlone(file, workDir);
  const service = await startService(3197, { MAX_UPLOAD_BYTES: String(size * 2), TRANSCODE_CONCURRENCY: "0" });
  try {
    const { url, asset } = await requestUpload(service, "bench clip source");
    await curlUpload(file, url);
    const parent = await waitForAsset(service, asset.id);
    if (parent.status !== "ready") throw new Error(`the source ended ${parent.status}: ${parent.errorMessage}`);
    await storyboardStored(service, parent.id);
    const loadAtStart = loadAverage();
    const started = performance.now();
    const created = await postClip(service, parent.playbackId);
    const clip = await waitForAsset(service, created.asset.id, 600_000, CLIP_POLL_MS);
    const seconds = (performance.now() - started) / 1000;
    if (clip.status !== "ready") throw new Error(`the clip ended ${clip.status}: ${clip.errorMessage}`);
    const lengthError = Math.abs(clip.videoSpec.duration - LENGTH_S);
    const streams = await streamDurations(path.join(service.dataDir, "objects", "assets", created.asset.id, "source"));
    return {
      title: `a ${LENGTH_S} s clip of a ${round(mib(size), 0)} MiB 1080p H.264 MP4`,
      figures: {
        "source bytes": size,
        "clip bytes": clip.size,
        "clip duration s": clip.videoSpec.duration,
        "clip's streams (ffprobe): video s / frames, audio s": `${streams.video.duration} / ${streams.video.frames}, ${streams.audio?.duration ?? "none"}`,
        "the cut alone (lib/clips cutClip, same file and times, outside the service, before it starts) s": round(cutSeconds),
        "baseline: ffmpeg stream-copy cut (not frame-accurate) s": round(baselineSeconds),
        "POST /api/clip to the clip ready s": round(seconds),
        "load average (1, 5, 15 min) at the clip's start": loadAtStart,
        "load average (1, 5, 15 min) at the cut alone's start": loadAtCut,
      },
      checks: [
        { name: "60 s clip of a large 1080p file: request to ready", value: `${round(seconds)} s (${round(seconds / baselineSeconds, 1)}x the copy cut)`, target: "< 10 s", ok: seconds < 10 },
        { name: "clip length", value: `${round(clip.videoSpec.duration, 3)} s`, target: `${LENGTH_S} s within a frame (1/30 s)`, ok: lengthError <= 1 / 30 },
      ],
      notes:
        `The clip starts at ${START_S} s, inside a GOP, and ends inside one: both edges are encoded again (preset TRANSCODE_PRESET), the GOPs between copied. ` +
        "Request to ready is the cut (probe, packet list, two edge encodes, copy, sound, join) then storing and checking the clip as an upload (hashes, probe, poster): " +
        "the cut alone is timed to tell them apart. Only the clip runs in the service while it is timed: background transcoding is off (TRANSCODE_CONCURRENCY=0) and the parent's storyboard is stored first; " +
        "a clip asked while the service still transcodes and storyboards a fresh 1 GiB parent shares the cores with that work and takes longer. " +
        `The cut alone runs before the service starts. The clip is polled every ${CLIP_POLL_MS} ms (the time to ready is known within that). The clip's duration is its container's, its longest stream's: see the streams' own. Machine: ${os.cpus().length} cores shared with other work.`,
    };
  } finally {
    await service.stop();
  }
}

function loadAverage(): string {
  return os.loadavg().map((load) => round(load, 1)).join(", ");
}

/** Each stream's own duration in the stored clip: the asset's duration is the container's, the longest stream's. */
async function streamDurations(file: string) {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,duration,nb_frames", "-of", "json", file]);
  const streams: { codec_type: string; duration: string; nb_frames: string }[] = JSON.parse(stdout).streams;
  const of = (type: string) => streams.find((s) => s.codec_type === type);
  const video = of("video")!;
  const audio = of("audio");
  return { video: { duration: Number(video.duration), frames: Number(video.nb_frames) }, audio: audio && { duration: Number(audio.duration) } };
}

/** The service's cut (probe, packets, edges encoded, GOPs copied, sound, join) with nothing else around it: the rest of the request-to-ready time is storing and checking the file. */
async function cutAlone(file: string, workDir: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(workDir, "cut-"));
  const { limits, threads } = encodeLimits({ ffmpegMemoryMb: 4096 }, LENGTH_S, true);
  const started = performance.now();
  try {
    await cutClip({
      tools: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
      input: `file:${file}`,
      start: START_S,
      end: START_S + LENGTH_S,
      preset: process.env.TRANSCODE_PRESET ?? "veryfast",
      threads,
      limits,
      workDir: dir,
      onProgress: () => {},
    });
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The parent's storyboard, made in the background once it is ready: stored before the clip is asked. */
async function storyboardStored(service: Service, id: string) {
  const vtt = path.join(service.dataDir, "objects", "assets", id, "thumbnails", "storyboard.vtt");
  const started = performance.now();
  while (!fs.existsSync(vtt)) {
    if (performance.now() - started > 600_000) throw new Error("the parent's storyboard was not stored within 10 minutes");
    await delay(50);
  }
}

async function postClip(service: Service, playbackId: string): Promise<{ asset: { id: string } }> {
  const response = await fetch(`${service.url}/api/clip`, {
    method: "POST",
    headers: service.authHeaders,
    body: JSON.stringify({ playbackId, startTime: START_S * 1000, endTime: (START_S + LENGTH_S) * 1000, name: "bench clip" }),
  });
  if (!response.ok) throw new Error(`POST /api/clip answered ${response.status}: ${await response.text()}`);
  return response.json();
}
