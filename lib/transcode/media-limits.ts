import os from "node:os";
import type { Config } from "@/lib/config/config";
import type { MediaToolLimits } from "@/lib/media/media-tool";

const PROBE_TIMEOUT_MS = 120_000;

/** ffprobe's bounds: reading a file's header and packets, never decoding much of it. */
export function probeLimits(config: Pick<Config, "ffmpegMemoryMb">, signal?: AbortSignal): MediaToolLimits {
  return { timeoutMs: PROBE_TIMEOUT_MS, memoryMb: config.ffmpegMemoryMb, signal };
}

/**
 * A segment's bounds: made for a viewer waiting, at normal priority with every core; ahead of
 * viewers, niced and with one thread per job, so a request's run comes first.
 */
export function encodeLimits(config: Pick<Config, "ffmpegMemoryMb">, seconds: number, forRequest: boolean, signal?: AbortSignal) {
  const limits: MediaToolLimits = { timeoutMs: 60_000 + seconds * 30_000, memoryMb: config.ffmpegMemoryMb, niceness: forRequest ? 0 : 10, signal };
  return { limits, threads: forRequest ? Math.max(1, os.availableParallelism()) : 1 };
}
