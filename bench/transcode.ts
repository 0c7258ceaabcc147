/**
 * Server-side transcoding (issue 34, DESIGN.md section 18) of 1080p HEVC MOVs, embedded defaults,
 * local disk:
 * - a 10-minute MOV: from the end of its upload (PUT answered) to `ready`, the master playlist and
 *   every rung's (and the audio's) playlist, init and first segment served;
 * - seeking: first byte of 1080p segments deep in that asset, not made yet, while the background
 *   pool works on it (TRANSCODE_CONCURRENCY at its default);
 * - the server's own resident memory (ffmpeg children apart) while it transcodes;
 * - throughput: a 60 s MOV's whole default ladder made by the background pool, from `ready` until
 *   every segment is made, against ONE ffmpeg making the same ladder from the whole file with the
 *   same encoder settings (lib/transcode/video-segment.ts and audio-stream.ts), at the same
 *   niceness as the pool's, run before and after ours.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { BUILT_IN_PROFILES } from "@/lib/media/transcode-profiles";
import { AUDIO_BITRATE, AUDIO_SAMPLE_RATE } from "@/lib/transcode/audio-stream";
import { ladderFor, type Rung } from "@/lib/transcode/ladder";
import { segmentStarts } from "@/lib/transcode/segment-starts";
import { VIDEO_TIMESCALE } from "@/lib/transcode/video-segment";
import { curlUpload } from "./lib/commands";
import { mib, readCommand, rssOfProcess } from "./lib/memory";
import { round, type BenchResult, type Check } from "./lib/results";
import { requestUpload, startService, type Service } from "./lib/service";
import { percentile } from "./lib/timing";

const SEEK_SAMPLES = 24;
/** The pool's niceness (lib/transcode/media-limits.ts): the baseline runs at the same. */
const POOL_NICENESS = 10;
const PRESET = "veryfast";
/** The test MOVs have a keyframe every 2 s (bench/lib/make-media.ts). */
const SOURCE_KEYFRAME_SECONDS = 2;

export async function benchTranscode(longMov: string, shortMov: string): Promise<BenchResult> {
  const figures: BenchResult["figures"] = { "load average (1, 5, 15 min) at start": loadAverage() };
  const checks: Check[] = [];

  // `npm start`, as the README runs it: its V8 flags are part of what the server holds.
  const service = await startService(3198, { MAX_UPLOAD_BYTES: String(fs.statSync(longMov).size * 2) }, { npm: true });
  try {
    const uploadMemory = sampleServerRss(service.pid);
    let transcodeMemory: ReturnType<typeof sampleServerRss> | undefined;
    const first = await firstPlay(service, longMov, () => {
      const upload = uploadMemory.stop();
      figures["server RSS during upload and processing (before ready) start / max, MiB"] = `${round(mib(upload.start), 0)} / ${round(mib(upload.max), 0)}`;
      transcodeMemory = sampleServerRss(service.pid);
    });
    for (const [phase, ms] of first.phases) figures[`10 min MOV: ${phase}, s after upload`] = round(ms / 1000, 2);
    const all = Math.max(...first.phases.map(([, ms]) => ms));
    checks.push({ name: "10 min 1080p HEVC MOV: upload end to master + every rung's first segment", value: `${round(all / 1000, 2)} s`, target: "< 10 s", ok: all < 10_000 });

    const seek = await seekFirstBytes(service, first.assetId, first.base, first.largestRung);
    figures["seek: 1080p segments not yet made, background pool working (default concurrency)"] = `${seek.times.length} samples, segments ${seek.seqs[0]}…${seek.seqs.at(-1)}`;
    figures["seek first byte p50 / p99 / max, s"] = `${round(seek.p50 / 1000, 2)} / ${round(seek.p99 / 1000, 2)} / ${round(seek.max / 1000, 2)}`;
    checks.push({ name: "seek to a segment not yet made: first byte p99", value: `${round(seek.p99 / 1000, 2)} s (p50 ${round(seek.p50 / 1000, 2)} s)`, target: "< 3 s", ok: seek.p99 < 3000 });

    const rss = transcodeMemory!.stop();
    figures["server RSS while transcoding (ready to the last seek; its own, ffmpeg apart) start / max / end, MiB"] = `${round(mib(rss.start), 0)} / ${round(mib(rss.max), 0)} / ${round(mib(rss.end), 0)}`;
    figures["the largest media-tool process before its exec (a fork of next-server, not counted above), MiB"] = round(mib(rss.forks), 0);
    const growth = rss.max - rss.start;
    checks.push({ name: "server RSS while transcoding", value: `+${round(mib(growth), 0)} MiB at most, end ${signed(round(mib(rss.end - rss.start), 0))} MiB`, target: "flat: peak <= start + 64 MiB", ok: growth <= 64 * 2 ** 20 });
  } finally {
    await service.stop();
  }

  const throughput = await measureThroughput(shortMov);
  Object.assign(figures, throughput.figures);
  checks.push(throughput.check);
  figures["load average (1, 5, 15 min) at end"] = loadAverage();

  return {
    title: "Transcoding 1080p HEVC MOVs to the default ladder (360p, 720p, 1080p H.264 + AAC)",
    figures,
    checks,
    notes: [
      `Machine: ${os.cpus().length} cores shared with other work; the load averages above say how busy it was.`,
      "Seeks ask for 1080p segments the background pool (TRANSCODE_CONCURRENCY default, one per core) has not reached, one at a time, while it keeps working on the same asset.",
      `The baseline is one ffmpeg (its own threading) decoding the 60 s MOV once and encoding every rung with the server's x264 settings (preset ${PRESET}, High, level, 8x8dct, scenecut=0, bitrate/maxrate/bufsize, keyframes at the segment starts) plus the AAC stream, at nice ${POOL_NICENESS} like the pool; it runs before and after ours and the mean is taken.`,
    ].join("\n"),
  };
}

/** Uploads the MOV and plays it as a player would, every rung at once; each phase in ms from the PUT's answer. */
async function firstPlay(service: Service, file: string, onReady: () => void) {
  const { url, asset } = await requestUpload(service, "bench transcode long");
  await curlUpload(file, url);
  const uploaded = performance.now();
  const phases: Array<[string, number]> = [];
  let playbackId: string | undefined;
  while (!playbackId) {
    const current = await (await api(service, `/api/asset/${asset.id}`)).json();
    if (current.status === "failed") throw new Error(`the asset failed: ${current.errorMessage}`);
    if (current.status === "ready") playbackId = current.playbackId;
    else await delay(20);
    if (performance.now() - uploaded > 600_000) throw new Error("the asset did not become ready");
  }
  phases.push(["ready", performance.now() - uploaded]);
  onReady();
  const base = `${service.url}/api/hls/${playbackId}/`;
  const master = await text(`${base}index.m3u8`);
  phases.push(["master playlist", performance.now() - uploaded]);
  const rungPlaylists = master.split("\n").filter((line) => line && !line.startsWith("#"));
  const audioPlaylists = [...master.matchAll(/#EXT-X-MEDIA:TYPE=AUDIO[^\n]*URI="([^"]+)"/g)].map((m) => m[1]);
  await Promise.all(
    [...rungPlaylists, ...audioPlaylists].map(async (playlistUri) => {
      const playlistUrl = new URL(playlistUri, base).href;
      const playlist = await text(playlistUrl);
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1];
      const segment = playlist.split("\n").find((line) => line.endsWith(".m4s"))!;
      await Promise.all([init, segment].map((uri) => bytes(new URL(uri, playlistUrl).href)));
      phases.push([`${playlistUri.split("/")[0]} playlist + init + first segment`, performance.now() - uploaded]);
    }),
  );
  const largestRung = [...master.matchAll(/RESOLUTION=(\d+)x(\d+)[^\n]*\n([^\n]+)/g)].sort((a, b) => Number(b[1]) * Number(b[2]) - Number(a[1]) * Number(a[2]))[0][3];
  return { assetId: asset.id, base, largestRung, phases };
}

/** First byte of SEEK_SAMPLES segments spread over the last two thirds of the rung, checked not made yet, one at a time. */
async function seekFirstBytes(service: Service, assetId: string, base: string, playlistUri: string) {
  const playlistUrl = new URL(playlistUri, base).href;
  const segments = (await text(playlistUrl)).split("\n").filter((line) => line.endsWith(".m4s"));
  const from = Math.floor(segments.length / 3);
  const step = Math.floor((segments.length - from) / SEEK_SAMPLES);
  const seqs = Array.from({ length: SEEK_SAMPLES }, (_, i) => from + i * step);
  const times: number[] = [];
  for (const seq of seqs) {
    const made = await madeOfLargest(service, assetId);
    if (made >= from) throw new Error(`the pool reached segment ${from} before the seeks; pick deeper segments`);
    const started = performance.now();
    const response = await fetch(new URL(segments[seq], playlistUrl));
    if (!response.ok) throw new Error(`segment ${seq} answered ${response.status}`);
    const reader = response.body!.getReader();
    await reader.read();
    times.push(performance.now() - started);
    await reader.cancel();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { seqs, times, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

async function madeOfLargest(service: Service, assetId: string): Promise<number> {
  const asset = await (await api(service, `/api/asset/${assetId}`)).json();
  const rungs = (asset.renditions as Array<{ width: number; segments: { made: number } }>).sort((a, b) => b.width - a.width);
  return rungs[0].segments.made;
}

/** The pool's time for the 60 s MOV's whole ladder, against one ffmpeg's, before and after. */
async function measureThroughput(file: string) {
  const ladder = ladderFor({ width: 1920, height: 1080, fps: 30 }, BUILT_IN_PROFILES, false);
  const duration = await probeDuration(file);
  const keyframes = Array.from({ length: Math.floor(duration / SOURCE_KEYFRAME_SECONDS) + 1 }, (_, i) => i * SOURCE_KEYFRAME_SECONDS);
  const starts = segmentStarts(keyframes, duration);
  const before = await oneFfmpeg(file, ladder, starts);
  const ours = await poolTime(file);
  const after = await oneFfmpeg(file, ladder, starts);
  const baseline = (before + after) / 2;
  const ratio = baseline / ours.seconds;
  return {
    figures: {
      "60 s MOV: segments made by the pool (video rungs + audio)": ours.segments,
      "60 s MOV: pool, ready to every segment made, s": round(ours.seconds, 1),
      "60 s MOV: one ffmpeg, same ladder and settings (baseline), before / after, s": `${round(before, 1)} / ${round(after, 1)}`,
      "60 s MOV: CPU used by the pool's ffmpegs vs the baseline's (mean), CPU-s": `${round(ours.cpuSeconds, 1)} vs ${round((baselineCpu[0] + baselineCpu[1]) / 2, 1)}`,
      "60 s MOV: CPU efficiency, baseline CPU-s / ours (load-independent)": `${round(((baselineCpu[0] + baselineCpu[1]) / 2 / ours.cpuSeconds) * 100, 0)}%`,
    },
    check: { name: "ladder throughput vs one ffmpeg (baseline time / ours)", value: `${round(ratio * 100, 0)}%`, target: ">= 90%", ok: ratio >= 0.9 },
  };
}

async function poolTime(file: string) {
  const service = await startService(3199, { MAX_UPLOAD_BYTES: String(fs.statSync(file).size * 2) });
  try {
    const { url, asset } = await requestUpload(service, "bench transcode throughput");
    await curlUpload(file, url);
    const cpuBefore = childrenCpuSeconds(service.pid);
    let readyAt: number | undefined;
    let expected: number | undefined;
    // Each look costs the server queries the pool's node competes with: every 100 ms until ready
    // (the start of the measure), then every 500 ms (so the pool's time is overstated by 0.5 s at most).
    for (const deadline = Date.now() + 1_800_000; Date.now() < deadline; await delay(readyAt === undefined ? 100 : 500)) {
      const current = await (await api(service, `/api/asset/${asset.id}`)).json();
      if (current.status === "failed") throw new Error(`the asset failed: ${current.errorMessage}`);
      if (current.status !== "ready") continue;
      readyAt ??= performance.now();
      if (expected === undefined) {
        const base = `${service.url}/api/hls/${current.playbackId}/`;
        const master = await text(`${base}index.m3u8`);
        const audio = /#EXT-X-MEDIA:TYPE=AUDIO[^\n]*URI="([^"]+)"/.exec(master)![1];
        const audioSegments = (await text(new URL(audio, base).href)).split("\n").filter((line) => line.endsWith(".m4s")).length;
        const video = (current.renditions as Array<{ name: string; segments: { total: number } }>).filter((r) => r.name !== "source");
        expected = audioSegments + video.reduce((sum, r) => sum + r.segments.total, 0);
      }
      const videoDone = (current.renditions as Array<{ segments: { made: number; total: number } }>).every((r) => r.segments.made === r.segments.total);
      if (videoDone && (await segmentsMade(service)) >= expected) {
        return { seconds: (performance.now() - readyAt) / 1000, segments: expected, cpuSeconds: childrenCpuSeconds(service.pid) - cpuBefore };
      }
    }
    throw new Error("the pool did not make every segment in 30 min");
  } finally {
    await service.stop();
  }
}

/** vas_transcode_segments_total, every label summed. */
async function segmentsMade(service: Service): Promise<number> {
  const body = await (await api(service, "/api/metrics")).text();
  return body
    .split("\n")
    .filter((line) => line.startsWith("vas_transcode_segments_total"))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

const baselineCpu: number[] = [];

/** One ffmpeg: the source decoded once, split per rung, each encoded as the server does, and the AAC stream; its wall seconds. */
async function oneFfmpeg(file: string, ladder: Rung[], starts: number[]): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-bench-ladder-"));
  const split = `[0:v:0]split=${ladder.length}${ladder.map((_, i) => `[v${i}]`).join("")};`;
  const chains = ladder.map((rung, i) => `[v${i}]fps=${rung.fps},scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1,format=yuv420p[o${i}]`);
  const args = ["-n", String(POOL_NICENESS), "ffmpeg", "-nostdin", "-v", "error", "-y", "-i", file, "-filter_complex", split + chains.join(";")];
  ladder.forEach((rung, i) => {
    args.push(
      "-map", `[o${i}]`, "-an", "-sn", "-dn",
      "-c:v", "libx264", "-preset", PRESET, "-profile:v", "high", "-level:v", (rung.level / 10).toFixed(1),
      "-x264-params", "8x8dct=1:scenecut=0",
      "-b:v", String(rung.bitrate), "-maxrate", String(rung.maxrate), "-bufsize", String(rung.bufsize),
      "-g", String(Math.round(4 * 2 * rung.fps)), "-force_key_frames", starts.join(","), "-video_track_timescale", String(VIDEO_TIMESCALE),
      "-map_metadata", "-1", "-f", "mp4", path.join(dir, `${rung.dir}.mp4`),
    );
  });
  args.push("-map", "0:a:0", "-vn", "-sn", "-dn", "-af", `aresample=${AUDIO_SAMPLE_RATE}`, "-ac", "2", "-c:a", "aac", "-b:a", String(AUDIO_BITRATE), "-f", "adts", path.join(dir, "a.aac"));
  try {
    const started = performance.now();
    const cpu = await run("nice", args);
    baselineCpu.push(cpu);
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a command; the CPU seconds it and its children used. */
function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%U %S", command, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`${command} exited ${code}: ${stderr}`));
      const [user, system] = stderr.trim().split("\n").at(-1)!.split(" ").map(Number);
      resolve(user + system);
    });
  });
}

async function probeDuration(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", () => resolve(Number(out.trim())));
  });
}

/**
 * The server's processes: its node processes (`own`), without the runs of media tools it starts
 * (lib/media/media-tool.ts: a fork of next-server, then /bin/sh with a "media-tool" argument, then
 * nice, then ffmpeg or ffprobe), at whichever of those steps they are; the forks not yet exec'd
 * apart (`forks`).
 */
function serverProcesses(root: number) {
  const own: number[] = [];
  const forks: number[] = [];
  const visit = (pid: number, parentCommand?: string) => {
    const comm = readProc(`/proc/${pid}/comm`).trim();
    const command = readCommand(pid);
    if (command === parentCommand) forks.push(pid);
    if (!comm || command === undefined || command === parentCommand || /^(ffmpeg|ffprobe|nice)/.test(comm) || command.includes("\0media-tool\0")) return;
    own.push(pid);
    readProc(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/).filter(Boolean).map(Number).forEach((child) => visit(child, command));
  };
  visit(root);
  return { own, forks };
}

/**
 * The server's own VmRSS, every 100 ms: its processes when sampling starts, each while it still
 * runs the program it ran then, summed. The media tools' forks of next-server are reported apart:
 * until their exec their VmRSS counts next-server's shared pages a second time.
 */
function sampleServerRss(root: number) {
  const own = new Map(serverProcesses(root).own.map((pid) => [pid, readCommand(pid)]));
  const measure = () => [...own].reduce((sum, [pid, command]) => sum + (readCommand(pid) === command ? rssOfProcess(pid) : 0), 0);
  const start = measure();
  let max = start;
  let forks = 0;
  const timer = setInterval(() => {
    max = Math.max(max, measure());
    for (const pid of serverProcesses(root).forks) forks = Math.max(forks, rssOfProcess(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      const end = measure();
      return { start, max: Math.max(max, end), end, forks };
    },
  };
}

/** CPU seconds of the server's ended child processes (ffmpeg, ffprobe), as the kernel counts them once reaped. */
function childrenCpuSeconds(pid: number): number {
  const stat = readProc(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** USER_HZ: 100 on Linux. */
const CLOCK_TICKS = 100;

function readProc(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

async function bytes(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

function api(service: Service, pathname: string) {
  return fetch(`${service.url}${pathname}`, { headers: service.authHeaders });
}

const signed = (value: number) => (value < 0 ? `${value}` : `+${value}`);

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");
