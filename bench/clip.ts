/**
 * Clips (issue 38, DESIGN.md section 19): a 60 s clip, starting and ending mid-GOP, of a large 1080p
 * H.264/AAC MP4 (keyframe every 2 s), from `POST /api/clip` to the clip asset `ready` (cut, stored
 * and checked as an upload: hashed, probed, poster). Baseline, in the same run: ffmpeg's own cut of
 * the same 60 s by stream copy (`-ss … -t 60 -c copy`, which starts at the keyframe before and is
 * not frame-accurate), the least any cut of those bytes costs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { curlUpload, timeCommand } from "./lib/commands";
import { mib } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset, type Service } from "./lib/service";

const START_S = 33.3;
const LENGTH_S = 60;

export async function benchClip(file: string, workDir: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  const copyCut = path.join(workDir, "copy-cut.mp4");
  const baselineSeconds = await timeCommand("ffmpeg", ["-v", "error", "-y", "-ss", String(START_S), "-i", file, "-t", String(LENGTH_S), "-c", "copy", copyCut]);
  fs.rmSync(copyCut, { force: true });
  const service = await startService(3197, { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const { url, asset } = await requestUpload(service, "bench clip source");
    await curlUpload(file, url);
    const parent = await waitForAsset(service, asset.id);
    if (parent.status !== "ready") throw new Error(`the source ended ${parent.status}: ${parent.errorMessage}`);
    const loadAtStart = os.loadavg().map((load) => round(load, 1)).join(", ");
    const started = performance.now();
    const created = await postClip(service, parent.playbackId);
    const clip = await waitForAsset(service, created.asset.id);
    const seconds = (performance.now() - started) / 1000;
    if (clip.status !== "ready") throw new Error(`the clip ended ${clip.status}: ${clip.errorMessage}`);
    const lengthError = Math.abs(clip.videoSpec.duration - LENGTH_S);
    return {
      title: `a ${LENGTH_S} s clip of a ${round(mib(size), 0)} MiB 1080p H.264 MP4`,
      figures: {
        "source bytes": size,
        "clip bytes": clip.size,
        "clip duration s": clip.videoSpec.duration,
        "baseline: ffmpeg stream-copy cut (not frame-accurate) s": round(baselineSeconds),
        "POST /api/clip to the clip ready s": round(seconds),
        "load average (1, 5, 15 min) at the clip's start": loadAtStart,
      },
      checks: [
        { name: "60 s clip of a large 1080p file: request to ready", value: `${round(seconds)} s (${round(seconds / baselineSeconds, 1)}x the copy cut)`, target: "< 10 s", ok: seconds < 10 },
        { name: "clip length", value: `${round(clip.videoSpec.duration, 3)} s`, target: `${LENGTH_S} s within a frame (1/30 s)`, ok: lengthError <= 1 / 30 },
      ],
      notes: `The clip starts at ${START_S} s, inside a GOP, and ends inside one: both edges are encoded again (preset TRANSCODE_PRESET), the GOPs between copied. Machine: ${os.cpus().length} cores shared with other work.`,
    };
  } finally {
    await service.stop();
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
